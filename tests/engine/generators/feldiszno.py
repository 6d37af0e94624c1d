"""Random valid féldisznó deals (spec two_player_games.md §13)."""

import random

from tests.engine.generators._two_player import common_rules, dealer, maybe, players, split

KEY = "feldiszno"


def random_session(rng: random.Random):
    rules = common_rules(rng)
    maybe(rng, rules, "feldiszno_variant_no_tens", True, False)
    maybe(rng, rules, "target_wins", None, 3, 5)
    return players(rng), rules, None


def random_hand(rng: random.Random, session, state):
    total = 16 if session.house_rules["feldiszno_variant_no_tens"] else 20
    result: dict = {"colour_cards": split(rng, total, session.players)}
    tied = 2 * next(iter(result["colour_cards"].values())) == total
    if tied or rng.random() < 0.1:
        result["last_colour_card"] = rng.choice(session.players)
    return {"dealer": dealer(KEY, session, state), "result": result}
