"""Random valid Strómann hands (spec stromann.md section 13), covering every switch."""

from __future__ import annotations

import random
from typing import Any

from scorebook.engine.registry import get
from scorebook.engine.types import Session


def random_session(rng: random.Random) -> tuple[list[str], dict[str, Any], None]:
    deck = rng.choice((54, 54, 42))
    rules: dict[str, Any] = {
        "deck_size": deck,
        "bid_order": rng.choice(("non_dealer_first", "dealer_first")),
        "jatek_doubles_game": rng.random() < 0.3,
        "fejek_value": rng.choice((1, 1, 0, 2)),
        "threshold_42": rng.choice((34, 34, 33, 30)),
        "tuletroa_includes_fejek": rng.random() < 0.3,
        "late_bonus_announcement": rng.random() < 0.3,
        "max_contra_level": rng.choice((5, 2)),
        "revoke_penalty": rng.random() < 0.8,
    }
    return ["Anna", "Béla"], rules, None


def random_hand(rng: random.Random, session: Session, state: Any) -> dict[str, Any]:
    players = list(session.players)
    rules = session.house_rules
    total = 70 if rules["deck_size"] == 54 else 66
    dealer = get("stromann").table_hint(session, state).next_dealer or rng.choice(players)
    hand: dict[str, Any] = {"dealer": dealer}
    if rng.random() < 0.5:
        hand["bid"] = "mehet"
        hand["non_dealer_points"] = rng.randint(0, total)
    else:
        hand["bid"] = "jatek"
        hand["declarer"] = rng.choice(players)
        roll = rng.random()
        hand["contra"] = 0 if roll < 0.6 else min(rules["max_contra_level"], rng.randint(1, 5))
        hand["declarer_points"] = rng.randint(0, total)
    bonuses = rng.sample(("trull", "four_kings", "heads"), rng.choice((0, 0, 1, 1, 2)))
    if "trull" in bonuses and "heads" in bonuses:
        bonuses.remove("heads")
    hand["announcements"] = [{"player": rng.choice(players), "bonus": b} for b in bonuses]
    if rng.random() < 0.25:
        _silent_ultimo(rng, hand, players, total)
    if rng.random() < 0.05:
        hand["irregularity"] = {"type": "revoke", "player": rng.choice(players)}
        if rules["revoke_penalty"] and rng.random() < 0.5:
            hand["declarer_points"] = hand["non_dealer_points"] = None
    return hand


def _silent_ultimo(
    rng: random.Random, hand: dict[str, Any], players: list[str], total: int
) -> None:
    """Only the pagát's holder (the tulétroá's, if announced) wins the last trick with it,
    and his tricks then hold at least 5 card points (the pagát and one more card)."""
    trull = [a["player"] for a in hand["announcements"] if a["bonus"] == "trull"]
    ultimo = trull[0] if trull else rng.choice(players)
    hand["silent_ultimo_by"] = ultimo
    if hand["bid"] == "jatek":
        field, counted = "declarer_points", hand["declarer"]
    else:
        field = "non_dealer_points"
        counted = players[1] if hand["dealer"] == players[0] else players[0]
    if counted == ultimo:
        hand[field] = max(hand[field], 5)
    else:
        hand[field] = min(hand[field], total - 5)
