"""Web benchmark: what each request costs as the night grows (issues 3, 13 and 20).

For a Paskievics night of 100, 1,000 and the largest number of rows a night may hold
(`nights.MAX_ROWS`), and a Scopa match of 2,000 deals and of the largest size (its rows carry
the longest breakdowns), it measures the server time of: the
payment preview (sent on every tap), saving the next hand, editing hand 1, deleting and
restoring hand 1 (every later hand re-scored), renaming a player (every record rewritten and
re-scored), the print page, sheet.csv, the night page (and `?show=999999`), the share page
with `?all=1` (no log-in) and the table view's polled fragment; and, interleaved with the
saves in the same run, a bare view that does one INSERT (the baseline). One table, medians
of wall time per request through Django's test client (the view, the form parsing, the
engine, the atomic save, the template).

Targets (issue 20, SQLite): preview and save ≤ 50 ms at 1,000 hands and the same at the
largest night; editing or deleting hand 1 ≤ 300 ms at 1,000 hands and at most
proportionally more beyond; the print page and CSV linear; every long page under 2 s.

Run: `.venv/bin/python bench/web.py [--sizes 100,1000,max] [--scopa 2000,max] [--repeat 20]`.
It uses a throwaway SQLite database (or DATABASE_URL if set), and builds each night with
the import service (one sheet, as a large night arrives).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorebook.settings")
if "DATABASE_URL" not in os.environ:
    os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth.models import User  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.http import HttpResponse  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import include, path, reverse  # noqa: E402

from scorebook import nights, services, sharing, sheets  # noqa: E402
from scorebook.models import Hand, Night, Player  # noqa: E402
from tests.engine.generators import random_night  # noqa: E402
from tests.web.handforms import record_form_data  # noqa: E402

PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]
# What a browser sends for the hand form (the test client would default to multipart).
FORM = "application/x-www-form-urlencoded"
HTMX = {"HTTP_HX_REQUEST": "true"}


def bare_insert(request):
    """The baseline: authenticate (middleware), one INSERT, a tiny response."""
    Player.objects.create(owner=request.user, name=f"p{time.perf_counter_ns()}")
    return HttpResponse("ok")


urlpatterns = [path("bench/insert/", bare_insert), path("", include("scorebook.urls"))]


def plain_hand(dealer: str, n: int) -> dict:
    declarer = PLAYERS[(PLAYERS.index(dealer) + 1) % 4]
    partner = PLAYERS[(PLAYERS.index(dealer) + 2) % 4]
    return {
        "dealer": dealer,
        "outcome": "played",
        "bid": {"declarer": declarer, "level": "two"},
        "called_card": "XX",
        "partner": partner,
        "game_contra": n % 2,
        "announcements": [],
        "result": {"declarer_card_points": 30 + n % 40},
    }


class Night_:
    """A night to measure: its row, its players, the records that come after it."""

    def __init__(self, label: str, night: Night, players: list[str], later: list[dict]):
        self.label, self.night, self.players, self.later = label, night, players, later
        self.pk = night.pk


def paskievics(user: User, hands: int, extra: int) -> Night_:
    records = [plain_hand(PLAYERS[(3 + n) % 4], n) for n in range(hands + extra)]
    sheet = {
        "format": "scorebook/1",
        "variant": "paskievics",
        "house_rules": {},
        "stake": {"per_point": "2", "currency": "HUF"},
        "players": PLAYERS,
        "hands": records[:hands],
    }
    night = sheets.create_night_from_sheet(owner=user, data=sheet)
    return Night_(f"{hands:,} hands", night, PLAYERS, records[hands:])


def scopa(user: User, deals: int, extra: int) -> Night_:
    session, records = random_night("scopa", random.Random(2000), deals + extra)
    sheet = {
        "format": "scorebook/1",
        "variant": "scopa",
        "house_rules": dict(session.house_rules),
        "stake": {"per_point": "1", "currency": "EUR"},
        "players": list(session.players),
        "hands": records[:deals],
    }
    night = sheets.create_night_from_sheet(owner=user, data=sheet)
    return Night_(f"Scopa {deals:,} deals", night, list(session.players), records[deals:])


Times = tuple[float, float]  # wall, CPU (ms)


def timed(call: Callable[[], Any], repeat: int) -> Times:
    """The median wall and CPU time of `repeat` calls, in ms. The CPU time (of this process:
    the view, the engine and SQLite's own work) is what a busy shared machine disturbs
    least; PostgreSQL's work runs in its own process and counts in the wall time only."""
    wall, cpu = [], []
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        call()
        wall.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    return statistics.median(wall) * 1000, statistics.median(cpu) * 1000


def median(samples: list[Times]) -> Times:
    return statistics.median(w for w, _c in samples), statistics.median(c for _w, c in samples)


def ok(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, (response.status_code, response.content[:300])
    return response


def measure(client: Client, user: User, n: Night_, repeat: int) -> dict[str, Times]:
    """Every request of the table on one night; the rows it adds are taken away again only
    by deleting and restoring (the night grows by `repeat` hands while it is measured)."""
    pk, out = n.pk, {}
    live = Hand.objects.filter(night_id=pk, deleted=False)
    count = live.count()
    record = n.later[0]
    data = record_form_data(record, n.players)
    preview = reverse("preview", args=[pk])
    expected = {"_expected_number": str(count + 1), "_expected_position": str(count)}
    body = urlencode(data | expected, doseq=True)
    out["preview"] = timed(lambda: ok(client.post(preview, body, FORM, **HTMX)), repeat)
    saves, inserts = [], []
    for i in range(repeat):
        fields = record_form_data(n.later[i], n.players) | {
            "_expected_number": str(count + i + 1),
            "_expected_position": str(count + i),
        }
        client.cookies.pop("messages", None)  # the redirect's GET would consume it
        url = reverse("new_hand", args=[pk])
        body_i = urlencode(fields, doseq=True)
        saves.append(timed(lambda url=url, body=body_i: ok(client.post(url, body, FORM), 302), 1))
        inserts.append(timed(lambda: ok(client.post("/bench/insert/")), 1))
    out["save"], out["bare INSERT"] = median(saves), median(inserts)
    slow = max(1, repeat // 4)
    first = Hand.objects.get(night_id=pk, position=0)
    out["edit hand 1"] = timed(lambda: edit_first(client, n, first), slow)
    out["delete + restore hand 1"] = timed(lambda: delete_restore(client, pk, first), slow)
    out["rename a player"] = timed(lambda: rename(user, n), slow)
    share = sharing.share_night(night=Night.objects.get(pk=pk)).token
    anonymous = Client()
    pages = {
        "print page": reverse("print", args=[pk]),
        "sheet.csv": reverse("sheet_csv", args=[pk]),
        "night page": reverse("night", args=[pk]),
        "night page ?show=999999": reverse("night", args=[pk]) + "?show=999999",
    }
    for name, url in pages.items():
        out[name] = timed(lambda url=url: ok(client.get(url)), slow)
    shared = reverse("shared", args=[share]) + "?all=1"
    out["share page ?all=1"] = timed(lambda: ok(anonymous.get(shared)), slow)
    table = reverse("table", args=[pk])
    out["table view fragment"] = timed(
        lambda: ok(client.get(table, HTTP_HX_TARGET="live", **HTMX)), slow
    )
    return out


def edit_first(client: Client, n: Night_, first: Hand) -> None:
    """Edit hand 1 with its own record, its version moving on: every later hand re-scored
    (the record is unchanged, so only hand 1's row is written)."""
    first.refresh_from_db()
    data = record_form_data(first.record, n.players) | {"_version": str(first.version)}
    client.cookies.pop("messages", None)
    url = reverse("edit_hand", args=[n.pk, first.pk])
    ok(client.post(url, urlencode(data, doseq=True), FORM), 302)


def delete_restore(client: Client, pk: int, first: Hand) -> None:
    """Delete hand 1 (every later hand is renumbered and re-scored), then restore it."""
    for name in ("delete_hand", "restore_hand"):
        first.refresh_from_db()
        client.cookies.pop("messages", None)
        url = reverse(name, args=[pk, first.pk])
        ok(client.post(url, {"_version": str(first.version)}), 302)


def rename(user: User, n: Night_) -> None:
    """Rename the first player there and back (services.edit_night: every record rewritten
    and the night re-scored, twice)."""
    for names in ([n.players[0] + "X", *n.players[1:]], n.players):
        night = Night.objects.get(pk=n.pk)
        services.edit_night(
            night=night,
            author=user,
            date=night.date,
            place=night.place,
            per_point=night.stake_per_point,
            currency=night.currency,
            names=names,
        )


def print_table(results: dict[str, dict[str, Times]]) -> None:
    """Median wall / CPU time per request, in ms, a column per night."""
    labels = list(results)
    print("| request (wall / CPU ms) | " + " | ".join(labels) + " |")
    print("|---|" + "---:|" * len(labels))
    for row in next(iter(results.values())):
        cells = " | ".join(
            f"{results[label][row][0]:,.0f} / {results[label][row][1]:,.0f}" for label in labels
        )
        print(f"| {row} | {cells} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # "max": the largest night allowed, built `repeat` hands short so that the saves fill it.
    parser.add_argument("--sizes", default="100,1000,max")
    parser.add_argument("--scopa", default="2000,max")  # deals; "" for none
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    settings.ROOT_URLCONF = __name__
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.ALLOWED_HOSTS = ["*"]
    call_command("migrate", verbosity=0)
    user = User.objects.create_user(f"bench{time.time_ns()}", password="bench-pw-123")
    client = Client()
    client.force_login(user)
    print(f"load average at the start: {os.getloadavg()[0]:.2f}")
    results: dict[str, dict[str, Times]] = {}
    built = []
    for size in args.sizes.split(","):
        hands = nights.MAX_ROWS - args.repeat if size == "max" else int(size)
        built.append(paskievics(user, hands, args.repeat))
        if size == "max":
            built[-1].label = f"{nights.MAX_ROWS:,} hands (max)"
    for size in filter(None, args.scopa.split(",")):
        deals = nights.MAX_ROWS - args.repeat if size == "max" else int(size)
        built.append(scopa(user, deals, args.repeat))
    for n in built:
        start = time.perf_counter()
        results[n.label] = measure(client, user, n, args.repeat)
        print(f"measured {n.label} in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    print_table(results)
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
