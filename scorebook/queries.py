"""Every read that needs the engine, as rows ready to print.

The night page reads the cached entries of each hand row (never a replay), in a fixed
number of queries: the night, its seats, its hands.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Prefetch
from django.shortcuts import get_object_or_404
from django.utils.formats import get_format

from scorebook import nights
from scorebook.engine.errors import InvalidHand, Problem
from scorebook.engine.replay import Replay, fold
from scorebook.engine.scoresheet import late_joiners, settle, write_sheet
from scorebook.engine.settlement import MONEY_DIGITS, Transfer, fewest_transfers, money_balances
from scorebook.engine.shape import check_input
from scorebook.engine.types import Amount, EndOfSession, Entry, Session, TableHint, Variant
from scorebook.models import Hand, HandRevision, Night, PaidTransfer, Player, Seat

# --- access ---------------------------------------------------------------------------------


def night_for(user: AbstractBaseUser | AnonymousUser, pk: int) -> Night:
    """The night if `user` owns it; 404 otherwise (never tell others it exists)."""
    return get_object_or_404(Night.objects.select_related("first_dealer"), pk=pk, owner_id=user.pk)


def hand_for(user: AbstractBaseUser | AnonymousUser, night_pk: int, hand_pk: int) -> Hand:
    return get_object_or_404(
        Hand.objects.select_related("night", "night__first_dealer"),
        pk=hand_pk,
        night_id=night_pk,
        night__owner_id=user.pk,
    )


def seated_names(night: Night) -> list[str]:
    """The night's players in seating order (kept on the night: no query)."""
    return list(night.seating)


def nights_of(user: AbstractBaseUser) -> list[Night]:
    return list(
        Night.objects.filter(owner=user).prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player"))
        )
    )


def player_names(user: AbstractBaseUser) -> list[str]:
    return list(Player.objects.filter(owner=user).values_list("name", flat=True))


# --- amounts --------------------------------------------------------------------------------


def units(value: Amount) -> str:
    """Payment units for display: +4, −3, 0, or an exact share to two decimals."""
    if isinstance(value, Fraction) and value.denominator != 1:
        text = f"{float(value):+.2f}".replace(".", get_format("DECIMAL_SEPARATOR"))
    else:
        text = f"{int(value):+d}" if value else "0"
    return text.replace("-", "−")


def signed(amount: Decimal) -> str:
    """Money for display with a real minus sign and the language's decimal mark, keeping the
    currency's decimals: −16.00, 16.00 (−16,00 in Hungarian)."""
    if not amount:
        amount = abs(amount)  # never "−0"
    return str(amount).replace("-", "−").replace(".", get_format("DECIMAL_SEPARATOR"))


def money(value: Amount, night: Night) -> Decimal:
    stake = nights.stake_of(night)
    quantum = Decimal(1).scaleb(-stake.decimals)
    exact = Fraction(value) * Fraction(stake.per_point)
    with localcontext(prec=MONEY_DIGITS):  # a huge night is shown, never a 500
        return (Decimal(exact.numerator) / Decimal(exact.denominator)).quantize(
            quantum, rounding=ROUND_HALF_EVEN
        )


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
    lines: list[str]
    deleted: bool = False
    is_event: bool = False

    @property
    def cells(self) -> list[tuple[str, str]]:
        return list(zip(self.deltas, self.running, strict=True))


@dataclass
class NightView:
    night: Night
    variant: Variant
    players: list[str]
    session: Session
    rows: list[Hand]
    state: Any
    lang: str = "en"

    @property
    def live_rows(self) -> list[Hand]:
        return [r for r in self.rows if not r.deleted]

    @property
    def pot_names(self) -> tuple[str, ...]:
        return self.variant.pot_names

    def entries(self) -> list[Entry]:
        """Every booked entry in order: the opening bookings, then each live row's."""
        out = nights.entries_from_json(self.night.start_entries)
        for row in self.live_rows:
            out.extend(nights.entries_from_json(row.entries))
        return out

    def totals(self) -> dict[str, Amount]:
        return _add_up(self.entries(), self.players, self.pot_names)[0]

    def pots(self, entries: list[Entry] | None = None) -> dict[str, Amount]:
        """Each pot's balance: its opening balance plus every change."""
        changes = _add_up(self.entries() if entries is None else entries, [], self.pot_names)[1]
        opening = self.night.opening_pots or {}
        return {p: opening.get(p, 0) + change for p, change in changes.items()}

    def hint(self) -> TableHint:
        return hint_for(self, self.state, first=not any(not r.is_event for r in self.live_rows))

    def next_number(self) -> int:
        numbers = [r.number for r in self.live_rows if r.number is not None]
        return (max(numbers) if numbers else 0) + 1

    def end(self) -> EndOfSession:
        return self.variant.end_of_session(self.session, self.state)

    def replay(self) -> Replay:
        entries = self.entries()  # read from the rows' JSON once
        totals = _add_up(entries, self.players, self.pot_names)[0]
        return Replay(
            self.session, tuple(entries), totals, self.pots(entries), self.state, self.end()
        )


