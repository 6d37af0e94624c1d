"""Scoring without saving: a hand's live preview, and what new house rules would change."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from scorebook import nights
from scorebook.engine.errors import Problem
from scorebook.engine.pots import pots_in_use
from scorebook.engine.replay import Scored, fold, score_next
from scorebook.engine.shape import check_input
from scorebook.labels import rule_label, rule_value
from scorebook.money import add_up, signed_money, units
from scorebook.nightview import Before, NightView
from scorebook.speech import say

# --- hand entry -----------------------------------------------------------------------------


def preview_hand(view: NightView, record: Mapping[str, Any], before: Before) -> Scored:
    """Score a record at the table `before` it (`nightview.before`: the next hand, or the
    hand being edited): the live preview, and a save (the payment in view is the one saved).
    What saving it would refuse comes first: the bounds of the variant's record."""
    refused = check_input(view.variant, record)
    if refused:
        return Scored(dict(record), before.state, [], refused, [])
    return score_next(view.session, before.state, record, before.number)


def preview_table(view: NightView, preview: Scored) -> dict[str, Any]:
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
