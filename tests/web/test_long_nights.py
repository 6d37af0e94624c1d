"""Bounded work per request (issue 20): the hand form costs the same at any night length, a
night has a maximum of rows, an import lists at most 20 problems, long pages come in pages,
the table view renders once per change, and a match game's stored state stays flat."""

from __future__ import annotations

import importlib
import json
import random
from urllib.parse import urlencode

import pytest
from django.apps import apps as django_apps
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorebook import nights, paging, queries, services, sheets
from scorebook.engine import registry
from scorebook.engine.replay import replay
from scorebook.engine.scoresheet import read_sheet
from scorebook.models import Hand, Night
from scorebook.queries_entry import entry_view
from scorebook.views import nights as night_views
from scorebook.views import transfer
from tests.engine.generators import random_night
from tests.web.handforms import record_form_data

PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]
FORM = "application/x-www-form-urlencoded"
HTMX = {"HTTP_HX_REQUEST": "true"}


def plain(n: int) -> dict:
    dealer = PLAYERS[(3 + n) % 4]
    i = PLAYERS.index(dealer)
    return {
        "dealer": dealer,
        "outcome": "played",
        "bid": {"declarer": PLAYERS[(i + 1) % 4], "level": "two"},
        "called_card": "XX",
        "partner": PLAYERS[(i + 2) % 4],
        "game_contra": n % 2,
        "announcements": [],
        "result": {"declarer_card_points": 30 + n % 40},
    }


def sheet_of(hands: list[dict], variant: str = "paskievics", players=PLAYERS, rules=None):
    return {
        "format": "scorebook/1",
        "variant": variant,
        "house_rules": rules or {},
        "stake": {"per_point": "2", "currency": "HUF"},
        "players": list(players),
        "hands": hands,
    }


def imported(user, hands: int) -> Night:
    return sheets.create_night_from_sheet(
        owner=user, data=sheet_of([plain(n) for n in range(hands)])
    )


def _next_form(night: Night, n: int) -> str:
    count = Hand.objects.filter(night=night).count()
    data = record_form_data(plain(n), PLAYERS) | {
        "_expected_number": str(count + 1),
        "_expected_position": str(count),
    }
    return urlencode(data, doseq=True)


def _queries(call) -> int:
    with CaptureQueriesContext(connection) as captured:
        call()
    return len(captured)


# --- the hand form: the same work at any length ---------------------------------------------


@pytest.mark.django_db
def test_preview_save_and_form_cost_the_same_queries_at_10_and_300_hands(
    client_in, user, monkeypatch
):
    loaded = []
    real = Hand.from_db.__func__

    def counted(cls, *args, **kwargs):
        loaded.append(1)
        return real(cls, *args, **kwargs)

    monkeypatch.setattr(Hand, "from_db", classmethod(counted))
    assert _form_queries(client_in, imported(user, 10)) == _form_queries(
        client_in, imported(user, 300)
    )
    # Rows read by both nights' preview, page and save together: a handful, not 310.
    assert len(loaded) < 20


def _form_queries(client, night: Night) -> tuple[int, int, int]:
    """The queries of a preview, the new-hand page and a save on `night`."""
    size = Hand.objects.filter(night=night).count()
    preview = reverse("preview", args=[night.pk])
    new = reverse("new_hand", args=[night.pk])
    body = _next_form(night, size)
    client.get(new)  # the session's first request warms what is read once
    counts = (
        _queries(lambda: client.post(preview, body, FORM, **HTMX)),
        _queries(lambda: client.get(new)),
        _queries(lambda: client.post(new, body, FORM)),
    )
    assert Hand.objects.filter(night=night).count() == size + 1  # the save went through
    return counts


@pytest.mark.django_db
def test_the_form_reads_a_handful_of_rows_and_still_scores_as_the_night(user):
    night = imported(user, 120)
    view = entry_view(night)
    full = queries.night_view(night)
    assert len(view.rows) == 1  # the last hand; no events, nothing deleted
    assert view.next_number() == full.next_number() == 121
    assert view.hint() == full.hint()
    first = Hand.objects.get(night=night, position=40)
    edit = entry_view(night, hand=first)
    assert queries.state_before(edit, first)[1] == queries.state_before(full, first)[1] == 41
    assert queries.preview_hand(edit, plain(40), first) == queries.preview_hand(
        full, plain(40), first
    )
    assert queries.hint_before(edit, first) == queries.hint_before(full, first)


# --- the maximum of a night -------------------------------------------------------------------


@pytest.mark.django_db
def test_a_full_night_refuses_another_hand_with_a_message(client_in, user, monkeypatch):
    monkeypatch.setattr(nights, "MAX_ROWS", 6)
    night = imported(user, 6)
    response = client_in.post(reverse("new_hand", args=[night.pk]), _next_form(night, 6), FORM)
    assert response.status_code == 200
    assert "a night holds at most 6 hands" in response.content.decode()
    assert Hand.objects.filter(night=night).count() == 6
    client_in.cookies["django_language"] = "hu"
    response = client_in.post(
        reverse("new_hand", args=[night.pk]), _next_form(night, 6), FORM, HTTP_ACCEPT_LANGUAGE="hu"
    )
    assert "egy este legfeljebb 6 leosztást tartalmazhat" in response.content.decode()


