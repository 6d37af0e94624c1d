"""The UI in Hungarian, Polish and English: browser language, the language switch, the catalogues."""

import datetime
import io
import re
import shutil
import subprocess
from decimal import Decimal
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorebook import services
from scorebook.models import PaidTransfer
from tests.web.conftest import PLAYERS, hand

pytestmark = pytest.mark.django_db

LOCALE = Path(django_settings.BASE_DIR) / "locale"
PO = LOCALE / "hu" / "LC_MESSAGES" / "django.po"
PO_PL = LOCALE / "pl" / "LC_MESSAGES" / "django.po"
# Every language offered but English (whose text is the msgids) has one catalogue.
TRANSLATED_LANGUAGES = [code for code, _name in django_settings.LANGUAGES if code != "en"]
HU = {"HTTP_ACCEPT_LANGUAGE": "hu-HU,hu;q=0.9,en;q=0.5"}
PL = {"HTTP_ACCEPT_LANGUAGE": "pl-PL,pl;q=0.9,en;q=0.5"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}

# Strings of the English UI that must not survive on a Hungarian page, and the other way round.
ENGLISH = ["Log in", "Sign up", "No account yet?"]
HUNGARIAN = ["Bejelentkezés", "Regisztráció", "Még nincs fiókod?"]
POLISH = ["Zaloguj się", "Zarejestruj się", "Nie masz jeszcze konta?"]


def msgfmt() -> str:
    path = shutil.which("msgfmt")
    assert path, "GNU gettext (msgfmt) is needed for the translations"
    return path


@pytest.fixture(autouse=True)
def catalogues(settings, tmp_path_factory):
    """Serve the .po files as they are in the tree (compiled afresh), whatever the .mo say.

    Changing LOCALE_PATHS makes Django drop its cached catalogues (setting_changed).
    """
    locale = tmp_path_factory.mktemp("locale")
    for lang in TRANSLATED_LANGUAGES:
        mo = locale / lang / "LC_MESSAGES" / "django.mo"
        mo.parent.mkdir(parents=True)
        po = LOCALE / lang / "LC_MESSAGES" / "django.po"
        subprocess.run([msgfmt(), "-o", str(mo), str(po)], check=True)
    settings.LOCALE_PATHS = [locale]


def text(response) -> str:
    assert response.status_code == 200, response.status_code
    return response.content.decode()


