"""The night as the hand form needs it: a few rows whatever the night's length.

The form for the next hand (its page, its preview on every tap, its save) needs the state
after the last row, the next hand's number, who sits where (the join and leave events) and
the row a new hand takes: `next_hand` loads just those rows, once per request, and the save
and the page it answers with share them. The form for an edit needs the same before the
edited hand (`entry_view`). So a form costs the same in hand 10 and hand 5,000 (issue 20);
`nightview.night_view` loads every row, for the pages that show them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet

from scorebook import nights, nightview
from scorebook.engine.scoresheet import late_joiners
from scorebook.engine.types import Session, Variant
from scorebook.models import Hand, Night
from scorebook.nightview import Before, NightView, seated_names


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
    return _view(night, variant, rows, state)


def _view(night: Night, variant: Variant, rows: list[Hand], state: Any) -> NightView:
    """The NightView of the form's `rows` (every event among them: they make the session),
    `state` the stored state after the last live row."""
    players = seated_names(night)
    session = nights.session_for(night, players, late_joiners(r.record for r in rows), variant)
    return NightView(night, variant, players, session, rows, variant.load_state(state))


# --- the next hand: what its form and its save read, once per request ------------------------


@dataclass(frozen=True)
class FormFields:
    """What the hand form sends besides the record: the hand number and row it was opened
    for, its write key, the account that entered it (a hand kept on a shared phone), the
    version of the hand it edits, and whether the phone's outbox sent it later."""

    expected_number: int | None = None
    expected_position: int | None = None
    key: str | None = None
    account: str | None = None
    version: int | None = None
    queued: bool = False


@dataclass(frozen=True)
class NextHand:
    """The night as its next hand needs it, loaded once for a request and passed down: the
    rows the form and the save read (`view`: every event and deleted hand, the last live hand
    and the last row; the session; the state after the last live row) and the table before
    the next hand (`before`: its dealer, who plays, the state, its number and its row)."""

    view: NightView
    before: Before

    @property
    def night(self) -> Night:
        return self.view.night

    @property
    def variant(self) -> Variant:
        return self.view.variant

    @property
    def session(self) -> Session:
        return self.view.session

    @property
    def events(self) -> list[Hand]:
        """Every event row in order, deleted ones included."""
        return [r for r in self.view.rows if r.number is None and r.is_event]


_HANDS = Hand._meta.db_table
_TAIL_SQL = (
    f"SELECT id, position, deleted, number, record, state FROM {_HANDS}"
    " WHERE (night_id = %s AND number IS NULL)"
    f" OR (night_id = %s AND position = (SELECT MAX(position) FROM {_HANDS} WHERE night_id = %s))"
    " ORDER BY position"
)


def next_hand(night: Night, variant: Variant) -> NextHand:
    """The next hand of `night` (under its `variant`), in one query on the common path: the
    unnumbered rows (events and deleted hands, which the partial index `hand_events` holds)
    and the night's last row; one more when that row is no live hand (the first hand, after
    an event or a deletion), for the last live hand further back.

    Raw SQL because it runs on every save and the ORM takes several times the database's own
    time to build this OR with a subquery; each side of the OR uses its index. A save calls
    it under the night's lock (`access.table_for(lock=True)`).
    """
    rows = list(Hand.objects.raw(_TAIL_SQL, [night.pk, night.pk, night.pk]))
    if not rows or rows[-1].number is None:
        rows = _with_last_hand(night, rows)
    live = [r for r in rows if not r.deleted]
    view = _view(night, variant, rows, live[-1].state if live else night.start_state)
    return NextHand(view, nightview.before(view, None))


def _with_last_hand(night: Night, rows: list[Hand]) -> list[Hand]:
    """`rows` and the night's last live hand (numbers go with the position among live
    hands), in position order."""
    numbered = Hand.objects.filter(night=night, number__isnull=False).order_by("-position")
    last = numbered.only("id", "position", "deleted", "number", "record", "state").first()
    if last is None:
        return rows
    return sorted([*rows, last], key=lambda r: r.position)
