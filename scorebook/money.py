"""Amounts: entries added up by player and pot, payment units for display, money (units ×
stake) and the locale's grouping."""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal, DecimalException, localcontext
from fractions import Fraction
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext

from scorebook.engine.settlement import MONEY_DIGITS, Stake
from scorebook.engine.types import Amount, Entry
from scorebook.models import Night

# --- amounts --------------------------------------------------------------------------------


def add_up(
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


def stake_of(night: Night) -> Stake:
    """The night's stake: money per point and currency."""
    # normalize() drops trailing zeros; format 'f' keeps 10 as "10", not "1E+1"
    return Stake(Decimal(format(night.stake_per_point.normalize(), "f")), night.currency)


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
    stake = stake_of(night)
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
