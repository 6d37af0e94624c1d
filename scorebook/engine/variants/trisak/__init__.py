"""Trisák tarokk (trisáktarokk), 4 players, 54 cards: spec `trisak.md`, seed 004 §73.

Six bid levels (játék 4 … hármas szóló 20), the trisákolás instead of level 1, pagát ultimó
tariffs per level, and the 10-point hand bonuses (doubled in hármas szóló). No pots.

A hand is read and checked by `record.read` (one reader per section, each with its
cross-field rules) and scored by `scoring.score`, with the numbers of `tariffs` and the
house rules of `house_rules`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.types import Line, Session, TableHint
from scorebook.engine.variants._tarokk54 import FourSeatTable, State
from scorebook.engine.variants.trisak.facts import hand_facts
from scorebook.engine.variants.trisak.house_rules import HOUSE_RULES
from scorebook.engine.variants.trisak.record import RECORD, read
from scorebook.engine.variants.trisak.scoring import score
from scorebook.engine.variants.trisak.tariffs import (
    BONUSES,
    CONTRACTS,
    KEY,
    PACK_POINTS,
    TALON_LEAST,
)


class Trisak(FourSeatTable):
    key = KEY
    title = pmsg("game title", "Trisák tarokk")
    house_rules = HOUSE_RULES
    record = RECORD
    no_events = msg("trisák has no session events: the same four play all night")

    def scored(self, session: Session, hand: Mapping[str, Any]) -> tuple[str, list[Line], Msg]:
        checked = read(session, hand)
        return (checked.dealer, *score(checked, session.players, session.house_rules))

    def table_hint(self, session: Session, state: State) -> TableHint:
        players = session.players
        if state.last_dealer is None:
            return TableHint(
                next_dealer=None,
                notes=(msg("seats and first dealer by drawing"),),
            )
        dealer = players[(players.index(state.last_dealer) + 1) % len(players)]
        first = players[(players.index(dealer) + 1) % len(players)]
        cutter = players[(players.index(dealer) + 2) % len(players)]
        return TableHint(
            next_dealer=dealer,
            notes=(
                msg(
                    "{cutter} cuts; {first} is first hand (bids and leads first)",
                    cutter=cutter,
                    first=first,
                ),
            ),
        )


VARIANT = Trisak()


__all__ = ["BONUSES", "CONTRACTS", "PACK_POINTS", "TALON_LEAST", "VARIANT", "Trisak", "hand_facts"]
