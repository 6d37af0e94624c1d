"""Random valid briscola deals (spec two_player_games.md §13)."""

import random

from tests.engine.generators._two_player import common_rules, dealer, maybe, players

KEY = "briscola"
CARD_VALUES = [11, 10, 4, 3, 2, 0, 0, 0, 0, 0] * 4


def random_session(rng: random.Random):
    rules = common_rules(rng)
    maybe(rng, rules, "briscola_series", 3, 5)
    maybe(rng, rules, "briscola_series_mode", "deals_won", "total_points")
    return players(rng), rules, None


def random_hand(rng: random.Random, session, state):
    a, b = session.players
    # Each card's points (seed 003 "Briscola": A 11, 3 10, K 4, horse 3, jack 2) to a taker.
    bias = rng.uniform(0.3, 0.7)
    points = sum(v for v in CARD_VALUES if rng.random() < bias)
    return {
        "dealer": dealer(KEY, session, state),
        "result": {"card_points": {a: points, b: 120 - points}},
    }
