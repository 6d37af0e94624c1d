"""Four-player 54-card tarokk with trisákolás ("negyes54"): spec `negyes54.md`, seed 000.

Ten bid levels worth 3 … 26 units, combined bids ("… és ultimó") whose two parts are judged
separately (6 − 4 = 2, 10 − 6 = 4, 20 − 6 = 14), and trisákolás in three forms. No pots.
Seed 000 has headings but no section numbers: tariffs cite the heading.

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
from scorebook.engine.variants.negyes54.facts import hand_facts
from scorebook.engine.variants.negyes54.house_rules import HOUSE_RULES
from scorebook.engine.variants.negyes54.record import CONTRA_LEVELS, RECORD, read
from scorebook.engine.variants.negyes54.scoring import score
from scorebook.engine.variants.negyes54.tariffs import CONTRACTS, IRREGULARITIES, KEY


class Negyes54(FourSeatTable):
    key = KEY
    title = pmsg("game title", "Four-player 54-card tarokk with trisákolás")
    house_rules = HOUSE_RULES
    record = RECORD
    no_events = msg("negyes54 has no session events: the same four play all night")

    def scored(self, session: Session, hand: Mapping[str, Any]) -> tuple[str, list[Line], Msg]:
        checked = read(session, hand)
        return (checked.dealer, *score(checked, session.players))

    def table_hint(self, session: Session, state: State) -> TableHint:
        players = session.players
        if state.last_dealer is None:
            return TableHint(next_dealer=None)
        step = 1 if session.house_rules["dealer_rotation"] == "right" else -1
        dealer = players[(players.index(state.last_dealer) + step) % 4]
        first = players[(players.index(dealer) + 1) % 4]
        return TableHint(
            next_dealer=dealer,
            notes=(msg("{first} is first hand (bids and leads first)", first=first),),
        )


VARIANT = Negyes54()


__all__ = ["CONTRACTS", "CONTRA_LEVELS", "IRREGULARITIES", "VARIANT", "Negyes54", "hand_facts"]
