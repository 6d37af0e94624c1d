"""Ultimo's state between hands: the two pools, who is seated, who deals next (spec §1, §8)."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple


class UltimoState(NamedTuple):
    # A NamedTuple, not a frozen dataclass: one is built per hand, and a tuple is several
    # times cheaper to build (dump_state / load_state give the same JSON either way).
    king: int
    pagat: int
    seated: tuple[str, ...]  # in seating (playing) order
    next_dealer: str | None  # None before the first hand: any seated person may deal


@lru_cache(maxsize=256)
def seat_roles(seated: tuple[str, ...], dealer: str) -> tuple[tuple[str, ...], str | None, str]:
    """(active players in playing order from the dealer, who sits out, next dealer), spec §1
    "Seating model": with four seated, the person opposite the dealer sits out."""
    n = len(seated)
    i = seated.index(dealer)
    order = tuple(seated[(i + k) % n] for k in range(n))
    if n == 4:
        return (order[0], order[1], order[3]), order[2], order[1]
    return order, None, order[1]
