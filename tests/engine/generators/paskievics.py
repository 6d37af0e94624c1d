"""Random valid Paskievics nights: 4–5 seated (6 names with a late joiner), every switch."""

from __future__ import annotations

import random
from typing import Any

from scorebook.engine.errors import InvalidHand
from scorebook.engine.types import Session
from scorebook.engine.variants.paskievics import (
    ANNOUNCEABLE,
    CALLED_CARDS,
    GAME_TIER,
    HOUSE_RULES,
    LEVEL_TALON,
    VARIANT,
    State,
)
from scorebook.engine.variants.paskievics.tariffs import MOST_IN_DISCARDS

NAMES = ["Anna", "Béla", "Csaba", "Dóra", "Edit", "Feri"]
LEVELS = list(LEVEL_TALON)
SIDE_CHANCE = {
    "trull_side": 0.15,
    "four_kings_side": 0.2,
    "pagat_ultimo_side": 0.1,
    "xxi_catch_side": 0.05,
}


def late_joiners(players: list[str]) -> tuple[str, ...]:
    # A sixth name can only sit down after somebody leaves (at most five seated).
    return tuple(players[5:])


def random_session(rng: random.Random) -> tuple[list[str], dict[str, Any], dict[str, int] | None]:
    players = NAMES[: rng.choice((4, 4, 5, 5, 6))]
    rules: dict[str, Any] = {}
    for rule in HOUSE_RULES:
        if rng.random() < 0.5:
            continue
        if rule.kind == "bool":
            rules[rule.name] = rng.random() < 0.6
        elif rule.kind == "choice":
            rules[rule.name] = rng.choice(rule.choices)
        else:
            rules[rule.name] = rng.choice((0, 0, 5, 10))
    pots = None if rng.random() < 0.7 else {"ultimokassza": rng.randint(0, 60)}
    return players, rules, pots


def _other(side: str) -> str:
    return "opponents" if side == "declarer" else "declarer"


def _maybe_event(rng: random.Random, session: Session, state: State) -> dict[str, Any] | None:
    seated = state.seated
    if len(seated) == 5 and rng.random() < 0.02:
        return {"event": "leave", "player": rng.choice(seated)}
    away = [p for p in session.players if p not in seated]
    if len(seated) == 4 and away and rng.random() < 0.1:
        return {"event": "join", "player": rng.choice(away)}
    return None


def _played(rng: random.Random, rules: Any, dealer: str, active: tuple[str, ...]) -> dict[str, Any]:
    max_contra = rules["max_contra_level"]
    declarer = rng.choice(active)
    level = rng.choice(LEVELS)
    others = [p for p in active if p != declarer]
    hand: dict[str, Any] = {
        "dealer": dealer,
        "outcome": "played",
        "bid": {"declarer": declarer, "level": level},
        "called_card": rng.choice(CALLED_CARDS[:4]),
        # Most games stand without a contra; every level still comes up.
        "game_contra": rng.choice((0,) * 12 + (1, 1, 1, 2, 2, 3, 4, 5)) % (max_contra + 1),
    }
    kind = rng.random()
    if kind < 0.78:
        partner: str | None = rng.choice(others)
        hand["partner"] = partner
    elif kind < 0.9:
        partner = None
        hand["alone_reason"] = "self_call"
        hand["called_card"] = "XX"
    else:
        partner = None
        hand["alone_reason"] = "called_card_discarded"
        hand["called_card_discarded_by"] = rng.choice(others)
        hand["game_contra"] = max(1, hand["game_contra"])
    team = {declarer, partner}

    def side_of(p: str) -> str:
        return "declarer" if p in team else "opponents"

    # Result: what the cards allow (spec §13). The declarer's discard counts for his side,
    # the others' for the opponents; a side with every trick captured every honour and king
    # and leaves the other side its discards; otherwise each side took a trick (4 cards).
    own = LEVEL_TALON[level]
    theirs = 6 - own
    roll = rng.random()
    volat = "declarer" if roll < 0.06 else "opponents" if roll < 0.08 else None
    if volat == "declarer":
        points = rng.randint(94 - MOST_IN_DISCARDS[theirs], 94 - theirs)
    elif volat == "opponents":
        points = rng.randint(own, MOST_IN_DISCARDS[own])
    else:
        points = rng.choice((rng.randint(20, 75), rng.randint(0, 94), 47, 48, 71, 23))
        points = min(max(points, own + 4), 94 - theirs - 4)
    result: dict[str, Any] = {"declarer_card_points": points, "all_tricks_side": volat}
    for name, chance in SIDE_CHANCE.items():
        # Figures are made in a minority of real hands; keep the nights realistic.
        pick = rng.random()
        side = None if pick >= chance else "declarer" if pick < chance * 0.6 else "opponents"
        if volat is not None and (side is not None or name in ("trull_side", "four_kings_side")):
            side = volat
        result[name] = side
    if result["trull_side"]:
        for name in ("xxi_catch_side", "pagat_ultimo_side"):
            if result[name] not in (None, result["trull_side"]):
                result[name] = None
    elif result["xxi_catch_side"] and result["xxi_catch_side"] == result["pagat_ultimo_side"]:
        result["trull_side"] = result["xxi_catch_side"]  # its skíz and pagát: all three
    if result["pagat_ultimo_side"] is None and rng.random() < 0.2:
        # Beaten by an opponent, or by the partner's own tarokk (seed 004 §54): only a
        # declarer playing alone cannot keep his trull or volát then.
        lost = rng.choice(("declarer", "opponents"))
        alone = lost == "declarer" and partner is None
        if not (alone and "declarer" in (volat, result["trull_side"])):
            result["pagat_lost_last_trick_side"] = lost
    hand["result"] = result

    announcements: list[dict[str, Any]] = []
    seen: set[tuple[str, str]] = set()
    tier_side = None
    for _ in range(rng.choice((0, 0, 0, 0, 0, 1, 1, 1, 2, 3))):
        figure = rng.choice(ANNOUNCEABLE)
        by = rng.choice(active)
        side = side_of(by)
        if (figure, side) in seen or (figure in GAME_TIER and tier_side not in (None, side)):
            continue
        seen.add((figure, side))
        if figure in GAME_TIER:
            tier_side = side
        contra = rng.choice((0, 0, 0, 0, 1, 1, 2, 3, 4, 5)) % (max_contra + 1)
        announcements.append({"figure": figure, "by": by, "contra": contra})
    hand["announcements"] = announcements

    counts = []
    for seat in rng.sample(list(active), rng.choice((0, 0, 0, 0, 0, 0, 1, 1, 2))):
        counts.append({"seat": seat, "count": rng.choice((8, 9)), "announced": rng.random() < 0.6})
    hand["tarokk_counts"] = counts
    if rng.random() < 0.04:
        kind_ = rng.choice(("renonsz", "wrong_discard"))
        hand["irregularity"] = {"kind": kind_, "seat": rng.choice(active)}
    return hand


