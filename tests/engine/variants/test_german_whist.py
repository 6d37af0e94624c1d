"""German whist: the validation rules of two_player_games.md §13.3."""

from tests.engine.variants._two_player import common_tests, refuses

KEY = "german_whist"
GOOD = {"tricks": {"Anna": 8, "Béla": 5}}

globals().update(common_tests(KEY, GOOD, "tricks.Béla", {"Anna": 8, "Béla": None}))


def test_tricks_sum_to_13():
    refuses(KEY, [{"tricks": {"Anna": 8, "Béla": 6}}], "result.tricks")


def test_tricks_in_range():
    refuses(KEY, [{"tricks": {"Anna": 14, "Béla": -1}}], "result.tricks.Anna")
