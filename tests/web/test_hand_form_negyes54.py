"""The Négyes (54 cards) hand form (templates/scorebook/hands/negyes54.html)."""

import pytest

from scorebook.models import Hand
from tests.web.handforms import (
    assert_edit_keeps_every_hand,
    assert_problem_next_to,
    assert_renders,
    assert_saved,
    assert_totals_equal_replay,
    enter_hand,
    make_night,
    new_hand_page,
    stored_records,
)

pytestmark = pytest.mark.django_db
PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]
NO_RESULT = {"tricks": None, "declarer_side_points": None}
# The called tarokk starts at XIX; a game that calls none hides it (hand.js), and without
# JavaScript the player leaves it blank.
NO_CALL = {"called_tarokk:int": ""}


@pytest.fixture
def night(user):
    return make_night(user, "negyes54", PLAYERS, first_dealer="Dóra")


def test_the_page_renders_the_negyes54_form(client_in, night):
    assert_renders(new_hand_page(client_in, night), "negyes54")


def test_a_called_game_with_a_lost_ultimo_then_a_lost_betli(client_in, night):
    game = {
        "contract": "jatek_es_ultimo",
        "declarer": "Anna",
        "called_tarokk:int": "19",
        "partner": "Csaba",
        "contra:int": "1",
        "result.declarer_side_points:int": "36",
        "result.ultimo_won:bool": "0",
    }
    assert_saved(enter_hand(client_in, night, game))
    betli = {"contract": "teritett_betli", "declarer": "Csaba"}
    betli["result.declarer_took_trick:bool"] = "1"
    assert_saved(enter_hand(client_in, night, betli | NO_CALL))
    first, second = stored_records(night)  # no irregularity chip tapped: none sent
    assert first == {
        "dealer": "Dóra",
        "contract": "jatek_es_ultimo",
        "declarer": "Anna",
        "called_tarokk": 19,
        "partner": "Csaba",
        "contra": 1,
        "result": {"declarer_side_points": 36, "ultimo_won": False},
    }  # the trisákolás tricks and helper do not apply: left out
    assert second == {
        "dealer": "Anna",
        "contract": "teritett_betli",
        "declarer": "Csaba",
        "contra": 0,
        "result": {"declarer_took_trick": True},
    }  # no called tarokk, card points or trisákolás tricks at a betli: not asked, not sent
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_a_trisakolas_with_a_helper(client_in, night):
    data = {"contract": "trisakolas", "declarer": "Anna", "helper": "Csaba"}
    for i, tricks in enumerate([2, 4, 3, 3]):
        data[f"result.tricks.@{i}:int"] = str(tricks)
    assert_saved(enter_hand(client_in, night, data | NO_CALL))
    record = stored_records(night)[0]
    assert record["helper"] == "Csaba"
    assert record["result"]["tricks"] == {"Anna": 2, "Béla": 4, "Csaba": 3, "Dóra": 3}
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_a_betli_the_declarer_won(client_in, night):
    betli = {"contract": "betli", "declarer": "Anna", "result.declarer_took_trick:bool": "0"}
    assert_saved(enter_hand(client_in, night, betli | NO_CALL))


def test_an_impossible_hand_is_refused_next_to_its_field(client_in, night):
    data = {"contract": "trisakolas_all_pass"}
    for i, tricks in enumerate([2, 4, 3, 4]):
        data[f"result.tricks.@{i}:int"] = str(tricks)
    response = enter_hand(client_in, night, data | NO_CALL)
    assert "12" in assert_problem_next_to(response, "result.tricks")
    assert not Hand.objects.exists()
