"""The Trisák hand form (templates/scorebook/hands/trisak.html)."""

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
# The called tarokk starts at XIX; outside játék and ultimóhívás the browser hides and
# disables it (data-when): here, without JavaScript, it is set back to none.
NOT_CALLED = {"called_tarokk:int": ""}


@pytest.fixture
def night(user):
    return make_night(user, "trisak", PLAYERS, first_dealer="Dóra")


def test_the_page_renders_the_trisak_form(client_in, night):
    assert_renders(new_hand_page(client_in, night), "trisak")


def test_a_called_game_with_an_ultimo_then_a_betli(client_in, night):
    jatek = {
        "contract": "jatek",
        "declarer": "Anna",
        "called_tarokk:int": "18",
        "partner": "Béla",
        "result.declarer_side_points:int": "50",
        "ultimo.by": "Csaba",
        "ultimo.side": "opponents",
        "ultimo.announced:bool": "1",
        "ultimo.made:bool": "",
        "ultimo.contra:int": "1",
    }
    assert_saved(enter_hand(client_in, night, jatek))
    betli = {
        "contract": "bettli",
        "declarer": "Dóra",
        "result.declarer_took_trick:bool": "1",
        "hand_bonuses[0].player": "Béla",
        "hand_bonuses[0].bonus": "four_kings",
    }
    assert_saved(enter_hand(client_in, night, betli | NOT_CALLED))
    records = stored_records(night)
    assert records[0] == {
        "dealer": "Dóra",
        "contract": "jatek",
        "declarer": "Anna",
        "called_tarokk": 18,
        "partner": "Béla",
        "game_contra": 0,
        "ultimo": {
            "side": "opponents",
            "by": "Csaba",
            "announced": True,
            "contra": 1,
            "made": False,
        },
        "hand_bonuses": [],
        "result": {
            "declarer_side_points": 50,
        },
        # an irregularity's chips send nothing when untapped
    }
    assert records[1]["contract"] == "bettli"
    assert records[1]["result"] == {"declarer_took_trick": True}
    assert records[1]["hand_bonuses"] == [{"player": "Béla", "bonus": "four_kings"}]
    assert records[1].get("ultimo") is None
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_a_betli_the_declarer_won(client_in, night):
    betli = {"contract": "bettli", "declarer": "Anna", "result.declarer_took_trick:bool": "0"}
    assert_saved(enter_hand(client_in, night, betli | NOT_CALLED))
    assert stored_records(night)[0]["result"]["declarer_took_trick"] is False


def test_a_trisakolas_with_each_players_points_and_tricks(client_in, night):
    data = {"contract": "trisakolas", "declarer": "Anna"}
    for i, (points, tricks) in enumerate([(28, 3), (12, 2), (38, 4), (22, 3)]):
        data[f"result.trisak_points.@{i}:int"] = str(points)
        data[f"result.trisak_tricks.@{i}:int"] = str(tricks)
    assert_saved(enter_hand(client_in, night, data | NOT_CALLED))
    result = stored_records(night)[0]["result"]
    assert result["trisak_points"] == {"Anna": 28, "Béla": 12, "Csaba": 38, "Dóra": 22}
    assert result["trisak_tricks"] == {"Anna": 3, "Béla": 2, "Csaba": 4, "Dóra": 3}
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_an_impossible_hand_is_refused_next_to_its_field(client_in, night):
    data = {"contract": "trisakolas", "declarer": "Anna"}
    for i, (points, tricks) in enumerate([(28, 3), (12, 2), (38, 4), (22, 4)]):
        data[f"result.trisak_points.@{i}:int"] = str(points)
        data[f"result.trisak_tricks.@{i}:int"] = str(tricks)
    response = enter_hand(client_in, night, data | NOT_CALLED)
    assert "not 12" in assert_problem_next_to(response, "result.trisak_tricks")
    assert not Hand.objects.exists()
