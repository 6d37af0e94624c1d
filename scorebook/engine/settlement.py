"""Balances in money and the fewest transfers that settle them.

Money is Decimal, applied only here (units × stake). Rounding to the currency's minor unit
never creates or loses a cent: the exact amounts are floored and the leftover minor units go,
one each, to the largest remainders (ties in seating order).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal, localcontext
from fractions import Fraction
from functools import cache

from scorebook.engine.types import Amount

# ISO 4217 minor units of the currencies a tarokk table is likely to use. XXX ("no currency",
# points only) and unknown codes use the decimals of the stake itself.
MINOR_UNITS = {
    "HUF": 2,
    "EUR": 2,
    "DKK": 2,
    "PLN": 2,
    "CZK": 2,
    "USD": 2,
    "GBP": 2,
    "CHF": 2,
    "SEK": 2,
    "NOK": 2,
    "RON": 2,
    "HRK": 2,
    "RSD": 2,
    "JPY": 0,
    "ISK": 0,
}

# Digits of the Decimal arithmetic here: far more than any bounded night needs (pots and
# house-rule amounts ≤ 10^12 units, a stake of at most 12 + 4 digits), so that quantizing a
# balance can never raise InvalidOperation (the default context has 28 digits).
MONEY_DIGITS = 100

# Above this many people the exact minimum search is too slow; a greedy pairing is used.
EXACT_LIMIT = 14


@dataclass(frozen=True, slots=True)
class Stake:
    per_point: Decimal = Decimal(1)
    currency: str = "XXX"

    @property
    def decimals(self) -> int:
        if self.currency in MINOR_UNITS:
            return MINOR_UNITS[self.currency]
        exponent = self.per_point.normalize().as_tuple().exponent
        return max(0, -exponent) if isinstance(exponent, int) else 0


@dataclass(frozen=True, slots=True)
class Transfer:
    payer: str
    payee: str
    amount: Decimal


def _exact(units: Amount, stake: Stake) -> Fraction:
    return Fraction(units) * Fraction(stake.per_point)


def money_balances(
    positions: Mapping[str, Amount], pots_kept: Mapping[str, Amount], stake: Stake
) -> tuple[dict[str, Decimal], dict[str, Decimal]]:
    """Each player's money and the money the pots keep, rounded without losing a cent.

    `pots_kept` is what each pot keeps of this session's money (what is left in it minus
    what it opened with), so players and pots together sum to exactly zero.
    """
    scale = 10**stake.decimals
    names = [("player", n) for n in positions] + [("pot", p) for p in pots_kept]
    exact = [
        _exact(positions[n] if kind == "player" else pots_kept[n], stake) * scale
        for kind, n in names
    ]
    floors = [f.numerator // f.denominator for f in exact]
    extra = round(sum(exact)) - sum(floors)
    order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - floors[i]), i))
    for i in order[:extra]:
        floors[i] += 1
    quantum = Decimal(1).scaleb(-stake.decimals)
    with localcontext(prec=MONEY_DIGITS):
        money = [(Decimal(v) / scale).quantize(quantum, rounding=ROUND_FLOOR) for v in floors]
    players = {n: m for (kind, n), m in zip(names, money, strict=True) if kind == "player"}
    pots = {n: m for (kind, n), m in zip(names, money, strict=True) if kind == "pot"}
    return players, pots


def _zero_sum_groups(amounts: Sequence[int]) -> list[list[int]]:
    """Partition indices into the most zero-sum groups (exact, subset dynamic programming)."""
    n = len(amounts)
    full = (1 << n) - 1
    sums = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + amounts[low.bit_length() - 1]

    @cache
    def best(mask: int) -> int:
        # The most zero-sum groups that `mask` (itself zero-sum) splits into.
        if mask == 0:
            return 0
        low = mask & -mask
        rest = mask ^ low
        result = 1
        sub = rest
        while True:
            group = sub | low
            if group != mask and sums[group] == 0:
                result = max(result, 1 + best(mask ^ group))
            if sub == 0:
                break
            sub = (sub - 1) & rest
        return result

    groups: list[list[int]] = []
    mask = full
    while mask:
        low = mask & -mask
        rest = mask ^ low
        target = best(mask)
        # Deterministic: the smallest group (then the lowest indices) that keeps the optimum.
        candidates = []
        sub = rest
        while True:
            group = sub | low
            if sums[group] == 0 and (group == mask or 1 + best(mask ^ group) == target):
                candidates.append(group)
            if sub == 0:
                break
            sub = (sub - 1) & rest
        chosen = min(candidates, key=lambda g: (g.bit_count(), [i for i in range(n) if g >> i & 1]))
        groups.append([i for i in range(n) if chosen >> i & 1])
        mask ^= chosen
    return groups


def _settle_group(names: Sequence[str], amounts: Sequence[int]) -> list[tuple[str, str, int]]:
    """Settle one zero-sum group in (size − 1) transfers: largest debtor pays largest creditor."""
    bal = dict(zip(names, amounts, strict=True))
    order = {n: i for i, n in enumerate(names)}
    result: list[tuple[str, str, int]] = []
    while True:
        debtors = sorted((n for n in bal if bal[n] < 0), key=lambda n: (bal[n], order[n]))
        creditors = sorted((n for n in bal if bal[n] > 0), key=lambda n: (-bal[n], order[n]))
        if not debtors:
            return result
        d, c = debtors[0], creditors[0]
        amount = min(-bal[d], bal[c])
        result.append((d, c, amount))
        bal[d] += amount
        bal[c] -= amount


def fewest_transfers(balances: Mapping[str, Decimal], decimals: int) -> list[Transfer]:
    """The fewest transfers that settle `balances` (which must sum to zero), in a fixed order."""
    scale = 10**decimals
    names = [n for n, b in balances.items() if b != 0]
    with localcontext(prec=MONEY_DIGITS):
        cents = [int(balances[n] * scale) for n in names]
    if sum(cents) != 0:
        raise ValueError("balances do not sum to zero")
    groups = _zero_sum_groups(cents) if len(names) <= EXACT_LIMIT else [list(range(len(names)))]
    raw: list[tuple[str, str, int]] = []
    for group in groups:
        raw.extend(_settle_group([names[i] for i in group], [cents[i] for i in group]))
    order = {n: i for i, n in enumerate(balances)}
    raw.sort(key=lambda t: (order[t[0]], order[t[1]]))
    quantum = Decimal(1).scaleb(-decimals)
    with localcontext(prec=MONEY_DIGITS):
        return [Transfer(p, q, (Decimal(a) / scale).quantize(quantum)) for p, q, a in raw]
