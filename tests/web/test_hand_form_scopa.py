"""The Scopa deal form (templates/scorebook/hands/scopa.html)."""

import pytest
from django.urls import reverse

from scorebook.models import Hand
from tests.web.handforms import (
    assert_edit_keeps_every_hand,
    assert_problem_next_to,
    assert_renders,
    assert_saved,
    assert_totals_equal_replay,
    browser_data,
    enter_hand,
    make_night,
    new_hand_page,
    stored_records,
)

pytestmark = pytest.mark.django_db
PLAYERS = ["Anna", "Béla"]


@pytest.fixture
def night(user):
    return make_night(user, "scopa", PLAYERS, first_dealer="Anna")


def counts(cards, coins, scopas=None):
    data = {
        "result.cards.@0:int": str(cards[0]),
        "result.cards.@1:int": str(cards[1]),
        "result.coins.@0:int": str(coins[0]),
        "result.coins.@1:int": str(coins[1]),
    }
    if scopas:
        data |= {"result.scopas.@0:int": str(scopas[0]), "result.scopas.@1:int": str(scopas[1])}
    return data


def test_the_page_renders_the_scopa_form(client_in, night):
    assert_renders(new_hand_page(client_in, night), "scopa")


def test_a_deal_with_the_primiera_winner_then_one_with_the_best_cards(client_in, night):
    first = counts((22, 18), (6, 4)) | {
        "result.settebello": "Anna",
        "result.primiera_winner": "Béla",
    }
    assert_saved(enter_hand(client_in, night, first))
    best = {
        "Anna": {"coins": "7", "cups": "6", "swords": "A", "batons": "5"},
        "Béla": {"coins": "6", "cups": "7", "swords": "7", "batons": "7"},
    }
    second = counts((22, 18), (6, 4), scopas=(1, 2)) | {"result.settebello": "Anna"}
    for i, name in enumerate(PLAYERS):
        for suit, rank in best[name].items():
            second[f"result.primiera_best.@{i}.{suit}"] = rank
    assert_saved(enter_hand(client_in, night, second))
    assert stored_records(night) == [
        {
            "dealer": "Anna",
            "result": {
                "cards": {"Anna": 22, "Béla": 18},
                "coins": {"Anna": 6, "Béla": 4},
                "settebello": "Anna",
                "scopas": {"Anna": 0, "Béla": 0},
                "primiera_winner": "Béla",
                "primiera_best": None,
            },
        },
        {
            "dealer": "Béla",
            "result": {
                "cards": {"Anna": 22, "Béla": 18},
                "coins": {"Anna": 6, "Béla": 4},
                "settebello": "Anna",
                "scopas": {"Anna": 1, "Béla": 2},
                "primiera_best": best,
            },
        },
    ]
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_nobody_wins_the_primiera(client_in, night):
    data = counts((20, 20), (5, 5)) | {"result.settebello": "Béla", "result.primiera_winner": ""}
    assert_saved(enter_hand(client_in, night, data))
    assert stored_records(night)[0]["result"]["primiera_winner"] is None
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_an_impossible_deal_is_refused_next_to_its_field(client_in, night):
    data = counts((22, 17), (6, 4)) | {"result.settebello": "Anna", "result.primiera_winner": ""}
    response = enter_hand(client_in, night, data)
    assert "40" in assert_problem_next_to(response, "result.cards")
    assert not Hand.objects.exists()


def test_no_primiera_chip_is_chosen_on_a_new_deal_and_nobody_shows_when_stored(client_in, night):
    # untapped, "Primiera won by" sends nothing (see the best cards); "nobody" sends null
    assert "result.primiera_winner" not in browser_data(new_hand_page(client_in, night).text)
    data = counts((20, 20), (5, 5)) | {"result.settebello": "Béla", "result.primiera_winner": ""}
    assert_saved(enter_hand(client_in, night, data))
    hand = Hand.objects.get()
    edit = client_in.get(reverse("edit_hand", args=[night.pk, hand.pk])).content.decode()
    assert browser_data(edit)["result.primiera_winner"] == ""
