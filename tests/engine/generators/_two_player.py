"""Shared pieces of the two-player games' generators (spec `two_player_games.md`)."""

import random

from scorebook.engine import registry
from scorebook.engine.types import Session

NAMES = ["Anna", "Béla", "Csaba", "Dóra", "Erzsi", "Feri", "Gizi", "Hugó"]


def players(rng: random.Random) -> list[str]:
    return rng.sample(NAMES, 2)


def common_rules(rng: random.Random) -> dict:
    rules: dict = {}
    if rng.random() < 0.5:
        rules["settlement_mode"] = rng.choice(["points", "match"])
    if rng.random() < 0.3:
        rules["stake_per_match"] = rng.randint(1, 5)
    if rng.random() < 0.5:
        rules["dealer_rotation"] = rng.choice(["alternate", "loser_deals"])
    return rules


def maybe(rng: random.Random, rules: dict, name: str, *values) -> None:
    """Set a house rule to one of `values` half of the time (else keep the default)."""
    if rng.random() < 0.5:
        rules[name] = rng.choice(values)


def dealer(key: str, session: Session, state) -> str:
    """The dealer the rotation wants (the first deal: the suggested one)."""
    hint = registry.get(key).table_hint(session, state)
    assert hint.next_dealer is not None
    return hint.next_dealer


def split(rng: random.Random, total: int, players_: tuple[str, ...]) -> dict[str, int]:
    """`total` cards or tricks shared out one by one, the way a deal does (not uniform)."""
    bias = rng.uniform(0.25, 0.75)
    a = sum(rng.random() < bias for _ in range(total))
    return {players_[0]: a, players_[1]: total - a}