class Forms(HTMLParser):
    """Each <form>'s action and its named inputs and buttons (name, value)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.forms.append({"action": a.get("action"), "fields": []})
        elif tag in ("input", "button") and self.forms and a.get("name"):
            self.forms[-1]["fields"].append((a["name"], a.get("value", "")))


def forms(html: str, action: str) -> list[dict]:
    parser = Forms()
    parser.feed(html)
    return [f for f in parser.forms if f["action"] == action]


# --- the language the browser asks for -----------------------------------------------------


def test_browser_asking_for_hungarian_gets_hungarian(client):
    page = text(client.get(reverse("login"), **HU))
    assert '<html lang="hu">' in page
    for s in HUNGARIAN:
        assert s in page
    for s in ENGLISH:
        assert s not in page
    assert "Accept-Language" in client.get(reverse("login"), **HU)["Vary"]


@pytest.mark.parametrize("header", ["pl-PL,pl;q=0.9,en;q=0.5", "pl", "sv-SE,pl;q=0.8,en;q=0.5"])
def test_browser_asking_for_polish_gets_polish(client, header):
    page = text(client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE=header))
    assert '<html lang="pl">' in page
    for s in POLISH:
        assert s in page
    for s in ENGLISH + HUNGARIAN:
        assert s not in page


@pytest.mark.parametrize("header", [None, "en-US,en;q=0.9", "sv-SE,sv;q=0.9", "fr, es;q=0.5"])
def test_english_otherwise(client, header):
    extra = {"HTTP_ACCEPT_LANGUAGE": header} if header else {}
    page = text(client.get(reverse("login"), **extra))
    assert '<html lang="en">' in page
    for s in ENGLISH:
        assert s in page
    for s in HUNGARIAN + POLISH:
        assert s not in page


@pytest.fixture
def paskievics(user):
    return services.create_night(
        owner=user,
        variant_key="paskievics",
        house_rules={},
        per_point="0.5",
        currency="EUR",
        players=PLAYERS,
        first_dealer="Anna",
        date=datetime.date(2026, 11, 21),
        place="Kávéház",
    )


def test_hungarian_pages_for_the_table(client_in, paskievics):
    night = paskievics
    home = text(client_in.get(reverse("home"), **HU))
    assert "Estéid" in home
    assert "Új este" in home
    assert "Kijelentkezés" in home

    page = text(client_in.get(reverse("night", args=[night.pk]), **HU))
    assert "Leosztás felírása" in page
    assert "1. leosztás" in page
    assert "osztó" in page
    assert "Elszámolás" in page
    assert "Nyomtatható összesítő" in page
    assert "Record hand" not in page

    form = text(client_in.get(reverse("new_hand", args=[night.pk]), **HU))
    for s in ("Felvevő", "Hívott lap", "Játékkontra", "Tarokkszámok (8 vagy 9)"):
        assert s in form
    for s in ("hármas", "kettős", "egyes", "szóló", "mindenki passz", "kontra", "rekontra"):
        assert s in form
    assert "Declarer" not in form
    assert "Save hand" not in form
    # option texts written inline in the hand template go through the catalogue as well
    assert "a leosztás után bejelentve" in form
    assert "claimed after the hand" not in form

    settle = text(client_in.get(reverse("settle", args=[night.pk]), **HU))
    assert "Ki kinek fizet" in settle
    assert "Nincs mit elszámolni." in settle


def test_english_page_stays_english(client_in, paskievics):
    page = text(client_in.get(reverse("night", args=[paskievics.pk]), **EN))
    assert "Record hand" in page
    assert "Hand 1" in page
    assert "Settle up" in page
    for s in ("Leosztás felírása", "Elszámolás", "Kijelentkezés", "pontonként"):
        assert s not in page
    form = text(client_in.get(reverse("new_hand", args=[paskievics.pk]), **EN))
    assert "Declarer (felvevő)" in form
    assert "solo (szóló)" in form
    assert "Felvevő<" not in form


class VisibleText(HTMLParser):
    """The text a reader sees: text nodes and the titles, placeholders and labels of tags."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.hidden += 1
        for name, value in attrs:
            if name in ("title", "placeholder", "aria-label", "alt") and value:
                self.texts.append(value.strip())

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden and data.strip():
            self.texts.append(data.strip())


def english_leftovers(html: str, po: Path) -> list[str]:
    """Pieces of the page that are an English msgid of `po` whose translation differs."""
    english = {
        e["msgid"]
        for e in parse_po(po)
        if e.get("msgid") and not e.get("obsolete") and e.get("msgstr", "") != e["msgid"]
    }
    parser = VisibleText()
    parser.feed(html)
    return [t for t in parser.texts if t in english or t.rstrip(":").strip() in english]


def test_polish_pages_for_the_table(client_in, paskievics):
    night = paskievics
    home = text(client_in.get(reverse("home"), **PL))
    assert '<html lang="pl">' in home
    for s in ("Twoje wieczory", "Nowy wieczór", "Wyloguj się"):
        assert s in home
    assert not english_leftovers(home, PO_PL)

    page = text(client_in.get(reverse("night", args=[night.pk]), **PL))
    for s in ("Wpisz rozdanie", "Rozdanie 1", "rozdaje", "Rozliczenie", "Podsumowanie do druku"):
        assert s in page
    assert "0,5 EUR za punkt" in page  # the stake in the Polish number format
    assert "21 listopada 2026" in page
    for s in ("Record hand", "Hand 1", "Settle up", "per point", "Leosztás felírása"):
        assert s not in page
    assert not english_leftovers(page, PO_PL)

    form = text(client_in.get(reverse("new_hand", args=[night.pk]), **PL))
    for s in ("Rozgrywający (felvevő)", "Wywołana karta", "Kontra na grę", "Zapisz rozdanie"):
        assert s in form
    for s in ("trójka (hármas)", "dwójka (kettős)", "solo (szóló)", "zgłoszone po rozdaniu"):
        assert s in form
    for s in ("Declarer", "Save hand", "claimed after the hand", "Felvevő<"):
        assert s not in form
    assert not english_leftovers(form, PO_PL)

    settle = text(client_in.get(reverse("settle", args=[night.pk]), **PL))
    assert "Kto komu płaci" in settle
    assert "Nie ma czego rozliczać." in settle
    assert not english_leftovers(settle, PO_PL)


