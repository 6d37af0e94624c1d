"""Ultimo (Danish tarok): spec `rules/ultimo.md`, seed 001 (a Polish translation of the Danish
rules; `§n` in this package are the seed's numbered headings).

No bidding: three active players (of 3 or 4 seated; with 4 the person opposite the dealer sits
out), two stateful pools (`king`, `pagat`), declarations paid on the spot, in-play king and
Pagat events, the last trick (Ultimo, Przydupek, Tout, Nolo), and the card-point settlement
with the next dealer. Session events: a fourth person joins or a person leaves.

The package: `tariffs` (the amounts, citing the seed), `house_rules`, `state`, `record`
(read a hand record into a typed `hand.Hand`, then check it), `scoring` (lines, payments and
the pools), `session` (join, leave, foundations, the end-of-session split).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorebook.engine.errors import InvalidHand, InvalidSheet, Problem
from scorebook.engine.messages import msg, pmsg
from scorebook.engine.state import dump_dataclass, load_dataclass
from scorebook.engine.types import EndOfSession, Entry, Session, TableHint
from scorebook.engine.variants.ultimo import session as events
from scorebook.engine.variants.ultimo.facts import hand_facts
from scorebook.engine.variants.ultimo.house_rules import HOUSE_RULES
from scorebook.engine.variants.ultimo.record import EVENT_RECORD, RECORD, read_hand
from scorebook.engine.variants.ultimo.scoring import score_hand, summary
from scorebook.engine.variants.ultimo.state import UltimoState, seat_roles
from scorebook.engine.variants.ultimo.tariffs import (
    KING,
    PAGAT,
    POT_NAMES,
    SUITS,
    card_point_amount,
)

__all__ = [
    "HOUSE_RULES",
    "SUITS",
    "VARIANT",
    "Ultimo",
    "UltimoState",
    "card_point_amount",
    "hand_facts",
]


class Ultimo:
    key = "ultimo"
    title = pmsg("game title", "Ultimo (Danish tarok)")
    min_players = 3
    max_players = 4
    pot_names = POT_NAMES
    house_rules = HOUSE_RULES
    record = RECORD
    event_record = EVENT_RECORD

    def start(self, session: Session) -> tuple[UltimoState, list[Entry]]:
        seated = tuple(p for p in session.players if p not in session.late_joiners)
        if not 3 <= len(seated) <= 4:
            raise InvalidSheet(
                [
                    Problem(
                        "players",
                        msg("Ultimo needs 3 or 4 seated at the start, not {n}", n=len(seated)),
                    )
                ]
            )
        opening = session.opening_pots
        if opening is None:
            # §15 "Fundamenty": each seated person pays 20 into each pool
            pools = {KING: 0, PAGAT: 0}
            entries = events.foundations(session, pools, seated)
        else:
            # Pools carried over from an earlier session open as they are: no foundations
            pools = {pot: int(opening.get(pot, 0)) for pot in POT_NAMES}
            entries = []
        return UltimoState(pools[KING], pools[PAGAT], seated, None), entries

    def play(
        self, session: Session, state: UltimoState, hand: Mapping[str, Any], number: int
    ) -> tuple[UltimoState, list[Entry]]:
        h = read_hand(session, state, hand)
        lines, pools = score_hand(session, state, h)
        entry = Entry.from_lines(
            kind="hand",
            number=number,
            dealer=h.dealer,
            players=session.players,
            pot_names=POT_NAMES,
            lines=lines,
            summary=summary(h),
        )
        # After a void hand, too, the next dealer in rotation deals (seed 001 §18)
        return UltimoState(pools[KING], pools[PAGAT], state.seated, h.next_dealer), [entry]

    def event(
        self, session: Session, state: UltimoState, event: Mapping[str, Any]
    ) -> tuple[UltimoState, list[Entry]]:
        kind = event.get("event")
        if kind == "join":
            return events.join(session, state, event)
        if kind == "leave":
            return events.leave(session, state, event)
        if kind in ("foundations", "end_of_session"):
            raise InvalidHand.one(
                "event",
                msg("{event} is booked automatically, not recorded", event=str(kind)),
            )
        raise InvalidHand.one(
            "event",
            msg("{event} is not an Ultimo session event (join, leave)", event=repr(kind)),
        )

    def end_of_session(self, session: Session, state: UltimoState) -> EndOfSession:
        return events.split_pools(session, state)

    def table_hint(self, session: Session, state: UltimoState) -> TableHint:
        dealer = state.next_dealer if state.next_dealer in state.seated else state.seated[0]
        _, sitting_out, _ = seat_roles(state.seated, dealer)
        notes = (msg("King pool {king}, Pagat pool {pagat}", king=state.king, pagat=state.pagat),)
        return TableHint(dealer, (sitting_out,) if sitting_out else (), 1, notes)

    def dump_state(self, state: UltimoState) -> dict[str, Any]:
        return dump_dataclass(state)

    def load_state(self, data: Mapping[str, Any]) -> UltimoState:
        state: UltimoState = load_dataclass(UltimoState, data)
        return state


VARIANT = Ultimo()
