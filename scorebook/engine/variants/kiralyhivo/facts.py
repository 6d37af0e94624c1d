"""The statistics' facts of a Királyhívó hand: roles, contract, figures, contras."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorebook.engine.facts import (
    NO_RULES,
    Contra,
    HandFacts,
    contra_on,
    figures_of,
    generic_facts,
)
from scorebook.engine.variants.kiralyhivo.tariffs import DECLARER, FIGURES, SIDES, WIN


def hand_facts(
    players: tuple[str, ...], record: Mapping[str, Any], _rules: Mapping[str, Any] = NO_RULES
) -> HandFacts:
    """The partner is named only when a player held the called king (K3)."""
    facts = generic_facts(players, record)
    if record.get("all_pass") is True:
        return facts
    roles = facts.roles
    result = record.get("result") or {}
    made = result.get("figures_made") or {}
    announcements = [a for a in record.get("announcements") or [] if isinstance(a, Mapping)]
    said = {(a.get("figure"), a.get("side")) for a in announcements}
    figures = figures_of(roles, FIGURES, said, made)
    won = int(result.get("declarer_side_points") or 0) >= WIN
    game = int(record.get("game_contra") or 0)
    contras: list[Contra] = [contra_on("game", game, roles, DECLARER, won)] if game else []
    for a in announcements:
        level, side = int(a.get("contra") or 0), a.get("side")
        if level and side in SIDES:
            contras.append(
                contra_on(a["figure"], level, roles, side, made.get(a["figure"]) == side)
            )
    return HandFacts(roles, facts.level, figures, tuple(contras))
