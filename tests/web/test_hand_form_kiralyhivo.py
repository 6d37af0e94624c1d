"""The Királyhívás hand form (templates/scorebook/hands/kiralyhivo.html)."""

import html as html_lib
import re

import pytest
from django.urls import reverse

from scorebook.models import Hand
from tests.web.handforms import (
    assert_edit_keeps_every_hand,
    assert_problem_next_to,
    assert_renders,
    assert_saved,
    assert_totals_equal_replay,
    browser_data,
    enter_hand,
    make_night,
    new_hand_page,
    stored_records,
)

pytestmark = pytest.mark.django_db
PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]
CALL = {
    "declarer": "Anna",
    "contract": "hivas",
    "called_king": "clubs",
    "called_king_location": "player",
    "partner": "Csaba",
}


@pytest.fixture
def night(user):
    return make_night(user, "kiralyhivo", PLAYERS, first_dealer="Dóra")


def test_the_page_renders_the_kiralyhivo_form(client_in, night):
    assert_renders(new_hand_page(client_in, night), "kiralyhivo")


def test_a_call_with_a_contra_and_an_announced_figure_then_an_all_pass(client_in, night):
    data = CALL | {
        "game_contra:int": "1",
        "result.declarer_side_points:int": "40",
        "announcements[0].figure": "four_kings",
        "announcements[0].by": "Béla",
        "announcements[0].side": "opponents",
        "announcements[0].contra:int": "1",
        "result.figures_made.four_kings": "declarer",
    }
    assert_saved(enter_hand(client_in, night, data))
    assert_saved(enter_hand(client_in, night, {"all_pass:bool": "1"}))
    first, second = stored_records(night)
    # Chips left untapped send nothing: the figures nobody made, the talon action and the
    # irregularity are absent (the reader takes them as null).
    assert first == {
        "dealer": "Dóra",
        "all_pass": False,
        **CALL,
        "game_contra": 1,
        "announcements": [{"figure": "four_kings", "side": "opponents", "by": "Béla", "contra": 1}],
        "result": {"declarer_side_points": 40, "figures_made": {"four_kings": "declarer"}},
    }
    assert second == {
        "dealer": "Anna",
        "all_pass": True,
    }  # nothing of a played hand applies: left out
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_the_king_in_the_talon_thrown_in(client_in, night):
    data = {k: v for k, v in CALL.items() if k != "partner"} | {
        "called_king": "diamonds",
        "called_king_location": "talon",
        "talon_king_action": "throw",
    }
    assert_saved(enter_hand(client_in, night, data))
    record = stored_records(night)[0]
    assert record["talon_king_action"] == "throw"
    assert record["result"] is None
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_an_impossible_hand_is_refused_next_to_its_field(client_in, night):
    response = enter_hand(client_in, night, CALL | {"result.declarer_side_points:int": "71"})
    assert_problem_next_to(response, "result.declarer_side_points")
    assert not Hand.objects.exists()


def test_all_pass_hides_every_field_and_section_of_a_played_hand(client_in, night):
    """What the rules refuse at an all-pass (kiralyhivo.md §13: nothing but the dealer) is
    shown while "played" is chosen, as the new form opens: hand.js hides it and does not
    send it once "all pass" is tapped (tests/browser/test_kiralyhivo_night.py taps it)."""
    page = new_hand_page(client_in, night).content.decode()
    played = 'data-when="all_pass:0"'

    def opening_tag(path):
        return re.search(rf'<div [^>]*data-path="{re.escape(path)}"[^>]*>', page)[0]

    for path in (
        "declarer",
        "contract",
        "game_contra",
        "result.declarer_side_points",
        "result.figures_made.trull",
        "result.pagat_lost_last_trick",
        "irregularity.type",
        "irregularity.player",
    ):
        assert played in opening_tag(path), path
    for path in ("dealer", "all_pass"):
        assert "data-when" not in opening_tag(path), path
    # the announced figures' grid and the irregularity's folded section, as wholes
    assert f'<section class="card figures" {played}>' in page
    assert f'<details class="card" {played}>' in page
    assert re.search(r'name="all_pass" value="0" checked', page)  # played, to begin with
    # What the browser sends then: the dealer and the outcome alone.
    data = {"dealer": "Dóra", "all_pass:bool": "1"}
    assert_saved(client_in.post(reverse("new_hand", args=[night.pk]), data))
    assert stored_records(night) == [{"dealer": "Dóra", "all_pass": True}]
    assert_totals_equal_replay(night)


