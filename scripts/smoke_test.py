#!/usr/bin/env python3
"""The production smoke test (`make smoke`, run by .ci/run; README "Running it for a club").

Does what the README tells a club to do, on a fresh PostgreSQL database: migrate,
collectstatic, compilemessages, gunicorn with gunicorn.conf.py and SCOREBOOK_DEBUG=0 behind a
pretend TLS proxy (X-Forwarded-Proto: https). Then, as a browser would (cookies, CSRF token
from the page): /healthz, sign up, a Paskievics night for four, one hand through the real
hand form, the night page's totals, the share page without cookies, the log-in limit across
two workers. Last, `dump_nights` and `restore_nights --owner` into a second fresh database,
and the restored night must score the same. Prints `smoke: N passed, N failed`.

Standard library only (plus the project's own venv for manage.py and gunicorn).
Environment: SMOKE_POSTGRES (server URL, default postgres://postgres@127.0.0.1:5432),
SMOKE_DB / SMOKE_RESTORE_DB (database names, dropped and created), SMOKE_PORT (8102).
"""

from __future__ import annotations

import http.client
import json
import os
import re
import secrets
import subprocess
import sys
import tempfile
import time
import urllib.parse
from html.parser import HTMLParser
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PYTHON = str(ROOT / ".venv" / "bin" / "python")
GUNICORN = str(ROOT / ".venv" / "bin" / "gunicorn")
SERVER = os.environ.get("SMOKE_POSTGRES", "postgres://postgres@127.0.0.1:5432").rstrip("/")
DB = os.environ.get("SMOKE_DB", "scorebook_smoke")
RESTORE_DB = os.environ.get("SMOKE_RESTORE_DB", "scorebook_smoke_restore")
PORT = int(os.environ.get("SMOKE_PORT", "8102"))
HOST = f"127.0.0.1:{PORT}"
PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]
# One Paskievics hand: Anna bids two (worth 2) with Csaba called, and wins with 52 card points.
HAND = {
    "dealer": "Dóra",
    "outcome": "played",
    "bid.declarer": "Anna",
    "bid.level": "two",
    "called_card": "XX",
    "partner": "Csaba",
    "game_contra": "0",
    "result.declarer_card_points": "52",
}
BALANCES = {"Anna": 2, "Béla": -2, "Csaba": 2, "Dóra": -2}


class SmokeFailure(Exception):
    pass


class Tally:
    def __init__(self) -> None:
        self.passed = 0
        self.failed = 0

    def check(self, what: str, ok: bool, detail: Any = "") -> None:
        """One named check; a failed one stops the run (later steps build on it)."""
        if ok:
            self.passed += 1
            print(f"smoke ok   {what}", flush=True)
            return
        self.failed += 1
        print(f"smoke FAIL {what}: {str(detail)[:2000]}", flush=True)
        raise SmokeFailure(what)


# --- the databases and manage.py ------------------------------------------------------------


def fresh_database(name: str) -> str:
    """Drop and create `name` on the server; its URL."""
    if not re.fullmatch(r"[a-z_][a-z0-9_]*", name) or name in ("postgres", "test"):
        raise SystemExit(f"smoke: refusing to drop the database {name!r}")
    code = (
        "import sys, psycopg\n"
        "with psycopg.connect(sys.argv[1] + '/postgres', autocommit=True) as c:\n"
        "    c.execute(f'DROP DATABASE IF EXISTS {sys.argv[2]} WITH (FORCE)')\n"
        "    c.execute(f'CREATE DATABASE {sys.argv[2]}')\n"
    )
    done = subprocess.run([PYTHON, "-c", code, SERVER, name], capture_output=True, text=True)
    if done.returncode != 0:
        raise SmokeFailure(f"cannot create the database {name} at {SERVER}: {done.stderr[-800:]}")
    return f"{SERVER}/{name}"


