"""Sült malac: the validation rules of two_player_games.md §13.3."""

from tests.engine.variants._two_player import common_tests, refuses

KEY = "sult_malac"
GOOD = {"winner": "Anna", "stake": 2}

globals().update(common_tests(KEY, GOOD, "stake", "2"))


def test_stake_positive():
    refuses(KEY, [{"winner": "Anna", "stake": 0}], "result.stake")


def test_winner_required():
    refuses(KEY, [{"stake": 2}], "result.winner")
