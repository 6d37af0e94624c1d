"""Every read that needs the engine, as rows ready to print.

The night page reads the cached entries of each hand row (never a replay), in a fixed
number of queries: the night, its seats, its hands.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_EVEN, Decimal, DecimalException, localcontext
from fractions import Fraction
from functools import cached_property
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Max, Prefetch, Q
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.formats import number_format
from django.utils.translation import gettext

from scorebook import labels, nights, stamps
from scorebook.engine import registry
from scorebook.engine.errors import InvalidHand, Problem
from scorebook.engine.pots import pots_in_use
from scorebook.engine.record import Path
from scorebook.engine.replay import Replay, fold, inferred
from scorebook.engine.scoresheet import MAX_PLACE as MAX_SHEET_PLACE
from scorebook.engine.scoresheet import late_joiners, settle, write_sheet
from scorebook.engine.settlement import MONEY_DIGITS, Transfer, fewest_transfers
from scorebook.engine.shape import check_input, complete
from scorebook.engine.state import has_history
from scorebook.engine.types import (
    Amount,
    EndOfSession,
    Entry,
    HouseRule,
    Session,
    TableHint,
    Variant,
)
from scorebook.labels import pot_title, rule_label, rule_value
from scorebook.models import (
    Hand,
    HandRevision,
    Night,
    NightRevision,
    NightScorer,
    PaidTransfer,
    Player,
    ScorerLink,
    Seat,
)
from scorebook.records import diff_records
from scorebook.speech import say

# --- access ---------------------------------------------------------------------------------


def night_for(user: User | AnonymousUser, pk: int) -> Night:
    """The night if `user` owns it; 404 otherwise (never tell others it exists)."""
    return get_object_or_404(Night.objects.select_related("first_dealer"), pk=pk, owner_id=user.pk)


OWNER, SCORER = "owner", "scorer"


def role_in(user: User | AnonymousUser, night: Night) -> str | None:
    """OWNER, SCORER (a co-scorer the owner handed the pen to) or None."""
    if user.pk is None:
        return None
    if night.owner_id == user.pk:
        return OWNER
    if NightScorer.objects.filter(night=night, user_id=user.pk).exists():
        return SCORER
    return None


def night_to_score(user: User | AnonymousUser, pk: int) -> Night:
    """The night if `user` owns it or scores it (records and edits hands); 404 otherwise."""
    night = get_object_or_404(Night.objects.select_related("first_dealer"), pk=pk)
    if role_in(user, night) is None:
        raise Http404("no such night")
    return night


def hand_to_score(user: User | AnonymousUser, night_pk: int, hand_pk: int) -> Hand:
    """A hand of a night `user` owns or scores; 404 otherwise.

    A record that no longer reads (stored before input was bounded: nested too deeply, a
    lone surrogate) is replaced, on this object only, by the part of it that reads, so the
    hand's page opens and a save replaces it (`manage.py check_nights` lists such hands).
    """
    hand = get_object_or_404(
        Hand.objects.select_related("night", "night__first_dealer"),
        pk=hand_pk,
        night_id=night_pk,
        night__deleted_at__isnull=True,
    )
    if role_in(user, hand.night) is None:
        raise Http404("no such hand")
    if nights.record_trouble(hand.record):
        hand.record = nights.readable_copy(hand.record)
    return hand


def night_to_manage(user: User | AnonymousUser, pk: int) -> Night:
    """The night for what only its owner may do (edit, delete, rules, inviting): 404 for a
    stranger, 403 for a co-scorer (who knows the night exists)."""
    night = night_to_score(user, pk)
    if role_in(user, night) != OWNER:
        raise PermissionDenied("only the owner")
    return night


def scored_nights(user: User) -> list[Night]:
    """Other people's nights `user` is a co-scorer of, newest first."""
    return list(Night.objects.filter(scorer_rows__user=user).select_related("owner"))


