"""The statistics' facts of a Magyar tarokk hand: the declarer alone against two, the level,
the figures and contras read as in Paskievics (the record and numbers are its own, seed 004
§65), and each tarokk count as the announcer's own figure."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorebook.engine.facts import NO_RULES, HandFacts, generic_facts, own_figures
from scorebook.engine.variants.paskievics.facts import played_facts


def hand_facts(
    players: tuple[str, ...], record: Mapping[str, Any], _rules: Mapping[str, Any] = NO_RULES
) -> HandFacts:
    facts = generic_facts(players, record)
    if record.get("outcome") != "played":
        return facts
    played = played_facts(facts.roles, facts.level, record)
    counts = own_figures(facts.roles, record.get("tarokk_counts"), "seat", None, "tarokk_count")
    return HandFacts(played.roles, played.level, (*played.figures, *counts), played.contras)
