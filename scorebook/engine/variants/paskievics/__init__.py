"""Huszashívó / Paskievics tarokk: 4 active players, the XX called as partner.

Normative spec: shared/rules/paskievics.md (sections cited as "spec §n"). Seeds: 004 =
Tolnai 1930 (cited by its own paragraph numbers), 002 = the modern web page (cited by its
sub-headings).

A hand is read (`record.read_hand`: the record into a checked `Hand`), then scored
(`items`: step 2, the hand value S; `scoring`: who pays it, and the rest of the hand);
`tariffs` holds the values, `house_rules` the switches, `state` and `session` what
happens between hands.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorebook.engine.messages import pmsg
from scorebook.engine.state import dump_dataclass, load_dataclass
from scorebook.engine.types import EndOfSession, Entry, Session, TableHint
from scorebook.engine.variants.paskievics import session as _session
from scorebook.engine.variants.paskievics import state as _state
from scorebook.engine.variants.paskievics.facts import hand_facts
from scorebook.engine.variants.paskievics.house_rules import HOUSE_RULES
from scorebook.engine.variants.paskievics.record import EVENT_RECORD, RECORD, read_hand
from scorebook.engine.variants.paskievics.scoring import score_hand
from scorebook.engine.variants.paskievics.state import State
from scorebook.engine.variants.paskievics.tariffs import (
    ANNOUNCEABLE,
    CALLED_CARDS,
    GAME_TIER,
    LEVEL_TALON,
    POT,
)

__all__ = [
    "ANNOUNCEABLE",
    "CALLED_CARDS",
    "GAME_TIER",
    "HOUSE_RULES",
    "LEVEL_TALON",
    "VARIANT",
    "Paskievics",
    "State",
    "hand_facts",
]


class Paskievics:
    key = "paskievics"
    title = pmsg("game title", "Paskievics (huszashívó)")
    min_players = 4
    max_players = 5
    pot_names = (POT,)
    house_rules = HOUSE_RULES
    record = RECORD
    event_record = EVENT_RECORD

    def start(self, session: Session) -> tuple[State, list[Entry]]:
        return _session.start(session)

    def event(
        self, session: Session, state: State, event: Mapping[str, Any]
    ) -> tuple[State, list[Entry]]:
        return _session.event(session, state, event)

    def end_of_session(self, session: Session, state: State) -> EndOfSession:
        return _session.end_of_session(session, state)

    def table_hint(self, session: Session, state: State) -> TableHint:
        return _state.table_hint(state, bool(session.house_rules["ultimo_kassza"]))

    def dump_state(self, state: State) -> dict[str, Any]:
        return dump_dataclass(state)

    def load_state(self, data: Mapping[str, Any]) -> State:
        state: State = load_dataclass(State, data)
        return state

    def play(
        self, session: Session, state: State, record: Mapping[str, Any], number: int
    ) -> tuple[State, list[Entry]]:
        h = read_hand(session, state, record, number)
        scored = score_hand(session, state, h, _state.round_multiplier(state))
        entry = Entry.from_lines(
            kind="hand",
            number=number,
            dealer=h.dealer,
            players=session.players,
            pot_names=(POT,),
            lines=scored.lines,
            summary=scored.summary,
        )
        rules = session.house_rules
        all_pass = h.outcome == "all_pass"
        new_state = _state.advance(state, rules, h.dealer, all_pass, scored.pot_change)
        if scored.took and new_state.pot == 0 and rules["ultimo_kassza"] and rules["kassza_stake"]:
            # Refill when a take empties the pot (Tapper, seed 004 §70).
            new_state, refill = _session.kassza_stake(session, new_state, h.dealer)
            return new_state, [entry, refill]
        return new_state, [entry]


VARIANT = Paskievics()
