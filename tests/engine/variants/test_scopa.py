"""Scopa: every validation rule of two_player_games.md §13.3, and the house-rule switches."""

import copy

from scorebook.catalogues import say_in
from tests.engine.variants._two_player import common_tests, problems_of, refuses, score, sheet

KEY = "scopa"
BEST = {
    "Anna": {"coins": "7", "cups": "6", "swords": "A", "batons": "5"},
    "Béla": {"coins": "6", "cups": "7", "swords": "7", "batons": "7"},
}
GOOD = {
    "cards": {"Anna": 22, "Béla": 18},
    "coins": {"Anna": 6, "Béla": 4},
    "settebello": "Anna",
    "scopas": {"Anna": 1, "Béla": 2},
    "primiera_best": BEST,
}

globals().update(common_tests(KEY, GOOD, "cards.Anna", {"Anna": "22", "Béla": 18}))


def with_(**changes):
    result = copy.deepcopy(GOOD)
    result.update(changes)
    return result


def test_cards_sum_to_40():
    refuses(KEY, [with_(cards={"Anna": 22, "Béla": 17})], "result.cards")


def test_coins_sum_to_10():
    refuses(KEY, [with_(coins={"Anna": 6, "Béla": 5})], "result.coins")


def test_coins_at_most_cards():
    refuses(
        KEY,
        [with_(cards={"Anna": 35, "Béla": 5}, coins={"Anna": 4, "Béla": 6})],
        "result.coins.Béla",
    )


def test_settebello_player_has_coins():
    bad = with_(coins={"Anna": 0, "Béla": 10}, primiera_winner="Béla")
    del bad["primiera_best"]
    refuses(KEY, [bad], "result.settebello")


def test_scopas_at_most_half_the_cards():
    refuses(KEY, [with_(scopas={"Anna": 12, "Béla": 0})], "result.scopas.Anna")


def test_primiera_needed_when_it_counts():
    bad = with_()
    del bad["primiera_best"]
    refuses(KEY, [bad], "result.primiera_best")
    assert score(KEY, [bad], {"scopa_primiera": False})["entries"][0]["deltas"]["Anna"] == 4 - 2


def test_primiera_winner_null_means_nobody():
    result = with_(primiera_winner=None)
    del result["primiera_best"]
    assert score(KEY, [result])["entries"][0]["deltas"] == {"Anna": 2, "Béla": -2}


def test_primiera_best_has_the_four_suits():
    best = copy.deepcopy(BEST)
    del best["Anna"]["batons"]
    refuses(KEY, [with_(primiera_best=best)], "result.primiera_best.Anna")


def test_primiera_best_rank_is_known():
    best = copy.deepcopy(BEST)
    best["Anna"]["cups"] = "8"
    refuses(KEY, [with_(primiera_best=best)], "result.primiera_best.Anna.cups")


def test_primiera_best_rank_that_is_not_a_string_is_refused_not_a_crash():
    best = copy.deepcopy(BEST)
    best["Anna"]["cups"] = ["6"]
    problems = problems_of(sheet(KEY, [with_(primiera_best=best)]))
    assert [(p.field, say_in("en")(p.message)) for p in problems] == [
        (
            "result.primiera_best.Anna.cups",
            "['6'] is not one of 7, 6, A, 5, 4, 3, 2, face or null",
        )
    ]


def test_primiera_coins_null_exactly_without_coins():
    best = copy.deepcopy(BEST)
    best["Béla"]["coins"] = None
    refuses(KEY, [with_(primiera_best=best)], "result.primiera_best.Béla.coins")


def test_one_seven_per_suit():
    best = copy.deepcopy(BEST)
    best["Anna"]["swords"] = "7"
    refuses(KEY, [with_(primiera_best=best)], "result.primiera_best.Anna.swords")


def test_seven_of_coins_is_the_settebello():
    best = copy.deepcopy(BEST)
    best["Anna"]["coins"], best["Béla"]["coins"] = "6", "7"
    refuses(KEY, [with_(primiera_best=best)], "result.primiera_best.Béla.coins")


def test_no_more_suits_than_cards():
    bad = with_(
        cards={"Anna": 37, "Béla": 3}, coins={"Anna": 9, "Béla": 1}, scopas={"Anna": 0, "Béla": 0}
    )
    refuses(KEY, [bad], "result.primiera_best.Béla")


def test_primiera_winner_must_agree_with_best():
    refuses(KEY, [with_(primiera_winner="Anna")], "result.primiera_winner")


def test_primiera_off_ignores_both_fields():
    result = with_(primiera_winner="Anna", primiera_best="junk")
    assert score(KEY, [result], {"scopa_primiera": False})["entries"][0]["deltas"]["Anna"] == 2


def test_sweeps_switch():
    on = score(KEY, [GOOD])["entries"][0]["deltas"]["Anna"]
    off = score(KEY, [GOOD], {"scopa_sweeps_count": False})["entries"][0]["deltas"]["Anna"]
    assert (on, off) == (1, 2)
