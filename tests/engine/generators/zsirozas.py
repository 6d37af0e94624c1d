"""Random valid zsírozás deals (spec two_player_games.md §13)."""

import random

from tests.engine.generators._two_player import common_rules, dealer, maybe, players, split

KEY = "zsirozas"


def random_session(rng: random.Random):
    rules = common_rules(rng)
    maybe(rng, rules, "zsirozas_score", "deal_win", "points")
    maybe(rng, rules, "target", None, 5, 30)
    return players(rng), rules, None


def random_hand(rng: random.Random, session, state):
    return {
        "dealer": dealer(KEY, session, state),
        "result": {
            "aces_tens": split(rng, 8, session.players),
            "last_trick": rng.choice(session.players),
        },
    }
