"""The Féldisznó deal form (templates/scorebook/hands/feldiszno.html)."""

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
    return make_night(user, "feldiszno", PLAYERS, first_dealer="Anna")


def cards(a, b):
    return {"result.colour_cards.@0:int": str(a), "result.colour_cards.@1:int": str(b)}


def test_the_page_renders_the_feldiszno_form(client_in, night):
    assert_renders(new_hand_page(client_in, night), "feldiszno")


def test_a_tie_then_a_plain_deal(client_in, night):
    assert_saved(enter_hand(client_in, night, cards(10, 10) | {"result.last_colour_card": "Béla"}))
    assert_saved(enter_hand(client_in, night, cards(13, 7)))
    assert stored_records(night) == [
        {
            "dealer": "Anna",
            "result": {"colour_cards": {"Anna": 10, "Béla": 10}, "last_colour_card": "Béla"},
        },
        {
            "dealer": "Béla",
            "result": {"colour_cards": {"Anna": 13, "Béla": 7}, "last_colour_card": None},
        },
    ]
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_a_tie_needs_the_last_colour_card(client_in, night):
    response = enter_hand(client_in, night, cards(10, 10))
    assert_problem_next_to(response, "result.last_colour_card")
    assert not Hand.objects.exists()
