"""Fold a session's hands and events into entries, totals, pots and the end-of-session."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorebook.engine import registry
from scorebook.engine.errors import InvalidHand, InvalidSheet, Problem
from scorebook.engine.record import Path, inferring, with_inferred
from scorebook.engine.types import Amount, EndOfSession, Entry, Session, Variant

EVENT_KEY = "event"


@dataclass(frozen=True, slots=True)
class Replay:
    session: Session
    entries: tuple[Entry, ...]
    totals: Mapping[str, Amount]
    pots: Mapping[str, Amount]
    state: Any
    end: EndOfSession


def opening_pots(variant: Variant, session: Session) -> dict[str, Amount]:
    return {name: (session.opening_pots or {}).get(name, 0) for name in variant.pot_names}


def fold(
    session: Session,
    records: Sequence[Mapping[str, Any]],
    *,
    state: Any = None,
    first_number: int = 1,
) -> tuple[Any, list[Entry], list[Problem]]:
    """Apply hands and events in order, starting from `state` (None = the session's start).

    Every record is checked: a refused one adds its problems and is skipped, so that one
    bad hand does not hide the problems of the others. The caller decides whether any
    problem refuses the whole sheet.
    """
    variant = registry.get(session.variant)
    entries: list[Entry] = []
    problems: list[Problem] = []
    if state is None:
        state, opening = variant.start(session)
        entries.extend(opening)
    number = first_number
    for record in records:
        is_event = isinstance(record, Mapping) and EVENT_KEY in record
        try:
            if is_event:
                state, booked = variant.event(session, state, record)
            else:
                state, booked = variant.play(session, state, record, number)
        except InvalidHand as refused:
            label = None if is_event else number
            problems.extend(Problem(p.field, p.message, label) for p in refused.problems)
        else:
            entries.extend(booked)
        if not is_event:
            number += 1
    return state, entries, problems


def replay(session: Session, records: Sequence[Mapping[str, Any]]) -> Replay:
    """Score a whole session; raises InvalidSheet listing every problem, scoring nothing."""
    variant = registry.get(session.variant)
    state, entries, problems = fold(session, records)
    if problems:
        raise InvalidSheet(problems)
    totals: dict[str, Amount] = dict.fromkeys(session.players, 0)
    pots = opening_pots(variant, session)
    for entry in entries:
        for who, amount in entry.deltas.items():
            totals[who] += amount
        for pot, amount in entry.pots.items():
            pots[pot] += amount
    end = variant.end_of_session(session, state)
    return Replay(session, tuple(entries), totals, pots, state, end)


@dataclass(frozen=True, slots=True)
class Scored:
    """One hand or event scored from a state: the record with what it implies written in
    (what a save stores), the state after it, its entries, and the problems refusing it."""

    record: dict[str, Any]
    state: Any
    entries: list[Entry]
    problems: list[Problem]
    # The fields the record leaves out whose values follow from the rest (snapszer's loser
    # without a trick has 0 points), with those values; none when the hand is refused.
    inferred: list[tuple[Path, Any]]


def score_next(session: Session, state: Any, record: Mapping[str, Any], number: int) -> Scored:
    """Score `record` as hand `number` from `state`, in one play: what the readers infer
    while it plays is what they scored with, so the record completed with it scores the same
    (the preview shows what a save stores)."""
    with inferring() as found:
        after, entries, problems = fold(session, [record], state=state, first_number=number)
    if problems:
        return Scored(dict(record), state, [], problems, [])
    return Scored(with_inferred(record, found), after, entries, [], list(found))
