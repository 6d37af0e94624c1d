"""The typed, parsed Ultimo hand that `record.read_hand` gives and `scoring` scores."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


class Declaration(NamedTuple):
    """One declaration of table A (spec §4). Hashable: the scorer caches its line by it."""

    player: str
    kind: str  # "trumps" | "matadors" | "kings" | "cavalry"
    number: int = 0  # how many trumps or matadors (the record's `count`)
    with_pagat: bool = False  # trumps: information only
    level: str = ""  # kings and cavalry: "rich" | "full" | "half"
    suit: str = ""  # cavalry
    missing: str | None = None  # a half declaration's missing king (suit) or cavalry card


@dataclass(frozen=True, slots=True)
class Penalty:
    """One penalty of §9.2 (seed 001 §18 "Kary")."""

    index: int  # in the record's `penalties`, to name its fields
    player: str
    reason: str
    cls: str
    amount: int  # into each pool
    voids: bool  # an irreparable penalty ends the hand as void
    refunds: tuple[int, ...]  # indices of the wrong declarations it returns (§9.3)


@dataclass(slots=True)
class Hand:
    dealer: str
    active: tuple[str, ...]
    sitting_out: str | None
    next_dealer: str
    redeals: list[str]
    declarations: list[Declaration]
    penalties: list[Penalty]
    void: bool
    kings_lost: dict[str, int]
    pagat: tuple[str, str] | None  # (player, "won" | "lost") in tricks 1–24
    winner: str | None
    winning_card: str | None
    king_przydupek: list[str]
    pagat_przydupek: str | None
    tout: str | None
    nolo: str | None
    card_points: dict[str, int] | None
