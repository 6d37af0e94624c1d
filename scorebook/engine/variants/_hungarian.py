"""What the three-player Hungarian tarokk games (magyar, tapper) share: a declarer alone
against two, an ultimókassza, exactly three seats. The sides and contra words, the state
and its session moves (no events, the pot note, state dump/load), the record rule for a hand
without a game, the pot's end-of-night split and a failed ultimó's doubling, and the sum Q
an irregularity costs. The tariffs and the words each game prints stay in its module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from scorebook.engine import pots
from scorebook.engine.errors import InvalidHand
from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.payments import CONTRA_LEVEL_NAMES
from scorebook.engine.record import Reader
from scorebook.engine.shape import INT, TEXT, choices
from scorebook.engine.state import dump_dataclass, load_dataclass
from scorebook.engine.types import Amount, EndOfSession, Entry, Line, Session, TableHint

POT = "ultimokassza"
DECLARER, OPPONENTS = "declarer", "opponents"
SIDES = (DECLARER, OPPONENTS)
# The hand forms' words for the sides and the contra levels (0 none … 5 mordkontra; the
# house rule max_contra_level may stop lower), as the record schemas offer them.
SIDE_LABELS = {
    DECLARER: msg("declarer side"),
    OPPONENTS: msg("opponents"),
}
CONTRA_LEVELS = (0, 1, 2, 3, 4, 5)
CONTRA_LABELS = CONTRA_LEVEL_NAMES
# The record schemas' leaves for a side and a contra level, as both hand forms offer them.
SIDE = TEXT.but(choices=choices(SIDES, SIDE_LABELS))
CONTRA = INT.but(
    choices=choices(CONTRA_LEVELS, CONTRA_LABELS), lo=CONTRA_LEVELS[0], hi=CONTRA_LEVELS[-1]
)


def other(side: str) -> str:
    return OPPONENTS if side == DECLARER else DECLARER


def signed(value: Amount) -> str:
    return f"+{value}" if value > 0 else (f"−{-value}" if value < 0 else "0")


def contra_of(level: int, what: Msg) -> Msg:
    """What a contra of `level` doubles, named with the contra ("kontra játék"); `what`
    itself without one (payments.CONTRA_NAMES)."""
    if level == 1:
        return pmsg("hungarian tarokk contra", "kontra {what}", what=what)
    if level == 2:
        return pmsg("hungarian tarokk contra", "rekontra {what}", what=what)
    if level == 3:
        return pmsg("hungarian tarokk contra", "szubkontra {what}", what=what)
    if level == 4:
        return pmsg("hungarian tarokk contra", "hirskontra {what}", what=what)
    if level == 5:
        return pmsg("hungarian tarokk contra", "mordkontra {what}", what=what)
    return what


def next_dealer(players: tuple[str, ...], dealer: str) -> str:
    return players[(players.index(dealer) + 1) % len(players)]


@dataclass(frozen=True, slots=True)
class PotState:
    next_dealer: str
    pot: int  # ultimókassza balance


class Scored(NamedTuple):
    """A scored hand: its lines and summary, the ultimókassza after it, who deals next."""

    dealer: str
    lines: list[Line]
    summary: Msg
    pot: int
    next_dealer: str


class PotGame:
    """The session side both games share: a hand is read and scored by `scored` (each
    game's own), booked as one entry; at the end of the night the ultimókassza is split
    (`split_rest` words what stays, printed even when 0 if `always_print_rest`) unless it
    is carried over. `no_events` is the game's refusal of an event."""

    min_players = 3
    max_players = 3
    pot_names: tuple[str, ...] = (POT,)
    event_record = None  # no session events: exactly three play all night
    no_events: Msg
    always_print_rest: bool

    def scored(self, session: Session, hand: Mapping[str, Any], pot: int) -> Scored:
        raise NotImplementedError

    @staticmethod
    def split_rest(text: Msg, rest: int) -> Msg:
        raise NotImplementedError

    def play(
        self, session: Session, state: PotState, hand: Mapping[str, Any], number: int
    ) -> tuple[PotState, list[Entry]]:
        s = self.scored(session, hand, state.pot)
        entry = self.entry(session, number, s.dealer, s.lines, s.summary)
        return PotState(s.next_dealer, s.pot), [entry]

    def end_of_session(self, session: Session, state: PotState) -> EndOfSession:
        rules = session.house_rules
        if (
            not rules["ultimo_kassza"]
            or rules.get("kassza_end_of_session") == "carry_over"
            or state.pot <= 0
        ):
            return EndOfSession(dict.fromkeys(session.players, 0), {POT: state.pot})
        # paskievics.md §8: split equally, floor shares, the remainder stays.
        return split_at_end(
            session.players, state.pot, self.split_rest, always=self.always_print_rest
        )

    def event(
        self, session: Session, state: PotState, event: Mapping[str, Any]
    ) -> tuple[PotState, list[Entry]]:
        raise InvalidHand.one("event", self.no_events)

    def table_hint(self, session: Session, state: PotState) -> TableHint:
        notes: tuple[Msg, ...] = ()
        if session.house_rules["ultimo_kassza"]:
            notes = (pots.kassza_note(state.pot),)
        return TableHint(next_dealer=state.next_dealer, notes=notes)

    def dump_state(self, state: PotState) -> dict[str, Any]:
        return dump_dataclass(state)

    def load_state(self, data: Mapping[str, Any]) -> PotState:
        state: PotState = load_dataclass(PotState, data)
        return state

    def entry(
        self, session: Session, number: int, dealer: str, lines: list[Line], summary: Msg
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
    r: Reader, nulls: Sequence[str], empties: Sequence[str], null: Msg, empty: Msg
) -> None:
    """A hand without a game has no game fields: `nulls` unset (else problem `null`),
    `empties` empty (else problem `empty`), no contra."""
    for name in nulls:
        if r.has(name):
            r.problems.add(name, null)
    for name in empties:
        if r.raw(name):
            r.problems.add(name, empty)
    if r.integer("game_contra", lo=0, optional=True) not in (None, 0):
        r.problems.add("game_contra", pmsg("hungarian tarokk", "no contra without a game"))


# --- the ultimókassza -----------------------------------------------------------------


def kassza_fee(players: Sequence[str], each: int, text: Msg) -> Line:
    """Every player pays `each` into the ultimókassza on a hand without a game; `text`
    words it."""
    return pots.pay_in(players, each).line(POT, text)


def split_at_end(
    players: tuple[str, ...], balance: int, rest: Callable[[Msg, int], Msg], *, always: bool
) -> EndOfSession:
    """paskievics.md §8 `split_equally`: floor shares, the remainder stays in the pot.
    `rest` words the remainder after the line ("…, 2 stays"); `always` prints it even
    when it is 0."""
    move = pots.take(balance, players)
    text = pmsg(
        "hungarian tarokk",
        "ultimókassza {balance} split equally: {balance} ÷ {count} = {share} each",
        balance=balance,
        count=len(players),
        share=move.share,
    )
    if always or move.rest:
        text = rest(text, move.rest)
    line = move.line(POT, text)
    return EndOfSession(dict.fromkeys(players, move.share), {POT: move.rest}, (line,))


def ultimo_failed(
    balance: int, members: tuple[str, ...], announcer: str, text: Callable[[pots.PotMove], Msg]
) -> tuple[Line, int]:
    """An announced ultimó failed: its side doubles the pot (`pots.double`), the announcer
    paying the odd unit. `text` words the move up to the odd unit. The line and the
    balance after; an empty pot has nothing to double."""
    if balance <= 0:
        return Line(pots.NOTHING_TO_DOUBLE), balance
    move = pots.double(balance, members, announcer)
    words = text(move)
    if len(members) > 1 and move.rest:
        words = pmsg(
            "hungarian tarokk",
            "{item}, {announcer} pays the odd {rest}",
            item=words,
            announcer=announcer,
            rest=move.rest,
        )
    return move.line(POT, words), balance + move.change


# --- irregularities -------------------------------------------------------------------


def _part(name: Msg, base: int, multiplier: int) -> Msg:
    if multiplier > 1:
        return pmsg(
            "hungarian tarokk penalty",
            "{name} {base} × {multiplier} = {value}",
            name=name,
            base=base,
            multiplier=multiplier,
            value=base * multiplier,
        )
    return pmsg("hungarian tarokk penalty", "{name} {base}", name=name, base=base)


def penalty_sum(items: Sequence[tuple[Msg, int, int]]) -> tuple[Msg, int]:
    """Q, what an irregularity costs: the game and every announcement, each (name, value,
    contra multiplier), worded "a + b = Q" (or the one part alone)."""
    total = sum(base * m for _, base, m in items)
    text = _part(*items[0])
    for item in items[1:]:
        text = msg("{sum} + {part}", sum=text, part=_part(*item))
    if len(items) > 1:
        text = pmsg("hungarian tarokk penalty", "{sum} = {total}", sum=text, total=total)
    return text, total


GAME = pmsg("hungarian tarokk", "game")
