"""The bridge between stored nights and the engine: sessions, stakes, entries as JSON.

Shared by `services` (writes) and the reads (`nightview`, `ledger`, `settleup`...); nothing here touches the database
except through objects the caller already loaded.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

from scorebook.engine import messages, registry
from scorebook.engine.messages import Msg, msg, said
from scorebook.engine.types import (
    Amount,
    Entry,
    HouseRule,
    Line,
    Session,
    Variant,
)
from scorebook.models import Night

EVENT_KEY = "event"
# What a night may hold, whoever creates it (the set-up form, a service, an import): far
# above any real table, far below what money and the database columns can carry.
MAX_STAKE = Decimal(10) ** 6  # per point
MAX_POT = 10**12  # an opening pot balance, in payment units
# Rows a night may hold (hands, deleted hands and join/leave events alike), typed or imported:
# a real night has a few hundred; the limit bounds every request's work (issue 20).
MAX_ROWS = 5000


def too_many_rows() -> Msg:
    return msg(
        "a night holds at most {max_rows} hands (deleted hands and joins included): "
        "start a new night",
        max_rows=MAX_ROWS,
    )


def available_variants() -> list[Variant]:
    """Every registered variant whose module loads (others are still being written)."""
    found = []
    for key in registry.VARIANT_KEYS:
        try:
            found.append(registry.get(key))
        except ImportError:
            continue
    return found


def variant_of(night: Night) -> Variant:
    return registry.get(night.variant)


def complete_house_rules(variant: Variant, given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every rule of the variant: the stored value where it is still allowed, else the default."""
    given = given or {}
    allowed = _allowed_rules(variant, given)
    return {
        rule.name: given.get(rule.name, rule.default) if rule.name in allowed else rule.default
        for rule in variant.house_rules
    }


def house_rules_of(night: Night) -> dict[str, Any]:
    """The night's complete house rules, for a caller without its session."""
    return complete_house_rules(variant_of(night), night.house_rules)


# The rules found allowed, by variant and stored rules (as JSON): a rule's check is pure, so
# a night's rules are checked once when first read, not again at every save.
_ALLOWED: dict[tuple[str, str], frozenset[str]] = {}
_ALLOWED_KEPT = 1024


def _allowed_rules(variant: Variant, given: Mapping[str, Any]) -> frozenset[str]:
    key = (variant.key, json.dumps(given, sort_keys=True, default=repr))
    found = _ALLOWED.get(key)
    if found is None:
        found = frozenset(
            rule.name
            for rule in variant.house_rules
            if rule.check(given.get(rule.name, rule.default)) is None
        )
        if len(_ALLOWED) < _ALLOWED_KEPT:
            _ALLOWED[key] = found
    return found


def changed_house_rules(variant: Variant, rules: Mapping[str, Any]) -> list[tuple[HouseRule, Any]]:
    """The rules whose value differs from the default, in the variant's order."""
    return [
        (rule, rules[rule.name])
        for rule in variant.house_rules
        if rule.name in rules and rules[rule.name] != rule.default
    ]


