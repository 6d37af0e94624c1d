"""Session-level Paskievics bookings: the kassza stake, seats joining and leaving (spec §10)
and the ultimókassza at the end of the night (spec §8)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from scorebook.engine.errors import InvalidHand, Problems
from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.payments import split
from scorebook.engine.record import Reader
from scorebook.engine.types import Amount, EndOfSession, Entry, Line, Session
from scorebook.engine.variants.paskievics.state import State
from scorebook.engine.variants.paskievics.tariffs import POT


def start(session: Session) -> tuple[State, list[Entry]]:
    seated = tuple(p for p in session.players if p not in session.late_joiners)
    pot = (session.opening_pots or {}).get(POT, 0)
    state = State(pot=pot, seated=seated)
    entries: list[Entry] = []
    stake = session.house_rules["kassza_stake"]
    if session.house_rules["ultimo_kassza"] and stake > 0 and session.opening_pots is None:
        state, entry = kassza_stake(session, state, None)
        entries.append(entry)
    return state, entries


def kassza_stake(session: Session, state: State, dealer: str | None) -> tuple[State, Entry]:
    # The stake, borrowed from Tapper (seed 004 §70), paid by every seated player.
    stake = session.house_rules["kassza_stake"]
    n = len(state.seated)
    line = Line(
        msg(
            "kassza stake: {stake} from each of {n} seated players = {total}",
            stake=stake,
            n=n,
            total=stake * n,
        ),
        dict.fromkeys(state.seated, -stake),
        {POT: stake * n},
    )
    entry = Entry.from_lines(
        kind="kassza_stake",
        number=None,
        dealer=dealer,
        players=session.players,
        pot_names=(POT,),
        lines=[line],
        summary=pmsg("paskievics summary", "kassza stake"),
    )
    return state._replace(pot=state.pot + stake * n), entry


def _joined(session: Session, seated: tuple[str, ...], who: str) -> tuple[tuple[str, ...], Msg]:
    if who in seated:
        raise InvalidHand.one("player", msg("{player} is already seated", player=who))
    if len(seated) >= 5:
        raise InvalidHand.one("player", msg("the table is full (5)"))
    seated = tuple(p for p in session.players if p in seated or p == who)
    return seated, msg("{player} joins the table", player=who)


def _left(seated: tuple[str, ...], who: str) -> tuple[tuple[str, ...], Msg]:
    if who not in seated:
        raise InvalidHand.one("player", msg("{player} is not seated", player=who))
    if len(seated) <= 4:
        raise InvalidHand.one("player", msg("four players must stay seated"))
    return tuple(p for p in seated if p != who), msg("{player} leaves the table", player=who)


def event(session: Session, state: State, record: Mapping[str, Any]) -> tuple[State, list[Entry]]:
    # Joining/leaving between hands (spec §10; not in the sources).
    problems = Problems()
    r = Reader(record, problems)
    kind = r.choice("event", ("join", "leave"))
    who = r.player("player", session.players)
    problems.raise_if_any()
    assert who is not None
    if kind == "join":
        seated, text = _joined(session, state.seated, who)
    else:
        seated, text = _left(state.seated, who)
    entry = Entry.from_lines(
        kind=str(kind),
        number=None,
        dealer=None,
        players=session.players,
        pot_names=(POT,),
        lines=[Line(text)],
        summary=text,
    )
    return state._replace(seated=seated), [entry]


def end_of_session(session: Session, state: State) -> EndOfSession:
    balance = state.pot
    rules = session.house_rules
    if not rules["ultimo_kassza"] or rules["kassza_end_of_session"] == "carry_over" or not balance:
        lines: tuple[Line, ...] = ()
        if balance:
            carried = msg("ultimókassza {balance} carried over", balance=balance)
            lines = (Line(carried),)
        return EndOfSession({}, {POT: balance}, lines)
    n = len(state.seated)
    if rules["kassza_split_rounding"] == "exact_fractions":
        share: Amount = Fraction(balance, n)
        left: Amount = 0
    else:
        share, left = split(balance, n)
    payouts = dict.fromkeys(state.seated, share)
    if left:
        text = msg(
            "ultimókassza split: {balance} / {n} = {share} each, {left} carried over",
            balance=balance,
            n=n,
            share=str(share),
            left=str(left),
        )
    else:
        text = msg(
            "ultimókassza split: {balance} / {n} = {share} each",
            balance=balance,
            n=n,
            share=str(share),
        )
    line = Line(
        text,
        payouts,
        {POT: -balance + left},
    )
    return EndOfSession(payouts, {POT: left}, (line,))
