"""The Trappola deal form (templates/scorebook/hands/trappola.html)."""

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
PLAYERS = ["Anna", "Béla"]


@pytest.fixture
def night(user):
    return make_night(user, "trappola", PLAYERS, first_dealer="Anna")


def points(a, b):
    return {"result.card_points.@0:int": str(a), "result.card_points.@1:int": str(b)}


def test_the_page_renders_the_trappola_form(client_in, night):
    assert_renders(new_hand_page(client_in, night), "trappola")


def test_a_plain_deal_then_one_with_declarations_and_twos(client_in, night):
    assert_saved(enter_hand(client_in, night, points(40, 32) | {"result.last_trick": "Anna"}))
    full = points(40, 32) | {
        "result.last_trick": "Béla",
        "result.final_two_run:int": "2",
        "result.two_wins.@0:int": "1",
        "result.declarations[0].player": "Anna",
        "result.declarations[0].rank": "ace",
        "result.declarations[0].count:int": "3",
        "result.declarations[1].player": "Béla",
        "result.declarations[1].rank": "king",
        "result.declarations[1].count:int": "3",
    }
    assert_saved(enter_hand(client_in, night, full))
    assert stored_records(night) == [
        {
            "dealer": "Anna",
            "result": {
                "card_points": {"Anna": 40, "Béla": 32},
                "last_trick": "Anna",
                "final_two_run": 0,  # no declarations: their untapped chips send nothing
                "two_wins": {"Anna": 0, "Béla": 0},
            },
        },
        {
            "dealer": "Béla",
            "result": {
                "card_points": {"Anna": 40, "Béla": 32},
                "last_trick": "Béla",
                "final_two_run": 2,
                "declarations": [
                    {"player": "Anna", "rank": "ace", "count": 3},
                    {"player": "Béla", "rank": "king", "count": 3},
                ],
                "two_wins": {"Anna": 1, "Béla": 0},
            },
        },
    ]
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_an_impossible_deal_is_refused_next_to_its_field(client_in, night):
    data = points(40, 32) | {
        "result.last_trick": "Anna",
        "result.final_two_run:int": "4",
        "result.two_wins.@1:int": "1",
    }
    response = enter_hand(client_in, night, data)
    assert_problem_next_to(response, "result.two_wins")
    assert not Hand.objects.exists()