def production_env(database_url: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SCOREBOOK_", "GUNICORN_"))}
    return env | {
        "SCOREBOOK_DEBUG": "0",
        "SCOREBOOK_SECRET_KEY": secrets.token_urlsafe(50),
        "SCOREBOOK_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SCOREBOOK_LOGIN_ATTEMPTS": "5",
        "DATABASE_URL": database_url,
        "GUNICORN_BIND": HOST,
        "GUNICORN_WORKERS": "2",
    }


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [PYTHON, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if done.returncode != 0:
        raise SmokeFailure(f"manage.py {' '.join(args)}: {done.stdout}{done.stderr}")
    return done.stdout


# --- a browser: cookies, CSRF, forms --------------------------------------------------------


class Browser:
    """A new connection per request, so gunicorn's workers take turns; the cookies of a
    browser (the Secure ones too: the pretend proxy speaks HTTPS to the client)."""

    def __init__(self, address: str = "203.0.113.5", https: bool = True) -> None:
        self.cookies: dict[str, str] = {}
        self.address = address
        self.https = https

    def request(
        self, method: str, path: str, form: dict[str, Any] | None = None
    ) -> tuple[int, dict[str, str], str]:
        headers = {"Host": HOST, "X-Forwarded-For": self.address, "Accept-Language": "en"}
        if self.https:
            headers["X-Forwarded-Proto"] = "https"
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            form = {"csrfmiddlewaretoken": self.cookies.get("csrftoken", ""), **form}
            body = urllib.parse.urlencode(form, doseq=True).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Origin"] = f"https://{HOST}"
            headers["Referer"] = f"https://{HOST}{path}"
        connection = http.client.HTTPConnection(HOST, timeout=30)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
            for header in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(header).items():
                    if morsel["max-age"] == "0":
                        self.cookies.pop(name, None)
                    else:
                        self.cookies[name] = morsel.value
            return response.status, {k.lower(): v for k, v in response.getheaders()}, text
        finally:
            connection.close()

    def get(self, path: str) -> tuple[int, dict[str, str], str]:
        return self.request("GET", path)

    def post(self, path: str, form: dict[str, Any]) -> tuple[int, dict[str, str], str]:
        return self.request("POST", path, form)


class FormReader(HTMLParser):
    """What a browser submits for one form as shown: inputs with their values, the checked
    radios and checkboxes, each select's chosen option (the first one if none is)."""

    def __init__(self, form_marker: str) -> None:
        super().__init__(convert_charrefs=True)
        self.marker = form_marker  # the form's id or action
        self.inside = False
        self.data: dict[str, list[str]] = {}
        self.select: str | None = None
        self.options: list[tuple[str, bool]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.inside = self.marker in (a.get("id"), a.get("action"))
        if not self.inside:
            return
        name = a.get("name", "")
        if tag == "input" and name and name != "csrfmiddlewaretoken":
            kind = a.get("type", "text")
            if kind in ("radio", "checkbox"):
                if "checked" in a:
                    self.data.setdefault(name, []).append(a.get("value") or "on")
            elif kind not in ("submit", "button"):
                self.data.setdefault(name, []).append(a.get("value", ""))
        elif tag == "select" and name:
            self.select, self.options = name, []
        elif tag == "option" and self.select is not None:
            self.options.append((a.get("value", ""), "selected" in a))

    def handle_endtag(self, tag: str) -> None:
        if tag == "select" and self.select is not None and self.options:
            chosen = [v for v, selected in self.options if selected] or [self.options[0][0]]
            self.data.setdefault(self.select, []).append(chosen[0])
            self.select = None
        elif tag == "form":
            self.inside = False


def form_values(page: str, marker: str) -> dict[str, list[str]]:
    reader = FormReader(marker)
    reader.feed(page)
    return reader.data


def totals_row(page: str, css_class: str) -> list[str]:
    row = re.search(rf'<tr class="{css_class}">(.*?)</tr>', page, re.S)
    cells = re.findall(r'<th class="num[^"]*">([^<]*)</th>', row.group(1)) if row else []
    return [c.strip() for c in cells]


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


# --- the steps --------------------------------------------------------------------------------


def start_server(env: dict[str, str], logs: Path) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(
        [GUNICORN, "-c", "gunicorn.conf.py"],
        cwd=ROOT,
        env=env,
        stdout=(logs / "access.log").open("wb"),
        stderr=(logs / "error.log").open("wb"),
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SmokeFailure(f"gunicorn exited: {(logs / 'error.log').read_text()[-2000:]}")
        try:
            if Browser().get("/healthz")[0] in (200, 503):
                return server
        except OSError:
            time.sleep(0.2)
    raise SmokeFailure("gunicorn did not answer within 30 s")


def stop_server(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def web_checks(t: Tally) -> int:
    """Everything through HTTP; the night's id."""
    anon = Browser()
    status, headers, body = anon.get("/healthz")
    t.check("/healthz answers 200 ok", status == 200 and json.loads(body) == {"status": "ok"}, body)
    t.check("/healthz is never cached", "no-store" in headers.get("cache-control", ""), headers)
    plain = Browser(https=False)
    status, headers, _ = plain.get("/accounts/login/")
    to_https = headers.get("location") == f"https://{HOST}/accounts/login/"
    t.check("plain HTTP is redirected to HTTPS", status == 301 and to_https, (status, headers))
    t.check("…but not /healthz (load balancers)", plain.get("/healthz")[0] == 200)

    me = Browser()
    status, _, page = me.get("/accounts/signup/")
    style = re.search(r'href="(/static/[^"]+\.css)"', page)
    t.check("sign-up page", status == 200 and style is not None, status)
    status, headers, css = me.get(style.group(1) if style else "/static/none.css")
    forever = "immutable" in headers.get("cache-control", "")
    t.check("hashed static file from collectstatic", status == 200 and forever and css, headers)
    password = secrets.token_urlsafe(12)
    status, headers, _ = me.post(
        "/accounts/signup/", {"username": "smoke", "password1": password, "password2": password}
    )
    t.check("sign up logs in", status == 302 and "sessionid" in me.cookies, (status, headers))

    status, _, page = me.get("/nights/new/paskievics/")
    setup = form_values(page, "setup") | {"players": PLAYERS, "first_dealer": ["3"]}
    setup |= {"per_point": ["10"], "place": ["Smoke Kávéház"]}
    status, headers, page = me.post("/nights/new/paskievics/", setup)
    found = re.fullmatch(r"/nights/(\d+)/", headers.get("location", ""))
    t.check("a Paskievics night for four", status == 302 and found is not None, (status, page))
    pk = int(found.group(1)) if found else 0

    status, _, page = me.get(f"/nights/{pk}/hands/new/")
    fields = form_values(page, "hand-form")
    names = set(re.findall(r'name="([^"]+)"', page))
    t.check("the hand form", status == 200 and set(HAND) <= names, sorted(names))
    status, headers, page = me.post(f"/nights/{pk}/hands/new/", fields | HAND)
    t.check("a hand through the hand form", status == 302, (status, page[-3000:]))

    status, headers, page = me.get(f"/nights/{pk}/")
    expected = [signed(BALANCES[p]) for p in PLAYERS]
    units = totals_row(page, "totals")[: len(PLAYERS)]
    t.check("the night page shows the hand's totals", units == expected, (units, expected))
    money = totals_row(page, "money")
    in_huf = [f"{10 * BALANCES[p]:.2f}".replace("-", "−") for p in PLAYERS]
    t.check("…and the money at 10 a point", money == in_huf, (money, in_huf))
    t.check("logged-in pages are private", "private" in headers.get("cache-control", ""))
    status, headers, body = me.get(f"/nights/{pk}/sheet.json")
    private = "private" in headers.get("cache-control", "")
    t.check("sheet.json, private", status == 200 and private and '"Anna"' in body, headers)

    me.post(f"/nights/{pk}/share/", {})
    status, _, page = me.get(f"/nights/{pk}/share/")
    link = re.search(r"/s/[A-Za-z0-9_-]{43}/", page)
    t.check("a share link", link is not None, page[-2000:])
    status, _, page = Browser().get(link.group(0) if link else "/s/none/")
    seen = all(p in page for p in PLAYERS) and "Smoke Kávéház" in page
    t.check("the share page without cookies", status == 200 and seen, status)
    t.check("a NUL share token is 404", Browser().get("/s/%00/")[0] == 404)

    lockout(t, password)
    return pk


def lockout(t: Tally, password: str) -> None:
    """Five wrong passwords, over both log-in pages and both workers, lock the guesser's
    address (not the account: its owner still logs in from elsewhere)."""
    guesser = Browser(address="198.51.100.9")
    answers = []
    for path in ("/accounts/login/", "/admin/login/") * 2 + ("/accounts/login/",):
        guesser.get(path)
        wrong = {"username": "smoke", "password": "not-it"}
        answers.append(guesser.post(path, wrong)[0])
    t.check("wrong passwords: 4 refused, the 5th locks", answers == [200] * 4 + [429], answers)
    for path in ("/accounts/login/", "/admin/login/"):
        status, _, page = guesser.post(path, {"username": "smoke", "password": password})
        locked = status == 429 and "Too many failed log-in attempts" in page
        t.check(f"then the right one too, from that address, on {path}", locked, status)
    owner = Browser(address="198.51.100.10")
    owner.get("/accounts/login/")
    status, _, _page = owner.post("/accounts/login/", {"username": "smoke", "password": password})
    t.check("the owner logs in from another address", status == 302, status)


# In the second database, one manage.py process (each start costs seconds on a busy machine)
# runs the real commands: migrate, an account, restore_nights --owner, dump_nights, score.
RESTORE = """
import json, os, sys
from django.contrib.auth import get_user_model
from django.core.management import call_command
dump, again = sys.argv[1:3]
call_command("migrate", "--noinput", verbosity=0)
get_user_model().objects.create_user("club", password=os.urandom(16).hex())
call_command("restore_nights", dump, "--owner", "club")
call_command("dump_nights", again)
"""


def balances(result: str) -> dict[str, int]:
    scored = json.loads(result)
    return {p: sum(e["deltas"][p] for e in scored["entries"]) for p in scored["players"]}


def backup_checks(t: Tally, env: dict[str, str], pk: int, work: Path) -> None:
    dump, again = work / "dump", work / "again"
    manage(env, "dump_nights", str(dump))
    sheet = dump / f"night-{pk}.json"
    t.check("dump_nights writes the night", sheet.is_file(), sorted(dump.iterdir()))
    restored_env = env | {"DATABASE_URL": fresh_database(RESTORE_DB)}
    code = f"import sys; sys.argv[1:] = {[str(dump), str(again)]!r}\n{RESTORE}"
    manage(restored_env, "shell", "--no-imports", "-c", code)
    sheets = sorted(again.glob("night-*.json"))
    t.check("restore_nights restores one night", len(sheets) == 1, sheets)
    original, restored = (json.loads(p.read_text())["hands"] for p in (sheet, sheets[0]))
    t.check("the restored night has the same hands", original == restored, (original, restored))
    scored = balances(manage(env, "score", str(sheets[0])))
    t.check("the restored night scores the same", scored == BALANCES, scored)


def run(t: Tally, work: Path) -> None:
    env = production_env(fresh_database(DB))
    for step in (("migrate", "--noinput"), ("collectstatic", "--noinput")):
        manage(env, *step)
    manage(env, "compilemessages", "--ignore=.venv")
    server = start_server(env, work)
    try:
        pk = web_checks(t)
    finally:
        stop_server(server)
    errors = (work / "error.log").read_text(errors="replace")
    t.check("no error in gunicorn's error log", " ERROR " not in errors, errors[-3000:])
    backup_checks(t, env, pk, work)


def main() -> int:
    t = Tally()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="scorebook-smoke-") as tmp:
        work = Path(tmp)
        try:
            run(t, work)
        except (SmokeFailure, subprocess.SubprocessError, OSError) as failure:
            if not t.failed:  # a step failed outside a named check
                t.failed += 1
                print(f"smoke FAIL {failure}", flush=True)
            for log in ("error.log", "access.log"):
                if (work / log).exists():
                    print(f"--- gunicorn {log} (end) ---\n{(work / log).read_text()[-4000:]}")
    print(f"smoke took {time.monotonic() - started:.0f} s")
    print(f"smoke: {t.passed} passed, {t.failed} failed")
    return 1 if t.failed else 0


if __name__ == "__main__":
    sys.exit(main())
