"""What the three-player Hungarian tarokk games (magyar, tapper) share: a declarer alone
against two, an ultimókassza, exactly three seats. The sides and contra words, the state
and its session moves (no events, the pot note, state dump/load), the record rule for a hand
without a game, the pot's end-of-night split and a failed ultimó's doubling, and the sum Q
an irregularity costs. The tariffs and the words each game prints stay in its module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorebook.engine import pots
from scorebook.engine.errors import InvalidHand
from scorebook.engine.payments import CONTRA_NAMES
from scorebook.engine.record import Reader
from scorebook.engine.state import dump_dataclass, load_dataclass
from scorebook.engine.types import Amount, EndOfSession, Entry, Line, Session, TableHint, Text

POT = "ultimokassza"
DECLARER, OPPONENTS = "declarer", "opponents"
SIDES = (DECLARER, OPPONENTS)
CONTRA_WORDS = tuple(f"{name} " if name else "" for name in CONTRA_NAMES)  # "", "kontra ", …


def other(side: str) -> str:
    return OPPONENTS if side == DECLARER else DECLARER


def signed(value: Amount) -> str:
    return f"+{value}" if value > 0 else (f"−{-value}" if value < 0 else "0")


def contra_word(level: int) -> str:
    """The contra's name and a space, to put before what it doubles ("" without one)."""
    return CONTRA_WORDS[level]


def next_dealer(players: tuple[str, ...], dealer: str) -> str:
    return players[(players.index(dealer) + 1) % len(players)]


@dataclass(frozen=True, slots=True)
class PotState:
    next_dealer: str
    pot: int  # ultimókassza balance


class PotGame:
    """The session side both games share; `no_events` is the game's refusal of an event."""

    min_players = 3
    max_players = 3
    pot_names: tuple[str, ...] = (POT,)
    no_events: Text

    def event(
        self, session: Session, state: PotState, event: Mapping[str, Any]
    ) -> tuple[PotState, list[Entry]]:
        raise InvalidHand.one("event", self.no_events.en, self.no_events.hu)

    def table_hint(self, session: Session, state: PotState) -> TableHint:
        notes: tuple[Text, ...] = ()
        if session.house_rules["ultimo_kassza"]:
            notes = (pots.balance_note(state.pot),)
        return TableHint(next_dealer=state.next_dealer, notes=notes)

    def dump_state(self, state: PotState) -> dict[str, Any]:
        return dump_dataclass(state)

    def load_state(self, data: Mapping[str, Any]) -> PotState:
        state: PotState = load_dataclass(PotState, data)
        return state

    def entry(
        self, session: Session, number: int, dealer: str, lines: list[Line], summary: Text
    ) -> Entry:
        """The hand's entry: its lines summed."""
        return Entry.from_lines(
            kind="hand",
            number=number,
            dealer=dealer,
            players=session.players,
            pot_names=self.pot_names,
            lines=lines,
            summary=summary,
        )


# --- record rules ---------------------------------------------------------------------


def check_no_game(
    r: Reader, nulls: Sequence[str], empties: Sequence[str], why: str, why_hu: str
) -> None:
    """A hand without a game has no game fields: `nulls` unset, `empties` empty, no contra.
    `why` ends the problem ("when all pass")."""
    for name in nulls:
        if r.has(name):
            r.problems.add(name, f"must be null {why}", why_hu)
    for name in empties:
        if r.raw(name):
            r.problems.add(name, f"must be empty {why}", why_hu)
    if r.integer("game_contra", lo=0, optional=True) not in (None, 0):
        r.problems.add("game_contra", "no contra without a game", "játék nélkül nincs kontra")


# --- the ultimókassza -----------------------------------------------------------------


def kassza_fee(players: Sequence[str], each: int, hu: str) -> Line:
    """Every player pays `each` into the ultimókassza on a hand without a game."""
    n = len(players)
    return pots.pay_in(players, each).line(
        POT, Text(f"ultimókassza: {each} from each player ({n} × {each} = {n * each})", hu)
    )


def split_at_end(
    players: tuple[str, ...], balance: int, rest_en: str, *, always: bool
) -> EndOfSession:
    """paskievics.md §8 `split_equally`: floor shares, the remainder stays in the pot.
    `rest_en` words the remainder ("stays"); `always` prints it even when it is 0."""
    move = pots.take(balance, players)
    head = f"ultimókassza {balance}"
    arith = f"{balance} ÷ {len(players)} = {move.share}"
    en = f"{head} split equally: {arith} each"
    hu = f"{head} egyenlően elosztva: {arith} fejenként"
    if always or move.rest:
        en += f", {move.rest} {rest_en}"
        hu += f", {move.rest} marad"
    line = move.line(POT, Text(en, hu))
    return EndOfSession(dict.fromkeys(players, move.share), {POT: move.rest}, (line,))


def ultimo_failed(
    balance: int, members: tuple[str, ...], announcer: str, en: Callable[[pots.PotMove], str]
) -> tuple[Line, int]:
    """An announced ultimó failed: its side doubles the pot (`pots.double`), the announcer
    paying the odd unit. `en` words the move up to the odd unit. The line and the balance
    after; an empty pot has nothing to double."""
    if balance <= 0:
        return Line(pots.NOTHING_TO_DOUBLE), balance
    move = pots.double(balance, members, announcer)
    text_en = en(move)
    hu = f"bemondott ultimó elbukott: {' és '.join(members)} duplázza az ultimókasszát, {balance}"
    if len(members) > 1:
        hu += f" ÷ 2 = {move.share} fejenként"
        if move.rest:
            text_en += f", {announcer} pays the odd {move.rest}"
            hu += f", a maradékot ({move.rest}) {announcer} fizeti"
    return move.line(POT, Text(text_en, hu)), balance + move.change


# --- irregularities -------------------------------------------------------------------


def _part(name: str, base: int, multiplier: int) -> str:
    return (
        f"{name} {base} × {multiplier} = {base * multiplier}"
        if multiplier > 1
        else f"{name} {base}"
    )


def penalty_sum(items: Sequence[tuple[Text, int, int]]) -> tuple[Text, int]:
    """Q, what an irregularity costs: the game and every announcement, each (name, value,
    contra multiplier), worded "a + b = Q" (or the one part alone)."""
    total = sum(base * m for _, base, m in items)
    en = " + ".join(_part(name.en, base, m) for name, base, m in items)
    hu = " + ".join(_part(name.hu, base, m) for name, base, m in items)
    if len(items) > 1:
        en, hu = f"{en} = {total}", f"{hu} = {total}"
    return Text(en, hu), total


GAME = Text("game", "játék")
