"""Trappola: every validation rule of two_player_games.md §13.3, and trappola_values."""

import copy

from tests.engine.variants._two_player import common_tests, problems_of, refuses, score, sheet

KEY = "trappola"
GOOD = {
    "card_points": {"Anna": 40, "Béla": 32},
    "declarations": [
        {"player": "Anna", "rank": "ace", "count": 3},
        {"player": "Béla", "rank": "king", "count": 3},
    ],
    "two_wins": {"Anna": 1, "Béla": 0},
    "last_trick": "Béla",
    "final_two_run": 2,
}

globals().update(common_tests(KEY, GOOD, "final_two_run", 5))


def with_(**changes):
    result = copy.deepcopy(GOOD)
    result.update(changes)
    return result


def test_spec_example_scores():
    assert score(KEY, [GOOD])["entries"][0]["deltas"] == {"Anna": -28, "Béla": 28}


def test_card_points_at_most_72():
    refuses(KEY, [with_(card_points={"Anna": 40, "Béla": 33})], "result.card_points")


def test_card_points_at_most_the_pack_of_trappola_values():
    rules = {"trappola_values": {"card": {"ace": 11}}}  # C = 4 × (11 + 5 + 4 + 3) = 92
    assert score(KEY, [with_(card_points={"Anna": 60, "Béla": 32})], rules)["entries"]
    refuses(KEY, [with_(card_points={"Anna": 61, "Béla": 32})], "result.card_points", rules)


def test_declaration_fields_known():
    refuses(
        KEY,
        [with_(declarations=[{"player": "Zoli", "rank": "ace", "count": 3}])],
        "result.declarations[0].player",
    )
    refuses(
        KEY,
        [with_(declarations=[{"player": "Anna", "rank": "queen", "count": 3}])],
        "result.declarations[0].rank",
    )
    refuses(
        KEY,
        [with_(declarations=[{"player": "Anna", "rank": "ace", "count": 2}])],
        "result.declarations[0].count",
    )


def test_rank_declared_once():
    decl = [
        {"player": "Anna", "rank": "ace", "count": 3},
        {"player": "Béla", "rank": "ace", "count": 3},
    ]
    refuses(KEY, [with_(declarations=decl)], "result.declarations[1].rank")


def test_at_most_ten_declared_cards():
    decl = [{"player": "Anna", "rank": r, "count": 4} for r in ("ace", "king", "cavall")]
    refuses(
        KEY, [with_(declarations=decl, card_points={"Anna": 60, "Béla": 12})], "result.declarations"
    )


def test_declared_cards_are_in_play():
    decl = [
        {"player": "Anna", "rank": "ace", "count": 4},
        {"player": "Béla", "rank": "king", "count": 4},
    ]
    refuses(
        KEY, [with_(declarations=decl, card_points={"Anna": 20, "Béla": 23})], "result.card_points"
    )


def test_at_most_four_twos():
    refuses(KEY, [with_(two_wins={"Anna": 2, "Béla": 1})], "result.two_wins")


def test_declared_twos_limit_the_other_player():
    decl = [{"player": "Anna", "rank": "two", "count": 3}]
    refuses(
        KEY, [with_(declarations=decl, two_wins={"Anna": 0, "Béla": 0})], "result.two_wins.Béla"
    )


def test_final_run_in_range():
    refuses(KEY, [with_(final_two_run=-1)], "result.final_two_run")


def test_trappola_values_refuses_unknown_keys_and_bad_values():
    for bad in ({"jack": 1}, {"card": {"queen": 3}}, {"two_trick": -1}, {"three": 5}, [1]):
        fields = [p.field for p in problems_of(sheet(KEY, [GOOD], {"trappola_values": bad}))]
        assert fields == ["house_rules.trappola_values"], bad
