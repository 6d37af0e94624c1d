"""Királyhívó tarokk (king-calling tarokk): four players, 54 cards, a called king.

Spec: shared/rules/kiralyhivo.md; source: seed 004 (Tolnai 1930) §66–§69, with the general
rules of the Paskievics chapter it imports (§26, §38, §48, §53–§55, §62*).

A hand is read (`record.read`: the record into a `Hand`), checked (`record.check`: the
rules between its fields) and scored (`scoring.score`: tariff lines and payments, with the
numbers of `tariffs`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from scorebook.engine import pots
from scorebook.engine.errors import InvalidHand, Problems
from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.record import Reader
from scorebook.engine.state import dump_dataclass, load_dataclass
from scorebook.engine.types import EndOfSession, Entry, Line, Session, TableHint
from scorebook.engine.variants.kiralyhivo.facts import hand_facts
from scorebook.engine.variants.kiralyhivo.record import RECORD, check, read
from scorebook.engine.variants.kiralyhivo.scoring import score
from scorebook.engine.variants.kiralyhivo.tariffs import HOUSE_RULES, KEY, POT, POTS, pile_points

__all__ = ["VARIANT", "Kiralyhivo", "KiralyhivoState", "hand_facts", "pile_points"]


class KiralyhivoState(NamedTuple):
    # A NamedTuple, not a frozen dataclass: one is built per hand, and a tuple is several
    # times cheaper to build (dump_state / load_state give the same JSON either way).
    last_dealer: str | None
    pot: int
    hands: int


class Kiralyhivo:
    key = KEY
    title = pmsg("game title", "Királyhívó (king-calling tarokk)")
    min_players = 4
    max_players = 4
    pot_names = POTS
    house_rules = HOUSE_RULES
    record = RECORD
    event_record = None

    def start(self, session: Session) -> tuple[KiralyhivoState, list[Entry]]:
        pot = (session.opening_pots or {}).get(POT, 0)
        return KiralyhivoState(None, pot, 0), []

    def event(
        self, session: Session, state: KiralyhivoState, event: Mapping[str, Any]
    ) -> tuple[KiralyhivoState, list[Entry]]:
        raise InvalidHand.one(
            "event",
            msg(
                "Királyhívó has no session events: always the same four players (Tolnai 1930, §68)"
            ),
        )

    def play(
        self, session: Session, state: KiralyhivoState, hand: Mapping[str, Any], number: int
    ) -> tuple[KiralyhivoState, list[Entry]]:
        problems = Problems()
        parsed = read(Reader(hand, problems), session)
        check(parsed, session.house_rules, problems)
        problems.raise_if_any()
        lines, summary, pot = score(parsed, session, state.pot)
        entry = Entry.from_lines(
            kind="hand",
            number=number,
            dealer=parsed.dealer,
            players=session.players,
            pot_names=POTS,
            lines=lines,
            summary=summary,
        )
        return KiralyhivoState(parsed.dealer, pot, state.hands + 1), [entry]

    def end_of_session(self, session: Session, state: KiralyhivoState) -> EndOfSession:
        balance = state.pot
        if session.house_rules["kassza_end_of_session"] == "carry_over" or balance == 0:
            text = msg("ultimókassza carried over: {balance}", balance=balance)
            lines = (Line(text),) if balance else ()
            return EndOfSession(dict.fromkeys(session.players, 0), {POT: balance}, lines)
        move = pots.take(balance, session.players)
        share, rest = move.share, move.rest
        text = msg(
            "ultimókassza {balance} split equally: {balance} ÷ 4 = {share} each, {rest} stays",
            balance=balance,
            share=share,
            rest=rest,
        )
        line = Line(text, move.deltas, {POT: move.change})
        return EndOfSession(dict(move.deltas), {POT: rest}, (line,))

    def table_hint(self, session: Session, state: KiralyhivoState) -> TableHint:
        players = session.players
        nxt = None
        if state.last_dealer is not None:
            # The deal moves to the right, the direction of play (seed 004 §18, §26).
            nxt = players[(players.index(state.last_dealer) + 1) % len(players)]
        notes: tuple[Msg, ...] = ()
        if session.house_rules["ultimo_kassza"]:
            notes = (pots.kassza_note(state.pot),)
        return TableHint(nxt, (), 1, notes)

    def dump_state(self, state: KiralyhivoState) -> dict[str, Any]:
        return dump_dataclass(state)

    def load_state(self, data: Mapping[str, Any]) -> KiralyhivoState:
        state: KiralyhivoState = load_dataclass(KiralyhivoState, data)
        return state


VARIANT = Kiralyhivo()