def night_stamp(night: Night) -> str:
    """The night's fingerprint (scorebook/stamps.py): it changes with every write."""
    return stamps.stamp_of(stamps.with_stamps(Night.objects.filter(pk=night.pk)).get())


def last_number(night: Night) -> int:
    """The highest hand number of the night (0 before the first hand)."""
    found = Hand.objects.filter(night=night, number__isnull=False).aggregate(n=Max("number"))
    return int(found["n"] or 0)


def seated_names(night: Night) -> list[str]:
    """The night's players in seating order (kept on the night: no query)."""
    return list(night.seating)


def nights_of(user: User) -> list[Night]:
    return list(
        Night.objects.filter(owner=user).prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player"))
        )
    )


def player_names(user: User) -> list[str]:
    return list(Player.objects.filter(owner=user).values_list("name", flat=True))


# --- amounts --------------------------------------------------------------------------------


def grouped(number: int | Decimal, decimals: int = 0) -> str:
    """A number in the reader's locale, thousands grouped (1,234.50; 1 234,50 in Hungarian
    and Polish, with a no-break space) and a real minus sign."""
    text = number_format(number, decimal_pos=decimals or None, force_grouping=True)
    return text.replace("-", "−")


def units(value: Amount) -> str:
    """Payment units for display: +4, −3, 0, +1,250, or an exact share to two decimals."""
    if not value:
        return "0"
    if isinstance(value, Fraction) and value.denominator != 1:
        exact = Decimal(value.numerator) / Decimal(value.denominator)
        text = grouped(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_EVEN), 2)
    else:
        text = grouped(int(value))
    return text if value < 0 else "+" + text


def signed(amount: Decimal) -> str:
    """Money for display with a real minus sign, the language's decimal mark and thousands
    grouping, keeping the currency's decimals: −16.00, 1,216.00 (1 216,00 in Hungarian)."""
    if not amount:
        amount = abs(amount)  # never "−0"
    exponent = amount.as_tuple().exponent
    return grouped(amount, -exponent if isinstance(exponent, int) and exponent < 0 else 0)


# Money is computed with the engine's settlement precision, and no larger than any balance
# a bounded night can reach (10¹² units × 10⁶ per point, summed over many hands); a night
# holding values beyond it (stored before input was bounded) gets MONEY_UNKNOWN and a
# message, never a 500.
MONEY_EXPONENT = 60
MONEY_UNKNOWN = "—"
MONEY_ERRORS = (DecimalException, OverflowError, ValueError, ZeroDivisionError)


def money_context() -> Any:
    return localcontext(prec=MONEY_DIGITS, Emax=MONEY_EXPONENT, Emin=-MONEY_EXPONENT)


def money_trouble() -> str:
    return gettext(
        "The amounts of this night are too large to turn into money, so the balances and "
        "the settle-up cannot be shown. Check the stake, the opening pots and the house rules."
    )


def money(value: Amount, night: Night) -> Decimal:
    stake = nights.stake_of(night)
    quantum = Decimal(1).scaleb(-stake.decimals)
    exact = Fraction(value) * Fraction(stake.per_point)
    with money_context():
        return (Decimal(exact.numerator) / Decimal(exact.denominator)).quantize(
            quantum, rounding=ROUND_HALF_EVEN
        )


def signed_money(value: Amount, night: Night) -> str:
    try:
        return signed(money(value, night))
    except MONEY_ERRORS:
        return MONEY_UNKNOWN


# --- the night ------------------------------------------------------------------------------


def _add_up(
    entries: list[Entry], players: list[str], pot_names: tuple[str, ...]
) -> tuple[dict[str, Amount], dict[str, Amount]]:
    """The entries' deltas by player and changes by pot (every player and pot present)."""
    deltas: dict[str, Amount] = dict.fromkeys(players, 0)
    pots: dict[str, Amount] = dict.fromkeys(pot_names, 0)
    for entry in entries:
        for who, amount in entry.deltas.items():
            deltas[who] = deltas.get(who, 0) + amount
        for pot, amount in entry.pots.items():
            pots[pot] = pots.get(pot, 0) + amount
    return deltas, pots


