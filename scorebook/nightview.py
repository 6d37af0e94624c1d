"""A night as the pages read it: its rows, the engine state after the last, and what
follows from them (totals, pots, the end). Reads the cached entries of each hand row
(never a replay), in a fixed number of queries: the night, its seats, its hands; and the
table before a hand as the hand form shows it (who deals, who sits out, who is away)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace
from typing import Any

from django.db.models import Max, Q

from scorebook import nights
from scorebook.engine.pots import pots_in_use
from scorebook.engine.replay import Replay, fold
from scorebook.engine.scoresheet import late_joiners
from scorebook.engine.state import has_history
from scorebook.engine.types import Amount, EndOfSession, Entry, Session, TableHint, Variant
from scorebook.models import Hand, Night
from scorebook.money import add_up


def last_number(night: Night) -> int:
    """The highest hand number of the night (0 before the first hand)."""
    found = Hand.objects.filter(night=night, number__isnull=False).aggregate(n=Max("number"))
    return int(found["n"] or 0)


def seated_names(night: Night) -> list[str]:
    """The night's players in seating order (kept on the night: no query)."""
    return list(night.seating)


# --- the night ------------------------------------------------------------------------------


@dataclass
class NightView:
    night: Night
    variant: Variant
    players: list[str]
    session: Session
    rows: list[Hand]
    state: Any
    # The live hands outside the page's window, kept as (position, number, amounts JSON)
    # only, not as rows: the page adds them into the totals without building them. Empty
    # unless `night_view(tail=…)` or `window=`; `rows` then holds the window and every event.
    folded: list[tuple[int, int, dict[str, Any]]] = field(default_factory=list)
    # Each row's entries as read from their JSON, by position: the print page, the CSV and
    # the settle-up read them for the ledger, the totals, the chart and the end alike.
    parsed: dict[int, list[Entry]] = field(default_factory=dict, repr=False)

    def entries_at(self, position: int, data: list[dict[str, Any]]) -> list[Entry]:
        """The entries of the row at `position` (`data`, its JSON), read once per view."""
        found = self.parsed.get(position)
        if found is None:
            found = self.parsed[position] = nights.entries_from_json(data)
        return found

    @property
    def live_rows(self) -> list[Hand]:
        return [r for r in self.rows if not r.deleted]

    def in_order(self) -> list[tuple[int, Hand | None, dict[str, Any]]]:
        """Every row by position: (position, row or None for a folded hand, what it adds
        up to: `Hand.amounts`)."""
        items: list[tuple[int, Hand | None, dict[str, Any]]]
        items = [(p, None, a) for p, _n, a in self.folded]
        items += [(r.position, r, r.amounts) for r in self.rows]
        return sorted(items, key=lambda item: item[0]) if self.folded else items

    @property
    def pot_names(self) -> tuple[str, ...]:
        """The pots this night keeps (none on a night whose ultimókassza is off)."""
        return pots_in_use(self.variant, self.session)

    def entries(self) -> list[Entry]:
        """Every booked entry in order: the opening bookings, then each live row's (a view
        of the whole night: a folded view keeps only its hidden hands' amounts)."""
        if self.folded:
            raise ValueError("a folded night view has no entries for its hidden hands")
        out = nights.entries_from_json(self.night.start_entries)
        for row in self.live_rows:
            out.extend(self.entries_at(row.position, row.entries))
        return out

    def totals(self) -> dict[str, Amount]:
        return add_up(self.entries(), self.players, self.pot_names)[0]

    def pots(self, entries: list[Entry] | None = None) -> dict[str, Amount]:
        """Each pot's balance: its opening balance plus every change (every pot of the game,
        as the engine keeps them; the pages show only `pot_names`)."""
        pots = self.variant.pot_names
        changes = add_up(self.entries() if entries is None else entries, [], pots)[1]
        opening = self.night.opening_pots or {}
        return {p: opening.get(p, 0) + change for p, change in changes.items()}

    def hint(self) -> TableHint:
        first = not self.folded and not any(not r.is_event for r in self.live_rows)
        return hint_for(self, self.state, first=first)

    def next_position(self) -> int:
        """The row the next hand or event takes (the last row is always among `rows`)."""
        return max((r.position for r in self.rows), default=-1) + 1

    def next_number(self) -> int:
        numbers = [r.number for r in self.live_rows if r.number is not None]
        numbers += [n for _p, n, _a in self.folded[-1:]]
        return (max(numbers) if numbers else 0) + 1

    def end(self) -> EndOfSession:
        """The session's end as the pages show it (payouts and lines). A state whose end
        lines read history kept only in memory (Strohmandli lists every match) was stored
        without it: the night is replayed from its start for the end alone, in time linear
        in the night. History that only the result format lists (`LISTED`: the other match
        games' finished matches, in `extra`) is left out, and no replay is needed."""
        state = self.state
        if has_history(state, shown=True):
            records = Hand.objects.filter(night=self.night, deleted=False).order_by("position")
            state = fold(self.session, list(records.values_list("record", flat=True)))[0]
        return self.variant.end_of_session(self.session, state)

    def sums(self) -> Replay:
        """The totals, the pots and the end, added up from the rows' amounts without
        reading their entries (`Replay.entries` is empty): all the settle-up needs."""
        running: dict[str, Amount] = dict.fromkeys(self.players, 0)
        opening = self.night.opening_pots or {}
        pots: dict[str, Amount] = {p: opening.get(p, 0) for p in self.pot_names}
        add_amounts(nights.amounts_of(self.night.start_entries), running, pots)
        for _position, row, amounts in self.in_order():
            if row is None or not row.deleted:
                add_amounts(amounts, running, pots)
        return Replay(self.session, (), running, pots, self.state, self.end())

    def replay(self) -> Replay:
        entries = self.entries()  # read from the rows' JSON once
        totals = add_up(entries, self.players, self.pot_names)[0]
        return Replay(
            self.session, tuple(entries), totals, self.pots(entries), self.state, self.end()
        )


