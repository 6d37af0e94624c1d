"""The Zsírozás deal form (templates/scorebook/hands/zsirozas.html)."""

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
    return make_night(user, "zsirozas", PLAYERS, first_dealer="Anna")


def deal(a, b, last):
    return {
        "result.aces_tens.@0:int": str(a),
        "result.aces_tens.@1:int": str(b),
        "result.last_trick": last,
    }


def test_the_page_renders_the_zsirozas_form(client_in, night):
    assert_renders(new_hand_page(client_in, night), "zsirozas")


def test_two_deals(client_in, night):
    assert_saved(enter_hand(client_in, night, deal(4, 4, "Anna")))
    assert_saved(enter_hand(client_in, night, deal(6, 2, "Béla")))
    assert stored_records(night) == [
        {"dealer": "Anna", "result": {"aces_tens": {"Anna": 4, "Béla": 4}, "last_trick": "Anna"}},
        {"dealer": "Béla", "result": {"aces_tens": {"Anna": 6, "Béla": 2}, "last_trick": "Béla"}},
    ]
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_an_impossible_deal_is_refused_next_to_its_field(client_in, night):
    response = enter_hand(client_in, night, deal(5, 4, "Anna"))
    assert "8" in assert_problem_next_to(response, "result.aces_tens")
    assert not Hand.objects.exists()
