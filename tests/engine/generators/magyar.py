"""Random valid Magyar tarokk hands (spec rules/magyar.md §13) for property tests and bench."""

from __future__ import annotations

import random
from typing import Any

from scorebook.engine import registry
from scorebook.engine.types import Session

NAMES = ["Anna", "Béla", "Csaba", "Dóra", "Ede", "Flóra"]
LEVELS = ["three", "lower_three", "two", "one", "solo"]
SOURCE_MAX = {"three": 3, "lower_three": 3, "two": 5, "one": 11}
LEFT = {"three": 3, "lower_three": 3, "two": 4, "one": 5, "solo": 6}
FIGURES = ["trull", "four_kings", "pagat_ultimo", "xxi_catch"]


def random_session(rng: random.Random) -> tuple[list[str], dict[str, Any], dict[str, int] | None]:
    players = rng.sample(NAMES, 3)
    rules: dict[str, Any] = {}
    if rng.random() < 0.3:
        rules["tariff_per_opponent"] = False
    if rng.random() < 0.3:
        rules["max_talon_step"] = "unlimited"
    if rng.random() < 0.3:
        rules["talon_counts_for_figures"] = False
    if rng.random() < 0.3:
        rules["double_game"] = True
    if rng.random() < 0.3:
        rules["tarokk_count_bonus"] = {"min_tarokks": rng.randint(6, 9), "value": rng.randint(1, 3)}
    if rng.random() < 0.3:
        rules["all_pass_rule"] = "same_dealer"
    if rng.random() < 0.5:
        rules["ultimo_kassza"] = True
    if rng.random() < 0.3:
        rules["game_tier_rule"] = "announced_else_replace"
    if rng.random() < 0.3:
        rules["volat_voids_silent"] = "all_silent"
    if rng.random() < 0.3:
        rules["wrong_discard_penalty"] = "mild"
    if rng.random() < 0.3:
        rules["irregularity_voids_hand"] = False
    if rng.random() < 0.3:
        rules["silent_ultimo_failure_penalty"] = True
    if rng.random() < 0.3:
        rules["max_contra_level"] = 2
    if rng.random() < 0.3:
        rules["no_tarokk_throw_in"] = True
    pots = {"ultimokassza": rng.randint(0, 40)} if rng.random() < 0.2 else None
    return players, rules, pots


def _contra(rng: random.Random, top: int) -> int:
    return 0 if rng.random() < 0.7 else rng.randint(1, top)


def random_hand(rng: random.Random, session: Session, state: Any) -> dict[str, Any]:
    rules = session.house_rules
    players = list(session.players)
    dealer = registry.get("magyar").table_hint(session, state).next_dealer
    roll = rng.random()
    if roll < 0.08:
        return {"dealer": dealer, "outcome": "all_pass"}
    if roll < 0.11:
        return {"dealer": dealer, "outcome": "no_game"}
    top = rules["max_contra_level"]
    declarer = rng.choice(players)
    opponents = [p for p in players if p != declarer]
    level = rng.choice(LEVELS)
    hand: dict[str, Any] = {
        "dealer": dealer,
        "outcome": "played",
        "declarer": declarer,
        "level": level,
        "game_contra": _contra(rng, top),
    }
    if level != "solo":
        hi = SOURCE_MAX[level] if rules["max_talon_step"] == "source" else SOURCE_MAX[level] + 4
        hand["talon_step"] = rng.randint(1, hi)
    talon: list[str] = []
    if rng.random() < 0.4:
        pool = ["skiz", "xxi", "pagat", "king", "king", "king", "king"]
        talon = rng.sample(pool, rng.randint(0, min(LEFT[level], 3)))
        hand["talon_figure_cards"] = talon

    # Result first, then announcements that agree with the record's constraints.
    all_tricks = None
    if rng.random() < 0.1:
        all_tricks = rng.choice(["declarer", "opponents"])
    if all_tricks == "declarer":
        points = rng.randint(64, 94)
    elif all_tricks == "opponents":
        points = rng.randint(0, 12)
    else:
        points = rng.randint(10, 85)
    result: dict[str, Any] = {"declarer_card_points": points, "all_tricks_side": all_tricks}
    sides = ["declarer", "opponents"]
    trull = rng.choice([*sides, None, None, None])
    if trull == "declarer" and any(h in talon for h in ("skiz", "xxi", "pagat")):
        trull = None
    kings = rng.choice([*sides, None, None, None])
    if kings == "declarer" and "king" in talon:
        kings = None
    if all_tricks == "opponents":  # his discard holds no king or honour (spec §3)
        trull = None if trull == "declarer" else trull
        kings = None if kings == "declarer" else kings
    allowed = [s for s in sides if all_tricks in (None, s)]
    ultimo = rng.choice([*allowed, None, None, None]) if "pagat" not in talon else None
    catch = rng.choice([*allowed, None, None, None, None]) if "xxi" not in talon else None
    if trull is not None and (ultimo not in (None, trull) or catch not in (None, trull)):
        trull = None
    result.update(
        trull_side=trull, four_kings_side=kings, pagat_ultimo_side=ultimo, xxi_catch_side=catch
    )
    if rules["silent_ultimo_failure_penalty"] and ultimo is None and "pagat" not in talon:
        lost = rng.choice([*sides, None, None])
        # An opponent who beats the declarer's pagát takes the last trick and the pagát.
        if not (lost == "declarer" and "declarer" in (all_tricks, trull)):
            result["pagat_lost_last_trick_side"] = lost
    hand["result"] = result

    announcements = []
    figures = list(FIGURES)
    if rng.random() < 0.15:
        figures.append("volat")
    if rules["double_game"] and rng.random() < 0.15:
        figures.append("double_game")
    tier_side = rng.choice(sides)
    for figure in figures:
        for side in sides:
            if figure in ("volat", "double_game") and side != tier_side:
                continue
            if rng.random() < (0.12 if figure in FIGURES else 0.6):
                by = declarer if side == "declarer" else rng.choice(opponents)
                announcements.append({"figure": figure, "by": by, "contra": _contra(rng, top)})
    rng.shuffle(announcements)
    hand["announcements"] = announcements
    if rules["tarokk_count_bonus"] is not None and rng.random() < 0.3:
        seats = rng.sample(players, rng.randint(1, 2))
        hand["tarokk_counts"] = [{"seat": s, "count": rng.randint(4, 12)} for s in seats]
    if rng.random() < 0.06:
        if level != "solo" and rng.random() < 0.5:
            hand["irregularity"] = {"kind": "wrong_discard", "seat": declarer}
        else:
            hand["irregularity"] = {"kind": "renonsz", "seat": rng.choice(players)}
        voids = rules["irregularity_voids_hand"] and not (
            hand["irregularity"]["kind"] == "wrong_discard"
            and rules["wrong_discard_penalty"] == "mild"
        )
        if voids and rng.random() < 0.5:
            hand["result"] = None
    return hand
