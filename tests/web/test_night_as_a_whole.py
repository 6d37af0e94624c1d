"""The night as a whole (issue 13): standings, the table view, share link copy and QR, joins
by name, date and place in scoresheets, long nights that stay light."""

import datetime
import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorebook import ledger, nightview, services, sharing, sheets
from scorebook.engine.errors import InvalidSheet
from scorebook.engine.scoresheet import read_sheet, score_sheet
from scorebook.models import Night
from tests.web.conftest import PLAYERS, hand

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
ROOT = Path(__file__).resolve().parents[2]
PASKIEVICS = ["Anna", "Béla", "Csaba", "Dóra"]


def paskievics_hand(n):
    dealer = PASKIEVICS[(3 + n) % 4]
    i = PASKIEVICS.index(dealer)
    return {
        "dealer": dealer,
        "outcome": "played",
        "bid": {"declarer": PASKIEVICS[(i + 1) % 4], "level": "two"},
        "called_card": "XX",
        "partner": PASKIEVICS[(i + 2) % 4],
        "game_contra": n % 2,
        "announcements": [],
        "result": {"declarer_card_points": 30 + n % 40},
    }


def long_night(user, hands):
    """A Paskievics night of `hands` hands, stored as the services store recorded ones."""
    doc = {
        "format": "scorebook/1",
        "variant": "paskievics",
        "stake": {"per_point": "2", "currency": "HUF"},
        "players": PASKIEVICS,
        "hands": [paskievics_hand(n) for n in range(hands)],
    }
    return sheets.create_night_from_sheet(owner=user, data=doc)


@pytest.fixture
def played(night):
    services.record_hand(night=night, record=hand("Dóra", "Anna", 3))
    services.record_hand(night=night, record=hand("Anna", "Béla", 1, to_kitty=True))
    return night


# --- standings ------------------------------------------------------------------------------


def test_standings_at_the_top_of_the_night_page(client_in, played):
    response = client_in.get(reverse("night", args=[played.pk]))
    standings = response.context["standings"]
    # Money as the settle-up has it: the points, and a share of the kitty (4 ÷ 4 = 1 each)
    # that the end of the night pays out (issue 23 item 13), at 2 HUF a point
    assert standings.players == [
        ("Anna", "+7", "16.00"),
        ("Béla", "−1", "0.00"),
        ("Csaba", "−5", "−8.00"),
        ("Dóra", "−5", "−8.00"),
    ]
    assert standings.pots == [("kitty", "4")]
    assert standings.last.label == "2"
    # Béla wins 1 from each (+3, −1 each), then everyone puts 1 into the kitty
    assert standings.payments == [("Anna", "−2"), ("Béla", "+2"), ("Csaba", "−2"), ("Dóra", "−2")]
    assert (standings.next_number, standings.next_dealer) == (3, "Béla")
    html = response.content.decode()
    # The standings come before the ledger, and refresh (as a fragment) when it changes.
    assert html.index('id="standings"') < html.index('id="ledger"')
    fragment = client_in.get(reverse("night", args=[played.pk]), HTTP_HX_TARGET="standings", **HX)
    assert fragment.template_name == "scorebook/night.html#standings"
    assert "next: #3" in fragment.content.decode()
    assert "Béla deals" in fragment.content.decode()


# --- long nights ----------------------------------------------------------------------------


def night_page(client, night, **extra):
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(reverse("night", args=[night.pk]), **extra)
    assert response.status_code == 200
    return response, len(ctx.captured_queries)


def test_a_long_night_page_stays_light(client_in, user):
    small, large = long_night(user, 100), long_night(user, 1000)
    (page_small, queries_small), (page_large, queries_large) = (
        night_page(client_in, small),
        night_page(client_in, large),
    )
    assert len(page_small.content) <= 60 * 1024
    assert len(page_large.content) <= 60 * 1024
    assert queries_small == queries_large
    # The latest 25 rows, the totals of the whole night, no form or CSRF token per row.
    rows = page_large.context["rows"]
    assert [r.label for r in rows] == [str(n) for n in range(976, 1001)]
    assert page_large.context["earlier"] == 975
    full = ledger.ledger(nightview.night_view(large))
    assert page_large.context["totals"] == full[1]
    assert rows[-1].running == full[0][-1].running
    html = page_large.content.decode()
    assert html.count("csrfmiddlewaretoken") == page_small.content.decode().count(
        "csrfmiddlewaretoken"
    )
    assert html.count("<form") < 10
    assert 'form="row-action"' in html
    assert "?show=75#ledger" in html  # the plain link, for a page without JavaScript


