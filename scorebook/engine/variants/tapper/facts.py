"""The statistics' facts of a Tapper hand: the declarer alone against two, the contract,
the trick figures (pagát ultimó, volát) announced and made, the hand bonuses and tarokk
counts as their holder's own figures, and the contras (individual ones by their sayers)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorebook.engine.facts import (
    Contra,
    HandFacts,
    contra_on,
    figures_of,
    generic_facts,
    own_figures,
)
from scorebook.engine.variants.tapper.tariffs import FIGURES, THRESHOLD


def hand_facts(
    players: tuple[str, ...], record: Mapping[str, Any], rules: Mapping[str, Any]
) -> HandFacts:
    facts = generic_facts(players, record)
    if record.get("all_pass") is True:
        return facts
    roles = facts.roles
    result = record.get("result") or {}
    made = result.get("figures_made") or {}
    said = [a for a in record.get("announcements") or [] if isinstance(a, Mapping)]
    figures = (
        *figures_of(roles, FIGURES, {(a.get("figure"), a.get("side")) for a in said}, made),
        *own_figures(roles, record.get("hand_bonuses"), "player", "bonus"),
        *own_figures(roles, record.get("tarokk_count"), "player", None, "tarokk_count"),
    )
    won = int(result.get("declarer_points") or 0) >= THRESHOLD[rules.get("deck_size", 54)]
    contras = [_contra("game", record.get("game_contra"), record.get("game_contra_by"), roles, won)]
    for a in said:
        side_won = made.get(a.get("figure")) == a.get("side")
        contras.append(
            _contra(
                a.get("figure"), a.get("contra"), a.get("contra_by"), roles, side_won, a.get("side")
            )
        )
    return HandFacts(roles, facts.level, figures, tuple(c for c in contras if c is not None))


def _contra(
    key: Any, level: Any, by: Any, roles: Mapping[str, str], won: bool, side: Any = "declarer"
) -> Contra | None:
    """A contra on the game or a figure of `side`; with individual contras (`by` names the
    opponents who said it) only they said or received it."""
    if not level or side not in ("declarer", "opponents"):
        return None
    found = contra_on(str(key), int(level), roles, side, won)
    by = tuple(p for p in by or () if p in roles)
    if not by:
        return found
    if level % 2:
        return Contra(found.key, found.level, by, found.receivers, found.sayers_won)
    return Contra(found.key, found.level, found.sayers, by, found.sayers_won)