def test_polish_log_in_and_set_up(client_in):
    anonymous = Client()
    english = text(anonymous.get(reverse("login"), **EN))
    assert "Log in" in english_leftovers(english, PO_PL)  # the check does see English
    login = text(anonymous.get(reverse("login"), **PL))
    assert "Nazwa użytkownika" in login
    assert not english_leftovers(login, PO_PL)
    signup = text(anonymous.get(reverse("signup"), **PL))
    assert "Masz już konto?" in signup
    assert not english_leftovers(signup, PO_PL)

    new = text(client_in.get(reverse("new_night"), **PL))
    assert "Nowy wieczór: wybierz grę" in new
    assert "dla 4–5 graczy" in new
    assert not re.search(r"\d players", new)
    assert not english_leftovers(new, PO_PL)

    setup = text(client_in.get(reverse("setup", args=["paskievics"]), **PL))
    today = timezone.localdate().isoformat()
    assert re.search(rf'<input type="date" name="date" value="{today}"', setup)
    for s in ("Stawka za punkt", "Waluta", "Miejsce", "Zacznij wieczór", "(domyślnie: "):
        assert s in setup
    for s in ("(default: ", "Stake per point", "Start the night", "Pontérték"):
        assert s not in setup
    assert not english_leftovers(setup, PO_PL)


# --- dates and numbers in the locale's format ---------------------------------------------


def test_dates_and_amounts_in_the_locale_format(client_in, paskievics):
    url = reverse("night", args=[paskievics.pk])
    hu = text(client_in.get(url, **HU))
    assert "2026. november 21." in hu
    assert "pontonként 0,5 EUR" in hu
    en = text(client_in.get(url, **EN))
    assert "Nov. 21, 2026" in en
    assert "0.5 EUR per point" in en


def test_setup_form_in_hungarian_keeps_the_date_input_iso(client_in):
    page = text(client_in.get(reverse("setup", args=["paskievics"]), **HU))
    today = timezone.localdate().isoformat()
    assert re.search(rf'<input type="date" name="date" value="{today}"', page)
    assert "Pontérték" in page
    assert "(alapértelmezett: " in page
    assert "(default: " not in page


@pytest.fixture
def played(user):
    night = services.create_night(
        owner=user,
        variant_key="toy",
        house_rules={},
        per_point="0.25",
        currency="EUR",
        players=PLAYERS,
        first_dealer="Dóra",
    )
    services.record_hand(night=night, record=hand("Dóra", "Anna", 3))
    return night


def test_money_keeps_the_currency_decimals_and_mark_paid_works_in_hungarian(client_in, played):
    url = reverse("settle", args=[played.pk])
    page = text(client_in.get(url, **HU))
    paid_forms = forms(page, reverse("mark_paid", args=[played.pk]))
    assert paid_forms
    amounts = [dict(f["fields"])["amount"] for f in paid_forms]
    # the money shown has the currency's two decimals with the Hungarian decimal comma …
    assert re.search(r"<strong>\d+,\d\d EUR</strong>", page)
    # … while the amount the form posts back stays machine-readable
    assert all(re.fullmatch(r"\d+\.\d\d", a) for a in amounts), amounts
    # the balances and the ledger's money row too; English keeps the decimal point
    assert re.search(r"<strong>−\d+,\d\d</strong>", page)
    ledger = text(client_in.get(reverse("night", args=[played.pk]), **HU))
    assert re.search(r'<th class="num">−\d+,\d\d</th>', ledger)
    assert not re.search(r'<th class="num">−?\d+\.\d\d</th>', ledger)
    english = text(client_in.get(url, **EN))
    assert re.search(r"<strong>\d+\.\d\d EUR</strong>", english)
    assert re.search(r"<strong>−\d+\.\d\d</strong>", english)

    data = dict(paid_forms[0]["fields"])
    response = client_in.post(reverse("mark_paid", args=[played.pk]), data, **HU)
    assert response.status_code == 302
    assert PaidTransfer.objects.get(night=played).amount == Decimal(data["amount"])
    assert "Kifizetve ✓" in text(client_in.get(url, **HU))
    # the htmx fragment that replaces the list posts machine-readable amounts as well
    fragment = text(
        client_in.post(
            reverse("mark_paid", args=[played.pk]),
            {**data, "paid": "0"},
            HTTP_HX_REQUEST="true",
            **HU,
        )
    )
    again = [dict(f["fields"])["amount"] for f in forms(fragment, paid_forms[0]["action"])]
    assert again
    assert all(re.fullmatch(r"\d+\.\d\d", a) for a in again), again
    assert "Megjelölés kifizetettként" in fragment
    assert not PaidTransfer.objects.filter(night=played).exists()