@pytest.mark.django_db
def test_an_import_of_more_hands_than_a_night_holds_is_refused_before_reading_them(
    client_in, user, monkeypatch
):
    monkeypatch.setattr(nights, "MAX_ROWS", 6)
    text = json.dumps(sheet_of([plain(n) for n in range(7)]))
    response = client_in.post(reverse("import_night"), {"text": text})
    assert response.status_code == 200
    assert response.context["problems"] == [
        "hands: a night holds at most 6 hands (deleted hands and joins included): start a new night"
    ]
    assert not Night.objects.filter(owner=user).exists()
    assert sheets.check_sheet(sheet_of([plain(n) for n in range(6)]))[1] == []


# --- the import: one check, at most 20 problems -------------------------------------------


@pytest.mark.django_db
def test_an_import_lists_the_first_20_problems_and_counts_the_rest(client_in, user):
    hands = [plain(n) for n in range(30)]
    for hand in hands:
        hand["result"]["declarer_card_points"] = 200  # above 94: every hand refused
    response = client_in.post(reverse("import_night"), {"text": json.dumps(sheet_of(hands))})
    html = response.content.decode()
    assert response.context["problem_count"] == 30
    assert len(response.context["problems"]) == transfer.SHOWN_PROBLEMS == 20
    assert response.context["problems"][0].startswith("hand 1: result.declarer_card_points")
    assert html.count("<li>hand ") == 20
    assert "The scoresheet has 30 problems; nothing was imported." in html
    assert "…and 10 more problems, not listed." in html


@pytest.mark.django_db
def test_an_import_reads_and_replays_the_sheet_once(client_in, user, monkeypatch):
    calls = []
    real = sheets.check_sheet

    def counted(data):
        calls.append(1)
        return real(data)

    monkeypatch.setattr(sheets, "check_sheet", counted)
    text = json.dumps(sheet_of([plain(n) for n in range(5)]))
    response = client_in.post(reverse("import_night"), {"text": text})
    assert response.status_code == 302
    assert calls == [1]


# --- long pages --------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_night_page_shows_at_most_its_cap_of_rows(client_in, user, monkeypatch):
    monkeypatch.setattr(night_views, "MAX_SHOWN_ROWS", 30)
    night = imported(user, 60)
    response = client_in.get(reverse("night", args=[night.pk]) + "?show=999999")
    rows = response.context["rows"]
    assert [r.number for r in rows] == list(range(31, 61))
    assert response.context["earlier"] == 30
    # Without JavaScript the link goes on to the printable summary (every hand).
    assert f'href="{reverse("print", args=[night.pk])}"' in response.content.decode()
    # With htmx, "show earlier hands" goes past the cap, building only the rows it adds.
    more = client_in.get(
        reverse("night", args=[night.pk]) + "?show=80", HTTP_HX_TARGET="earlier", **HTMX
    )
    assert [r.number for r in more.context["rows"]] == list(range(1, 31))


@pytest.mark.django_db
def test_the_share_page_brings_the_whole_ledger_in_pages(client, user, monkeypatch):
    monkeypatch.setattr(paging, "PART_ROWS", 25)
    night = imported(user, 60)
    token = services_share(night)
    url = reverse("shared", args=[token])
    first = client.get(url + "?all=1")
    assert [r.number for r in first.context["rows"]] == list(range(1, 26))
    assert (first.context["page"], first.context["pages"]) == (1, 3)
    assert "Rows 1–25 of 60" in first.content.decode()
    last = client.get(url + "?all=1&page=9")  # past the end: the last page
    assert [r.number for r in last.context["rows"]] == list(range(51, 61))
    # The totals are the night's, whichever page is shown.
    assert first.context["totals"] == last.context["totals"] == client.get(url).context["totals"]
    assert first["ETag"] != last["ETag"]
    # Only the page's rows are read whole; the others only for what they add up to.
    views = []
    real = queries.night_view
    monkeypatch.setattr(
        queries, "night_view", lambda *a, **k: views.append(real(*a, **k)) or views[-1]
    )
    middle = client.get(url + "?all=1&page=2")
    assert [r.number for r in middle.context["rows"]] == list(range(26, 51))
    assert [r.number for r in views[0].rows] == list(range(26, 51))
    assert len(views[0].folded) == 35
    assert middle.context["totals"] == first.context["totals"]