def night_view(
    night: Night, *, tail: int | None = None, window: tuple[int, int | None] | None = None
) -> NightView:
    """Load a night's hand rows and the engine state after the last.

    With `tail`, only the last `tail` rows and every event or deleted row are loaded as rows;
    the live hands before them come as their amounts alone (`NightView.folded`), which is
    all the night page needs of them (a long night's page costs little more than a short
    one's). With `window` (first position, and the one after the last), likewise only the
    rows in it: the live hands before and after it are folded (a page of the whole
    ledger). Such a view is for reading totals, not for writing a scoresheet.
    """
    variant = nights.variant_of(night)
    players = seated_names(night)
    # Only the last live row's state is read: a long night's states are not all parsed.
    hands = Hand.objects.filter(night=night).defer("state", "updated").order_by("position")
    folded: list[tuple[int, int, dict[str, Any]]] = []
    if tail is not None:
        latest = Hand.objects.filter(night=night).order_by("-position")
        cut = next(iter(latest.values_list("position", flat=True)[tail - 1 : tail]), 0)
        window = (cut, None)
    if window is None:
        rows = list(hands)
    else:
        outside = Q(position__lt=window[0])
        if window[1] is not None:
            outside |= Q(position__gte=window[1])
        rows = list(hands.filter(~outside | Q(number__isnull=True)))
        elsewhere = hands.filter(outside, number__isnull=False)
        # numbered rows only: `number or 0` never applies, it tells the type checker so
        folded = [
            (p, n or 0, a) for p, n, a in elsewhere.values_list("position", "number", "amounts")
        ]

    live = [r for r in rows if not r.deleted]
    session = nights.session_for(night, players, late_joiners(r.record for r in rows), variant)
    last = max([r.position for r in live[-1:]] + [p for p, _n, _e in folded[-1:]], default=None)
    start = night.start_state
    if last is not None:
        start = Hand.objects.values_list("state", flat=True).get(night=night, position=last)
        for row in live[-1:]:  # the loaded row keeps its state (hand views read it)
            if row.position == last:
                row.state = start
    state = variant.load_state(start)
    return NightView(night, variant, players, session, rows, state, folded)


def add_amounts(
    amounts: dict[str, Any], running: dict[str, Amount], pots: dict[str, Amount]
) -> None:
    """Add a row's amounts (`Hand.amounts`) to the running totals and the pots."""
    for who, amount in amounts.get("deltas", {}).items():
        if who in running:
            running[who] += amount if type(amount) is int else nights.amount_from_json(amount)
    for pot, amount in amounts.get("pots", {}).items():
        if pot in pots:
            pots[pot] += amount if type(amount) is int else nights.amount_from_json(amount)


# --- the table before a hand: who deals, who sits out, who is away -------------------------


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


@dataclass(frozen=True)
class Before:
    """The table before a hand (or the next one), worked out once for its form: the hint
    (dealer, who sits out, notes), who plays, the engine state and the hand's number (what
    its preview scores from), and the row a new hand takes."""

    hint: TableHint
    active: list[str]
    state: Any
    number: int
    position: int


def before(view: NightView, hand: Hand | None) -> Before:
    """The table before `hand` (None: the next hand), from one state."""
    state, number = state_before(view, hand)
    earlier = [
        r for r in view.live_rows if not r.is_event and (hand is None or r.position < hand.position)
    ]
    hint = hint_for(view, state, first=not earlier)
    away = away_before(view, hand)
    active = [p for p in view.players if p not in hint.sitting_out and p not in away]
    return Before(hint, active, state, number, view.next_position())
