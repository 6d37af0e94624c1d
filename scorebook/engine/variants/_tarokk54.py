"""What the two four-player 54-card tarokk games without pots share: trisák (`trisak.py`)
and négyes tarokk 54 lappal (`negyes54.py`).

Both have the same table (four fixed seats, no pots, no rounds: the state is who dealt
last), book one entry per hand, and word contras and amounts the same way. Their bids,
tariffs and trisákolás forms differ and stay in each variant's module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorebook.engine.payments import CONTRA_NAMES, contra_multiplier
from scorebook.engine.state import dump_dataclass, load_dataclass
from scorebook.engine.types import EndOfSession, Entry, Line, Session, Text


@dataclass(frozen=True, slots=True)
class State:
    """No pots and no rounds: only who dealt last, for the next dealer."""

    last_dealer: str | None = None
    hands: int = 0


class FourSeatTable:
    """The session side of both variants: four seats, a fresh table, nothing paid out at
    the end."""

    min_players = 4
    max_players = 4
    pot_names: tuple[str, ...] = ()

    def start(self, session: Session) -> tuple[State, list[Entry]]:
        return State(), []

    def end_of_session(self, session: Session, state: State) -> EndOfSession:
        return EndOfSession(payouts=dict.fromkeys(session.players, 0), pots_left={})

    def dump_state(self, state: State) -> dict[str, Any]:
        return dump_dataclass(state)

    def load_state(self, data: Mapping[str, Any]) -> State:
        state: State = load_dataclass(State, data)
        return state


def hand_booked(
    state: State,
    number: int,
    dealer: str,
    players: tuple[str, ...],
    lines: list[Line],
    summary: Text,
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


# --- text helpers ---------------------------------------------------------------------


def names(who: Sequence[str]) -> str:
    return ", ".join(who)


def contra_word(level: int) -> str:
    """'' or 'kontra ' … 'mordkontra ', to put before a game's name."""
    return CONTRA_NAMES[level] + " " if level else ""


def times(base: int, level: int) -> str:
    """'4' or '4 × 2 = 8' for a contra level."""
    if not level:
        return str(base)
    mult = contra_multiplier(level)
    return f"{base} × {mult} = {base * mult}"