@dataclass
class LedgerRow:
    hand: Hand | None
    number: int | None
    label: str
    dealer: str
    summary: str
    deltas: list[str]
    pots: list[str]
    running: list[str]
    entries: list[Entry] = field(repr=False)
    deleted: bool = False
    is_event: bool = False
    pots_running: list[str] = field(default_factory=list)  # each pot's balance after the row

    @cached_property
    def lines(self) -> list[str]:
        """The breakdown in the reader's words, rendered only where a page shows it (the
        night and share pages do; the print page and the CSV do not)."""
        return [say(line.text) for entry in self.entries for line in entry.lines]

    @property
    def cells(self) -> list[tuple[str, str]]:
        return list(zip(self.deltas, self.running, strict=True))

    @property
    def pot_cells(self) -> list[tuple[str, str]]:
        """Each pot's change in this row and its balance after it (Ultimo's King and Pagat
        pools, the ultimókassza)."""
        return list(zip(self.pots, self.pots_running or [""] * len(self.pots), strict=True))


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
        return _add_up(self.entries(), self.players, self.pot_names)[0]

    def pots(self, entries: list[Entry] | None = None) -> dict[str, Amount]:
        """Each pot's balance: its opening balance plus every change (every pot of the game,
        as the engine keeps them; the pages show only `pot_names`)."""
        pots = self.variant.pot_names
        changes = _add_up(self.entries() if entries is None else entries, [], pots)[1]
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
        totals = _add_up(entries, self.players, self.pot_names)[0]
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
    session = nights.session_for(night, players, late_joiners(r.record for r in rows))
    last = max([r.position for r in live[-1:]] + [p for p, _n, _e in folded[-1:]], default=None)
    start = night.start_state
    if last is not None:
        start = Hand.objects.values_list("state", flat=True).get(night=night, position=last)
        for row in live[-1:]:  # the loaded row keeps its state (hand views read it)
            if row.position == last:
                row.state = start
    state = variant.load_state(start)
    return NightView(night, variant, players, session, rows, state, folded)


def ledger_length(view: NightView) -> int:
    """How many rows `ledger` has: the opening bookings (if any), then every hand row."""
    return len(view.rows) + len(view.folded) + (1 if view.night.start_entries else 0)


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


def _entries_at(night: Night, position: int) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = Hand.objects.values_list("entries", flat=True).get(
        night=night, position=position
    )
    return found


def _money_row(
    view: NightView, running: dict[str, Amount], pots: dict[str, Amount]
) -> dict[str, str]:
    """Each player's money as the settle-up has it: his points with his share of what the
    end of the night pays out of the pots (Ultimo's pools, a kassza split), rounded as the
    settle-up rounds (largest remainder, summing to exactly 0 with the pots)."""
    # Only the pots pay out at the end; a night without one needs no end (whose replay a
    # two-player night would pay for on every page).
    end = view.end() if view.pot_names else EndOfSession({}, {})
    result = Replay(view.session, (), running, pots, view.state, end)
    try:
        with money_context():
            balances, _transfers = settle(result, nights.stake_of(view.night))
    except MONEY_ERRORS:
        return dict.fromkeys(view.players, MONEY_UNKNOWN)
    return {p: signed(balances[p]) for p in view.players}


