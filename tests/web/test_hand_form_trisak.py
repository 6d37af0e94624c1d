"""The Trisák hand form (templates/scorebook/hands/trisak.html)."""

import pytest
from django.urls import reverse

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


def test_the_last_trick_count_follows_from_the_other_three(client_in, night):
    """Issue 23: the tricks add up to 12, so Dóra's left blank is 12 - 3 - 2 - 4 = 3, stored
    (the export carries it) and named in the breakdown before saving."""
    data = {"contract": "trisakolas", "declarer": "Anna"}
    for i, points in enumerate([28, 12, 38, 22]):
        data[f"result.trisak_points.@{i}:int"] = str(points)
    for i, tricks in enumerate([3, 2, 4]):
        data[f"result.trisak_tricks.@{i}:int"] = str(tricks)
    dealt = data | NOT_CALLED | {"dealer": "Dóra"}
    shown = client_in.post(reverse("preview", args=[night.pk]), dealt)
    assert 'data-inferred="result.trisak_tricks.@3" data-value="3">' in shown.content.decode()
    assert_saved(enter_hand(client_in, night, data | NOT_CALLED))
    result = stored_records(night)[0]["result"]
    assert result["trisak_tricks"] == {"Anna": 3, "Béla": 2, "Csaba": 4, "Dóra": 3}
    assert_totals_equal_replay(night)


def test_an_impossible_hand_is_refused_next_to_its_field(client_in, night):
    data = {"contract": "trisakolas", "declarer": "Anna"}
    for i, (points, tricks) in enumerate([(28, 3), (12, 2), (38, 4), (22, 4)]):
        data[f"result.trisak_points.@{i}:int"] = str(points)
        data[f"result.trisak_tricks.@{i}:int"] = str(tricks)
    response = enter_hand(client_in, night, data | NOT_CALLED)
    assert "not 12" in assert_problem_next_to(response, "result.trisak_tricks")
    assert not Hand.objects.exists()


def test_ultimohivas_asks_only_what_the_contract_leaves_open(client_in, night):
    """Issue 23 item 12: at ultimóhívás the ultimó is the declarer's own, announced; the
    form asks only its contra and result, and the stored record says the rest."""
    page = new_hand_page(client_in, night).content.decode()
    asked = 'data-when="contract:jatek harmas harmas_szolo"'
    for path in ("ultimo.by", "ultimo.side", "ultimo.announced"):
        assert f'data-path="{path}" id="at-{path.replace(".", "-")}" {asked}' in page, path
    hand = {
        "contract": "ultimohivas",
        "declarer": "Anna",
        "called_tarokk:int": "19",
        "partner": "Béla",
        "result.declarer_side_points:int": "50",
        "ultimo.made:bool": "1",
    }
    assert_saved(enter_hand(client_in, night, hand))
    (record,) = stored_records(night)
    assert record["ultimo"] == {"side": "declarer", "by": "Anna", "announced": True, "made": True}
    (entry,) = Hand.objects.get(night=night).entries
    assert entry["deltas"]["Anna"] > 0
    assert_totals_equal_replay(night)
