"""Random valid scopa deals, from a random capture of the 40 cards (spec §13)."""

import random

from tests.engine.generators._two_player import common_rules, dealer, maybe, players

KEY = "scopa"
SUITS = ("coins", "cups", "swords", "batons")
# rank label → primiera value (seed 003 "Scopa"); three face cards per suit
RANKS = [("A", 16), ("2", 12), ("3", 13), ("4", 14), ("5", 15), ("6", 18), ("7", 21)] + [
    ("face", 10)
] * 3


def random_session(rng: random.Random):
    rules = common_rules(rng)
    maybe(rng, rules, "scopa_target", 11, 16, 21)
    maybe(rng, rules, "scopa_tie_rule", "higher_then_continue", "continue_to_margin_2")
    maybe(rng, rules, "scopa_sweeps_count", True, False)
    maybe(rng, rules, "scopa_primiera", True, False)
    return players(rng), rules, None


def random_hand(rng: random.Random, session, state):
    a, b = session.players
    bias = rng.uniform(0.3, 0.7)
    cards = dict.fromkeys((a, b), 0)
    coins = dict.fromkeys((a, b), 0)
    best: dict = {a: dict.fromkeys(SUITS), b: dict.fromkeys(SUITS)}
    value = {a: dict.fromkeys(SUITS, 0), b: dict.fromkeys(SUITS, 0)}
    settebello = a
    for suit in SUITS:
        for rank, primiera in RANKS:
            who = a if rng.random() < bias else b
            cards[who] += 1
            if suit == "coins":
                coins[who] += 1
                if rank == "7":
                    settebello = who
            if primiera > value[who][suit]:
                value[who][suit] = primiera
                best[who][suit] = rank
    result: dict = {
        "cards": cards,
        "coins": coins,
        "settebello": settebello,
        "scopas": {p: rng.choice((0, 0, 0, 1, 1, 2)) if cards[p] >= 4 else 0 for p in (a, b)},
    }
    roll = rng.random()
    if roll < 0.6 or not session.house_rules["scopa_primiera"]:
        result["primiera_best"] = best
    else:
        lacks = {p: any(v is None for v in best[p].values()) for p in (a, b)}
        sums = {p: sum(value[p].values()) for p in (a, b)}
        if lacks[a] != lacks[b]:
            winner = b if lacks[a] else a
        elif lacks[a] or sums[a] == sums[b]:
            winner = None
        else:
            winner = a if sums[a] > sums[b] else b
        result["primiera_winner"] = winner
        if roll < 0.8:
            result["primiera_best"] = best
    return {"dealer": dealer(KEY, session, state), "result": result}
