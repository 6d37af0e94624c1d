"""Magyar tarokk: three players, the declarer alone against two (spec `rules/magyar.md`).

The game value `G` grows with every talon group the declarer turns up before keeping one
(seed 004 §65); figures and contras follow the Paskievics rules Tolnai refers to.

A hand is read in three steps: `record.read` (the record into a `Hand`, one reader per
record section, with the cross-field `_check_*` rules, each problem naming its field), then
`scoring` (the item lines of §6, the settlement, the ultimókassza), with the numbers of
`tariffs` and the house rules of `house_rules`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorebook.engine.messages import Msg, pmsg
from scorebook.engine.types import Entry, Session
from scorebook.engine.variants._hungarian import POT, PotGame, PotState, Scored
from scorebook.engine.variants.magyar.facts import hand_facts
from scorebook.engine.variants.magyar.house_rules import HOUSE_RULES
from scorebook.engine.variants.magyar.record import (
    ANNOUNCEABLE,
    ANNOUNCEABLE_WITH_DOUBLE,
    RECORD,
    read,
)
from scorebook.engine.variants.magyar.scoring import score
from scorebook.engine.variants.magyar.tariffs import KEY, LEVELS, OUTCOMES


class Magyar(PotGame):
    key = KEY
    title = pmsg("game title", "Magyar tarokk")
    house_rules = HOUSE_RULES
    record = RECORD
    always_print_rest = True
    no_events = pmsg(
        "magyar tarokk",
        "Magyar tarokk has no session events: exactly three players play (spec §10)",
    )

    def start(self, session: Session) -> tuple[PotState, list[Entry]]:
        pot = (session.opening_pots or {}).get(POT, 0)
        # Seat convention (spec §1): the last player deals first, so the first is first hand.
        return PotState(next_dealer=session.players[-1], pot=pot), []

    def scored(self, session: Session, hand: Mapping[str, Any], pot: int) -> Scored:
        return score(session, read(session, hand), pot)

    @staticmethod
    def split_rest(text: Msg, rest: int) -> Msg:
        """The end of the night's split: what stays in the ultimókassza for the next night."""
        return pmsg("magyar tarokk", "{item}, {rest} carried over", item=text, rest=rest)


VARIANT = Magyar()


__all__ = [
    "ANNOUNCEABLE",
    "ANNOUNCEABLE_WITH_DOUBLE",
    "LEVELS",
    "OUTCOMES",
    "VARIANT",
    "Magyar",
    "hand_facts",
]
