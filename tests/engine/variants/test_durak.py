"""Durák: the validation rules of two_player_games.md §13.3."""

from scorebook.catalogues import say_in
from tests.engine.variants._two_player import common_tests, refuses, score

KEY = "durak"
GOOD = {"winner": "Béla"}

globals().update(common_tests(KEY, GOOD, "winner", "Zoli"))


def test_winner_required():
    refuses(KEY, [{"defender_covered_last": True}], "result.winner")


def test_defender_covered_last_is_a_boolean_or_null():
    refuses(
        KEY, [{"winner": "Anna", "defender_covered_last": "yes"}], "result.defender_covered_last"
    )
    assert score(KEY, [{"winner": "Anna", "defender_covered_last": None}])["entries"]


def test_target_wins_ends_matches():
    result = score(KEY, [GOOD, GOOD, GOOD], {"target_wins": 2})
    assert [m["over"] for m in result["end_of_session"]["matches"]] == [True, False]


def test_table_hint_open_ended_and_loser_deals():
    from tests.engine.variants._two_player import hint

    h = hint(KEY, [GOOD], {"dealer_rotation": "loser_deals"})
    assert h.next_dealer == "Anna"  # Béla won, Anna lost: the loser deals
    assert str(h.notes[0]) == "match 1: Anna 0 – Béla 1 (open-ended)"
    assert say_in("hu")(h.notes[1]) == "lejátszott játszmák: 0, nyert Anna 0 – Béla 0"
