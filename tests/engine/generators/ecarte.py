"""Random valid écarté deals (spec two_player_games.md §13)."""

import random

from tests.engine.generators._two_player import common_rules, dealer, maybe, players, split

KEY = "ecarte"


def random_session(rng: random.Random):
    rules = common_rules(rng)
    maybe(rng, rules, "ecarte_target", 7, 5)
    maybe(rng, rules, "ecarte_king_bonus", True, False)
    maybe(rng, rules, "ecarte_refusal_penalty", True, False)
    return players(rng), rules, None


def random_hand(rng: random.Random, session, state):
    pl = session.players
    result: dict = {"tricks": split(rng, 5, pl)}
    if session.house_rules["ecarte_king_bonus"] and rng.random() < 0.3:
        result["king_of_trumps"] = rng.choice(pl)
    if session.house_rules["ecarte_refusal_penalty"] and rng.random() < 0.3:
        result["no_exchange_by"] = rng.choice(pl)
    return {"dealer": dealer(KEY, session, state), "result": result}
