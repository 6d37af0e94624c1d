"""Scoring without saving: a hand's live preview, and what new house rules would change."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from scorebook import nights
from scorebook.engine.errors import InvalidHand, Problem
from scorebook.engine.pots import pots_in_use
from scorebook.engine.record import Path
from scorebook.engine.replay import fold, inferred
from scorebook.engine.shape import check_input
from scorebook.engine.types import Entry
from scorebook.labels import rule_label, rule_value
from scorebook.money import add_up, signed_money, units
from scorebook.nightview import Before, NightView
from scorebook.speech import say

# --- hand entry -----------------------------------------------------------------------------


@dataclass
class Preview:
    entries: list[Entry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    # What the hand implies beyond what was tapped (path → value): saving stores it.
    inferred: list[tuple[Path, Any]] = field(default_factory=list)


def preview_hand(view: NightView, record: Mapping[str, Any], before: Before) -> Preview:
    """Score a record without saving it (the live preview before saving), at the table
    `before` it (`nightview.before`: the next hand, or the hand being edited)."""
    refused = check_input(view.variant, record)  # what saving it would refuse first
    if refused:
        return Preview(problems=refused)
    state, number = before.state, before.number
    try:
        _state, entries, problems = fold(view.session, [record], state=state, first_number=number)
    except InvalidHand as invalid:  # pragma: no cover - fold collects these itself
        return Preview(problems=invalid.problems)
    found = [] if problems else inferred(view.session, state, record)
    return Preview(entries=entries, problems=problems, inferred=found)


def preview_table(view: NightView, preview: Preview) -> dict[str, Any]:
    """Each player's payment, the pot changes and the breakdown lines of a preview."""
    deltas, pots = add_up(preview.entries, view.players, view.pot_names)
    return {
        "payments": [
            (p, units(deltas[p]), signed_money(deltas[p], view.night)) for p in view.players
        ],
        "pots": [(p, units(pots[p])) for p in view.pot_names],
        "lines": [say(line.text) for e in preview.entries for line in e.lines],
        "summary": next((s for e in preview.entries if (s := say(e.summary))), ""),
    }


@dataclass
class RulesPreview:
    """What new house rules would change: each player's total and each pot, before → after,
    and the hands the new rules refuse (then nothing may be saved)."""

    changed: list[tuple[str, str, str]]  # rule, old value, new value
    players: list[tuple[str, str, str]]  # player, total before, total after
    pots: list[tuple[str, str, str]]
    problems: list[Problem]


def rules_preview(view: NightView, rules: Mapping[str, Any]) -> RulesPreview:
    """Replay the whole night under `rules` (complete) without saving anything."""
    old = nights.complete_house_rules(view.variant, view.night.house_rules)
    changed = [
        (rule_label(rule), rule_value(rule, old.get(rule.name)), rule_value(rule, rules[rule.name]))
        for rule in view.variant.house_rules
        if rule.name in rules and old.get(rule.name) != rules[rule.name]
    ]
    session = replace(view.session, house_rules=dict(rules))
    _state, entries, problems = fold(session, [r.record for r in view.live_rows])
    before, after = view.totals(), add_up(entries, view.players, view.pot_names)[0]
    # Every pot of the game after the change: switching the ultimókassza on brings it in.
    opening = view.night.opening_pots or {}
    changes = add_up(entries, [], view.variant.pot_names)[1]
    pots_before = view.pots()
    pots_after = {p: opening.get(p, 0) + change for p, change in changes.items()}
    # The pots the night keeps before or after the change (switching the ultimókassza on).
    kept = set(view.pot_names) | set(pots_in_use(view.variant, session))
    return RulesPreview(
        changed,
        [(p, units(before[p]), units(after[p])) for p in view.players],
        [
            (p, units(pots_before.get(p, 0)).lstrip("+"), units(pots_after.get(p, 0)).lstrip("+"))
            for p in view.variant.pot_names
            if p in kept
        ],
        problems,
    )
