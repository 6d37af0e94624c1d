"""Random valid trappola deals, from a random deal of the 36 cards (spec §13)."""

import random

from scorebook.engine.variants.trappola import values
from tests.engine.generators._two_player import common_rules, dealer, maybe, players

KEY = "trappola"
RANKS = ("ace", "king", "cavall", "fante", "10", "9", "8", "7", "two")
DECK = [(rank, suit) for rank in RANKS for suit in range(4)]


def random_session(rng: random.Random):
    rules = common_rules(rng)
    maybe(rng, rules, "trappola_target", 300, 150)
    maybe(
        rng,
        rules,
        "trappola_values",
        {},
        {"two_trick": 5, "three": {"ace": 20}},
        {"card": {"ace": 11}, "four_factor": 3, "final_two_run": 20},
    )
    return players(rng), rules, None


def random_hand(rng: random.Random, session, state):
    a, b = session.players
    v = values(session)
    cards = rng.sample(DECK, 18)
    hands = {a: cards[:9], b: cards[9:]}
    declarations = []
    for p in (a, b):
        for rank in ("ace", "king", "cavall", "fante", "two"):
            count = sum(r == rank for r, _ in hands[p])
            if count >= 3 and rng.random() < 0.7:
                declarations.append({"player": p, "rank": rank, "count": count})
    points = dict.fromkeys((a, b), 0)
    for rank, _ in cards:
        points[rng.choice((a, b))] += v["card"].get(rank, 0)
    two_wins = {p: sum(r == "two" and rng.random() < 0.3 for r, _ in hands[p]) for p in (a, b)}
    last = rng.choice((a, b))
    run = rng.randint(0, two_wins[last])
    two_wins[last] -= run
    return {
        "dealer": dealer(KEY, session, state),
        "result": {
            "card_points": points,
            "declarations": declarations,
            "two_wins": two_wins,
            "last_trick": last,
            "final_two_run": run,
        },
    }
