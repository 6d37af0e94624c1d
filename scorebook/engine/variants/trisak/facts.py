"""The statistics' facts of a Trisák hand: roles and contract (all passed: no game;
trisákolás: each for himself), the pagát ultimó announced or silent, made or failed, the
hand bonuses as their holder's own figures, and the contras on the game and the ultimó."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorebook.engine.facts import (
    ALL_PASS,
    NO_RULES,
    OWN,
    Contra,
    Figure,
    HandFacts,
    contra_on,
    generic_facts,
    own_figures,
    side_players,
)
from scorebook.engine.variants.trisak.tariffs import BETTLIS, TO_WIN


def hand_facts(
    players: tuple[str, ...], record: Mapping[str, Any], _rules: Mapping[str, Any] = NO_RULES
) -> HandFacts:
    contract = record.get("contract")
    if contract == "no_game":
        return HandFacts(dict.fromkeys(players, ALL_PASS), "no_game")
    bonuses = own_figures(
        dict.fromkeys(players, OWN), record.get("hand_bonuses"), "player", "bonus"
    )
    if contract == "trisakolas":
        return HandFacts(dict.fromkeys(players, OWN), "trisakolas", tuple(bonuses))
    facts = generic_facts(players, record)
    if record.get("settled_half_fee") is True:
        return facts
    roles, result = facts.roles, record.get("result") or {}
    if contract in BETTLIS:
        won = result.get("declarer_took_trick") is False
    else:
        won = int(result.get("declarer_side_points") or 0) >= TO_WIN
    # a penalty settles the hand instead of its results: no contra ended either way
    game = 0 if record.get("irregularity") else int(record.get("game_contra") or 0)
    contras: list[Contra] = [contra_on("game", game, roles, "declarer", won)] if game else []
    ultimo = record.get("ultimo")
    figures: list[Figure] = []
    if isinstance(ultimo, Mapping) and ultimo.get("side") in ("declarer", "opponents"):
        side, made = ultimo["side"], ultimo.get("made") is True
        said = ultimo.get("announced") is True
        figures.append(Figure("pagat_ultimo", side_players(roles, side), said, made))
        if ultimo.get("contra") and not record.get("irregularity"):
            contras.append(contra_on("pagat_ultimo", int(ultimo["contra"]), roles, side, made))
    return HandFacts(roles, facts.level, (*figures, *bonuses), tuple(contras))
