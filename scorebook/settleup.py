"""The settle-up: balances in money, payouts and who pays whom (after the paid marks)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from scorebook.engine.replay import Replay
from scorebook.engine.scoresheet import settle
from scorebook.engine.settlement import Transfer, fewest_transfers
from scorebook.labels import pot_title
from scorebook.models import PaidTransfer
from scorebook.money import (
    MONEY_ERRORS,
    MONEY_UNKNOWN,
    money_context,
    money_trouble,
    signed,
    stake_of,
    units,
)
from scorebook.nightview import NightView
from scorebook.speech import say

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


def settlement(view: NightView, sums: Replay | None = None) -> dict[str, Any]:
    """Balances, end-of-night payouts and who pays whom; `money_error` (a message) instead
    of the money and the transfers when the night's amounts do not fit in money. `sums`:
    `view.sums()`, when the caller has added them up already."""
    result = sums or view.sums()
    stake = stake_of(view.night)
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
