"""The statistics' facts of a Négyes 54 hand: roles and contract (the trisákolás after an
all-pass counts as all pass; a helper is the partner), the ultimó of the ultimó bids as an
announced pagát ultimó, and the contra on the bid, which went the declarer's way when the
bid's parts add up to a win (as `scoring` adds them)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorebook.engine.facts import (
    ALL_PASS,
    NO_RULES,
    Figure,
    HandFacts,
    contra_on,
    side_players,
    teams,
)
from scorebook.engine.variants.negyes54.tariffs import BETLI, GAME_PART, TO_WIN, ULTIMO, ULTIMO_BIDS


def hand_facts(
    players: tuple[str, ...], record: Mapping[str, Any], _rules: Mapping[str, Any] = NO_RULES
) -> HandFacts:
    contract = record.get("contract")
    if contract not in (*GAME_PART, *BETLI, *ULTIMO_BIDS, "trisakolas"):
        return HandFacts(dict.fromkeys(players, ALL_PASS), str(contract or ""))
    declarer = record.get("declarer")
    roles = teams(players, declarer, [record.get("partner"), record.get("helper")])
    result = record.get("result") or {}
    if record.get("irregularity"):  # a penalty settles the hand instead of its results
        return HandFacts(roles, str(contract))
    figures: tuple[Figure, ...] = ()
    if contract in ULTIMO_BIDS:
        made = result.get("ultimo_won") is True
        figures = (Figure("pagat_ultimo", side_players(roles, "declarer"), True, made),)
    level = int(record.get("contra") or 0)
    won = _won(contract, result, roles)
    contras = (contra_on("game", level, roles, "declarer", won),) if level else ()
    return HandFacts(roles, str(contract), figures, contras)


def _won(contract: str, result: Mapping[str, Any], roles: Mapping[str, str]) -> bool:
    """Whether the bid went the declarer side's way (its parts' sum is a gain)."""
    if contract == "trisakolas":
        tricks = result.get("tricks") or {}
        ours = [int(tricks.get(p) or 0) for p in side_players(roles, "declarer")]
        theirs = [int(tricks.get(p) or 0) for p in side_players(roles, "opponents")]
        if len(ours) == 1:
            return bool(theirs) and ours[0] < min(theirs)
        return sum(ours) < sum(theirs)
    if contract in BETLI:
        return result.get("declarer_took_trick") is False
    total = 0
    if contract in GAME_PART:
        points = int(result.get("declarer_side_points") or 0)
        total += GAME_PART[contract] if points >= TO_WIN else -GAME_PART[contract]
    if contract in ULTIMO_BIDS:
        total += ULTIMO if result.get("ultimo_won") is True else -ULTIMO
    return total > 0
