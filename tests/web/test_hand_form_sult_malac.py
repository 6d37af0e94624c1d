"""The Sült malac deal form (templates/scorebook/hands/sult_malac.html)."""

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
    return make_night(user, "sult_malac", PLAYERS, first_dealer="Anna", sult_malac_stake=3)


def test_the_page_renders_the_sult_malac_form(client_in, night):
    assert_renders(new_hand_page(client_in, night), "sult_malac")


def test_a_deal_at_the_nights_stake_and_one_at_another(client_in, night):
    assert_saved(enter_hand(client_in, night, {"result.winner": "Anna"}))
    assert_saved(enter_hand(client_in, night, {"result.winner": "Béla", "result.stake:int": "5"}))
    assert stored_records(night) == [
        {"dealer": "Anna", "result": {"winner": "Anna", "stake": None}},
        {"dealer": "Béla", "result": {"winner": "Béla", "stake": 5}},
    ]
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_an_impossible_deal_is_refused_next_to_its_field(client_in, night):
    response = enter_hand(client_in, night, {"result.winner": "Anna", "result.stake:int": "0"})
    assert_problem_next_to(response, "result.stake")
    assert not Hand.objects.exists()