def test_earlier_hands_on_demand_and_without_javascript(client_in, user):
    night = long_night(user, 120)
    url = reverse("night", args=[night.pk])
    more = client_in.get(url, {"show": "75"}, HTTP_HX_TARGET="earlier", **HX)
    assert more.template_name == "scorebook/night.html#earlier"
    assert [r.label for r in more.context["rows"]] == [str(n) for n in range(46, 96)]
    assert more.context["earlier"] == 45
    html = more.content.decode()
    assert "<html" not in html
    assert "?show=125" in html
    # The running totals of the rows brought in continue those of the page.
    full = ledger.ledger(nightview.night_view(night))[0]
    assert [r.running for r in more.context["rows"]] == [r.running for r in full[45:95]]
    last = client_in.get(url, {"show": "125"}, HTTP_HX_TARGET="earlier", **HX)
    assert [r.label for r in last.context["rows"]] == [str(n) for n in range(1, 46)]
    assert last.context["earlier"] == 0
    assert 'id="earlier"' not in last.content.decode()
    # Without JavaScript the link opens the page with more rows.
    page = client_in.get(url, {"show": "75"})
    assert page.template_name == "scorebook/night.html"
    assert len(page.context["rows"]) == 75
    for junk in ("x", "-5", "9" * 20):
        assert len(client_in.get(url, {"show": junk}).context["rows"]) == 25


def test_delete_from_the_one_row_form(client_in, played):
    response = client_in.get(reverse("night", args=[played.pk]))
    html = response.content.decode()
    first = played.hands.get(number=1)
    action = reverse("delete_hand", args=[played.pk, first.pk])
    assert f'formaction="{action}" name="_version" value="1"' in html
    # row form, log-out, language, join, deleting the night
    assert html.count("csrfmiddlewaretoken") == 5
    deleted = client_in.post(action, {"_version": "1"}, **HX)
    assert deleted.template_name == "scorebook/night.html#ledger"
    first.refresh_from_db()
    assert first.deleted


def test_the_print_page_shows_every_hand(client_in, user):
    night = long_night(user, 100)
    response = client_in.get(reverse("print", args=[night.pk]))
    assert [r.label for r in response.context["rows"]] == [str(n) for n in range(1, 101)]
    assert response.content.decode().count('<td class="no">') == 100


# --- the table view -------------------------------------------------------------------------


def test_table_view_for_the_owner(client_in, played, other_client):
    url = reverse("table", args=[played.pk])
    response = client_in.get(url)
    assert response.status_code == 200
    assert response.template_name == "scorebook/table.html"
    assert response.context["standings"].players[0] == ("Anna", "+7", "16.00")
    html = response.content.decode()
    assert f'hx-get="{url}"' in html
    assert "every 4s" in html
    assert other_client.get(url).status_code == 404
    assert Client().get(url).status_code == 302  # to the log-in page
    assert client_in.post(url).status_code == 405
    # Polling: the fragment, then 304 from one query while nothing changes.
    live = client_in.get(url, HTTP_HX_TARGET="live", **HX)
    assert live.template_name == "scorebook/table.html#live"
    with CaptureQueriesContext(connection) as ctx:
        again = client_in.get(url, HTTP_IF_NONE_MATCH=live["ETag"], HTTP_HX_TARGET="live", **HX)
    assert again.status_code == 304
    auth_queries = [q for q in ctx.captured_queries if "scorebook_night" in q["sql"]]
    assert len(auth_queries) == 1
    services.record_hand(night=played, record=hand("Béla", "Csaba", 2))
    fresh = client_in.get(url, HTTP_IF_NONE_MATCH=live["ETag"], HTTP_HX_TARGET="live", **HX)
    assert fresh.status_code == 200
    assert fresh.context["standings"].last.label == "3"


