"""Random valid sült malac deals (spec two_player_games.md §13)."""

import random

from tests.engine.generators._two_player import common_rules, dealer, maybe, players

KEY = "sult_malac"


def random_session(rng: random.Random):
    rules = common_rules(rng)
    maybe(rng, rules, "sult_malac_stake", 1, 2, 5)
    maybe(rng, rules, "target", None, 5, 10)
    return players(rng), rules, None


def random_hand(rng: random.Random, session, state):
    result: dict = {"winner": rng.choice(session.players)}
    roll = rng.random()
    if roll < 0.3:
        result["stake"] = rng.randint(1, 4)
    elif roll < 0.4:
        result["stake"] = None
    return {"dealer": dealer(KEY, session, state), "result": result}
