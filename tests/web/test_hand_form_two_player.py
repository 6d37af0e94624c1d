"""The deal forms of the simple two-player games (templates/scorebook/hands/<key>.html).

Briscola, Német whist, Féldisznó, Durák, Zsírozás and Sült malac share one shape:
the page renders, two deals are saved (Anna deals first, then Béla) and edit back
unchanged, and one bad deal is refused next to its field with nothing saved.
"""

from dataclasses import dataclass, field
from typing import Any

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


def per_player(name: str, anna: int, bela: int) -> dict[str, str]:
    """Form data for a per-player integer field, e.g. result.card_points."""
    return {f"result.{name}.@0:int": str(anna), f"result.{name}.@1:int": str(bela)}


@dataclass(frozen=True)
class Case:
    key: str
    deals: tuple[dict[str, str], dict[str, str]]  # form data; Anna deals, then Béla
    results: tuple[dict[str, Any], dict[str, Any]]  # the stored "result" of each deal
    bad_deal: dict[str, str]
    bad_field: str  # the field path the problem is shown next to
    message_has: str | None = None  # a fragment the problem message must contain
    house_rules: dict[str, Any] = field(default_factory=dict)


CASES = [
    Case(
        key="briscola",
        deals=(per_player("card_points", 70, 50), per_player("card_points", 60, 60)),
        results=(
            {"card_points": {"Anna": 70, "Béla": 50}},
            {"card_points": {"Anna": 60, "Béla": 60}},
        ),
        bad_deal=per_player("card_points", 70, 60),
        bad_field="result.card_points",
        message_has="120",
    ),
    Case(
        key="german_whist",
        deals=(per_player("tricks", 8, 5), per_player("tricks", 0, 13)),
        results=(
            {"tricks": {"Anna": 8, "Béla": 5}},
            {"tricks": {"Anna": 0, "Béla": 13}},
        ),
        bad_deal=per_player("tricks", 8, 6),
        bad_field="result.tricks",
        message_has="13",
    ),
    Case(
        # A tie, then a plain deal; a tie needs the last colour card.
        key="feldiszno",
        deals=(
            per_player("colour_cards", 10, 10) | {"result.last_colour_card": "Béla"},
            per_player("colour_cards", 13, 7),
        ),
        results=(
            {"colour_cards": {"Anna": 10, "Béla": 10}, "last_colour_card": "Béla"},
            {"colour_cards": {"Anna": 13, "Béla": 7}, "last_colour_card": None},
        ),
        bad_deal=per_player("colour_cards", 10, 10),
        bad_field="result.last_colour_card",
    ),
    Case(
        # One tap each; a deal without a winner is refused next to the result.
        key="durak",
        deals=(
            {"result.winner": "Béla"},
            {"result.winner": "Anna", "result.defender_covered_last:bool": "1"},
        ),
        results=(
            {"winner": "Béla"},
            {"winner": "Anna", "defender_covered_last": True},
        ),
        bad_deal={},  # no radio picked: nothing is sent
        bad_field="result",
    ),
    Case(
        key="zsirozas",
        deals=(
            per_player("aces_tens", 4, 4) | {"result.last_trick": "Anna"},
            per_player("aces_tens", 6, 2) | {"result.last_trick": "Béla"},
        ),
        results=(
            {"aces_tens": {"Anna": 4, "Béla": 4}, "last_trick": "Anna"},
            {"aces_tens": {"Anna": 6, "Béla": 2}, "last_trick": "Béla"},
        ),
        bad_deal=per_player("aces_tens", 5, 4) | {"result.last_trick": "Anna"},
        bad_field="result.aces_tens",
        message_has="8",
    ),
    Case(
        # A deal at the night's stake, then one at another.
        key="sult_malac",
        house_rules={"sult_malac_stake": 3},
        deals=(
            {"result.winner": "Anna"},
            {"result.winner": "Béla", "result.stake:int": "5"},
        ),
        results=(
            {"winner": "Anna", "stake": None},
            {"winner": "Béla", "stake": 5},
        ),
        bad_deal={"result.winner": "Anna", "result.stake:int": "0"},
        bad_field="result.stake",
    ),
]

by_game = pytest.mark.parametrize("case", CASES, ids=lambda case: case.key)


@pytest.fixture
def night(user, case):
    return make_night(user, case.key, PLAYERS, first_dealer="Anna", **case.house_rules)


@by_game
def test_the_page_renders_the_form(client_in, night, case):
    assert_renders(new_hand_page(client_in, night), case.key)


@by_game
def test_two_deals(client_in, night, case):
    for deal in case.deals:
        assert_saved(enter_hand(client_in, night, deal))
    assert stored_records(night) == [
        {"dealer": "Anna", "result": case.results[0]},
        {"dealer": "Béla", "result": case.results[1]},
    ]
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


@by_game
def test_a_bad_deal_is_refused_next_to_its_field(client_in, night, case):
    message = assert_problem_next_to(enter_hand(client_in, night, case.bad_deal), case.bad_field)
    if case.message_has is not None:
        assert case.message_has in message
    assert not Hand.objects.exists()
