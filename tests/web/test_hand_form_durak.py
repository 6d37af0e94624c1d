"""The Durák deal form (templates/scorebook/hands/durak.html)."""

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
    return make_night(user, "durak", PLAYERS, first_dealer="Anna")


def test_the_page_renders_the_durak_form(client_in, night):
    assert_renders(new_hand_page(client_in, night), "durak")


def test_two_deals_one_tap_each(client_in, night):
    assert_saved(enter_hand(client_in, night, {"result.winner": "Béla"}))
    both_out = {"result.winner": "Anna", "result.defender_covered_last:bool": "1"}
    assert_saved(enter_hand(client_in, night, both_out))
    assert stored_records(night) == [
        {"dealer": "Anna", "result": {"winner": "Béla"}},
        {"dealer": "Béla", "result": {"winner": "Anna", "defender_covered_last": True}},
    ]
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_a_deal_without_a_winner_is_refused_next_to_the_winner(client_in, night):
    response = enter_hand(client_in, night, {})  # no radio picked: nothing is sent
    assert_problem_next_to(response, "result")
    assert not Hand.objects.exists()