def test_an_announcements_side_follows_from_its_announcer(client_in, night):
    """Issue 23: with the partner known, Béla's announcement is the opponents' without a tap
    for its side, and scores as if the side had been tapped."""
    data = CALL | {
        "game_contra:int": "1",
        "result.declarer_side_points:int": "40",
        "announcements[0].figure": "four_kings",
        "announcements[0].by": "Béla",
        "announcements[0].contra:int": "1",
        "result.figures_made.four_kings": "declarer",
    }
    assert_saved(enter_hand(client_in, night, data))
    tapped = data | {"announcements[0].side": "opponents", "dealer": "Dóra"}
    assert_saved(enter_hand(client_in, night, tapped))
    inferred, explicit = Hand.objects.filter(night=night).order_by("position")
    # Stored with the side it implies, as if tapped: the export carries it.
    assert inferred.record["announcements"][0]["side"] == "opponents"
    assert inferred.record == explicit.record | {"dealer": inferred.record["dealer"]}
    assert inferred.entries[0]["lines"] == explicit.entries[0]["lines"]
    assert sum(abs(d) for d in inferred.entries[0]["deltas"].values()) > 0
    assert_totals_equal_replay(night)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "four kings (négy király) · Béla: opponents"),
        ("hu", "négy király · Béla: ellenfelek"),
        ("pl", "cztery króle (négy király) · Béla: przeciwnicy"),
    ],
)
def test_the_breakdown_names_the_figure_whose_side_it_infers(client_in, night, lang, words):
    """The inferred side is named by its announcement (figure and announcer), not "Side"."""
    data = browser_data(new_hand_page(client_in, night).content.decode())
    data |= CALL | {
        "result.declarer_side_points": "40",
        "announcements[31].figure": "four_kings",  # the grid's row: figure 3, seat 1
        "announcements[31].by": "Béla",
        "result.figures_made.four_kings": "declarer",
    }
    url = reverse("preview", args=[night.pk])
    page = client_in.post(url, data, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE=lang)
    note = re.search(r'<span data-inferred="announcements\[31\]\.side"[^>]*>([^<]*)<', page.text)
    assert note is not None
    assert html_lib.unescape(note[1]) == words


def test_an_announced_figure_that_failed_has_its_own_chip(client_in, night):
    """Issue 23 item 12: "not made" is a chip beside the sides that made a figure (not only
    a "made by" left blank); tapped, the announced four kings are scored as failed."""
    page = new_hand_page(client_in, night).content.decode()
    chip = re.compile(r'name="result\.figures_made\.(\w+)" value=""[^>]*>\s*<span>not made</span>')
    assert {"trull", "four_kings", "pagat_ultimo", "volat"} <= set(chip.findall(page))
    data = CALL | {
        "result.declarer_side_points:int": "40",
        "announcements[0].figure": "four_kings",
        "announcements[0].by": "Anna",
        "result.figures_made.four_kings": "",  # the "not made" chip
    }
    assert_saved(enter_hand(client_in, night, data))
    (record,) = stored_records(night)
    assert not (record["result"]["figures_made"] or {}).get("four_kings")  # nobody made them
    assert record["announcements"][0]["side"] == "declarer"  # from Anna, the declarer
    made = data | {"result.figures_made.four_kings": "declarer", "dealer": "Dóra"}
    assert_saved(enter_hand(client_in, night, made))
    failed, succeeded = (h.entries[0]["deltas"] for h in Hand.objects.order_by("position"))
    # the announced four kings lost instead of won: Anna, who announced them, gets less
    assert succeeded["Anna"] - failed["Anna"] > 0
    assert sum(failed.values()) == sum(succeeded.values()) == 0
