"""Féldisznó: the validation rules of two_player_games.md §13.3."""

from tests.engine.variants._two_player import common_tests, refuses, score

KEY = "feldiszno"
GOOD = {"colour_cards": {"Anna": 12, "Béla": 8}}

globals().update(common_tests(KEY, GOOD, "colour_cards.Anna", {"Anna": 1.5, "Béla": 8}))


def test_colour_cards_sum_to_20():
    refuses(KEY, [{"colour_cards": {"Anna": 12, "Béla": 9}}], "result.colour_cards")


def test_colour_cards_sum_to_16_without_tens():
    refuses(KEY, [GOOD], "result.colour_cards", {"feldiszno_variant_no_tens": True})


def test_tie_needs_the_last_colour_card():
    refuses(KEY, [{"colour_cards": {"Anna": 10, "Béla": 10}}], "result.last_colour_card")
    refuses(
        KEY,
        [{"colour_cards": {"Anna": 10, "Béla": 10}, "last_colour_card": "Zoli"}],
        "result.last_colour_card",
    )


def test_last_colour_card_ignored_without_a_tie():
    result = score(KEY, [{**GOOD, "last_colour_card": "Béla"}])
    assert result["entries"][0]["deltas"]["Anna"] == 1
