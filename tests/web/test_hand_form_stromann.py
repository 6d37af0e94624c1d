"""The Stromann hand form (templates/scorebook/hands/stromann.html)."""

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
    return make_night(user, "stromann", PLAYERS, first_dealer="Béla")


def test_the_page_renders_the_stromann_form(client_in, night):
    assert_renders(new_hand_page(client_in, night), "stromann")


def test_a_jatek_with_contra_and_a_bonus_then_a_mehet(client_in, night):
    jatek = {
        "bid": "jatek",
        "declarer": "Béla",
        "contra:int": "2",
        "declarer_points:int": "38",
        "announcements[0].player": "Anna",
        "announcements[0].bonus": "trull",
    }
    assert_saved(enter_hand(client_in, night, jatek))
    assert_saved(enter_hand(client_in, night, {"bid": "mehet", "non_dealer_points:int": "40"}))
    first, second = stored_records(night)
    assert first == {
        "dealer": "Béla",
        "bid": "jatek",
        "declarer": "Béla",
        "contra": 2,
        "announcements": [{"player": "Anna", "bonus": "trull"}],
        "silent_ultimo_by": None,
        "declarer_points": 38,
    }  # no revoke chip tapped: no irregularity sent
    assert second == {
        "dealer": "Anna",
        "bid": "mehet",
        "announcements": [],
        "silent_ultimo_by": None,
        "non_dealer_points": 40,
    }
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_a_field_that_does_not_apply_is_left_out_even_when_sent(client_in, night):
    """The contra applies at a játék only (its schema's `when`): sent with a mehet anyway
    (a page without script, a hand-made post), the server leaves it out."""
    data = {"bid": "mehet", "non_dealer_points": "40", "contra": "1", "declarer_points": "9"}
    assert_saved(enter_hand(client_in, night, data))
    assert stored_records(night) == [
        {
            "dealer": "Béla",
            "bid": "mehet",
            "announcements": [],
            "silent_ultimo_by": None,
            "non_dealer_points": 40,
        }
    ]


def test_an_impossible_hand_is_refused_next_to_its_field(client_in, night):
    data = {"bid": "jatek", "declarer": "Anna", "declarer_points": "38", "contra": "9"}
    response = enter_hand(client_in, night, data)
    assert_problem_next_to(response, "contra")
    assert not Hand.objects.exists()
