"""Strohmandli's state: the next dealer and the matches (§10), ended and running."""

from __future__ import annotations

from dataclasses import dataclass, field

from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.state import HISTORY


@dataclass(frozen=True, slots=True)
class Match:
    """A run of consecutive deals (§10); scores are the players' RP in seating order."""

    first_deal: int
    last_deal: int
    scores: tuple[int, int]
    over: bool = False
    winner: str | None = None


@dataclass(frozen=True, slots=True)
class State:
    next_dealer: str | None = None  # None before the first deal: the first dealer is free
    # The running match: its first and last deal (0 = none running) and its scores.
    first_deal: int = 0
    last_deal: int = 0
    scores: tuple[int, int] = (0, 0)
    played: int = 0  # matches ended (§10): the next one is number played + 1
    last: Match | None = None  # the match that ended last (the table hint shows it)
    # Every ended match in order, for the session's end (§13.4 lists them): gathered by a
    # replay from the start, never stored (the next deal needs `played` and `last` only).
    done: tuple[Match, ...] = field(default=(), metadata=HISTORY)


def leader(players: tuple[str, ...], scores: tuple[int, int]) -> str | None:
    """The player ahead by the scores in seating order; None when they are level."""
    if scores[0] > scores[1]:
        return players[0]
    if scores[1] > scores[0]:
        return players[1]
    return None


def how_it_ended(m: Match) -> Msg:
    """A match as its line ends: still running, drawn, or won by a player."""
    if not m.over:
        return pmsg("strohmandli match", "still running")
    if m.winner is None:
        return pmsg("strohmandli match", "drawn")
    return msg("won by {winner}", winner=m.winner)
