"""Small text helpers shared by the Paskievics breakdown lines."""

from __future__ import annotations

from collections.abc import Sequence

from scorebook.engine.types import Amount


def num(value: Amount) -> str:
    """A number with a proper minus sign (−3)."""
    return str(value) if value >= 0 else f"−{-value}"


def signed(value: Amount) -> str:
    return f"+{value}" if value >= 0 else f"−{-value}"


def names(players: Sequence[str]) -> str:
    return ", ".join(players)
