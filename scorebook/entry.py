"""The night as the hand form needs it: a few rows whatever the night's length.

The form for the next hand (its page, its preview on every tap, a refused save) needs the
state after the last row, the next hand's number, who sits where (the join and leave
events) and the position a new row takes; the form for an edit needs the same before the
edited hand. `entry_view` loads just those rows, so a form costs the same in hand 10 and
hand 5,000 (issue 20); `nightview.night_view` loads every row, for the pages that show them.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from scorebook import nights
from scorebook.engine.scoresheet import late_joiners
from scorebook.engine.types import Variant
from scorebook.models import Hand, Night
from scorebook.nightview import NightView, seated_names


def _last_position(rows: QuerySet[Hand]) -> int | None:
    return rows.order_by("-position").values_list("position", flat=True).first()


def _wanted(night: Night, before: int | None) -> Q:
    """The rows the form reads: every unnumbered row (events and deleted hands, a few a
    night, kept in the partial index `hand_events`), the last live hand (the next number;
    live hands are numbered in position order) and the last one before `before` (the edited
    hand's), and the night's last row (the position a new row takes)."""
    numbered = Hand.objects.filter(night=night, number__isnull=False)
    positions = [_last_position(numbered), _last_position(Hand.objects.filter(night=night))]
    if before is not None:
        positions.append(_last_position(numbered.filter(position__lt=before)))
    return Q(number__isnull=True) | Q(position__in=[p for p in positions if p is not None])


def entry_view(night: Night, hand: Hand | None = None) -> NightView:
    """`form_view` of the night's own variant."""
    return form_view(night, nights.variant_of(night), hand)


def form_view(night: Night, variant: Variant, hand: Hand | None = None) -> NightView:
    """A NightView for the form of the next hand (hand=None) or of `hand`, under the
    night's `variant`: its `rows` are the rows `_wanted` names (plus `hand`), its `state`
    the state after the last live row, and the last live row before `hand` keeps its state
    (what `nightview.state_before` reads).
    """
    before = hand.position if hand is not None else None
    query = _wanted(night, before)
    if hand is not None:
        query |= Q(pk=hand.pk)
    rows = list(
        Hand.objects.filter(night=night)
        .filter(query)
        .defer("state", "updated")
        .order_by("position")
    )
    players = seated_names(night)
    session = nights.session_for(night, players, late_joiners(r.record for r in rows), variant)
    live = [r for r in rows if not r.deleted]
    state: Any = night.start_state
    if live:
        # The state after the last live row, and before `hand` for an edit.
        last = live[-1]
        state = Hand.objects.values_list("state", flat=True).get(pk=last.pk)
        last.state = state
        earlier = [r for r in live if before is not None and r.position < before]
        if earlier and earlier[-1] is not last:
            earlier[-1].state = Hand.objects.values_list("state", flat=True).get(pk=earlier[-1].pk)
    return NightView(night, variant, players, session, rows, variant.load_state(state))
