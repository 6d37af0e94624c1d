"""Session-level Paskievics bookings: the kassza stake, seats joining and leaving (spec §10)
and the ultimókassza at the end of the night (spec §8)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from scorebook.engine.errors import InvalidHand, Problems
from scorebook.engine.payments import split
from scorebook.engine.record import Reader
from scorebook.engine.types import Amount, EndOfSession, Entry, Line, Session, Text
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
        Text(
            f"kassza stake: {stake} from each of {n} seated players = {stake * n}",
            f"kasszatét: {stake} fejenként, {n} játékos = {stake * n}",
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
        summary=Text("kassza stake", "kasszatét"),
    )
    return state._replace(pot=state.pot + stake * n), entry


def _joined(session: Session, seated: tuple[str, ...], who: str) -> tuple[tuple[str, ...], Text]:
    if who in seated:
        raise InvalidHand.one("player", f"{who} is already seated", f"{who} már ül")
    if len(seated) >= 5:
        raise InvalidHand.one("player", "the table is full (5)", "az asztal tele (5)")
    seated = tuple(p for p in session.players if p in seated or p == who)
    return seated, Text(f"{who} joins the table", f"{who} beül")


def _left(seated: tuple[str, ...], who: str) -> tuple[tuple[str, ...], Text]:
    if who not in seated:
        raise InvalidHand.one("player", f"{who} is not seated", f"{who} nem ül az asztalnál")
    if len(seated) <= 4:
        raise InvalidHand.one(
            "player", "four players must stay seated", "négy játékosnak maradnia kell"
        )
    return tuple(p for p in seated if p != who), Text(f"{who} leaves the table", f"{who} feláll")


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
            carried = Text(f"ultimókassza {balance} carried over", f"ultimókassza {balance} átvive")
            lines = (Line(carried),)
        return EndOfSession({}, {POT: balance}, lines)
    n = len(state.seated)
    if rules["kassza_split_rounding"] == "exact_fractions":
        share: Amount = Fraction(balance, n)
        left: Amount = 0
    else:
        share, left = split(balance, n)
    payouts = dict.fromkeys(state.seated, share)
    line = Line(
        Text(
            f"ultimókassza split: {balance} / {n} = {share} each"
            + (f", {left} carried over" if left else ""),
            f"ultimókassza szétosztva: {balance} / {n} = {share} fejenként"
            + (f", {left} átvive" if left else ""),
        ),
        payouts,
        {POT: -balance + left},
    )
    return EndOfSession(payouts, {POT: left}, (line,))
