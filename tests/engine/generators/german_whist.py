"""Random valid German whist deals (spec two_player_games.md §13)."""

import random

from tests.engine.generators._two_player import common_rules, dealer, maybe, players, split

KEY = "german_whist"


def random_session(rng: random.Random):
    rules = common_rules(rng)
    maybe(rng, rules, "german_whist_score", "tricks", "deal_win")
    maybe(rng, rules, "target_points", None, 50, 100)
    return players(rng), rules, None


def random_hand(rng: random.Random, session, state):
    return {
        "dealer": dealer(KEY, session, state),
        "result": {"tricks": split(rng, 13, session.players)},
    }
