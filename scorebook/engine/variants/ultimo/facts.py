"""The statistics' facts of an Ultimo hand: each plays for himself, so no declarer; the
declarations are announced figures, the Pagat in the last trick, tout and nolo silent ones."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorebook.engine.facts import NO_RULES, Figure, HandFacts, generic_facts


def hand_facts(
    players: tuple[str, ...], record: Mapping[str, Any], _rules: Mapping[str, Any] = NO_RULES
) -> HandFacts:
    facts = generic_facts(players, record)  # OWN for each, OUT for `sitting_out`
    if record.get("void") is True:
        return facts
    figures = [
        Figure(d["type"], (d["player"],), announced=True, made=True)
        for d in record.get("declarations") or []
        if isinstance(d, Mapping) and d.get("player") in facts.roles
    ]
    last = record.get("last_trick") or {}
    if last.get("winning_card") == "pagat" and last.get("winner") in facts.roles:
        figures.append(Figure("pagat_ultimo", (last["winner"],), announced=False, made=True))
    for key in ("tout", "nolo"):
        if record.get(key) in facts.roles:
            figures.append(Figure(key, (record[key],), announced=False, made=True))
    return HandFacts(facts.roles, figures=tuple(figures))