@pytest.mark.django_db
def test_the_print_page_of_a_long_night_comes_in_parts(client_in, user, monkeypatch):
    """Past `PART_ROWS` rows the print page shows one part (the chart, settlement and
    totals stay the whole night's); a night of one part says nothing about parts."""
    whole = client_in.get(reverse("print", args=[imported(user, 60).pk]))
    assert "Rows " not in whole.content.decode()
    monkeypatch.setattr(paging, "PART_ROWS", 25)
    night = Night.objects.get(pk=whole.context["night"].pk)
    url = reverse("print", args=[night.pk])
    second = client_in.get(url + "?page=2")
    assert [r.number for r in second.context["rows"]] == list(range(26, 51))
    body = second.content.decode()
    assert "Rows 26–50 of 60" in body
    assert 'href="?page=1"' in body
    assert 'href="?page=3"' in body
    assert second.context["totals"] == whole.context["totals"]
    assert second.context["chart"] == whole.context["chart"]
    assert second.context["balance_rows"] == whole.context["balance_rows"]
    last = client_in.get(url + "?page=99")
    assert [r.number for r in last.context["rows"]] == list(range(51, 61))


def services_share(night: Night) -> str:
    from scorebook import sharing

    return sharing.share_night(night=night).token


@pytest.mark.django_db
def test_the_table_view_renders_once_per_change_for_every_poller(
    client_in, user, monkeypatch, django_user_model
):
    night = imported(user, 30)
    url = reverse("table", args=[night.pk])
    built = []
    real = queries.ledger

    def counted(*args, **kwargs):
        built.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(queries, "ledger", counted)
    fragments = [client_in.get(url, HTTP_HX_TARGET="live", **HTMX) for _ in range(3)]
    assert len(built) == 1
    assert fragments[0].content == fragments[2].content
    assert 'id="live"' in fragments[2].content.decode()
    services.record_hand(night=night, record=plain(30))
    after = client_in.get(url, HTTP_HX_TARGET="live", **HTMX)
    assert len(built) == 2
    assert "Hand 32" in after.content.decode()


# --- match games: flat states in the rows, the end from a replay -----------------------------


def _match_night(user, key: str, deals: int):
    session, records = random_night(key, random.Random(11), deals)
    data = sheet_of(records, key, session.players, dict(session.house_rules))
    return sheets.create_night_from_sheet(owner=user, data=data), data, session, records


@pytest.mark.django_db
@pytest.mark.parametrize("key", ["scopa", "strohmandli"])
def test_a_match_nights_rows_keep_no_history_and_its_end_is_the_scorers(user, key):
    night, data, _session, _records = _match_night(user, key, 300)
    states = list(Hand.objects.filter(night=night).values_list("state", flat=True))
    assert all("done" not in s for s in states)
    assert max(len(json.dumps(s)) for s in states) < 1000
    expected = replay(read_sheet(data).session, read_sheet(data).records).end
    shown = (expected.payouts, expected.pots_left, expected.lines)  # what the pages show
    for view in (queries.night_view(night), queries.night_view(night, tail=25)):
        end = view.end()
        assert (end.payouts, end.pots_left, end.lines) == shown
        assert len(shown[2]) > (30 if key == "strohmandli" else 0)  # a line per match


@pytest.mark.django_db
def test_a_scopa_nights_end_on_the_pages_needs_no_replay(user, monkeypatch):
    """Scopa's finished matches are listed only in the result format: the settle-up's end
    (payouts, lines) is read from the last row's state, without replaying the night."""
    night, data, _session, _records = _match_night(user, "scopa", 300)
    expected = replay(read_sheet(data).session, read_sheet(data).records).end
    monkeypatch.setattr(queries, "fold", lambda *a, **k: pytest.fail("replayed"))
    end = queries.night_view(night, tail=1).end()
    assert (end.payouts, end.lines) == (expected.payouts, expected.lines)
    assert end.extra["match_wins"] == expected.extra["match_wins"]


@pytest.mark.django_db
def test_a_night_stored_with_old_states_still_scores_the_next_deal(user, client_in):
    night, _data, session, records = _match_night(user, "scopa", 120)
    # The form before issue 20: each row's state listed its finished matches.
    rows = list(Hand.objects.filter(night=night).order_by("position"))
    old_last = dict(rows[-1].state)
    assert "played" in old_last
    played = old_last.pop("played")
    old_last["done"] = [{"number": i + 1} for i in range(played)]  # any list of that length
    Hand.objects.filter(pk=rows[-1].pk).update(state=old_last)
    more = random_night("scopa", random.Random(11), 121)[1][-1]
    assert more  # the generator continues the same night
    services.record_hand(night=night, record=more)
    after = Hand.objects.filter(night=night).order_by("-position").first()
    replayed = replay(session, [*records, more])
    assert after.entries == nights.entries_to_json(replayed.entries[-1:])
    assert after.state == registry.get("scopa").dump_state(replayed.state)
    assert after.state["played"] >= played


@pytest.mark.django_db
def test_the_migration_fills_each_rows_amounts(user):
    """Migration 0011 writes `Hand.amounts` for stored rows: the same as a save writes."""
    night, _data, _session, _records = _match_night(user, "scopa", 40)
    written = dict(Hand.objects.filter(night=night).values_list("pk", "amounts"))
    assert all(a["deltas"] for a in written.values())
    Hand.objects.filter(night=night).update(amounts={})
    migration = importlib.import_module("scorebook.migrations.0011_hand_amounts")
    migration.fill_amounts(django_apps, None)
    assert dict(Hand.objects.filter(night=night).values_list("pk", "amounts")) == written