def ledger(
    view: NightView, skip: int = 0, limit: int | None = None
) -> tuple[list[LedgerRow], dict[str, Any]]:
    """One row per hand (and per opening booking / event), with running totals; the first
    `skip` rows only count towards the totals (a long night's page shows the latest), and
    so do the rows after the first `limit` built (a page of a long ledger)."""
    players, pot_names = view.players, view.pot_names
    running: dict[str, Amount] = dict.fromkeys(players, 0)
    pots: dict[str, Amount] = {p: (view.night.opening_pots or {}).get(p, 0) for p in pot_names}
    out: list[LedgerRow] = []

    def add(hand: Hand | None, entries: list[Entry], label: str, deleted: bool = False) -> None:
        deltas, pot_change = _add_up(entries, players, pot_names)
        if not deleted:
            for who in players:
                running[who] += deltas[who]
            for pot in pot_names:
                pots[pot] += pot_change[pot]
        first = entries[0] if entries else None
        summary = ""
        if first is not None:
            summary = say(first.summary) or (say(first.lines[0].text) if first.lines else "")
        if hand is not None and deleted and not summary:
            summary = str(hand.record.get("event") or "")
        out.append(
            LedgerRow(
                hand=hand,
                number=hand.number if hand else None,
                label=label,
                dealer=(first.dealer if first else None)
                or (str(hand.record.get("dealer") or "") if hand else ""),
                summary=summary,
                deltas=[units(deltas[p]) if not deleted else "" for p in players],
                pots=[units(pot_change[p]) if not deleted else "" for p in pot_names],
                running=[units(running[p]) if not deleted else "" for p in players],
                pots_running=[units(pots[p]).lstrip("+") if not deleted else "" for p in pot_names],
                entries=entries,
                deleted=deleted,
                is_event=hand.is_event if hand else True,  # the opening bookings too
            )
        )

    opening = nights.entries_from_json(view.night.start_entries)
    items = view.in_order()
    if opening and skip:
        add_amounts(nights.amounts_of(view.night.start_entries), running, pots)
        skip -= 1
    elif opening:
        add(None, opening, labels.words(opening[0].kind))  # e.g. "foundations", in words
    for _position, hidden, amounts in items[:skip]:
        if hidden is None or not hidden.deleted:
            add_amounts(amounts, running, pots)
    for position, row, amounts in items[skip:]:
        if limit is not None and len(out) >= limit:
            if row is None or not row.deleted:
                add_amounts(amounts, running, pots)
        elif row is None:  # a folded hand inside the window: only if a hand came in between
            add(None, view.entries_at(position, _entries_at(view.night, position)), "")
        elif row.deleted:  # its last booking says what the hand was; it counts for nothing
            add(row, view.entries_at(position, row.entries), "×", deleted=True)
        elif row.is_event:
            add(
                row,
                view.entries_at(position, row.entries),
                labels.words(str(row.record.get("event"))),
            )
        else:
            add(row, view.entries_at(position, row.entries), str(row.number))
    balances = _money_row(view, running, pots)
    totals = {
        "units": [units(running[p]) for p in players],
        "money": [balances[p] for p in players],
        "pots": [units(pots[p]).lstrip("+") for p in pot_names],
    }
    return out, totals


def balance_series(view: NightView) -> dict[str, list[Amount]]:
    """Each player's running total after every live hand row (0 before the first)."""
    series: dict[str, list[Amount]] = {p: [0] for p in view.players}
    current: dict[str, Amount] = dict.fromkeys(view.players, 0)
    add_amounts(nights.amounts_of(view.night.start_entries), current, {})
    for p in view.players:
        series[p][0] = current[p]
    for _position, row, amounts in view.in_order():
        if row is None or not row.deleted:
            add_amounts(amounts, current, {})
            for p in view.players:
                series[p].append(current[p])
    return series


CHART_COLOURS = ("#1f6feb", "#d1242f", "#1a7f37", "#9a6700", "#8250df", "#bf3989", "#0a7d8c")


def balance_chart(view: NightView, width: int = 600, height: int = 220) -> dict[str, Any]:
    """Polylines (SVG coordinates) of each player's balance over the hands."""
    series = balance_series(view)
    values = [float(v) for s in series.values() for v in s] or [0.0]
    low, high = min(*values, 0.0), max(*values, 0.0)
    span = (high - low) or 1.0
    count = max(len(next(iter(series.values()), [0])) - 1, 1)
    pad = 8

    def x(i: int) -> float:
        return round(pad + i * (width - 2 * pad) / count, 1)

    def y(v: float) -> float:
        return round(pad + (high - v) * (height - 2 * pad) / span, 1)

    lines = [
        {
            "player": p,
            "colour": CHART_COLOURS[i % len(CHART_COLOURS)],
            "points": " ".join(f"{x(j)},{y(float(v))}" for j, v in enumerate(s)),
            "last": units(s[-1]),
        }
        for i, (p, s) in enumerate(series.items())
    ]
    return {"width": width, "height": height, "zero": y(0.0), "lines": lines}


