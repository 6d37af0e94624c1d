"""Random valid Tapper hands (spec rules/tapper.md §13) for property tests and the bench."""

from __future__ import annotations

import random
from typing import Any

from scorebook.engine import registry
from scorebook.engine.types import Session

NAMES = ["Anna", "Béla", "Csaba", "Dóra", "Ede", "Flóra"]
CONTRACTS = ["harmas", "also_harmas", "felso_harmas", "szolo"]
TOTAL = {54: 70, 42: 66}
THRESHOLD = {54: 36, 42: 34}


def random_session(rng: random.Random) -> tuple[list[str], dict[str, Any], dict[str, int] | None]:
    players = rng.sample(NAMES, 3)
    rules: dict[str, Any] = {}
    if rng.random() < 0.4:
        rules["deck_size"] = 42
    if rng.random() < 0.5:
        rules["ultimo_kassza"] = True
        rules["kassza_stake"] = rng.choice([0, 5, 10])
    if rng.random() < 0.3:
        rules["kassza_end_of_session"] = "carry_over"
    if rng.random() < 0.3:
        rules["kassza_shared_by_side"] = True
    if rng.random() < 0.3:
        rules["all_pass_kassza_payment"] = rng.choice([0, 5])
    for name in (
        "solo_doubles_game_value",
        "tuletroa_includes_fejek",
        "individual_contras",
    ):
        if rng.random() < 0.3:
            rules[name] = True
    for name in ("fejek_requires_bidding", "volat_replaces_game", "revoke_penalty"):
        if rng.random() < 0.3:
            rules[name] = False
    if rng.random() < 0.2:
        rules["no_tarokk_annulment"] = False
    if rng.random() < 0.2:
        rules["volat_by_opponents"] = False
    if rng.random() < 0.3:
        rules["hand_bonus_basis"] = "as_dealt"
    if rng.random() < 0.3:
        rules["opponent_figure_payment"] = "individual"
    if rng.random() < 0.3:
        rules["tarokk_count_bonus"] = [
            {"min_tarokks": 10, "value": 1},
            {"min_tarokks": 12, "value": rng.randint(2, 4)},
        ]
    pots = {"ultimokassza": rng.randint(0, 40)} if rng.random() < 0.2 else None
    return players, rules, pots


def _contra(rng: random.Random) -> int:
    return 0 if rng.random() < 0.75 else rng.randint(1, 5)


def random_hand(rng: random.Random, session: Session, state: Any) -> dict[str, Any]:
    rules = session.house_rules
    players = list(session.players)
    dealer = registry.get("tapper").table_hint(session, state).next_dealer
    if rng.random() < 0.08:
        return {"dealer": dealer, "all_pass": True}
    deck = rules["deck_size"]
    declarer = rng.choice(players)
    opponents = [p for p in players if p != declarer]
    contract = rng.choice(CONTRACTS)
    participants = [declarer] + [p for p in opponents if rng.random() < 0.5]
    hand: dict[str, Any] = {
        "dealer": dealer,
        "all_pass": False,
        "declarer": declarer,
        "contract": contract,
        "bid_participants": participants,
        "game_contra": _contra(rng),
    }
    if rules["individual_contras"] and rng.random() < 0.5:
        hand["game_contra_by"] = rng.sample(opponents, rng.randint(0, 2))

    volat = None
    if rng.random() < 0.06:
        volat = "declarer" if rng.random() < 0.7 else "opponents"
    if volat == "declarer":
        points = rng.randint(THRESHOLD[deck] + 10, TOTAL[deck])
    elif volat == "opponents":
        points = rng.randint(0, 10)
    else:
        points = rng.randint(5, TOTAL[deck] - 5)
    sides = ["declarer", "opponents"]
    ultimo = rng.choice([s for s in sides if volat in (None, s)] + [None] * 4)
    ultimo_player = None
    if ultimo == "declarer":
        ultimo_player = declarer
    elif ultimo == "opponents":
        ultimo_player = rng.choice(opponents)
    result: dict[str, Any] = {
        "declarer_points": points,
        "figures_made": {"pagat_ultimo": ultimo, "volat": volat},
    }
    if ultimo_player is not None and (
        rules["opponent_figure_payment"] == "individual" or rng.random() < 0.5
    ):
        result["pagat_ultimo_player"] = ultimo_player
    hand["result"] = result

    announcements = []
    for figure in ("pagat_ultimo", "volat"):
        if rng.random() < 0.15:
            side = rng.choice(sides)
            if figure == "volat" and side == "opponents" and not rules["volat_by_opponents"]:
                side = "declarer"
            by = declarer if side == "declarer" else rng.choice(opponents)
            item: dict[str, Any] = {
                "figure": figure,
                "side": side,
                "by": by,
                "contra": _contra(rng),
            }
            if rules["individual_contras"] and rng.random() < 0.3:
                item["contra_by"] = rng.sample(opponents, 1)
            announcements.append(item)
    hand["announcements"] = announcements

    bonuses = []
    holders = rng.sample(players, 3)
    if rng.random() < 0.2:
        bonuses.append({"player": holders[0], "bonus": "four_kings"})
    honours = rng.random()
    if honours < 0.15:
        bonuses.append({"player": holders[1], "bonus": "trull"})
    elif honours < 0.5:
        bonuses.append({"player": holders[2], "bonus": "heads"})
    if honours < 0.15 and not _holds_the_pagat(holders[1], declarer, result, announcements):
        bonuses.remove({"player": holders[1], "bonus": "trull"})
    hand["hand_bonuses"] = bonuses
    if rules["tarokk_count_bonus"] is not None and rng.random() < 0.3:
        hand["tarokk_count"] = [{"player": rng.choice(players), "count": rng.randint(8, 14)}]

    roll = rng.random()
    if roll < 0.04:
        hand["irregularity"] = {"type": "revoke", "player": rng.choice(players)}
    elif roll < 0.06 and contract != "szolo":
        hand["irregularity"] = {"type": "wrong_discard", "player": declarer}
    elif roll < 0.08 and rules["no_tarokk_annulment"]:
        hand["irregularity"] = {"type": "no_tarokk_annulment", "player": rng.choice(players)}
        hand["announcements"] = []
        hand.pop("tarokk_count", None)
        hand["result"] = None
    if hand.get("irregularity") and rules["revoke_penalty"] and rng.random() < 0.5:
        hand["result"] = None
    return hand


def _holds_the_pagat(
    holder: str, declarer: str, result: dict[str, Any], announcements: list[dict[str, Any]]
) -> bool:
    """Whether a tulétroá of `holder` fits the hand: he holds the pagát, so only he announces
    the pagátultimó and only his side makes it (spec §4.1, T7)."""
    side = "declarer" if holder == declarer else "opponents"
    made = result["figures_made"]["pagat_ultimo"]
    if made not in (None, side) or result.get("pagat_ultimo_player") not in (None, holder):
        return False
    return all(a["by"] == holder for a in announcements if a["figure"] == "pagat_ultimo")
