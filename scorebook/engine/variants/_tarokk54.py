"""What the two four-player 54-card tarokk games without pots share: trisák (`trisak.py`)
and négyes tarokk 54 lappal (`negyes54.py`).

Both have the same table (four fixed seats, no pots, no rounds: the state is who dealt
last, no session events), read the irregularity, the tricks of a trisákolás and the unused
result fields the same way, book one entry per hand, make an offender pay each other
player the same way, and word contras and amounts the same way. Their bids, tariffs and
trisákolás forms differ and stay in each variant's module (read → score there).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorebook.engine.errors import InvalidHand, Problems
from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.payments import (
    CONTRA_LEVEL_NAMES,
    CONTRA_NAMES,
    book_payment,
    contra_multiplier,
)
from scorebook.engine.record import Reader
from scorebook.engine.state import dump_dataclass, load_dataclass
from scorebook.engine.types import EndOfSession, Entry, Line, Session

WON = pmsg("tarokk54 result", "won")
LOST = pmsg("tarokk54 result", "lost")
# House rule groups both variants have.
BIDDING = pmsg("tarokk54 house rule group", "Bidding")
CONTRAS_GROUP = msg("Contras")
PENALTIES = msg("Penalties")
# The contra levels' names, as a contra'd game shows them (`contra_game`).
CONTRAS = CONTRA_NAMES
TRICKS = 12  # 12 tricks in a deal of 54 cards among four
# The tarokks a declarer may call, as the hand form lists them: XIX down to II.
CALLED_TAROKKS = tuple(range(19, 1, -1))
TAROKK_NAMES = {
    19: msg("XIX"),
    18: msg("XVIII"),
    17: msg("XVII"),
    16: msg("XVI"),
    15: msg("XV"),
    14: msg("XIV"),
    13: msg("XIII"),
    12: msg("XII"),
    11: msg("XI"),
    10: msg("X"),
    9: msg("IX"),
    8: msg("VIII"),
    7: msg("VII"),
    6: msg("VI"),
    5: msg("V"),
    4: msg("IV"),
    3: msg("III"),
    2: msg("II"),
}
# The contra levels by number, 0 (none) to mordkontra, as the hand form lists them; each
# variant's reader takes the levels up to its own top.
LEVELS = tuple(range(len(CONTRAS)))
LEVEL_NAMES = CONTRA_LEVEL_NAMES


@dataclass(frozen=True, slots=True)
class State:
    """No pots and no rounds: only who dealt last, for the next dealer."""

    last_dealer: str | None = None
    hands: int = 0


class FourSeatTable:
    """The session side of both variants: four seats, a fresh table, a hand read and
    scored by `scored` (each variant's own) and booked as one entry, nothing paid out at
    the end."""

    min_players = 4
    max_players = 4
    pot_names: tuple[str, ...] = ()
    event_record = None
    # Why `event` refuses: the same four play all night.
    no_events: Msg

    def scored(self, session: Session, hand: Mapping[str, Any]) -> tuple[str, list[Line], Msg]:
        """The hand's dealer, lines and summary."""
        raise NotImplementedError

    def play(
        self, session: Session, state: State, hand: Mapping[str, Any], number: int
    ) -> tuple[State, list[Entry]]:
        dealer, lines, summary = self.scored(session, hand)
        return hand_booked(state, number, dealer, session.players, lines, summary)

    def start(self, session: Session) -> tuple[State, list[Entry]]:
        return State(), []

    def end_of_session(self, session: Session, state: State) -> EndOfSession:
        return EndOfSession(payouts=dict.fromkeys(session.players, 0), pots_left={})

    def dump_state(self, state: State) -> dict[str, Any]:
        return dump_dataclass(state)

    def load_state(self, data: Mapping[str, Any]) -> State:
        state: State = load_dataclass(State, data)
        return state

    def event(
        self, session: Session, state: State, event: Mapping[str, Any]
    ) -> tuple[State, list[Entry]]:
        raise InvalidHand.one("event", self.no_events)


def first_hand(players: tuple[str, ...], dealer: str | None) -> str | None:
    """The dealer's right hand, who bids and leads first (None without a dealer)."""
    return players[(players.index(dealer) + 1) % 4] if dealer else None


def hand_booked(
    state: State,
    number: int,
    dealer: str,
    players: tuple[str, ...],
    lines: list[Line],
    summary: Msg,
) -> tuple[State, list[Entry]]:
    """The hand's one entry, and the state with this dealer as the last."""
    entry = Entry.from_lines(
        kind="hand",
        number=number,
        dealer=dealer,
        players=players,
        pot_names=(),
        lines=lines,
        summary=summary,
    )
    return State(dealer, state.hands + 1), [entry]


# --- reading the record ---------------------------------------------------------------


def read_opening(
    session: Session, hand: Mapping[str, Any], contracts: Sequence[str]
) -> tuple[Reader, str | None, str | None]:
    """A reader of the hand record, collecting its problems, and the record's first two
    fields: the dealer and the contract."""
    r = Reader(hand, Problems())
    return r, r.player("dealer", session.players), r.choice("contract", contracts)


def read_irregularity(
    r: Reader, kinds: tuple[str, ...], players: tuple[str, ...]
) -> tuple[Reader | None, str | None, str | None]:
    """The optional `irregularity` object: (its reader, type, offending player)."""
    ir = r.obj("irregularity", optional=True)
    if ir is None:
        return None, None, None
    return ir, ir.choice("type", kinds), ir.player("player", players)


def read_tricks(res: Reader, name: str, players: tuple[str, ...]) -> dict[str, int] | None:
    """Tricks per player (a map under `result`), which must sum to the deal's 12: one
    count left out is 12 minus the others."""
    tricks = res.counts_adding_up(name, players, total=TRICKS, hi=TRICKS)
    if tricks is not None and len(tricks) == 4 and sum(tricks.values()) != TRICKS:
        res.problems.add(
            res.path(name),
            msg("the tricks sum to {total}, not 12", total=sum(tricks.values())),
        )
    return tricks


def refuse_other_results(
    res: Reader, contract: str, fields: tuple[str, ...], wanted: tuple[str, ...]
) -> None:
    """Each result field the contract does not use must be null."""
    for name in fields:
        if name not in wanted and res.data.get(name) is not None:
            res.problems.add(
                res.path(name),
                msg("does not apply to {contract} (must be null)", contract=contract),
            )


# --- scoring ----------------------------------------------------------------------------


def offender_pays_each(
    lines: list[Line], players: tuple[str, ...], offender: str, amount: int, item: Msg
) -> None:
    """One player pays `amount` to each of the other three (a penalty, a settlement)."""
    book_payment([p for p in players if p != offender], [offender], amount, lines, item)


# --- text helpers ---------------------------------------------------------------------


def names(who: Sequence[str]) -> str:
    return ", ".join(who)


def contra_game(level: int, game: Msg) -> Msg:
    """The game, or 'kontra játék' … 'mordkontra játék' for a contra level."""
    if not level:
        return game
    return pmsg("tarokk54 contra'd game", "{contra} {game}", contra=CONTRAS[level], game=game)


def times(base: int, level: int) -> str:
    """'4' or '4 × 2 = 8' for a contra level."""
    if not level:
        return str(base)
    mult = contra_multiplier(level)
    return f"{base} × {mult} = {base * mult}"
