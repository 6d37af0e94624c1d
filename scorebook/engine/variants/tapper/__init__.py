"""Tapper tarokk (tappertarokk): three players, 54 or 42 cards (spec `rules/tapper.md`).

The declarer plays alone against two; every item is an amount `a` per opponent (§6).
Hand-held bonuses (fejek, tulétroá, four kings) are paid to their holder by each other
player, whoever won, but only to a holder who took part in the bidding (seed 004 §71).

A hand is read in three steps: `record.read` (the record into a `Hand`, one reader per
record section, with the cross-field `_check_*` rules, each problem naming its field), then
`scoring` (the game, figures, bonuses, the ultimókassza, or an irregularity's penalty),
with the numbers of `tariffs` and the house rules of `house_rules`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorebook.engine.messages import Msg, pmsg
from scorebook.engine.types import Entry, Session
from scorebook.engine.variants._hungarian import POT, PotGame, PotState, Scored
from scorebook.engine.variants.tapper.facts import hand_facts
from scorebook.engine.variants.tapper.house_rules import HOUSE_RULES
from scorebook.engine.variants.tapper.record import BONUS_KEYS, RECORD, read
from scorebook.engine.variants.tapper.scoring import score, stake_line
from scorebook.engine.variants.tapper.tariffs import CONTRACTS, IRREGULARITIES, KEY


class Tapper(PotGame):
    key = KEY
    title = pmsg("game title", "Tapper tarokk")
    house_rules = HOUSE_RULES
    record = RECORD
    always_print_rest = False
    no_events = pmsg(
        "tapper tarokk", "Tapper has no session events: exactly three players play (spec §10)"
    )

    def start(self, session: Session) -> tuple[PotState, list[Entry]]:
        players = session.players
        opening = (session.opening_pots or {}).get(POT, 0)
        stake = session.house_rules["kassza_stake"]
        # §8.1: the stake is paid when the pot opens empty; a carried-over balance is kept.
        if not session.house_rules["ultimo_kassza"] or opening > 0 or stake <= 0:
            return PotState(players[-1], opening), []
        entry = Entry.from_lines(
            kind="kassza_stake",
            number=None,
            dealer=None,
            players=players,
            pot_names=self.pot_names,
            lines=[stake_line(players, stake, refill=False)],
            summary=pmsg("tapper tarokk summary", "ultimókassza stake"),
        )
        return PotState(players[-1], stake * len(players)), [entry]

    def scored(self, session: Session, hand: Mapping[str, Any], pot: int) -> Scored:
        return score(session, read(session, hand), pot)

    @staticmethod
    def split_rest(text: Msg, rest: int) -> Msg:
        """The end of the night's split: the remainder that stays in the ultimókassza."""
        return pmsg("tapper tarokk", "{item}, {rest} stays", item=text, rest=rest)


VARIANT = Tapper()


__all__ = ["BONUS_KEYS", "CONTRACTS", "IRREGULARITIES", "VARIANT", "Tapper", "hand_facts"]
