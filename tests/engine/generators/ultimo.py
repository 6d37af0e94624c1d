"""Random valid Ultimo nights: 3 or 4 seated, a late joiner now and then, every feature."""

from __future__ import annotations

import random
from typing import Any

from scorebook.engine.types import Session
from scorebook.engine.variants.ultimo import SUITS, VARIANT, UltimoState

JOINER = "Ede"
REGULARS = ["Anna", "Béla", "Csaba", "Dóra"]
LARGE = ("declared_before_dealer", "lead_out_of_turn", "played_out_of_turn", "false_joker_demand")


def late_joiners(players: list[str]) -> list[str]:
    return [p for p in players if p == JOINER]


def random_session(rng: random.Random) -> tuple[list[str], dict[str, Any], dict[str, int] | None]:
    shape = rng.random()
    if shape < 0.45:
        players = REGULARS[:3]
    elif shape < 0.7:
        players = list(REGULARS)
    else:  # three seated, and Ede sits down between two of them later
        players = REGULARS[:3]
        players.insert(rng.randrange(4), JOINER)
    rules: dict[str, Any] = {}
    for rule in VARIANT.house_rules:
        if rng.random() < 0.3:
            if rule.kind == "bool":
                rules[rule.name] = rng.random() < 0.5
            elif rule.kind == "choice":
                rules[rule.name] = rng.choice(rule.choices)
            elif rule.name == "tout_value":
                rules[rule.name] = rng.choice((85, 135))
            else:
                rules[rule.name] = rng.choice((None, 10, 20, 30))
    pots = None
    if rng.random() < 0.4:
        pots = {"king": 5 * rng.randint(13, 60), "pagat": 5 * rng.randint(13, 60)}
    return players, rules, pots


def _declaration(rng: random.Random, player: str) -> dict[str, Any]:
    kind = rng.choice(("trumps", "matadors", "kings", "cavalry"))
    if kind == "trumps":
        return {
            "player": player,
            "type": kind,
            "count": rng.randint(10, 14),
            "with_pagat": rng.random() < 0.5,
        }
    if kind == "matadors":
        return {"player": player, "type": kind, "count": rng.randint(3, 6)}
    level = rng.choice(("rich", "full", "half"))
    decl: dict[str, Any] = {"player": player, "type": kind, "level": level}
    if kind == "cavalry":
        decl["suit"] = rng.choice(SUITS)
        decl["missing"] = (
            rng.choice(("king", "queen", "cavalier", "jack")) if level == "half" else None
        )
    else:
        decl["missing"] = rng.choice(SUITS) if level == "half" else None
    return decl


def _join_or_leave(
    rng: random.Random, session: Session, state: UltimoState
) -> dict[str, Any] | None:
    seated = state.seated
    if (
        JOINER in session.late_joiners
        and JOINER not in seated
        and len(seated) == 3
        and rng.random() < 0.15
    ):
        event: dict[str, Any] = {"event": "join", "player": JOINER}
        if rng.random() < 0.5:
            event["seat_index"] = session.players.index(JOINER)
        return event
    if len(seated) == 4 and rng.random() < 0.03:
        # Never the joiner: a player who left is not seated again
        return {"event": "leave", "player": rng.choice([p for p in seated if p != JOINER])}
    return None


