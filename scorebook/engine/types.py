"""The engine's value types: breakdown lines, entries, house rules (texts are messages)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from scorebook.engine.messages import ENGLISH, NO_MSG, Catalogue, Msg, msg, render

if TYPE_CHECKING:  # shape imports this module: the name is only needed for type checks
    from scorebook.engine.shape import Obj

# A payment amount in units. Integers almost everywhere; a Fraction only where a house rule
# asks for exact shares (e.g. an ultimókassza split three ways with `exact_fractions`).
Amount = int | Fraction


# Renders a message: the English one (its id, gaps filled) unless a catalogue is given.
Say = Callable[[Msg], str]


def sayer(catalogue: Catalogue = ENGLISH) -> Say:
    """Render messages through `catalogue` (the app's, the scorer's, a test's)."""
    return partial(render, catalogue=catalogue)


ENGLISH_SAY: Say = sayer()
# One shared, immutable empty mapping: most lines move no pot, and a fresh dict per line
# is measurable when a night of thousands of hands is replayed.
EMPTY: Mapping[str, Amount] = MappingProxyType({})
GENERAL = msg("General")


class Line(NamedTuple):
    """One line of a breakdown: what happened and who pays whom because of it.

    An entry's deltas are exactly the sum of its lines, so every number is explained.
    A line may carry no amounts at all (a pure explanation such as "S = 3").
    """

    text: Msg
    deltas: Mapping[str, Amount] = EMPTY
    pots: Mapping[str, Amount] = EMPTY


class Entry(NamedTuple):
    """One booked entry of a session: a hand, a session event or an automatic booking.

    A NamedTuple rather than a frozen dataclass: a night books one per hand, and building a
    tuple costs a fraction of a frozen dataclass's attribute-by-attribute `__init__`.
    """

    kind: str  # "hand", or the event name: "foundations", "join", "leave", …
    number: int | None  # hand number (1, 2, …) for hands, None otherwise
    dealer: str | None
    deltas: Mapping[str, Amount]  # every player of the session
    pots: Mapping[str, Amount]  # every pot of the variant
    lines: tuple[Line, ...]
    summary: Msg = NO_MSG  # the hand in short, for a ledger row

    @classmethod
    def from_lines(
        cls,
        *,
        kind: str,
        number: int | None,
        dealer: str | None,
        players: tuple[str, ...],
        pot_names: tuple[str, ...],
        lines: list[Line] | tuple[Line, ...],
        summary: Msg = NO_MSG,
    ) -> Entry:
        """Sum the lines into deltas and pot changes, and check the zero-sum invariant."""
        deltas: dict[str, Amount] = dict.fromkeys(players, 0)
        pots: dict[str, Amount] = dict.fromkeys(pot_names, 0)
        try:
            # Most lines move nothing (pure explanations): test before iterating.
            for _text, line_deltas, line_pots in lines:
                if line_deltas:
                    for who, amount in line_deltas.items():
                        deltas[who] += amount
                if line_pots:
                    for pot, amount in line_pots.items():
                        pots[pot] += amount
        except KeyError as unknown:
            # An engine bug, never a user error.
            raise ValueError(f"a line pays an unknown player or pot: {unknown}") from None
        if len(deltas) != len(players) or len(pots) != len(pot_names):
            raise ValueError("duplicate player or pot names")
        total = sum(deltas.values()) + sum(pots.values())
        if total != 0:
            # An engine bug, never a user error: every tariff line must be zero-sum.
            raise AssertionError(
                f"entry is not zero-sum ({total}): {[ENGLISH_SAY(ln.text) for ln in lines]}"
            )
        return cls(kind, number, dealer, deltas, pots, tuple(lines), summary)


# scoresheet.md: a number that the spec does not bound is at most 10^12 in absolute value.
MAX_NUMBER = 10**12


def _short(value: Any) -> str:
    """A value as a message quotes it: never more than a line of text."""
    try:
        shown = repr(value)
    except ValueError:  # an integer past Python's 4,300-digit conversion limit
        return "…"
    return shown if len(shown) <= 60 else shown[:60] + "…"


@dataclass(frozen=True, slots=True)
class HouseRule:
    """One switch of a variant's spec section 12."""

    name: str
    default: Any
    # "bool", "choice" (one of `choices`), "int" (min..max), "optional_int" (int or None), or
    # "json" (a list or object the other kinds do not cover, checked by `checker`)
    kind: str
    help: Msg
    choices: tuple[Any, ...] = ()
    group: Msg = GENERAL
    minimum: int | None = None
    maximum: int | None = None
    # Labels for the choices, same order as `choices` (optional; the value is shown otherwise)
    choice_labels: tuple[Msg, ...] = ()
    # For kind "json": why a value is not allowed, or None when it is
    checker: Callable[[Any], Msg | None] | None = None
    # The rule as the players name it ("Ultimókassza"); `help` then explains it. Without a
    # label the pages show a readable form of `name`, never the identifier itself.
    label: Msg | None = None
    # For kind "json" whose default is none: a value with the structure of every allowed
    # one (e.g. {"min_tarokks": 9, "value": 1}), so the form can offer an input per number.
    sample: Any = None

    def check(self, value: Any) -> Msg | None:
        """Why the value is not allowed, as a message, or None when it is allowed."""
        if self.kind == "bool":
            return (
                None
                if isinstance(value, bool)
                else msg("{value} is not true or false", value=_short(value))
            )
        if self.kind == "choice":
            # Compare with the matching choice's own type, so that True never passes for 1
            # and a rule whose default is None still accepts its string choices.
            if any(value == c and type(value) is type(c) for c in self.choices):
                return None
            allowed = ", ".join(repr(c) for c in self.choices)
            return msg("{value} is not one of {allowed}", value=_short(value), allowed=allowed)
        if self.kind in ("int", "optional_int"):
            return self._check_int(value)
        if self.kind == "json":  # callers check the generic bounds first: shape.check_rule
            return self.checker(value) if self.checker else None
        raise ValueError(f"unknown house rule kind {self.kind!r}")

    def _check_int(self, value: Any) -> Msg | None:
        if value is None and self.kind == "optional_int":
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            return msg("{value} is not a whole number", value=_short(value))
        # A rule without a bound of its own still has the format's (scoresheet.md).
        low = self.minimum if self.minimum is not None else -MAX_NUMBER
        high = self.maximum if self.maximum is not None else MAX_NUMBER
        if value < low:
            return msg("{value} is below {lo}", value=_short(value), lo=low)
        if value > high:
            return msg("{value} is above {hi}", value=_short(value), hi=high)
        return None


@dataclass(frozen=True, slots=True)
class Session:
    """What a variant needs to know about the session to score it."""

    variant: str
    players: tuple[str, ...]  # everyone who sits at the table at any time, in seating order
    house_rules: Mapping[str, Any]  # complete: every rule of the variant, defaults filled in
    # Opening pot balances carried over from an earlier session; None = the pots open empty
    # and the variant's opening rule applies (e.g. Ultimo's foundations).
    opening_pots: Mapping[str, int] | None = None
    # Players with a `join` event are not seated before it (format: scoresheet.md)
    late_joiners: frozenset[str] = frozenset()

    def rule(self, name: str) -> Any:
        return self.house_rules[name]


@dataclass(frozen=True, slots=True)
class TableHint:
    """What the table app pre-fills and shows before the next hand."""

    next_dealer: str | None
    sitting_out: tuple[str, ...] = ()  # seated players who take no part in the next hand
    multiplier: int = 1  # e.g. a Paskievics double round; 1 = none
    notes: tuple[Msg, ...] = ()  # e.g. "double round #1: 3 deals left"


@dataclass(frozen=True, slots=True)
class EndOfSession:
    """What the variant's end-of-session rule pays out of the pots."""

    payouts: Mapping[str, Amount]
    pots_left: Mapping[str, Amount]
    lines: tuple[Line, ...] = ()
    # Extra JSON-ready result fields, e.g. {"matches": [...], "match_wins": {...}}
    extra: Mapping[str, Any] = field(default_factory=dict)


class Variant(Protocol):
    """The contract every variant module fulfils (one module per variant, see registry)."""

    key: str
    title: Msg
    min_players: int
    max_players: int
    pot_names: tuple[str, ...]
    house_rules: tuple[HouseRule, ...]
    # The fields of a hand record and of a session event (None: the variant has no events),
    # as `scorebook.engine.shape` describes them; every input is checked against them.
    record: Obj
    event_record: Obj | None

    def start(self, session: Session) -> tuple[Any, list[Entry]]:
        """The state before the first hand, and any automatic opening bookings."""
        ...

    def play(
        self, session: Session, state: Any, hand: Mapping[str, Any], number: int
    ) -> tuple[Any, list[Entry]]:
        """Validate and score one hand record (a JSON object, spec section 13).

        Raises InvalidHand naming every problem's field; never changes `state` (states are
        immutable). Returns the new state and the entries booked (the hand, plus any
        automatic booking that follows it).
        """
        ...

    def event(
        self, session: Session, state: Any, event: Mapping[str, Any]
    ) -> tuple[Any, list[Entry]]:
        """Apply a session event (`join`, `leave`); raise InvalidHand where it has none."""
        ...

    def end_of_session(self, session: Session, state: Any) -> EndOfSession: ...

    def table_hint(self, session: Session, state: Any) -> TableHint: ...

    def dump_state(self, state: Any) -> dict[str, Any]:
        """A JSON-ready snapshot of `state`, so the app can resume without a full replay."""
        ...

    def load_state(self, data: Mapping[str, Any]) -> Any: ...