def test_table_view_through_the_share_link(played):
    token = services.share_night(night=played).token
    url = reverse("shared_table", args=[token])
    c = Client()
    response = c.get(url)
    assert response.status_code == 200
    assert response["X-Robots-Tag"] == "noindex, nofollow"
    assert response.context["standings"].next_dealer == "Béla"
    assert reverse("shared", args=[token]) in response.content.decode()
    with CaptureQueriesContext(connection) as ctx:
        assert c.get(url, HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304
    assert len(ctx.captured_queries) == 1
    services.revoke_share(night=played)
    assert c.get(url).status_code == 404
    assert c.get(reverse("shared_table", args=["nope"])).status_code == 404


# --- sharing --------------------------------------------------------------------------------


def test_share_page_has_a_copy_button_and_a_qr_code(client_in, night):
    token = services.share_night(night=night).token
    html = client_in.get(reverse("share", args=[night.pk])).content.decode()
    assert 'id="copy-link"' in html
    assert 'data-copy="share-url"' in html
    assert "scorebook/share.js" in html
    assert "onclick" not in html
    assert "<script>" not in html
    svg = html[html.index("<svg") : html.index("</svg>") + len("</svg>")]
    root = ET.fromstring(svg)
    assert root.get("class") == "qr"
    assert root.find("title").text == "QR code of the share link"
    assert root.find("path").get("d").startswith("M")
    assert reverse("shared_table", args=[token]) in html


def test_qr_code_encodes_the_link():
    svg = sharing.qr_svg("https://scores.example.org/s/abc/", "link")
    again = sharing.qr_svg("https://scores.example.org/s/abc/", "link")
    other = sharing.qr_svg("https://scores.example.org/s/abd/", "link")
    assert svg == again != other
    assert ET.fromstring(svg).get("viewBox").startswith("0 0 ")


def test_shared_page_shows_every_total_and_the_pot(played):
    token = services.share_night(night=played).token
    html = Client().get(reverse("shared", args=[token])).content.decode()
    grid = html[html.index('id="shared-totals"') : html.index("</ol>", html.index("shared-totals"))]
    for name, points, money in (("Anna", "+7", "16.00"), ("Csaba", "−5", "−8.00")):
        assert name in grid
        assert points in grid
        assert money in grid
    assert "kitty" in grid
    assert 'class="table-wrap"><table class="totals"' not in html


# --- joins ----------------------------------------------------------------------------------


def test_join_asks_where_by_name(client_in, night):
    html = client_in.get(reverse("night", args=[night.pk])).content.decode()
    assert "Seat (0 = first)" not in html
    assert '<option value="2">between Béla and Csaba</option>' in html
    assert '<option value="4" selected>after Dóra</option>' in html
    response = client_in.post(
        reverse("event", args=[night.pk]), {"event": "join", "player": "Ede", "seat_index:int": "2"}
    )
    assert response.status_code == 302
    night.refresh_from_db()
    assert night.seating == ["Anna", "Béla", "Ede", "Csaba", "Dóra"]


def test_join_gaps_skip_who_has_left(night):
    services.record_hand(night=night, record={"event": "join", "player": "Ede"})
    services.record_hand(night=night, record={"event": "leave", "player": "Béla"})
    gaps = nightview.join_gaps(nightview.night_view(night))
    assert gaps == [
        (1, "Anna", "Csaba"),  # Béla's place: he has left
        (3, "Csaba", "Dóra"),
        (4, "Dóra", "Ede"),
        (5, "Ede", None),
    ]


# --- date and place in scoresheets ----------------------------------------------------------


def sheet_doc(**extra):
    return {
        "format": "scorebook/1",
        "variant": "toy",
        "players": PLAYERS,
        "hands": [hand("Dóra", "Anna", 3)],
        **extra,
    }


def test_export_writes_date_and_place(client_in, night):
    night.date = datetime.date(2026, 11, 21)
    night.save()
    doc = client_in.get(reverse("sheet", args=[night.pk])).json()
    assert doc["date"] == "2026-11-21"
    assert doc["place"] == "Kávéház"
    assert list(doc)[-3:] == ["date", "place", "hands"]  # where the format shows them


def test_import_reads_date_and_place_and_the_form_wins(client_in):
    text = json.dumps(sheet_doc(date="2026-11-21", place="Klub"))
    assert client_in.post(reverse("import_night"), {"text": text}).status_code == 302
    night = Night.objects.latest("pk")
    assert (night.date, night.place) == (datetime.date(2026, 11, 21), "Klub")
    again = {"text": text, "date": "2026-12-01", "place": "Otthon", "confirm_duplicate": "1"}
    client_in.post(reverse("import_night"), again)
    night = Night.objects.latest("pk")
    assert (night.date, night.place) == (datetime.date(2026, 12, 1), "Otthon")
    # Export → import → export keeps them, byte for byte.
    first = client_in.get(reverse("sheet", args=[night.pk])).content
    client_in.post(reverse("import_night"), {"file": io.BytesIO(first), "confirm_duplicate": "1"})
    again = client_in.get(reverse("sheet", args=[Night.objects.latest("pk").pk])).content
    assert again == first
    assert json.loads(again)["date"] == "2026-12-01"


@pytest.mark.parametrize(
    ("extra", "field", "message"),
    [
        ({"date": "21/11/2026"}, "date", "is not a day written as YYYY-MM-DD"),
        ({"date": "2026-02-30"}, "date", "is not a day written as YYYY-MM-DD"),
        ({"date": "20261121"}, "date", "is not a day written as YYYY-MM-DD"),
        ({"date": 20261121}, "date", "is not a day written as YYYY-MM-DD"),
        ({"place": "x" * 101}, "place", "is longer than 100 characters"),
        ({"place": 7}, "place", "must be plain text"),
        ({"place": "a\nb"}, "place", "must be plain text"),
    ],
)
def test_bad_date_or_place_is_refused_naming_the_field(extra, field, message, client_in):
    with pytest.raises(InvalidSheet) as refused:
        read_sheet(sheet_doc(**extra))
    (problem,) = refused.value.problems
    assert problem.field == field
    assert message in str(problem.message)
    before = Night.objects.count()
    response = client_in.post(reverse("import_night"), {"text": json.dumps(sheet_doc(**extra))})
    assert response.status_code == 200
    assert any(p.startswith(f"{field}: ") for p in response.context["problems"])
    assert Night.objects.count() == before


def test_a_place_of_exactly_100_characters_is_kept(user):
    night = sheets.create_night_from_sheet(owner=user, data=sheet_doc(place="p" * 100))
    assert night.place == "p" * 100
    assert read_sheet(sheet_doc(place="p" * 100)).place == "p" * 100


def test_the_scorer_ignores_date_and_place():
    plain = score_sheet(sheet_doc())
    assert score_sheet(sheet_doc(date="2026-11-21", place="Klub")) == plain
    assert "date" not in plain
    assert "place" not in plain


def test_restore_keeps_date_and_place(tmp_path, user, night):
    from django.core.management import call_command

    night.date = datetime.date(2026, 11, 21)
    night.save()
    call_command("dump_nights", str(tmp_path), stdout=io.StringIO())
    saved = json.loads((tmp_path / f"night-{night.pk}.json").read_text(encoding="utf-8"))
    assert (saved["date"], saved["place"]) == ("2026-11-21", "Kávéház")
    call_command("restore_nights", str(tmp_path), stdout=io.StringIO())
    copy = Night.objects.latest("pk")
    assert copy.pk != night.pk
    assert (copy.date, copy.place) == (datetime.date(2026, 11, 21), "Kávéház")


def test_a_window_of_deleted_rows_still_knows_the_last_hand(client_in, user):
    """The page loads only its window of rows: when all of them are deleted hands, the next
    hand, the dealer and the totals still come from the last live hand before them."""
    night = long_night(user, 40)
    for number in range(40, 14, -1):  # the last 26 rows: deleted
        services.delete_hand(hand=night.hands.get(number=number), version=1)
    response = client_in.get(reverse("night", args=[night.pk]))
    full = nightview.night_view(night)
    assert response.context["next_number"] == full.next_number() == 15
    assert response.context["hint"] == full.hint()
    assert response.context["totals"] == ledger.ledger(full)[1]
    assert [r.label for r in response.context["rows"]] == ["×"] * 25
    standings = response.context["standings"]
    assert (standings.next_number, standings.next_dealer) == (15, full.hint().next_dealer)


def test_the_seat_choice_only_counts_for_a_new_player(client_in, night):
    """The join form always sends a seat; a leave, or a player coming back, ignores it."""
    url = reverse("event", args=[night.pk])
    client_in.post(url, {"event": "join", "player": "Ede", "seat_index:int": "4"})
    client_in.post(url, {"event": "leave", "player": "Béla", "seat_index:int": "1"})
    client_in.post(url, {"event": "join", "player": "Béla", "seat_index:int": "5"})
    records = list(night.hands.order_by("position").values_list("record", flat=True))
    assert records == [
        {"event": "join", "player": "Ede", "seat_index": 4},
        {"event": "leave", "player": "Béla"},
        {"event": "join", "player": "Béla"},
    ]
    night.refresh_from_db()
    assert night.seating == ["Anna", "Béla", "Csaba", "Dóra", "Ede"]


def test_the_shared_page_of_a_long_night_shows_its_latest_hands(client_in, user):
    night = long_night(user, 100)
    token = services.share_night(night=night).token
    url = reverse("shared", args=[token])
    c = Client()
    page = c.get(url)
    assert [r.label for r in page.context["rows"]] == [str(n) for n in range(76, 101)]
    assert f'href="{url}?all=1"' in page.content.decode()
    assert len(page.content) <= 60 * 1024
    settle_up = client_in.get(reverse("settle", args=[night.pk])).context["transfers"]
    assert page.context["transfers"] == settle_up
    assert page.context["totals"] == ledger.ledger(nightview.night_view(night))[1]
    every = c.get(url, {"all": "1"})
    assert len(every.context["rows"]) == 100
    assert every["ETag"] != page["ETag"]
    assert f'hx-get="{url}?all=1"' in every.content.decode()
