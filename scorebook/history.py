"""What changed: a hand's versions, the night's history, house rules in words."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from scorebook import labels, nights
from scorebook.engine.types import HouseRule
from scorebook.labels import rule_label, rule_value
from scorebook.models import Hand, HandRevision, Night, NightRevision
from scorebook.records import diff_records
from scorebook.speech import say


def revisions(hand: Hand) -> list[HandRevision]:
    return list(HandRevision.objects.filter(hand=hand).select_related("author", "written_by"))


@dataclass
class Change:
    """One saved change of a hand: the version it made, who made it and when, and what
    changed: the fields (path, old value, new value), or a delete / undo."""

    version: int
    when: Any
    by: Any
    fields: list[tuple[str, Any, Any]]
    deleted: bool | None = None  # True: deleted, False: brought back, None: edited


def hand_changes(hand: Hand) -> list[Change]:
    """The hand's history, newest first: each kept version compared with the one after it."""
    kept = revisions(hand)  # newest first; each holds the record a change replaced
    after: tuple[Any, bool] = (hand.record, hand.deleted)
    changes = []
    for old in kept:
        record, deleted = after
        turned = None if deleted == old.deleted else deleted
        fields = diff_records(old.record, record)
        changes.append(Change(old.version + 1, old.created, old.author, fields, turned))
        after = (old.record, old.deleted)
    return changes


def changed_rules(night: Night) -> list[tuple[str, str, str]]:
    """The rules not at their default: (label, value in words, help)."""
    variant = nights.variant_of(night)
    rules = nights.complete_house_rules(variant, night.house_rules)
    return [
        (rule_label(rule), rule_value(rule, value), say(rule.help))
        for rule, value in nights.changed_house_rules(variant, rules)
    ]


def night_history(night: Night) -> list[tuple[NightRevision, list[tuple[str, str, str]]]]:
    """Each change to the night with its fields old → new as the page shows them (a house
    rule by its label, its values in words)."""
    revisions = NightRevision.objects.filter(night=night).select_related("author")
    out = []
    for revision in revisions:
        changes = [(str(what), str(old), str(new)) for what, old, new in revision.changes]
        if revision.kind == "rules":
            changes = rule_changes(night, changes)
        out.append((revision, changes))
    return out


def rule_changes(night: Night, changes: Iterable[Sequence[Any]]) -> list[tuple[str, str, str]]:
    """Stored rule changes ([name, old, new]) in words, as the night's history shows them."""
    rules = {rule.name: rule for rule in nights.variant_of(night).house_rules}
    return [
        _rule_change(rules.get(str(what)), str(what), str(old), str(new))
        for what, old, new in changes
    ]


def _rule_change(rule: HouseRule | None, name: str, old: str, new: str) -> tuple[str, str, str]:
    """A stored rule change ([name, old, new] as `nights.show_value` wrote them) in words."""
    if rule is None:  # a rule the variant no longer has
        return labels.words(name), old, new
    return (
        rule_label(rule),
        rule_value(rule, _shown_value(old)),
        rule_value(rule, _shown_value(new)),
    )


def _shown_value(text: str) -> Any:
    """The inverse of `nights.show_value`."""
    if text in ("true", "false"):
        return text == "true"
    if text == "—":
        return None
    try:
        return json.loads(text)
    except ValueError:
        return text
