"""The Snapszer deal form (templates/scorebook/hands/snapszer.html)."""

import pytest

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
PLAYERS = ["Anna", "Béla"]


@pytest.fixture
def night(user):
    return make_night(user, "snapszer", PLAYERS, first_dealer="Anna")


def test_the_page_renders_the_snapszer_form(client_in, night):
    assert_renders(new_hand_page(client_in, night), "snapszer")


def test_deals_in_two_or_three_taps(client_in, night):
    # who won + the loser's points; 66 reached and "took a trick" are pre-set
    plain = {"result.winner": "Anna", "result.loser_points:int": "41"}
    assert_saved(enter_hand(client_in, night, plain))
    # schwarz: who won, "no trick", 0 points
    schwarz = {
        "result.winner": "Béla",
        "result.loser_took_trick:bool": "",
        "result.loser_points:int": "0",
    }
    assert_saved(enter_hand(client_in, night, schwarz))
    last = {"result.winner": "Anna", "result.win_by": "last_trick", "result.loser_points:int": "58"}
    assert_saved(enter_hand(client_in, night, last))
    common: dict[str, object] = {}  # "closed by" is chips: untapped, nothing is sent
    assert stored_records(night) == [
        {
            "dealer": "Anna",
            "result": {
                "winner": "Anna",
                "win_by": "reached_66",
                "loser_took_trick": True,
                "loser_points": 41,
                **common,
            },
        },
        {
            "dealer": "Béla",
            "result": {
                "winner": "Béla",
                "win_by": "reached_66",
                "loser_took_trick": False,
                "loser_points": 0,
                **common,
            },
        },
        {
            "dealer": "Anna",
            "result": {
                "winner": "Anna",
                "win_by": "last_trick",
                "loser_took_trick": True,
                "loser_points": 58,
                **common,
            },
        },
    ]
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_a_failed_close(client_in, user):
    night = make_night(user, "snapszer", PLAYERS, first_dealer="Anna", snapszer_closing=True)
    shown = browser_data(new_hand_page(client_in, night).text)
    assert "result.winner_had_trick_at_closing:bool" not in shown  # asked, not pre-set
    data = {
        "result.winner": "Béla",
        "result.win_by": "closer_failed",
        "result.closed_by": "Anna",
        "result.winner_had_trick_at_closing:bool": "0",
    }
    assert_saved(enter_hand(client_in, night, data))
    result = stored_records(night)[0]["result"]
    assert result["closed_by"] == "Anna"
    assert result["winner_had_trick_at_closing"] is False
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_an_impossible_deal_is_refused_next_to_its_field(client_in, night):
    data = {"result.winner": "Anna", "result.win_by": "last_trick", "result.loser_points:int": "40"}
    response = enter_hand(client_in, night, data)
    assert "55" in assert_problem_next_to(response, "result.loser_points")
    assert not Hand.objects.exists()


def test_schwarz_needs_no_points_typed(client_in, night):
    """Issue 23: "no trick (schwarz)" implies the loser's 0 points; the first Save is taken."""
    tapped = {"result.winner": "Béla", "result.loser_took_trick:bool": ""}
    assert_saved(enter_hand(client_in, night, tapped))
    typed = {**tapped, "result.loser_points:int": "0"}
    assert_saved(enter_hand(client_in, night, typed))
    inferred, explicit = Hand.objects.filter(night=night).order_by("position")
    assert inferred.record["result"]["loser_took_trick"] is False
    assert inferred.record["result"]["loser_points"] == 0  # stored, so the export has it
    # Scored exactly as with the 0 typed: Béla's schwarz is 3 game points.
    first, second = (hand.entries[0]["lines"][0] for hand in (inferred, explicit))
    assert first["deltas"] == second["deltas"] == {"Anna": -3, "Béla": 3}
    assert first["text"] == second["text"]
    assert_totals_equal_replay(night)
