"""The statistics' facts of a Paskievics hand (spec §13): roles, bid, figures, contras."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorebook.engine.facts import (
    NO_RULES,
    OUT,
    Contra,
    HandFacts,
    contra_on,
    figures_of,
    generic_facts,
    side_players,
)
from scorebook.engine.variants.paskievics.tariffs import (
    DECL,
    DOUBLE_POINTS,
    FIGURES,
    OPP,
    TOTAL_POINTS,
    WIN_POINTS,
)

# The result field that says which side made each figure silently or announced.
MADE_FIELD = {**{f: f"{f}_side" for f in FIGURES}, "volat": "all_tricks_side"}


def hand_facts(
    players: tuple[str, ...], record: Mapping[str, Any], _rules: Mapping[str, Any] = NO_RULES
) -> HandFacts:
    """At five the dealer sits out (seed 004 §8); the rest as the record says."""
    seated = players
    if len(players) == 5 and record.get("dealer") in players:
        seated = tuple(p for p in players if p != record["dealer"])
    facts = generic_facts(seated, record)
    roles = {**facts.roles, **{p: OUT for p in players if p not in seated}}
    if record.get("outcome") != "played":
        return HandFacts(roles, facts.level)
    return played_facts(roles, facts.level, record)


def played_facts(roles: Mapping[str, str], level: str, record: Mapping[str, Any]) -> HandFacts:
    """A played hand's figures and contras (Magyar tarokk reads its own the same way: its
    record and numbers are these, seed 004 §65)."""
    result = record.get("result") or {}
    points = {DECL: int(result.get("declarer_card_points") or 0)}
    points[OPP] = TOTAL_POINTS - points[DECL]
    made = {key: result.get(name) for key, name in MADE_FIELD.items()}
    for side in (DECL, OPP):
        if points[side] >= DOUBLE_POINTS and made.get("double_game") is None:
            made["double_game"] = side
    figures = figures_of(roles, (*MADE_FIELD, "double_game"), _announced(record, roles), made)
    game = int(record.get("game_contra") or 0)
    contras = [contra_on("game", game, roles, DECL, points[DECL] >= WIN_POINTS)] if game else []
    contras += _figure_contras(record, roles, made)
    return HandFacts(roles, level, figures, tuple(contras))


def _side_of(roles: Mapping[str, str], player: Any) -> str:
    return DECL if player in side_players(roles, DECL) else OPP


def _announced(record: Mapping[str, Any], roles: Mapping[str, str]) -> set[tuple[Any, str]]:
    return {
        (a.get("figure"), _side_of(roles, a.get("by")))
        for a in record.get("announcements") or []
        if isinstance(a, Mapping)
    }


def _figure_contras(
    record: Mapping[str, Any], roles: Mapping[str, str], made: Mapping[str, Any]
) -> list[Contra]:
    found = []
    for a in record.get("announcements") or []:
        level = int(a.get("contra") or 0) if isinstance(a, Mapping) else 0
        if level:
            side = _side_of(roles, a.get("by"))
            found.append(contra_on(a["figure"], level, roles, side, made.get(a["figure"]) == side))
    return found
