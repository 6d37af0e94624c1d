"""Who deals, who sits out and who is away before a hand: the table as the hand form
shows it."""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from scorebook import nights
from scorebook.engine.types import TableHint
from scorebook.models import Hand

if TYPE_CHECKING:
    from scorebook.nightview import NightView


def state_before(view: NightView, hand: Hand | None) -> tuple[Any, int]:
    """The state before `hand` (None = after the last row) and that hand's number."""
    if hand is None:
        return view.state, view.next_number()
    earlier = [row for row in view.live_rows if row.position < hand.position]
    numbers = [row.number for row in earlier if row.number is not None]
    state = earlier[-1].state if earlier else view.night.start_state
    return view.variant.load_state(state), (numbers[-1] if numbers else 0) + 1


def hint_for(view: NightView, state: Any, *, first: bool) -> TableHint:
    """The variant's hint; before the first hand the dealer is the one chosen at set-up
    (the engine does not know the seat draw)."""
    hint = view.variant.table_hint(view.session, state)
    dealer = view.night.first_dealer if first and view.night.first_dealer_id else None
    chosen = dealer.name if dealer is not None else None
    if chosen and chosen in view.players and chosen != hint.next_dealer:
        # Who sits out depends on the dealer's seat (Paskievics: the dealer; Ultimo: the
        # dealer's opposite): turn the engine's guess round the table to the chosen dealer.
        seated = view.players
        sitting_out: tuple[str, ...] = ()
        if hint.next_dealer in seated:
            shift = seated.index(chosen) - seated.index(hint.next_dealer)
            sitting_out = tuple(
                seated[(seated.index(p) + shift) % len(seated)] if p in seated else p
                for p in hint.sitting_out
            )
        hint = replace(hint, next_dealer=chosen, sitting_out=sitting_out)
    return hint


def hint_before(view: NightView, hand: Hand | None) -> TableHint:
    state, _number = state_before(view, hand)
    earlier = [
        r for r in view.live_rows if not r.is_event and (hand is None or r.position < hand.position)
    ]
    return hint_for(view, state, first=not earlier)


def away_before(view: NightView, hand: Hand | None) -> set[str]:
    """Who is not at the table for `hand` (None = the next one): a late joiner before his
    join, a player after his leave."""
    away = set(view.session.late_joiners)
    for row in view.live_rows:
        if hand is not None and row.position >= hand.position:
            break
        kind, who = row.record.get(nights.EVENT_KEY), row.record.get("player")
        if kind == "join":
            away.discard(who)
        elif kind == "leave" and isinstance(who, str):
            away.add(who)
    return away


def active_players(view: NightView, hint: TableHint, hand: Hand | None = None) -> list[str]:
    away = away_before(view, hand)
    return [p for p in view.players if p not in hint.sitting_out and p not in away]


def join_gaps(view: NightView) -> list[tuple[int, str, str | None]]:
    """Where a joiner can sit: (seat index, left neighbour, right neighbour or None for the
    end), between the players at the table in seating order. Someone who has left keeps his
    place in the order, so a gap is named by the nearest players still seated."""
    names = view.players
    away = away_before(view, None)
    seated = [i for i, p in enumerate(names) if p not in away] or list(range(len(names)))
    gaps: list[tuple[int, str, str | None]] = []
    for left, right in itertools.pairwise(seated):
        gaps.append((left + 1, names[left], names[right]))
    gaps.append((len(names), names[seated[-1]], None))
    return gaps
