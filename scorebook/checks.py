"""Stored nights checked against the engine (`manage.py check_nights`): rows that no
longer read or score, and caches that differ from a re-score."""

from __future__ import annotations

from dataclasses import dataclass

from scorebook import nights
from scorebook.engine.replay import fold
from scorebook.engine.scoresheet import late_joiners
from scorebook.engine.types import Entry
from scorebook.models import Hand, Night
from scorebook.money import add_up, units


@dataclass(frozen=True)
class BadHand:
    """A stored row that no longer reads or no longer scores, and why."""

    night_id: int
    hand_id: int
    position: int
    number: int | None
    why: str

    @property
    def label(self) -> str:
        return f"hand {self.number}" if self.number else f"row {self.position + 1}"


def bad_hands(night: Night) -> list[BadHand]:
    """Every live row of the night whose record cannot be written as JSON or that the
    engine refuses, scoring the night as if the bad rows were deleted (as the repair does)."""
    variant = nights.variant_of(night)
    rows = list(Hand.objects.filter(night=night, deleted=False).order_by("position"))
    bad: list[BadHand] = []

    def refuse(row: Hand, why: str) -> None:
        bad.append(BadHand(night.pk, row.pk, row.position, row.number, why))

    try:
        session = nights.session_for(
            night, list(night.seating), late_joiners(r.record for r in rows), variant
        )
        state = variant.load_state(night.start_state)
    except Exception as error:  # the night itself does not load: nothing to replay
        return [BadHand(night.pk, 0, -1, None, f"the night does not load: {error!r}")]
    number = 1
    for row in rows:
        trouble = nights.record_trouble(row.record)
        if trouble:
            refuse(row, f"the record {trouble}")
            continue
        try:
            after, _entries, problems = fold(
                session, [row.record], state=state, first_number=number
            )
        except Exception as error:  # an engine bug on an old record: report, do not stop
            refuse(row, f"the scorer fails on it ({type(error).__name__})")
            continue
        if problems:
            refuse(row, "; ".join(p.describe() for p in problems))
            continue
        state = after
        if not row.is_event:
            number += 1
    return bad


def score_differences(night: Night) -> list[str]:
    """Where the stored scores differ from scoring the night again from its start: each
    live row whose number, entries or state differ, then the totals that differ. Empty when
    the caches are what the hands score to (a night with bad hands: see `bad_hands`)."""
    variant = nights.variant_of(night)
    rows = list(Hand.objects.filter(night=night).order_by("position"))
    joiners = late_joiners(r.record for r in rows)
    session = nights.session_for(night, night.seating, joiners, variant)
    state, opening = variant.start(session)
    out = []
    if nights.entries_to_json(opening) != night.start_entries:
        out.append("the opening bookings differ from a re-score")
    stored, scored = nights.entries_from_json(night.start_entries), list(opening)
    number = 1
    for row in (r for r in rows if not r.deleted):
        state, entries, problems = fold(session, [row.record], state=state, first_number=number)
        if problems:
            return [*out, f"row {row.position + 1} no longer scores: not compared further"]
        fresh = (None if row.is_event else number, nights.entries_to_json(entries))
        label = f"hand {row.number}" if row.number else f"row {row.position + 1}"
        if (row.number, row.entries) != fresh or row.state != variant.dump_state(state):
            out.append(f"{label}: the stored entries or state differ from a re-score")
        elif row.amounts != nights.amounts_of(row.entries):
            out.append(f"{label}: the stored amounts differ from its entries")
        stored += nights.entries_from_json(row.entries)
        scored += entries
        number += 0 if row.is_event else 1
    return out + _total_differences(night, stored, scored)


def _total_differences(night: Night, stored: list[Entry], scored: list[Entry]) -> list[str]:
    """Each player's and pot's total that differs: stored, re-scored."""
    pot_names = nights.variant_of(night).pot_names
    players, pots = add_up(stored, list(night.seating), pot_names)
    before = players | {f"pot {p}": v for p, v in pots.items()}
    players, pots = add_up(scored, list(night.seating), pot_names)
    after = players | {f"pot {p}": v for p, v in pots.items()}
    return [
        f"total of {who}: stored {units(before.get(who, 0))}, re-scored {units(after.get(who, 0))}"
        for who in dict.fromkeys([*before, *after])
        if before.get(who, 0) != after.get(who, 0)
    ]
