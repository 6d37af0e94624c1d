"""Zsírozás: the validation rules of two_player_games.md §13.3."""

from tests.engine.variants._two_player import common_tests, refuses

KEY = "zsirozas"
GOOD = {"aces_tens": {"Anna": 4, "Béla": 4}, "last_trick": "Anna"}

globals().update(common_tests(KEY, GOOD, "last_trick", 1))


def test_aces_tens_sum_to_8():
    refuses(KEY, [{**GOOD, "aces_tens": {"Anna": 5, "Béla": 4}}], "result.aces_tens")


def test_aces_tens_in_range():
    refuses(KEY, [{**GOOD, "aces_tens": {"Anna": 9, "Béla": -1}}], "result.aces_tens.Anna")


def test_last_trick_required():
    refuses(KEY, [{"aces_tens": {"Anna": 4, "Béla": 4}}], "result.last_trick")