# --- hand entry -----------------------------------------------------------------------------


@dataclass
class Preview:
    entries: list[Entry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    # What the hand implies beyond what was tapped (path → value): saving stores it.
    inferred: list[tuple[Path, Any]] = field(default_factory=list)


def state_before(view: NightView, hand: Hand | None) -> tuple[Any, int]:
    """The state before `hand` (None = after the last row) and that hand's number."""
    if hand is None:
        return view.state, view.next_number()
    earlier = [row for row in view.live_rows if row.position < hand.position]
    numbers = [row.number for row in earlier if row.number is not None]
    state = earlier[-1].state if earlier else view.night.start_state
    return view.variant.load_state(state), (numbers[-1] if numbers else 0) + 1


def preview_hand(view: NightView, record: Mapping[str, Any], hand: Hand | None = None) -> Preview:
    """Score a record without saving it (the live preview before saving)."""
    refused = check_input(view.variant, record)  # what saving it would refuse first
    if refused:
        return Preview(problems=refused)
    state, number = state_before(view, hand)
    try:
        _state, entries, problems = fold(view.session, [record], state=state, first_number=number)
    except InvalidHand as invalid:  # pragma: no cover - fold collects these itself
        return Preview(problems=invalid.problems)
    found = [] if problems else inferred(view.session, state, record)
    return Preview(entries=entries, problems=problems, inferred=found)


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


# --- settle-up ------------------------------------------------------------------------------


@dataclass
class TransferRow:
    payer: str  # a player's name, or a pot's key (what the page posts back)
    payee: str
    amount: Decimal
    paid: bool
    pots: tuple[str, ...] = ()  # the night's pot keys: shown by the players' name for them

    @property
    def payer_label(self) -> str:
        return pot_title(self.payer) if self.payer in self.pots else self.payer

    @property
    def payee_label(self) -> str:
        return pot_title(self.payee) if self.payee in self.pots else self.payee


def _after_paid(
    view: NightView, transfers: list[Transfer], decimals: int
) -> tuple[list[TransferRow], list[Transfer]]:
    """The transfers marked paid, and the fewest transfers still to make once they are
    counted: a mark stays paid money even after later hands change the balances.

    A pot settles as "pot:<name>"; the page shows and posts it as "<name>". Marks naming
    nobody at the night (a tampered post) are ignored.
    """
    owed: dict[str, Decimal] = {}
    for t in transfers:
        owed[t.payer] = owed.get(t.payer, Decimal(0)) - t.amount
        owed[t.payee] = owed.get(t.payee, Decimal(0)) + t.amount
    keys = {f"pot:{p}": f"pot:{p}" for p in view.pot_names}
    keys |= {p: f"pot:{p}" for p in view.pot_names} | {p: p for p in view.players}
    paid: list[TransferRow] = []
    for mark in PaidTransfer.objects.filter(night=view.night).order_by("pk"):
        payer, payee = keys.get(mark.payer), keys.get(mark.payee)
        if (
            payer is None
            or payee is None
            or payer == payee
            or mark.amount != round(mark.amount, decimals)
        ):
            continue  # a tampered post: names nobody, or an amount finer than the currency
        owed[payer] = owed.get(payer, Decimal(0)) + mark.amount
        owed[payee] = owed.get(payee, Decimal(0)) - mark.amount
        amount = mark.amount.quantize(Decimal(1).scaleb(-decimals))  # 1, not 1.0000 (column)
        paid.append(TransferRow(mark.payer, mark.payee, amount, True, view.pot_names))
    if not paid:
        return [], transfers
    return paid, fewest_transfers(owed, decimals)


def settlement(view: NightView) -> dict[str, Any]:
    """Balances, end-of-night payouts and who pays whom; `money_error` (a message) instead
    of the money and the transfers when the night's amounts do not fit in money."""
    result = view.sums()
    stake = nights.stake_of(view.night)
    try:
        with money_context():
            balances, transfers = settle(result, stake)
            paid, remaining = _after_paid(view, transfers, stake.decimals)
        error = ""
    except MONEY_ERRORS:
        balances, paid, remaining, error = {}, [], [], money_trouble()
    return {
        "money_error": error,
        "balances": [(p, balances.get(p, MONEY_UNKNOWN)) for p in view.players],
        "balance_rows": [
            (
                p,
                units(result.totals[p]),
                units(result.end.payouts.get(p, 0)),
                signed(balances[p]) if p in balances else MONEY_UNKNOWN,
            )
            for p in view.players
        ],
        "payouts": [(p, units(result.end.payouts.get(p, 0))) for p in view.players],
        "pots_left": [
            (p, units(v).lstrip("+"))
            for p, v in result.end.pots_left.items()
            if p in view.pot_names
        ],
        "end_lines": [say(line.text) for line in result.end.lines],
        "transfers": paid
        + [
            TransferRow(
                t.payer.removeprefix("pot:"),
                t.payee.removeprefix("pot:"),
                t.amount,
                False,
                view.pot_names,
            )
            for t in remaining
        ],
        # A night without its ultimókassza shows no pot, not even at 0.
        "pots": [(p, units(v).lstrip("+")) for p, v in result.pots.items() if p in view.pot_names],
    }


def complete_records(variant: Variant, records: list[Any]) -> list[Any]:
    """The hands with every field that applies written, null and false included
    (docs/scoresheet.md): the form stores only what was tapped, and a strict reader of the
    format wants the rest too. Events are written as they are."""
    schema = variant.record
    return [r if nights.EVENT_KEY in r else complete(r, schema) for r in records]


def scoresheet(view: NightView) -> dict[str, Any]:
    """The night as a `scorebook/1` scoresheet (what `manage.py score` reads)."""
    # A record that no longer reads is left out (it cannot be written as JSON); the backup
    # command refuses such a night instead, and `manage.py check_nights` repairs it.
    records = [r.record for r in view.live_rows if not nights.record_trouble(r.record)]
    records = complete_records(view.variant, records)
    night = view.night
    # The format allows 100 characters of place; the night keeps up to 120.
    return write_sheet(
        view.session,
        nights.stake_of(night),
        records,
        date=str(night.date) if night.date else None,
        place=night.place[:MAX_SHEET_PLACE] or None,
    )


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
            night, list(night.seating), late_joiners(r.record for r in rows)
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
    session = nights.session_for(night, night.seating, late_joiners(r.record for r in rows))
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
    players, pots = _add_up(stored, list(night.seating), pot_names)
    before = players | {f"pot {p}": v for p, v in pots.items()}
    players, pots = _add_up(scored, list(night.seating), pot_names)
    after = players | {f"pot {p}": v for p, v in pots.items()}
    return [
        f"total of {who}: stored {units(before.get(who, 0))}, re-scored {units(after.get(who, 0))}"
        for who in dict.fromkeys([*before, *after])
        if before.get(who, 0) != after.get(who, 0)
    ]


def changed_rules(night: Night) -> list[tuple[str, str, str]]:
    """The rules not at their default: (label, value in words, help)."""
    variant = nights.variant_of(night)
    rules = nights.complete_house_rules(variant, night.house_rules)
    return [
        (rule_label(rule), rule_value(rule, value), say(rule.help))
        for rule, value in nights.changed_house_rules(variant, rules)
    ]


def preview_table(view: NightView, preview: Preview) -> dict[str, Any]:
    """Each player's payment, the pot changes and the breakdown lines of a preview."""
    deltas, pots = _add_up(preview.entries, view.players, view.pot_names)
    return {
        "payments": [
            (p, units(deltas[p]), signed_money(deltas[p], view.night)) for p in view.players
        ],
        "pots": [(p, units(pots[p])) for p in view.pot_names],
        "lines": [say(line.text) for e in preview.entries for line in e.lines],
        "summary": next((s for e in preview.entries if (s := say(e.summary))), ""),
    }


# --- the night itself: rules preview, history, deleted nights, co-scorers -------------------


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
    before, after = view.totals(), _add_up(entries, view.players, view.pot_names)[0]
    # Every pot of the game after the change: switching the ultimókassza on brings it in.
    opening = view.night.opening_pots or {}
    changes = _add_up(entries, [], view.variant.pot_names)[1]
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


def deleted_nights(user: User) -> list[Night]:
    """The user's deleted nights (Undo brings each back), most recently deleted first."""
    return list(
        Night.all_objects.filter(owner=user, deleted_at__isnull=False).order_by("-deleted_at")
    )


def deleted_night_for(user: User | AnonymousUser, pk: int) -> Night:
    return get_object_or_404(Night.all_objects, pk=pk, owner_id=user.pk, deleted_at__isnull=False)


def scorers_of(night: Night) -> list[NightScorer]:
    return list(NightScorer.objects.filter(night=night).select_related("user"))


def scorer_link_of(night: Night) -> ScorerLink | None:
    return ScorerLink.objects.filter(night=night).first()


def scorer_link(token: str) -> ScorerLink:
    """The live night's scorer link for a token; 404 otherwise (revoked, deleted night)."""
    if not token or len(token) > 64:
        raise Http404("no such link")
    return get_object_or_404(
        ScorerLink.objects.select_related("night"), token=token, night__deleted_at__isnull=True
    )


def same_night(user: User, session: Session, records: list[Any]) -> Night | None:
    """The user's night that a scoresheet repeats exactly (same game, players, rules and
    hands), so that importing one's own export twice is asked about first."""
    # Only nights with as many live rows as the sheet has hands are read row by row.
    candidates = (
        Night.objects.filter(owner=user, variant=session.variant)
        .annotate(live=Count("hands", filter=Q(hands__deleted=False)))
        .filter(live=len(records))
        .order_by("-pk")
    )
    variant = registry.get(session.variant)
    wanted = complete_records(variant, [dict(r) for r in records])  # as an export writes them
    for night in candidates:
        if list(night.seating) != list(session.players):
            continue
        rules = nights.complete_house_rules(nights.variant_of(night), night.house_rules)
        if rules != dict(session.house_rules):
            continue
        rows = Hand.objects.filter(night=night, deleted=False).order_by("position")
        if complete_records(variant, [r.record for r in rows]) == wanted:
            return night
    return None


# --- standings, the table view, joins -------------------------------------------------------


@dataclass
class Standings:
    """What the table wants to see at a glance: each player's total (points and money), the
    pots, the last hand with its payments, and who deals next."""

    players: list[tuple[str, str, str]]  # name, points, money
    pots: list[tuple[str, str]]
    last: LedgerRow | None
    payments: list[tuple[str, str]]  # the last hand's points by player
    next_number: int
    next_dealer: str | None


def standings(
    view: NightView, rows: list[LedgerRow], totals: dict[str, Any], hint: TableHint
) -> Standings:
    """The standings from the ledger already built (no second pass over the night)."""
    last = next((r for r in reversed(rows) if not r.deleted and r.number is not None), None)
    return Standings(
        players=list(zip(view.players, totals["units"], totals["money"], strict=True)),
        pots=list(zip(view.pot_names, totals["pots"], strict=True)),
        last=last,
        payments=list(zip(view.players, last.deltas, strict=True)) if last else [],
        next_number=view.next_number(),
        next_dealer=hint.next_dealer,
    )


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
