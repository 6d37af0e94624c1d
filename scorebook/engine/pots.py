"""Shared pot mechanics: the ultimókassza's arithmetic (paskievics.md §8 and the variants
that follow it: magyar, tapper, királyhívó).

Each function is one move of money between players and a pot, as a `PotMove`: the
players' deltas and the pot's change, which sum to zero, and the equal share and remainder
that the variant's breakdown line prints. Which announcement moves the pot, and the words
of the line, stay the variant's rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.payments import split
from scorebook.engine.types import Line, Session, Variant

# The house rule that keeps the ultimókassza in the variants that have it as a switch
# (paskievics.md §8, magyar, tapper, királyhívó); a variant without it keeps its pots always.
KASSZA_RULE = "ultimo_kassza"


def pots_in_use(variant: Variant, session: Session) -> tuple[str, ...]:
    """The pots a night keeps: none when its ultimókassza is switched off and no opening
    balance was carried over (a pot that cannot move is not shown), else every pot."""
    if session.house_rules.get(KASSZA_RULE, True) or any((session.opening_pots or {}).values()):
        return variant.pot_names
    return ()


class PotMove(NamedTuple):
    """Money between players and one pot; `sum(deltas.values()) + change == 0`."""

    deltas: dict[str, int]  # what each player receives (+) or pays (−)
    change: int  # what the pot receives (+) or gives out (−)
    share: int  # each player's equal share
    rest: int  # the remainder of the division: see each function

    def line(self, pot: str, text: Msg) -> Line:
        """The move as a breakdown line of pot `pot`."""
        return Line(text, self.deltas, {pot: self.change})


def take(balance: int, takers: Sequence[str]) -> PotMove:
    """The takers empty the pot in equal floor shares; the remainder `rest` stays in it.

    An announced ultimó made takes the ultimókassza; at the end of the night all the
    players take it the same way (paskievics.md §8 `split_equally`)."""
    share, rest = split(balance, len(takers))
    return PotMove(dict.fromkeys(takers, share), -share * len(takers), share, rest)


def double(balance: int, payers: Sequence[str], announcer: str) -> PotMove:
    """An announced ultimó failed: the payers pay the pot's balance into it in equal floor
    shares, the announcer also the remainder `rest`, so that the pot exactly doubles."""
    share, rest = split(balance, len(payers))
    deltas = dict.fromkeys(payers, -share)
    deltas[announcer] -= rest
    return PotMove(deltas, balance, share, rest)


def pay_in(players: Sequence[str], each: int) -> PotMove:
    """Every player pays `each` into the pot (a stake, its refill, a hand without a game);
    `share` is `each` and `rest` is 0."""
    return PotMove(dict.fromkeys(players, -each), each * len(players), each, 0)


# --- the breakdown wording magyar and tapper share ------------------------------------

NOTHING_TO_DOUBLE = pmsg(
    "hungarian tarokk", "announced ultimó failed: the ultimókassza is empty, nothing to double"
)


def names(who: Sequence[str]) -> str | Msg:
    """One name, or the names joined by "and" (a message: the word is translated)."""
    if len(who) == 1:
        return who[0]
    return pmsg("hungarian tarokk", "{first} and {rest}", first=who[0], rest=names(who[1:]))


def ultimo_made(pot: str, balance: int, takers: Sequence[str]) -> tuple[Line, int]:
    """An announced ultimó made takes the pot (`take`): its breakdown line, and the
    balance after. The balance must be positive (an empty pot is the caller's line)."""
    move = take(balance, takers)
    who = names(takers)
    share, k, rest = move.share, len(takers), move.rest
    if k == 1:
        text = pmsg(
            "hungarian tarokk",
            "announced ultimó made: {who} takes the ultimókassza {balance}",
            who=who,
            balance=balance,
        )
    elif rest:
        text = pmsg(
            "hungarian tarokk",
            "announced ultimó made: {who} take the ultimókassza {balance}, "
            "{balance} ÷ {count} = {share} each, {rest} stays",
            who=who,
            balance=balance,
            count=k,
            share=share,
            rest=rest,
        )
    else:
        text = pmsg(
            "hungarian tarokk",
            "announced ultimó made: {who} take the ultimókassza {balance}, "
            "{balance} ÷ {count} = {share} each",
            who=who,
            balance=balance,
            count=k,
            share=share,
        )
    return move.line(pot, text), balance + move.change


def kassza_note(balance: int) -> Msg:
    """The table hint that shows the ultimókassza's balance."""
    return msg("ultimókassza: {balance}", balance=balance)
