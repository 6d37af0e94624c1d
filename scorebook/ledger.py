"""The ledger: one row per hand with running totals, the balances over the night, and
the standings the table glances at."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from scorebook import labels, nights
from scorebook.engine.replay import Replay
from scorebook.engine.scoresheet import settle
from scorebook.engine.types import Amount, EndOfSession, Entry, TableHint
from scorebook.models import Hand, Night
from scorebook.money import (
    MONEY_ERRORS,
    MONEY_UNKNOWN,
    add_up,
    money_context,
    signed,
    stake_of,
    units,
)
from scorebook.nightview import NightView, add_amounts
from scorebook.speech import say


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


def ledger_length(view: NightView) -> int:
    """How many rows `ledger` has: the opening bookings (if any), then every hand row."""
    return len(view.rows) + len(view.folded) + (1 if view.night.start_entries else 0)


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
            balances, _transfers = settle(result, stake_of(view.night))
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
        deltas, pot_change = add_up(entries, players, pot_names)
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