def random_hand(rng: random.Random, session: Session, state: UltimoState) -> dict[str, Any]:
    event = _join_or_leave(rng, session, state)
    if event is not None:
        return event
    hint = VARIANT.table_hint(session, state)
    dealer = hint.next_dealer
    assert dealer is not None
    active = [p for p in state.seated if p not in hint.sitting_out]
    hand: dict[str, Any] = {"dealer": dealer}
    if hint.sitting_out and rng.random() < 0.5:
        hand["sitting_out"] = hint.sitting_out[0]
    if rng.random() < 0.03:
        hand["redeal_requests"] = [rng.choice(active)]
    declarations = []
    for p in active:
        if rng.random() < 0.3:
            declarations.append(_declaration(rng, p))
    # one declaration of a kind per player
    seen = set()
    declarations = [
        d
        for d in declarations
        if (key := (d["player"], d["type"], d.get("suit"))) not in seen and not seen.add(key)
    ]
    hand["declarations"] = declarations

    penalties: list[dict[str, Any]] = []
    void = rng.random() < 0.05
    if void:
        reasons = ["declaration_error", "wrong_discard", "wrong_card_count"]
        if session.rule("revoke_penalty_class") == "irreparable":
            reasons.append("revoke")
        reason = rng.choice(reasons)
        offender = dealer if reason == "wrong_discard" else rng.choice(active)
        if reason == "wrong_card_count" and session.rule("misdeal_offender") == "dealer":
            offender = dealer
        penalty: dict[str, Any] = {
            "player": offender,
            "reason": reason,
            "trick": rng.randint(0, 24),
        }
        if rng.random() < 0.5:
            penalty["class"] = "irreparable"
        if reason == "declaration_error":
            penalty["refund_declarations"] = [
                i for i, d in enumerate(declarations) if d["player"] == offender
            ][:1]
        penalties.append(penalty)
    if rng.random() < 0.08:
        if rng.random() < 0.5:
            penalties.insert(
                0,
                {
                    "player": rng.choice(active),
                    "class": "large",
                    "reason": rng.choice(LARGE),
                    "trick": rng.randint(1, 24),
                },
            )
        else:
            penalties.insert(0, {"player": dealer, "reason": "pools_not_moved", "trick": 0})
    if rng.random() < 0.02 and session.rule("revoke_penalty_class") != "irreparable":
        penalties.insert(0, {"player": rng.choice(active), "reason": "revoke", "trick": 9})
    hand["penalties"] = penalties
    if void and rng.random() < 0.5:
        hand["void"] = True

    # tricks 1–24
    kings_budget = 4
    kings_lost: dict[str, int] = {}
    for p in active:
        n = rng.choice((0, 0, 0, 0, 1, 1, 2))
        n = min(n, kings_budget)
        kings_budget -= n
        if n or rng.random() < 0.2:
            kings_lost[p] = n
    pagat_in_play = None
    r = rng.random()
    if r < 0.15:
        pagat_in_play = {"player": rng.choice(active), "result": "won"}
    elif r < 0.3:
        pagat_in_play = {"player": rng.choice(active), "result": "lost"}
    hand["in_play"] = {"kings_lost": kings_lost, "pagat": pagat_in_play}

    if void:
        hand["last_trick"] = None
        hand["tout"] = hand["nolo"] = hand["card_points"] = None
        return hand

    winner = rng.choice(active)
    tout = nolo = None
    r = rng.random()
    if r < 0.04:
        # Tout: the winner lost no king and his Pagat, if played in 1–24, won
        tout = winner
        kings_budget += kings_lost.get(winner, 0)
        kings_lost.pop(winner, None)
        if pagat_in_play is not None:
            pagat_in_play["player"] = winner
            pagat_in_play["result"] = "won"
    elif r < 0.12:
        nolo = rng.choice([p for p in active if p != winner])
        if pagat_in_play == {"player": nolo, "result": "won"}:
            pagat_in_play["result"] = "lost"
    pagat_free = pagat_in_play is None
    card = "other"
    r = rng.random()
    if r < 0.12 and pagat_free:
        card, pagat_free = "pagat", False
    elif r < 0.35 and kings_budget:
        card = "king"
        kings_budget -= 1
    losers = [p for p in active if p != winner]
    rng.shuffle(losers)
    king_przydupek = []
    for p in losers:
        if kings_budget and rng.random() < 0.15:
            king_przydupek.append(p)
            kings_budget -= 1
    pagat_przydupek = None
    spare = [p for p in losers if p not in king_przydupek]
    if card == "other" and pagat_free and spare and rng.random() < 0.1:
        pagat_przydupek = spare[0]
    hand["last_trick"] = {
        "winner": winner,
        "winning_card": card,
        "king_przydupek": king_przydupek,
        "pagat_przydupek": pagat_przydupek,
    }
    hand["tout"] = tout
    hand["nolo"] = nolo
    if nolo is not None:
        hand["card_points"] = None
    elif tout is not None:
        if session.rule("tout_cancels_card_points") and rng.random() < 0.5:
            hand["card_points"] = None
        else:
            points = dict.fromkeys(active, 0)
            # The dealer's Skat: its point and three cards of at most 4 (no more than 13)
            skat = 0 if dealer == tout else min(rng.randint(1, 16), 13)
            points[tout] = 78 - skat
            if skat:
                points[dealer] = skat
            hand["card_points"] = points
    else:
        a = rng.randint(0, 78)
        b = rng.randint(0, 78 - a)
        values = [a, b, 78 - a - b]
        while 0 in values:  # no Nolo: everyone took a trick, worth a point (no new draws)
            values[values.index(0)] += 1
            values[values.index(max(values))] -= 1
        rng.shuffle(values)
        hand["card_points"] = dict(zip(active, values, strict=True))
    if rng.random() < 0.05 and tout is None:
        # the dealer discarded the Joker for a Tout he did not make
        penalties.append({"player": dealer, "reason": "failed_tout_joker_discard", "trick": 25})
    return hand