def show_value(value: Any) -> str:
    """A house rule's value as the pages write it: true/false, — for none, JSON for a list
    or an object (the set-up page's choices and the night's summary both use it)."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "—"
    if isinstance(value, list | dict):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def joined(records: Iterable[Any]) -> frozenset[str]:
    """Every player a join event names (each has a seat from then on, even if the join is
    deleted later)."""
    return frozenset(
        r["player"]
        for r in records
        if isinstance(r, Mapping)
        and r.get(EVENT_KEY) == "join"
        and isinstance(r.get("player"), str)
    )


def session_for(
    night: Night, players: Sequence[str], joiners: frozenset[str], variant: Variant
) -> Session:
    """The engine's session for the night (`variant`: the night's, which the caller has)."""
    return Session(
        variant=night.variant,
        players=tuple(players),
        house_rules=complete_house_rules(variant, night.house_rules),
        opening_pots=dict(night.opening_pots) if night.opening_pots is not None else None,
        late_joiners=joiners,
    )


# --- entries as JSON (amounts stay exact: an int, or {"fraction": [n, d]}) -------------------


def amount_to_json(value: Amount) -> Any:
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return value.numerator
        return {"fraction": [value.numerator, value.denominator]}
    return value


def amount_from_json(value: Any) -> Amount:
    if isinstance(value, dict):
        n, d = value["fraction"]
        return Fraction(n, d)
    return int(value)


def _amounts_to_json(amounts: Mapping[str, Amount]) -> dict[str, Any]:
    return {k: amount_to_json(v) for k, v in amounts.items()}


def _amounts_from_json(amounts: Mapping[str, Any]) -> dict[str, Amount]:
    return {k: amount_from_json(v) for k, v in amounts.items()}


def message_to_json(message: Msg) -> Any:
    """A stored message: its id and arguments, never a rendered text."""
    return messages.to_json(message)


def message_from_json(data: Any) -> Msg:
    if isinstance(data, list):
        # An [English, Hungarian] pair stored before messages (issue 11) that migration 0005
        # could not score again (a deleted row, an unreadable night): shown as it was written.
        return said(str(data[0]))
    return messages.from_json(data)


def entry_to_json(entry: Entry) -> dict[str, Any]:
    return {
        "kind": entry.kind,
        "number": entry.number,
        "dealer": entry.dealer,
        "deltas": _amounts_to_json(entry.deltas),
        "pots": _amounts_to_json(entry.pots),
        "lines": [
            {
                "text": message_to_json(line.text),
                "deltas": _amounts_to_json(line.deltas),
                "pots": _amounts_to_json(line.pots),
            }
            for line in entry.lines
        ],
        "summary": message_to_json(entry.summary),
    }


def entry_from_json(data: Mapping[str, Any]) -> Entry:
    return Entry(
        kind=data["kind"],
        number=data.get("number"),
        dealer=data.get("dealer"),
        deltas=_amounts_from_json(data["deltas"]),
        pots=_amounts_from_json(data["pots"]),
        lines=tuple(
            Line(
                message_from_json(line.get("text") or [line["en"], line["hu"]]),
                _amounts_from_json(line["deltas"]),
                _amounts_from_json(line["pots"]),
            )
            for line in data["lines"]
        ),
        summary=message_from_json(data.get("summary") or {"id": ""}),
    )


def entries_to_json(entries: Iterable[Entry]) -> list[dict[str, Any]]:
    return [entry_to_json(e) for e in entries]


def entries_from_json(data: Iterable[Mapping[str, Any]]) -> list[Entry]:
    return [entry_from_json(e) for e in data]


def amounts_of(entries: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """What a row's entries (as JSON) add up to, {"deltas": {player: amount}, "pots": {pot:
    amount}}: kept beside them (`Hand.amounts`), so that the totals of a long night are
    added from these small objects and never read the entries with their lines."""
    deltas: dict[str, Amount] = {}
    pots: dict[str, Amount] = {}
    for entry in entries:
        for who, amount in entry["deltas"].items():
            deltas[who] = deltas.get(who, 0) + amount_from_json(amount)
        for pot, amount in entry["pots"].items():
            pots[pot] = pots.get(pot, 0) + amount_from_json(amount)
    return {"deltas": _amounts_to_json(deltas), "pots": _amounts_to_json(pots)}


# --- records that no longer read -----------------------------------------------------------

_SURROGATE = re.compile("[\ud800-\udfff]")
MAX_DEPTH = 40  # nesting a hand record never needs (sheets refuses deeper input on import)


def record_trouble(record: Any) -> str | None:
    """Why a stored record cannot be written out as JSON (too deeply nested, a lone
    surrogate, a number JSON has no word for), or None when it reads.

    Walks with an explicit stack, never recursion: the record may be nested far deeper
    than Python's recursion limit (a hand planted before input was bounded).
    """
    stack: list[tuple[Any, int]] = [(record, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            return f"nested more than {MAX_DEPTH} levels deep"
        if isinstance(value, str):
            trouble = _text_trouble(value)
            if trouble:
                return trouble
        elif isinstance(value, float) and not math.isfinite(value):
            return "holds a number that is not finite"
        elif isinstance(value, Mapping):
            for key, item in value.items():
                stack.append((key, depth + 1))
                stack.append((item, depth + 1))
        elif isinstance(value, list | tuple):
            stack.extend((item, depth + 1) for item in value)
    return None


def _text_trouble(value: str) -> str | None:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return "holds text with an unpaired surrogate (not valid Unicode)"
    return None


def readable_copy(record: Any, depth: int = 0) -> Any:
    """The part of a record that reads, for showing it: text with a lone surrogate gets
    U+FFFD in its place, anything nested too deeply or not finite becomes null."""
    if depth > MAX_DEPTH:
        return None
    if isinstance(value := record, str):
        return _SURROGATE.sub("\ufffd", value)
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, Mapping):
        return {
            readable_copy(str(k), depth + 1): readable_copy(v, depth + 1) for k, v in value.items()
        }
    if isinstance(value, list | tuple):
        return [readable_copy(v, depth + 1) for v in value]
    return value