def test_chart_coordinates_stay_machine_readable_in_hungarian(client_in, played):
    services.record_hand(night=played, record=hand("Anna", "Béla", 1))
    page = text(client_in.get(reverse("print", args=[played.pk]), **HU))
    assert "Egyenleg az este folyamán" in page
    svg = page[page.index("<svg") : page.index("</svg>")]
    numbers = re.findall(r'\b(?:x1|x2|y1|y2|cx|cy|r|width|height)="([^"%]*)"', svg)
    assert numbers
    assert all(re.fullmatch(r"-?\d+(\.\d+)?", n) for n in numbers), numbers


def test_bid_level_two_is_kettos_as_the_rules_say(client_in, paskievics):
    """Tolnai (1930) and the engine's breakdown lines call the bid "kettős"; the chip the
    declarer taps must say the same (a "kettes" is a card, e.g. in trappola)."""
    form = text(client_in.get(reverse("new_hand", args=[paskievics.pk]), **HU))
    chips = re.findall(r'value="two"[^>]*>\s*<span>([^<]*)</span>', form)
    assert chips == ["kettős"], chips
    assert ">kettes<" not in form
    assert "two (kettős)" in text(client_in.get(reverse("new_hand", args=[paskievics.pk]), **EN))


def test_nights_list_balances_and_games_in_the_locale_format(client_in, played, paskievics):
    hu = text(client_in.get(reverse("night_list"), **HU))
    # −0,75 style: a real minus and the decimal comma, as on the night page
    assert re.search(r"Anna −?\d+,\d\d, Béla −?\d+,\d\d", hu), hu
    assert "−" in hu[hu.index('id="nights"') :]
    assert not re.search(r"(Anna|Béla|Csaba|Dóra) -?\d+\.\d\d", hu)
    assert "<td>Paskievics (huszashívó)</td>" in hu  # the game's name, not its key
    assert "<td>paskievics</td>" not in hu
    assert "2026.11.21." in hu  # a short date: a long one wraps over three lines on a phone
    en = text(client_in.get(reverse("night_list"), **EN))
    assert re.search(r"Anna −?\d+\.\d\d, Béla −?\d+\.\d\d", en), en
    assert not re.search(r"(Anna|Béla) -\d", en)  # no hyphen for a minus


def test_home_and_player_page_name_the_game(client_in, user, paskievics):
    home = text(client_in.get(reverse("home"), **HU))
    assert "Paskievics (huszashívó)" in home
    assert "· paskievics ·" not in home
    anna = paskievics.seats.get(player__name="Anna").player
    player = text(client_in.get(reverse("player", args=[anna.pk]), **HU))
    assert "<td>Paskievics (huszashívó)</td>" in player
    assert "<td>paskievics</td>" not in player
    assert "eredmény" in player


def test_a_game_for_a_fixed_number_of_players_says_so_once(client_in):
    page = text(client_in.get(reverse("new_night"), **HU))
    assert "4–5 játékos" in page  # Paskievics
    assert "3 játékos" in page  # magyar tarokk, tapper
    assert not re.search(r"(\d)–\1 játékos", page)
    english = text(client_in.get(reverse("new_night"), **EN))
    assert "3 players" in english
    assert not re.search(r"(\d)–\1 players", english)


def test_players_terms_spelled_as_the_table_says():
    """Honour is "honőr" as in the Paskievics rules (seed 002; Tolnai's 1930 "honnőr" is
    dated); the bid two is "kettős" as in Tolnai and the engine's lines."""
    entries = {e["msgid"]: e for e in parse_po(PO) if e.get("msgid")}
    for e in entries.values():
        assert "honnőr" not in e.get("msgstr", "").lower(), e["msgid"]
    assert entries["two (kettős)"]["msgstr"] == "kettős"
    assert entries["Honour"]["msgstr"] == "Honőr"


def test_changed_house_rules_read_yes_or_no_in_the_language(client_in, user):
    night = services.create_night(
        owner=user,
        variant_key="paskievics",
        house_rules={"ultimo_kassza": True, "irregularity_voids_hand": False},
        per_point="1",
        currency="HUF",
        players=PLAYERS,
        first_dealer="Anna",
    )
    for name in ("night", "print"):
        hu = text(client_in.get(reverse(name, args=[night.pk]), **HU))
        # The rules by their Hungarian labels (issue 12), never their names in English.
        assert "Ultimókassza: igen" in hu
        assert "Renonsznál elmarad az elszámolás: nem" in hu
        assert "Ultimo kassza" not in hu
        assert ": true" not in hu
        assert ": false" not in hu
        en = text(client_in.get(reverse(name, args=[night.pk]), **EN))
        assert "Ultimókassza: yes" in en


