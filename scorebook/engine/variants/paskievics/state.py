"""The state between Paskievics hands: the ultimókassza, who is seated, the double rounds
(spec §10) and the last dealer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from scorebook.engine.messages import Msg, msg
from scorebook.engine.types import TableHint


class State(NamedTuple):
    # A NamedTuple, not a frozen dataclass: one is built per hand, and a tuple is several
    # times cheaper to build (dump_state / load_state give the same JSON either way).
    pot: int  # the ultimókassza balance (always whole: exact shares only go to players)
    seated: tuple[str, ...]  # in seating order
    open_rounds: tuple[tuple[int, int], ...] = ()  # double rounds: (number, deals left)
    pending_rounds: tuple[tuple[int, int], ...] = ()  # (number, deals until it opens)
    rounds_opened: int = 0
    round_pos: int = 0  # completed deals in the current round (next_round start)
    last_dealer: str | None = None
    redeal: bool = False  # the same dealer deals again (seed 002 all-pass)


def round_multiplier(state: State) -> int:
    """R: every open double round doubles the hand (spec §10 rule 4)."""
    r: int = 2 ** len(state.open_rounds)
    return r


def _counted_down(
    state: State, n: int
) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """A completed deal: every open round counts down; pending rounds come nearer."""
    open_rounds = state.open_rounds
    if open_rounds:
        open_rounds = tuple([(k, left - 1) for k, left in open_rounds if left > 1])
    pending = state.pending_rounds
    if pending:
        still: list[tuple[int, int]] = []
        for k, wait in pending:
            if wait <= 1:
                open_rounds = (*open_rounds, (k, n))
            else:
                still.append((k, wait - 1))
        pending = tuple(still)
    return open_rounds, pending


def advance(
    state: State, rules: Mapping[str, Any], dealer: str, all_pass: bool, pot_change: int
) -> State:
    """Spec §10: double rounds, dealer, round position after a hand."""
    n = len(state.seated)
    opened, pos = state.rounds_opened, state.round_pos
    open_rounds, pending = state.open_rounds, state.pending_rounds
    redeal = all_pass and rules["all_pass_rule"] == "redeal_double_round"
    if not redeal:
        open_rounds, pending = _counted_down(state, n)
        pos = (pos + 1) % n
    elif rules["double_round_start"] == "immediate":
        opened += 1
        open_rounds = (*open_rounds, (opened, n))
    else:
        opened += 1
        pending = (*pending, (opened, n - pos))
    return State(
        state.pot + pot_change, state.seated, open_rounds, pending, opened, pos, dealer, redeal
    )


def next_dealer(state: State) -> str | None:
    """The right-hand neighbour of the last dealer; the same dealer after a redeal."""
    last = state.last_dealer
    if last is None:  # before hand 1: the first seat (the table says who really deals)
        return state.seated[0] if state.seated else None
    seated = state.seated
    if state.redeal and last in seated:
        return last
    if last in seated:
        return seated[(seated.index(last) + 1) % len(seated)]
    return seated[0]


def table_hint(state: State, kassza: bool) -> TableHint:
    dealer = next_dealer(state)
    sitting_out = (dealer,) if dealer is not None and len(state.seated) == 5 else ()
    notes: list[Msg] = []
    for number, left in state.open_rounds:
        notes.append(msg("double round #{number}: {left} deals left", number=number, left=left))
    for number, wait in state.pending_rounds:
        notes.append(
            msg(
                "double round #{number} opens in {wait} deals (next round)",
                number=number,
                wait=wait,
            )
        )
    if state.redeal:
        notes.append(msg("all passed: the same dealer deals again"))
    if kassza:
        notes.append(msg("ultimókassza: {balance}", balance=state.pot))
    return TableHint(dealer, sitting_out, round_multiplier(state), tuple(notes))
