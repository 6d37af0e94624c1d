"""The Német whist deal form (templates/scorebook/hands/german_whist.html)."""

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
    return make_night(user, "german_whist", PLAYERS, first_dealer="Anna")


def tricks(a, b):
    return {"result.tricks.@0:int": str(a), "result.tricks.@1:int": str(b)}


def test_the_page_renders_the_german_whist_form(client_in, night):
    assert_renders(new_hand_page(client_in, night), "german_whist")


def test_two_deals(client_in, night):
    assert_saved(enter_hand(client_in, night, tricks(8, 5)))
    assert_saved(enter_hand(client_in, night, tricks(0, 13)))
    assert stored_records(night) == [
        {"dealer": "Anna", "result": {"tricks": {"Anna": 8, "Béla": 5}}},
        {"dealer": "Béla", "result": {"tricks": {"Anna": 0, "Béla": 13}}},
    ]
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_an_impossible_deal_is_refused_next_to_its_field(client_in, night):
    response = enter_hand(client_in, night, tricks(8, 6))
    assert "13" in assert_problem_next_to(response, "result.tricks")
    assert not Hand.objects.exists()