def night_view(night: Night, lang: str = "en") -> NightView:
    """Load a night's seats and hand rows (two queries) and the engine state after the last."""
    variant = nights.variant_of(night)
    players = seated_names(night)
    rows = list(Hand.objects.filter(night=night).order_by("position"))

    live = [r for r in rows if not r.deleted]
    session = nights.session_for(night, players, late_joiners(r.record for r in rows))
    state = variant.load_state(live[-1].state if live else night.start_state)
    return NightView(night, variant, players, session, rows, state, lang)


def ledger(view: NightView) -> tuple[list[LedgerRow], dict[str, Any]]:
    """One row per hand (and per opening booking / event), with running totals."""
    players, pot_names, lang = view.players, view.pot_names, view.lang
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
            summary = first.summary.get(lang) or (
                first.lines[0].text.get(lang) if first.lines else ""
            )
        if hand is not None and deleted:
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
                lines=[line.text.get(lang) for entry in entries for line in entry.lines],
                deleted=deleted,
                is_event=hand.is_event if hand else True,  # the opening bookings too
            )
        )

    opening = nights.entries_from_json(view.night.start_entries)
    if opening:
        add(None, opening, opening[0].kind)
    for row in view.rows:
        if row.deleted:
            add(row, [], "×", deleted=True)
        elif row.is_event:
            add(row, nights.entries_from_json(row.entries), str(row.record.get("event")))
        else:
            add(row, nights.entries_from_json(row.entries), str(row.number))
    # Money as the settle-up rounds it (largest remainder, summing to exactly 0 with the
    # pots), not each player rounded alone.
    opening_pots = view.night.opening_pots or {}
    player_money, _pot_money = money_balances(
        running,
        {p: pots[p] - opening_pots.get(p, 0) for p in pot_names},
        nights.stake_of(view.night),
    )
    balances = {p: signed(player_money[p]) for p in players}
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
    for entry in nights.entries_from_json(view.night.start_entries):
        for who, amount in entry.deltas.items():
            current[who] += amount
    for p in view.players:
        series[p][0] = current[p]
    for row in view.live_rows:
        for entry in nights.entries_from_json(row.entries):
            for who, amount in entry.deltas.items():
                current[who] = current.get(who, 0) + amount
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
    except InvalidHand as refused:  # pragma: no cover - fold collects these itself
        return Preview(problems=refused.problems)
    return Preview(entries=entries, problems=problems)


def hint_for(view: NightView, state: Any, *, first: bool) -> TableHint:
    """The variant's hint; before the first hand the dealer is the one chosen at set-up
    (the engine does not know the seat draw)."""
    hint = view.variant.table_hint(view.session, state)
    chosen = view.night.first_dealer.name if first and view.night.first_dealer_id else None
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
    return list(HandRevision.objects.filter(hand=hand).select_related("author"))


# --- settle-up ------------------------------------------------------------------------------


@dataclass
class TransferRow:
    payer: str
    payee: str
    amount: Decimal
    paid: bool


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
        paid.append(TransferRow(mark.payer, mark.payee, amount, True))
    if not paid:
        return [], transfers
    return paid, fewest_transfers(owed, decimals)


def settlement(view: NightView) -> dict[str, Any]:
    result = view.replay()
    stake = nights.stake_of(view.night)
    balances, transfers = settle(result, stake)
    paid, remaining = _after_paid(view, transfers, stake.decimals)
    lang = view.lang
    return {
        "balances": [(p, balances[p]) for p in view.players],
        "balance_rows": [
            (
                p,
                units(result.totals[p]),
                units(result.end.payouts.get(p, 0)),
                signed(balances[p]),
            )
            for p in view.players
        ],
        "payouts": [(p, units(result.end.payouts.get(p, 0))) for p in view.players],
        "pots_left": [(p, units(v).lstrip("+")) for p, v in result.end.pots_left.items()],
        "end_lines": [line.text.get(lang) for line in result.end.lines],
        "transfers": paid
        + [
            TransferRow(t.payer.removeprefix("pot:"), t.payee.removeprefix("pot:"), t.amount, False)
            for t in remaining
        ],
        "pots": [(p, units(v).lstrip("+")) for p, v in result.pots.items()],
    }


def scoresheet(view: NightView) -> dict[str, Any]:
    """The night as a `scorebook/1` scoresheet (what `manage.py score` reads)."""
    records = [r.record for r in view.live_rows]
    return write_sheet(view.session, nights.stake_of(view.night), records)


def changed_rules(night: Night, lang: str = "en") -> list[tuple[str, str, str]]:
    variant = nights.variant_of(night)
    rules = nights.complete_house_rules(variant, night.house_rules)
    return [
        (rule.name, nights.show_value(value), rule.help.get(lang))
        for rule, value in nights.changed_house_rules(variant, rules)
    ]


def preview_table(view: NightView, preview: Preview) -> dict[str, Any]:
    """Each player's payment, the pot changes and the breakdown lines of a preview."""
    deltas, pots = _add_up(preview.entries, view.players, view.pot_names)
    return {
        "payments": [
            (p, units(deltas[p]), signed(money(deltas[p], view.night))) for p in view.players
        ],
        "pots": [(p, units(pots[p])) for p in view.pot_names],
        "lines": [line.text.get(view.lang) for e in preview.entries for line in e.lines],
        "summary": next((e.summary.get(view.lang) for e in preview.entries if e.summary.en), ""),
    }
