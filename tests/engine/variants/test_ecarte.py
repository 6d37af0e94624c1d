"""Écarté: the validation rules of two_player_games.md §13.3."""

from tests.engine.variants._two_player import common_tests, refuses, score

KEY = "ecarte"
GOOD = {"tricks": {"Anna": 3, "Béla": 2}}

globals().update(common_tests(KEY, GOOD, "tricks.Anna", {"Anna": "3", "Béla": 2}))


def test_tricks_sum_to_5():
    refuses(KEY, [{"tricks": {"Anna": 3, "Béla": 3}}], "result.tricks")


def test_tricks_in_range():
    refuses(KEY, [{"tricks": {"Anna": 6, "Béla": -1}}], "result.tricks.Anna")


def test_king_of_trumps_needs_the_house_rule():
    refuses(KEY, [{**GOOD, "king_of_trumps": "Anna"}], "result.king_of_trumps")
    result = score(KEY, [{**GOOD, "king_of_trumps": "Béla"}], {"ecarte_king_bonus": True})
    assert result["entries"][0]["deltas"]["Anna"] == 0


def test_no_exchange_by_needs_the_house_rule():
    refuses(KEY, [{**GOOD, "no_exchange_by": "Béla"}], "result.no_exchange_by")
    result = score(KEY, [{**GOOD, "no_exchange_by": "Béla"}], {"ecarte_refusal_penalty": True})
    assert result["entries"][0]["deltas"]["Anna"] == 2


def test_switch_fields_name_a_player():
    refuses(
        KEY,
        [{**GOOD, "king_of_trumps": "Zoli"}],
        "result.king_of_trumps",
        {"ecarte_king_bonus": True},
    )


def test_null_switch_fields_are_fine_without_the_rules():
    result = score(KEY, [{**GOOD, "king_of_trumps": None, "no_exchange_by": None}])
    assert result["entries"][0]["deltas"]["Anna"] == 1
