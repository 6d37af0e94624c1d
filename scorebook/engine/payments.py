"""Shared payment mechanics: who pays whom, contra multipliers, and the one division helper."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType

from scorebook.engine.messages import NO_MSG, Msg, msg
from scorebook.engine.types import Amount, Line


def contra_multiplier(level: int) -> int:
    """0 none ×1, 1 kontra ×2, 2 rekontra ×4, 3 szubkontra ×8, 4 hirskontra ×16, 5 mordkontra ×32."""
    return 1 << level


# The contra ladder's names by level (seed 004 §48), 0 = no contra, as the lines say them.
CONTRA_NAMES: tuple[Msg, ...] = (
    NO_MSG,
    msg("kontra"),
    msg("rekontra"),
    msg("szubkontra"),
    msg("hirskontra"),
    msg("mordkontra"),
)
# The same levels as the hand forms offer them, "—" for none (a house rule may stop lower).
CONTRA_LEVEL_NAMES = dict(enumerate((msg("—"), *CONTRA_NAMES[1:])))


def split(total: int, parts: int) -> tuple[int, int]:
    """Equal integer shares and the remainder. Where the remainder goes is the caller's rule."""
    if parts <= 0:
        raise ValueError("cannot split among nobody")
    return divmod(total, parts)


def transfer(payer: str, payee: str, amount: Amount) -> dict[str, Amount]:
    if payer == payee:
        return {}
    return {payer: -amount, payee: amount}


def side_vs_side(
    winners: Iterable[str], losers: Iterable[str], amount: Amount
) -> dict[str, Amount]:
    """Each loser pays `amount` to each winner (pair vs pair, or one vs several)."""
    win, lose = list(winners), list(losers)
    deltas: dict[str, Amount] = {}
    for w in win:
        deltas[w] = deltas.get(w, 0) + amount * len(lose)
    for lo in lose:
        deltas[lo] = deltas.get(lo, 0) - amount * len(win)
    return deltas


def each_pays(payers: Iterable[str], payee: str, amount: Amount) -> dict[str, Amount]:
    """Every payer pays `amount` to the payee."""
    return side_vs_side([payee], [p for p in payers if p != payee], amount)


def book_payment(
    winners: Sequence[str], losers: Sequence[str], each: int, lines: list[Line], item: Msg
) -> None:
    """Book one item: with one player against several, each of the several pays `each` to
    him (or he to each); pair against pair, each loser pays one winner. The line shows the
    resulting deltas after `item`: ' → A +24 (3 × 8); B, C, D each -8'."""
    deltas, won, lost = _payment(tuple(winners), tuple(losers), each)
    lines.append(
        Line(msg("{item} → {winners}; {losers}", item=item, winners=won, losers=lost), deltas)
    )


@lru_cache(maxsize=4096)
def _payment(
    winners: tuple[str, ...], losers: tuple[str, ...], each: int
) -> tuple[Mapping[str, Amount], str | Msg, str | Msg]:
    # Cached: a night repeats the same few payments; the deltas mapping is never mutated.
    if len(winners) == len(losers):
        win, lose = each, each
    else:
        win, lose = each * len(losers), each * len(winners)
    deltas: dict[str, Amount] = dict.fromkeys(winners, win)
    deltas.update(dict.fromkeys(losers, -lose))
    won: str | Msg
    lost: str | Msg
    if len(winners) == 1:
        won = f"{winners[0]} +{win}" + (f" ({win // each} × {each})" if win != each else "")
    else:
        won = msg("{names} each +{amount}", names=", ".join(winners), amount=win)
    if len(losers) == 1:
        lost = f"{losers[0]} -{lose}" + (f" ({lose // each} × {each})" if lose != each else "")
    else:
        lost = msg("{names} each -{amount}", names=", ".join(losers), amount=lose)
    return MappingProxyType(deltas), won, lost
