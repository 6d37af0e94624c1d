"""Random valid Királyhívó hands (spec kiralyhivo.md section 13), covering every switch."""

from __future__ import annotations

import random
from typing import Any

from scorebook.engine.registry import get
from scorebook.engine.types import Session

FIGURES = ("trull", "four_kings", "xxi_catch", "pagat_ultimo", "king_ultimo", "volat")
SIDES = ("declarer", "opponents")


def random_session(rng: random.Random) -> tuple[list[str], dict[str, Any], dict[str, int] | None]:
    players = ["Anna", "Béla", "Csaba", "Dóra"]
    rules: dict[str, Any] = {
        "ultimo_values_follow_figures": rng.random() < 0.8,
        "allow_voluntary_self_call": rng.random() < 0.2,
        "talon_king_fine_stacks": rng.random() < 0.3,
        "throw_allowed_at_szolo": rng.random() < 0.3,
        "max_contra_level": rng.choice(("mordkontra", "rekontra")),
        "volat_replaces_game": rng.random() < 0.8,
        "volat_cancels_silent_figures": rng.random() < 0.8,
        "revoke_penalty": rng.random() < 0.8,
        "no_tarokk_annulment": rng.random() < 0.8,
        "wrong_discard_penalty": rng.choice(("strict", "mild")),
        "penalty_includes_contras": rng.random() < 0.8,
        "talon_counts_for_figures": rng.random() < 0.9,
        "silent_ultimo_lost_pays": rng.random() < 0.3,
        "allow_reannounce_after_contra": rng.random() < 0.8,
        "ultimo_kassza": rng.random() < 0.5,
        "kassza_end_of_session": rng.choice(("split_equally", "carry_over")),
    }
    pots = {"ultimokassza": rng.randrange(0, 60)} if rng.random() < 0.3 else None
    return players, rules, pots


def _level(rng: random.Random, top: int) -> int:
    roll = rng.random()
    if roll < 0.7:
        return 0
    return min(top, 1 if roll < 0.9 else rng.randint(2, 5))


def random_hand(rng: random.Random, session: Session, state: Any) -> dict[str, Any]:
    players = list(session.players)
    rules = session.house_rules
    top = 5 if rules["max_contra_level"] == "mordkontra" else 2
    hint = get("kiralyhivo").table_hint(session, state)
    dealer = hint.next_dealer or rng.choice(players)
    if rng.random() < 0.05:
        return {"dealer": dealer, "all_pass": True}
    declarer = rng.choice(players)
    contract = rng.choices(("hivas", "szolo", "harmas", "szolo_harmas"), (60, 20, 15, 5))[0]
    hand: dict[str, Any] = {
        "dealer": dealer,
        "all_pass": False,
        "declarer": declarer,
        "contract": contract,
    }
    location = action = partner = None
    if contract in ("hivas", "szolo"):
        hand["called_king"] = rng.choice(("hearts", "diamonds", "clubs", "spades"))
        location = rng.choices(("player", "declarer", "talon"), (80, 8, 12))[0]
        hand["called_king_location"] = location
        if location == "player":
            partner = rng.choice([p for p in players if p != declarer])
            hand["partner"] = partner
        if location == "talon" and contract == "hivas":
            action = rng.choice(("throw", "play_took_king_half", "play_left_king_half"))
        elif location == "talon" and rules["throw_allowed_at_szolo"] and rng.random() < 0.5:
            action = "throw"
        if action:
            hand["talon_king_action"] = action
    if action == "throw":
        return hand
    if rules["no_tarokk_annulment"] and rng.random() < 0.03:
        hand["irregularity"] = {
            "type": "no_tarokk_annulment",
            "player": rng.choice([None, *players]),
        }
        return hand

    side = [declarer] if partner is None else [declarer, partner]
    members = {"declarer": side, "opponents": [p for p in players if p not in side]}
    calling = contract in ("hivas", "szolo")
    announcements = []
    announced: dict[str, list[str]] = {}
    for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
        figure = rng.choice(FIGURES)
        who = rng.choice(SIDES)
        if figure == "king_ultimo" and (who != "declarer" or not calling):
            continue
        taken = announced.setdefault(figure, [])
        if who in taken or (taken and not rules["allow_reannounce_after_contra"]):
            continue
        taken.append(who)
        announcements.append(
            {
                "figure": figure,
                "side": who,
                "by": rng.choice(members[who]),
                "contra": _level(rng, top),
            }
        )
    hand["announcements"] = announcements
    hand["game_contra"] = _level(rng, top)

    roll = rng.random()
    irregularity = None
    if roll < 0.04:
        irregularity = {"type": "revoke", "player": rng.choice(players)}
    elif roll < 0.07 and contract in ("hivas", "harmas"):
        irregularity = {"type": "wrong_discard", "player": declarer}
    if irregularity:
        hand["irregularity"] = irregularity
        penalised = (irregularity["type"] == "revoke" and rules["revoke_penalty"]) or (
            irregularity["type"] == "wrong_discard" and rules["wrong_discard_penalty"] == "strict"
        )
        if penalised:
            return hand

    king_in_play = location in ("player", "declarer") or action == "play_took_king_half"
    last = rng.choice(SIDES)  # who won the last trick
    made: dict[str, str | None] = {}
    for figure in ("trull", "four_kings", "xxi_catch"):
        made[figure] = rng.choice((None, None, "declarer", "opponents"))
    if rng.random() < 0.08:
        made["volat"] = last
    if rng.random() < 0.2:
        made["pagat_ultimo"] = last
    if calling and king_in_play and last == "declarer" and rng.random() < 0.2:
        made["king_ultimo"] = "declarer"
    taken = calling and king_in_play and rng.random() < 0.2
    # What the cards allow (kiralyhivo.md sections 1, 3, 6): the cards outside the tricks.
    own, own_king, theirs, their_king = _extras(contract, location, action)
    talon = rules["talon_counts_for_figures"]
    taken = _possible_figures(made, announcements, (contract, location, action), taken, talon)
    lo = _lowest(own, own_king)
    hi = 70 - _lowest(theirs, their_king)
    if made.get("volat") == "declarer":
        lo = max(lo, 70 - _highest(theirs))
        taken = False
    elif made.get("volat") == "opponents":
        hi = min(hi, _highest(own))
        taken = calling and king_in_play
    result: dict[str, Any] = {
        "declarer_side_points": rng.randint(lo, hi),
        "figures_made": made,
    }
    if taken:
        result["called_king_taken_by_opponents"] = True
    if rules["silent_ultimo_lost_pays"] and "pagat_ultimo" not in made and rng.random() < 0.3:
        result["pagat_lost_last_trick"] = rng.choice(SIDES)
    hand["result"] = result
    return hand


