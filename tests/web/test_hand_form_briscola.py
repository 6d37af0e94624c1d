"""The Briscola deal form (templates/scorebook/hands/briscola.html)."""

import pytest

from scorebook.models import Hand
from tests.web.handforms import (
    assert_edit_keeps_every_hand,
    assert_problem_next_to,
    assert_renders,
    assert_saved,
    assert_totals_equal_replay,
    enter_hand,
    fast_password_hashing,  # noqa: F401
    make_night,
    new_hand_page,
    stored_records,
)

pytestmark = pytest.mark.django_db
PLAYERS = ["Anna", "Béla"]


@pytest.fixture
def night(user):
    return make_night(user, "briscola", PLAYERS, first_dealer="Anna")


def points(a, b):
    return {"result.card_points.@0:int": str(a), "result.card_points.@1:int": str(b)}


def test_the_page_renders_the_briscola_form(client_in, night):
    assert_renders(new_hand_page(client_in, night), "briscola")


def test_two_deals(client_in, night):
    assert_saved(enter_hand(client_in, night, points(70, 50)))
    assert_saved(enter_hand(client_in, night, points(60, 60)))
    assert stored_records(night) == [
        {"dealer": "Anna", "result": {"card_points": {"Anna": 70, "Béla": 50}}},
        {"dealer": "Béla", "result": {"card_points": {"Anna": 60, "Béla": 60}}},
    ]
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_an_impossible_deal_is_refused_next_to_its_field(client_in, night):
    response = enter_hand(client_in, night, points(70, 60))
    assert "120" in assert_problem_next_to(response, "result.card_points")
    assert not Hand.objects.exists()
