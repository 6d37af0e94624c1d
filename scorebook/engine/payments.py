"""Shared payment mechanics: who pays whom, contra multipliers, and the one division helper."""

from __future__ import annotations

from collections.abc import Iterable

from scorebook.engine.types import Amount


def contra_multiplier(level: int) -> int:
    """0 none ×1, 1 kontra ×2, 2 rekontra ×4, 3 szubkontra ×8, 4 hirskontra ×16, 5 mordkontra ×32."""
    return 1 << level


CONTRA_NAMES = ("", "kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra")


def split(total: int, parts: int) -> tuple[int, int]:
    """Equal integer shares and the remainder. Where the remainder goes is the caller's rule."""
    if parts <= 0:
        raise ValueError("cannot split among nobody")
    return divmod(total, parts)


def transfer(payer: str, payee: str, amount: Amount) -> dict[str, Amount]:
    if payer == payee:
        return {}
    return {payer: -amount, payee: amount}


def side_vs_side(
    winners: Iterable[str], losers: Iterable[str], amount: Amount
) -> dict[str, Amount]:
    """Each loser pays `amount` to each winner (pair vs pair, or one vs several)."""
    win, lose = list(winners), list(losers)
    deltas: dict[str, Amount] = {}
    for w in win:
        deltas[w] = deltas.get(w, 0) + amount * len(lose)
    for lo in lose:
        deltas[lo] = deltas.get(lo, 0) - amount * len(win)
    return deltas


def each_pays(payers: Iterable[str], payee: str, amount: Amount) -> dict[str, Amount]:
    """Every payer pays `amount` to the payee."""
    return side_vs_side([payee], [p for p in payers if p != payee], amount)


def pays_each(payer: str, payees: Iterable[str], amount: Amount) -> dict[str, Amount]:
    """The payer pays `amount` to every payee."""
    return side_vs_side([p for p in payees if p != payer], [payer], amount)


def merge(*parts: dict[str, Amount]) -> dict[str, Amount]:
    total: dict[str, Amount] = {}
    for part in parts:
        for who, amount in part.items():
            total[who] = total.get(who, 0) + amount
    return total


def scaled(deltas: dict[str, Amount], factor: Amount) -> dict[str, Amount]:
    return {who: amount * factor for who, amount in deltas.items()}