def _other(side: str) -> str:
    return "opponents" if side == "declarer" else "declarer"


def _extras(contract: str, location: str | None, action: str | None) -> tuple[int, bool, int, bool]:
    """Cards outside the tricks: (for the declarer side, holding the called king, for the
    opponents, holding the called king)."""
    if contract in ("hivas", "harmas"):
        return 3, False, 3, action == "play_left_king_half"
    if location == "talon":
        return 3, True, 3, False
    return 0, False, 6, False


def _lowest(cards: int, king: bool) -> int:
    return 0 if cards == 0 else (4 if king else 0) + cards // 3 + (cards % 3 == 2)


def _highest(cards: int) -> int:
    return 4 * cards + cards // 3 + (cards % 3 == 2)


def _possible_figures(
    made: dict[str, str | None],
    announcements: list[dict[str, Any]],
    deal: tuple[str, str | None, str | None],
    taken: bool,
    talon: bool,
) -> bool:
    """Drop the figures the cards cannot give; whether the called king can be taken home.
    `talon`: talon cards count for figures (K11); when not, only the discards do."""
    contract, location, action = deal
    own, _, theirs, _ = _extras(contract, location, action)
    if not talon:
        own, theirs = (own if contract in ("hivas", "harmas") else 0), 0
        if (contract == "szolo" and location == "talon") or action == "play_left_king_half":
            made["four_kings"] = None  # the called king lies in the talon
    volat = made.get("volat")
    if volat is not None:
        loser = _other(volat)
        cards = own if loser == "declarer" else theirs
        for figure, fewest in (("xxi_catch", 99), ("four_kings", 4), ("trull", 3)):
            if made.get(figure) == loser and cards < fewest:
                made[figure] = None
        if cards == 0 and talon:  # the volát side holds every card
            for a in announcements:
                if a["side"] == volat and a["figure"] in ("trull", "four_kings"):
                    made[a["figure"]] = volat
    for figure in ("xxi_catch", "pagat_ultimo"):
        side = made.get(figure)
        if side is not None and made.get("trull") == _other(side):
            made["trull"] = None
    if made.get("king_ultimo") == "declarer":
        taken = False
    king_with_declarer = made.get("king_ultimo") == "declarer" or (
        contract == "szolo" and location == "talon"
    )
    if king_with_declarer and made.get("four_kings") == "opponents":
        made["four_kings"] = None
    if (taken or action == "play_left_king_half") and made.get("four_kings") == "declarer":
        made["four_kings"] = None
    return taken
