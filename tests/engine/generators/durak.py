"""Random valid durák deals (spec two_player_games.md §13)."""

import random

from tests.engine.generators._two_player import common_rules, dealer, maybe, players

KEY = "durak"


def random_session(rng: random.Random):
    rules = common_rules(rng)
    maybe(rng, rules, "target_wins", None, 3, 5)
    return players(rng), rules, None


def random_hand(rng: random.Random, session, state):
    result: dict = {"winner": rng.choice(session.players)}
    if rng.random() < 0.2:
        result["defender_covered_last"] = rng.choice([True, False, None])
    return {"dealer": dealer(KEY, session, state), "result": result}
