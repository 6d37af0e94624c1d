"""The Écarté deal form (templates/scorebook/hands/ecarte.html)."""

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
    return make_night(user, "ecarte", PLAYERS, first_dealer="Anna")


def tricks(a, b):
    return {"result.tricks.@0:int": str(a), "result.tricks.@1:int": str(b)}


def test_the_page_renders_the_ecarte_form(client_in, night):
    assert_renders(new_hand_page(client_in, night), "ecarte")


def test_two_deals(client_in, night):
    assert_saved(enter_hand(client_in, night, tricks(3, 2)))
    assert_saved(enter_hand(client_in, night, tricks(0, 5)))
    none: dict[str, object] = {}  # the king and the refusal are chips: untapped, not sent
    assert stored_records(night) == [
        {"dealer": "Anna", "result": {"tricks": {"Anna": 3, "Béla": 2}, **none}},
        {"dealer": "Béla", "result": {"tricks": {"Anna": 0, "Béla": 5}, **none}},
    ]
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_the_king_and_a_refused_exchange_with_their_house_rules(client_in, user):
    night = make_night(
        user,
        "ecarte",
        PLAYERS,
        first_dealer="Anna",
        ecarte_king_bonus=True,
        ecarte_refusal_penalty=True,
    )
    data = tricks(3, 2) | {"result.king_of_trumps": "Béla", "result.no_exchange_by": "Anna"}
    assert_saved(enter_hand(client_in, night, data))
    assert stored_records(night)[0]["result"] == {
        "tricks": {"Anna": 3, "Béla": 2},
        "king_of_trumps": "Béla",
        "no_exchange_by": "Anna",
    }
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_an_impossible_deal_is_refused_next_to_its_field(client_in, night):
    response = enter_hand(client_in, night, tricks(3, 2) | {"result.king_of_trumps": "Anna"})
    assert_problem_next_to(response, "result.king_of_trumps")
    assert not Hand.objects.exists()