# --- the language switch --------------------------------------------------------------------


def test_header_has_a_language_switch_without_inline_script(client):
    page = text(client.get(reverse("login")))
    (switch,) = forms(page, reverse("set_language"))
    fields = switch["fields"]
    assert ("language", "hu") in fields
    assert ("language", "en") in fields
    assert ("language", "pl") in fields
    assert ("next", reverse("login")) in fields
    assert "csrfmiddlewaretoken" in dict(fields)
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page), "inline <script>"
    assert not re.search(r"\son[a-z]+\s*=", page), "inline event handler"


def test_switching_the_language_is_remembered(user):
    c = Client(enforce_csrf_checks=True)  # the switch is a real POST form with its token
    page = text(c.get(reverse("login"), **EN))
    (switch,) = forms(page, reverse("set_language"))
    token = dict(switch["fields"])["csrfmiddlewaretoken"]

    response = c.post(
        reverse("set_language"),
        {"csrfmiddlewaretoken": token, "language": "hu", "next": reverse("login")},
        **EN,
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("login")
    cookie = response.cookies[django_settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "hu"

    # the cookie wins over the browser's English, on every page and after logging in
    for name in ("login", "signup"):
        page = text(c.get(reverse(name), **EN))
        assert '<html lang="hu">' in page
        assert "Bejelentkezés" in page
    c.force_login(user)
    assert "Estéid" in text(c.get(reverse("home"), **EN))

    (switch,) = forms(text(c.get(reverse("home"), **EN)), reverse("set_language"))
    token = dict(switch["fields"])["csrfmiddlewaretoken"]
    c.post(
        reverse("set_language"),
        {"csrfmiddlewaretoken": token, "language": "en", "next": reverse("home")},
        **HU,
    )
    page = text(c.get(reverse("home"), **HU))
    assert '<html lang="en">' in page
    assert "Your nights" in page
    assert "Estéid" not in page


def test_the_switch_offers_every_language_and_marks_the_current_one(client):
    page = text(client.get(reverse("login"), **PL))
    buttons = re.findall(r'<button type="submit" class="link" name="language" value="(\w+)"[^>]*>', page)
    offered = [code for code, _name in django_settings.LANGUAGES]
    assert buttons == offered
    assert "pl" in offered
    assert re.search(r'value="pl" lang="pl" title="Polski" aria-pressed="true"', page)
    assert re.search(r'value="hu" lang="hu" title="Magyar" aria-pressed="false"', page)


def test_switching_to_polish_is_remembered(user):
    c = Client(enforce_csrf_checks=True)
    (switch,) = forms(text(c.get(reverse("login"), **HU)), reverse("set_language"))
    token = dict(switch["fields"])["csrfmiddlewaretoken"]
    response = c.post(
        reverse("set_language"),
        {"csrfmiddlewaretoken": token, "language": "pl", "next": reverse("login")},
        **HU,
    )
    assert response.status_code == 302
    assert response.cookies[django_settings.LANGUAGE_COOKIE_NAME].value == "pl"
    # the cookie wins over the browser's Hungarian, before and after logging in
    page = text(c.get(reverse("login"), **HU))
    assert '<html lang="pl">' in page
    for s in POLISH:
        assert s in page
    for s in HUNGARIAN:
        assert s not in page
    c.force_login(user)
    assert "Twoje wieczory" in text(c.get(reverse("home"), **HU))


# --- the scorer ---------------------------------------------------------------------------


def test_scorer_prints_the_table_in_polish():
    out = io.StringIO()
    example = Path(django_settings.BASE_DIR) / "examples" / "paskievics.json"
    call_command("score", str(example), "--format", "table", "--lang", "pl", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[1].split()[:2] == ["#", "rozdający"]
    # the table's own words (the lines of each hand are the variant's messages)
    starts = [line.strip() for line in lines]
    for words in ("sumy ", "koniec sesji: wypłaty ", "zostaje w pulach:", "bilanse:", "płatności:"):
        assert any(s.startswith(words) for s in starts), words
    for words in ("totals", "end of session", "left in the pots", "balances", "transfers"):
        assert not any(s.startswith(words) for s in starts), words


# --- the catalogue --------------------------------------------------------------------------


def catalogue_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "django.po"


def test_every_offered_language_has_a_catalogue_that_make_messages_updates():
    assert {"hu", "pl"} <= set(TRANSLATED_LANGUAGES)
    makefile = (Path(django_settings.BASE_DIR) / "Makefile").read_text(encoding="utf-8")
    (langs,) = re.findall(r"^LANGS := (.*)$", makefile, re.MULTILINE)
    assert sorted(langs.split()) == sorted(TRANSLATED_LANGUAGES)
    for lang in TRANSLATED_LANGUAGES:
        assert catalogue_path(lang).is_file(), lang


@pytest.mark.parametrize("lang", TRANSLATED_LANGUAGES)
def test_catalogue_passes_msgfmt_check(lang):
    result = subprocess.run(
        [msgfmt(), "--check", "--statistics", "-o", "/dev/null", str(catalogue_path(lang))],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "untranslated" not in result.stderr
    assert "fuzzy" not in result.stderr


def parse_po(path: Path) -> list[dict]:
    """The entries of a .po file: flags, msgid, msgid_plural and msgstr forms (unescaped)."""
    entries: list[dict] = []
    entry: dict = {}
    key = ""

    def unquote(s: str) -> str:
        return re.sub(r'\\(["\\nt])', lambda m: {"n": "\n", "t": "\t"}.get(m[1], m[1]), s)

    for raw in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        line = raw.strip()
        if not line:
            if entry:
                entries.append(entry)
            entry, key = {}, ""
        elif line.startswith("#~"):
            entry["obsolete"] = True
        elif line.startswith("#,"):
            entry.setdefault("flags", set()).update(f.strip() for f in line[2:].split(","))
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            entry[key] += unquote(line[1:-1])
        else:
            key, _, rest = line.partition(" ")
            entry[key] = unquote(rest.strip()[1:-1])
    return entries


# A placeholder of either kind: Django's %(name)s and the engine messages' {name} gaps.
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w+\}")
PLURAL_FORMS = {"hu": 2, "pl": 3}  # as the grammar says (other languages: as the header says)


@pytest.mark.parametrize("lang", TRANSLATED_LANGUAGES)
def test_every_msgid_has_a_translation(lang):
    entries = [e for e in parse_po(catalogue_path(lang)) if "msgid" in e and not e.get("obsolete")]
    header = [e for e in entries if e["msgid"] == ""]
    assert len(header) == 1
    assert f"Language: {lang}" in header[0]["msgstr"]
    nplurals = int(re.findall(r"nplurals=(\d+);", header[0]["msgstr"])[0])
    assert nplurals == PLURAL_FORMS.get(lang, nplurals)
    messages = [e for e in entries if e["msgid"]]
    assert len(messages) > 300
    untranslated = [
        e["msgid"]
        for e in messages
        if not all(v.strip() for k, v in e.items() if k.startswith("msgstr"))
        or not any(k.startswith("msgstr") for k in e)
    ]
    assert not untranslated, f"{len(untranslated)} msgids without a translation: {untranslated}"
    fuzzy = [e["msgid"] for e in entries if "fuzzy" in e.get("flags", ())]
    assert not fuzzy, f"fuzzy (unchecked) translations: {fuzzy}"
    for e in messages:
        forms_ = [k for k in e if k.startswith("msgstr")]
        if "msgid_plural" in e:  # one msgstr[i] per plural form of the language
            assert sorted(forms_) == [f"msgstr[{i}]" for i in range(nplurals)], e
    wrong = []
    for e in messages:  # the same placeholders in msgid and every translation
        wanted = set(PLACEHOLDER.findall(e["msgid"] + e.get("msgid_plural", "")))
        for k, v in e.items():
            if k.startswith("msgstr") and set(PLACEHOLDER.findall(v)) != wanted:
                wrong.append((e["msgid"], v))
    assert not wrong, f"placeholders differ: {wrong}"


def test_placeholder_check_sees_both_kinds():
    assert PLACEHOLDER.findall("hand {hand}: %(n)s of %(total)d, 50%%") == [
        "{hand}",
        "%(n)s",
        "%(total)d",
    ]


def test_no_template_writes_option_texts():
    # The record schemas label every choice: no template passes `choices="value=text|…"`.
    writing = {
        path.name
        for path in (Path(django_settings.BASE_DIR) / "templates").rglob("*.html")
        if re.search(r'choices="', path.read_text(encoding="utf-8"))
    }
    assert writing == set()