def _fourth_bidder(seated: tuple[str, ...], dealer: str, active: tuple[str, ...]) -> str:
    start = seated.index(dealer) + 1
    order = [seated[(start + i) % len(seated)] for i in range(len(seated))]
    return [p for p in order if p in active][-1]


def _candidate(rng: random.Random, session: Session, state: State) -> dict[str, Any]:
    rules = session.house_rules
    hint = VARIANT.table_hint(session, state)
    dealer = hint.next_dealer or rng.choice(state.seated)
    seated = state.seated
    active = tuple(p for p in seated if p != dealer) if len(seated) == 5 else seated
    roll = rng.random()
    if roll < 0.8:
        hand = _played(rng, rules, dealer, active)
    elif roll < 0.87:
        hand = {"dealer": dealer, "outcome": "all_pass", "bid": None}
    elif roll < 0.91:
        bidder = _fourth_bidder(seated, dealer, active)
        hand = {
            "dealer": dealer,
            "outcome": "honourless_fail",
            "bid": {"declarer": bidder, "level": rng.choice(LEVELS)},
        }
    elif roll < 0.95 and rules["temesvar_declined_three"]:
        bid = {"declarer": rng.choice(active), "level": "three"}
        hand = {"dealer": dealer, "outcome": "declined_three", "bid": bid}
    else:
        hand = {"dealer": dealer, "outcome": "thrown_in", "thrown_in_by": rng.choice(active)}
        if rng.random() < 0.5:
            hand["bid"] = {"declarer": rng.choice(active), "level": "solo"}
    if (
        rules["ujlak_talon_honours"]
        and len(seated) == 5
        and hand["outcome"] in ("played", "honourless_fail", "thrown_in")
    ):
        takers = [p for p in active if p != (hand.get("bid") or {}).get("declarer")]
        if hand["outcome"] == "played":
            takers = list(active)
        cards = rng.sample(["skiz", "xxi", "pagat"], rng.choice((0, 1, 1, 2)))
        hand["talon_honours"] = [
            {"card": c, "taken_by": rng.choice(takers), "paid_late": rng.random() < 0.2}
            for c in cards
        ]
    return hand


def random_hand(rng: random.Random, session: Session, state: State) -> dict[str, Any]:
    event = _maybe_event(rng, session, state)
    if event is not None:
        return event
    for _ in range(50):
        hand = _candidate(rng, session, state)
        try:
            VARIANT.play(session, state, hand, 1)
        except InvalidHand:
            continue  # e.g. card points that do not fit the figures drawn
        return hand
    dealer = VARIANT.table_hint(session, state).next_dealer or state.seated[0]
    return {"dealer": dealer, "outcome": "all_pass", "bid": None}
