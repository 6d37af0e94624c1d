"""The bounds of every JSON input, and the shape of each variant's hand record.

Whatever a user types or imports (a hand, a session event, a house rule, a pot) passes
here before the rules see it: at most `MAX_DEPTH` levels of nesting, plain text of at most
`MAX_TEXT` characters (no control characters, no lone surrogates), whole numbers of at most
`MAX_NUMBER` in absolute value (never a float, NaN or Infinity), lists of at most
`MAX_ITEMS` items, and, for a hand, only the fields its variant's record defines. The walk
is iterative, so no input can exhaust the stack, and it never raises.

A variant describes its record as one readable constant (`RECORD`) built from `fields`,
`rows` (a list of objects), `by_player` (a map keyed by player name) and the leaf kinds
below; the web form and the scorer name every problem by the field path it finds here
(`announcements[1].contra`, `card_points.Anna`). The rules of the game (which values,
which ranges, which combinations) stay with the variant's own reader.

Stored hands are not walked again when a night is replayed: they were checked when saved.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, Protocol

from scorebook.engine.errors import Problem
from scorebook.engine.messages import NO_MSG, Msg, msg
from scorebook.engine.types import MAX_NUMBER, HouseRule

MAX_DEPTH = 8  # the deepest real record (strohmandli's computed.figures.A[0].figure) has 5
MAX_TEXT = 200  # names and choice values; the longest real one has about 40 characters
MAX_ITEMS = 100  # items of a list or fields of an object; a real hand has at most ~30
MAX_VALUES = 10_000  # values in one input, all levels together
MAX_PROBLEMS = 20  # enough to fix the input; a hostile one must not flood the page
EVENT_KEY = "event"
# Session-level keys a hand may repeat, and the hand number: ignored (scoresheet.md).
IGNORED = frozenset(("variant", "seats", "house_rules", "base", "hand_no", "hand_number"))
COMPUTED = "computed"  # output only: ignored on input, but bounded like anything else


@dataclass(frozen=True, slots=True)
class Choice:
    """One allowed value of a field and how players call it. `rule`: the yes/no house rule
    without which the reader refuses this value (magyar's announced double game), so the
    hand form offers it only on a night that plays by that rule."""

    value: str | int | bool
    label: Msg
    rule: str | None = None


def choices(
    values: Iterable[Any], labels: Mapping[Any, Msg], rules: Mapping[Any, str] | None = None
) -> tuple[Choice, ...]:
    """The values a reader accepts, each with its label on the hand form (and the house rule
    it needs, for the values in `rules`)."""
    needs = rules or {}
    return tuple(Choice(value, labels[value], needs.get(value)) for value in values)


@dataclass(frozen=True, slots=True)
class When:
    """A field applies only while the field at `path` (a record path) holds one of `values`:
    the hand form hides it otherwise and does not send it. A path starting with "." names a
    field beside it, in the same row or object (`When(".type", ("trumps",))`)."""

    path: str
    values: tuple[str | int | bool | None, ...]

    def control(self, field_path: str) -> str:
        """The record path of the field this rule watches, for the field at `field_path`."""
        if not self.path.startswith("."):
            return self.path
        return field_path.rpartition(".")[0] + self.path


@dataclass(frozen=True, slots=True)
class Leaf:
    """One value. `kind` says what the variant reads there (the form builds its input from
    it): int, text (a choice or a word), bool, player, players (a list of names), ints,
    texts. Null is always allowed here; the variant decides whether it is missing.

    The rest is the field's schema for the hand form, in players' words: its label and
    help, its choices, its range, the value a new hand starts with, and when it applies.
    The variant's reader checks the same constants; the form never restates them."""

    kind: str
    label: Msg | None = None
    help: Msg | None = None
    choices: tuple[Choice, ...] = ()
    lo: int | None = None
    hi: int | None = None
    default: str | int | bool | None = None
    when: When | None = None
    # The house rule without which the reader ignores this field (magyar's announced tarokk
    # counts): the hand form leaves it out on a night that does not play by it.
    rule: str | None = None
    # Worked out by the variant (Ultimo's `sitting_out`): a record may leave it out, and a
    # complete record does not write it (an explicit null would have to agree).
    derived: bool = False
    # A follow-up question (the contra under a tapped "announced by" chip): asked only once
    # the field `after` beside it (".by") holds a value. The form's alone: a complete record
    # writes the field by its `when`, as before.
    after: str | None = None
    # The list whose rows this field's numbers name, by their index in the record (Ultimo's
    # refunded declarations): the form offers a chip per row of it, not a number to type.
    rows_of: str | None = None
    # The figure of the announcement grid whose side "made by" this field records
    # (`result.trull_side` → "trull"): named after the figure on the form.
    made: str | None = None

    def but(self, **schema: Any) -> Leaf:
        """This kind of value with its schema: `INT.but(label=msg("points"), lo=0, hi=94)`."""
        return replace(self, **schema)


@dataclass(frozen=True, slots=True)
class Obj:
    """An object with these fields (and, at the top of a hand, the ignored ones)."""

    fields: Mapping[str, Node]
    ignored: frozenset[str] = frozenset()
    # How a complete record (`complete`) writes the object: "whole" with every field that
    # applies; "maybe" (something that may not happen: an irregularity) null when absent;
    # "sparse" (its absent fields mean something: "derive it", "not this contract") as given,
    # or null when absent.
    written: str = "whole"
    # When the whole section applies on the hand form (magyar's irregularity, only in a
    # played game); a complete record still writes it by its leaves (see `only_when`).
    when: When | None = None
    label: Msg | None = None  # the section's name where a problem is about all of it


@dataclass(frozen=True, slots=True)
class Grid:
    """A list the hand form lays out as a grid: a line per choice of the rows' `kind` field,
    a chip per active player (`who`); the fields in `cell` are named "figure · player".
    `made_words`: how a figure's "made by" field (`Leaf.made`) is named: "figure" ("trull:
    made by"), "short" ("made by", beside the figure's name) or "own" (its own label)."""

    kind: str
    who: str
    cell: tuple[str, ...] = ()
    first_row: int = 0  # row k = first_row + choice index × GRID_SEATS + seat index
    made_words: str = "figure"


GRID_SEATS = 10  # rows per choice in a grid: more than any table's seats
# The announced figures: a line per figure, "Anna announced the trull" in one tap, the
# contras (and the announcing side, who gave each contra) under the chip.
CHOICE_GRID_ROWS = 100  # a choice grid's rows start here, above an edited hand's stored rows
FIGURE_GRID = Grid("figure", "by", cell=("figure", "by", "contra", "side", "contra_by"))


@dataclass(frozen=True, slots=True)
class Rows:
    """A list of objects of one shape."""

    item: Obj
    when: When | None = None  # as Obj.when
    label: Msg | None = None  # as Obj.label
    grid: Grid | None = None


@dataclass(frozen=True, slots=True)
class ByPlayer:
    """An object keyed by player name (the variant checks the names), values of one shape."""

    value: Node
    label: Msg | None = None  # as Obj.label


Node = Leaf | Obj | Rows | ByPlayer

INT = Leaf("int")
TEXT = Leaf("text")
BOOL = Leaf("bool")
PLAYER = Leaf("player")
PLAYERS = Leaf("players")
INTS = Leaf("ints")
TEXTS = Leaf("texts")


def fields(*, ignore: tuple[str, ...] = (), **names: Node) -> Obj:
    """An object: `fields(dealer=PLAYER, bid=fields(declarer=PLAYER, level=TEXT))`.
    `ignore`: more keys a hand may repeat from its session (spec section 13)."""
    return Obj(MappingProxyType(names), frozenset(ignore))


def maybe(**names: Node) -> Obj:
    """An object for something that may not happen (an irregularity): null when absent."""
    return Obj(MappingProxyType(names), frozenset(), "maybe")


def sparse(**names: Node) -> Obj:
    """An object whose absent fields mean something to the reader (a value to derive, a
    field the contract does not use): a complete record writes it as given."""
    return Obj(MappingProxyType(names), frozenset(), "sparse")


def rows(**names: Node) -> Rows:
    """A list of objects: `announcements=rows(figure=TEXT, by=PLAYER, contra=INT)`."""
    return Rows(Obj(MappingProxyType(names)))


def named[SectionT: (Obj, Rows, ByPlayer)](label: Msg, node: SectionT) -> SectionT:
    """A section named as a whole (`bid` → "Bid") where a problem is about all of it."""
    return replace(node, label=label)


def choice_grid(kind: str, who: str = "player") -> Grid:
    """A grid of a choice per line (Stromann's bonuses, `{% choice_grid %}`)."""
    return Grid(kind, who, cell=(kind, who), first_row=CHOICE_GRID_ROWS)


def as_grid(node: Rows, grid: Grid) -> Rows:
    """A list the hand form lays out as a grid (see `Grid`)."""
    return replace(node, grid=grid)


def only_when[SectionT: (Obj, Rows)](rule: When, node: SectionT) -> SectionT:
    """A section of the hand form (an object, a list) that applies only while `rule` holds:
    the form hides it and the server drops what it holds otherwise. Only the form's: a
    complete record (`complete`) writes a section by its leaves' own `when`, so an export
    keeps writing it blank."""
    return replace(node, when=rule)


def nodes_along(node: Node | None, path: str) -> Iterator[tuple[str, Node]]:
    """Each node a record path passes through, with its path (`a`, `a[1]`, `a[1].b`)."""
    for found in _PATH_TOKEN.finditer(path):
        if isinstance(node, Rows):
            node = node.item
        if isinstance(node, Obj) and found[1]:
            node = node.fields.get(found[1])
        elif isinstance(node, ByPlayer):
            node = node.value
        elif found[1] or node is None:
            return
        if node is None:
            return
        yield path[: found.end()], node


def node_at(node: Node | None, path: str) -> Node | None:
    """The node a record path names (`announcements`, `result.tricks`, `dealer`), or None."""
    found: Node | None = node if not path else None
    for at, child in nodes_along(node, path):
        found = child if at == path else None
    return found


def leaf_at(node: Node | None, path: str) -> Leaf | None:
    """The leaf a record path names (`announcements[2].contra`, `card_points.Anna`), or None."""
    found = node_at(node, path)
    if isinstance(found, Rows | ByPlayer):  # a list's or a player map's own values
        found = found.item if isinstance(found, Rows) else found.value
    return found if isinstance(found, Leaf) else None


def conditions(node: Node | None, path: str) -> list[tuple[str, tuple[Any, ...] | None]]:
    """What must hold for the field at `path` to apply on the hand form, outermost first:
    (the record path of the field watched, the values it must hold; None: any value). The
    sections' `when` around it, its own `when`, and its `after`."""
    out: list[tuple[str, tuple[Any, ...] | None]] = []
    for at, found in nodes_along(node, path):
        rule = found.when if isinstance(found, Leaf | Obj | Rows) else None
        if rule is not None:
            out.append((rule.control(at), rule.values))
        if isinstance(found, Leaf) and found.after:
            out.append((at.rpartition(".")[0] + found.after, None))
    return out


def leaves(node: Node, path: str = "") -> Iterator[tuple[str, Leaf]]:
    """Every leaf with its path; a list's rows as `[]`, a player map's players as `*`."""
    if isinstance(node, Leaf):
        yield path, node
    elif isinstance(node, Obj):
        for key, child in node.fields.items():
            yield from leaves(child, f"{path}.{key}" if path else key)
    elif isinstance(node, Rows):
        yield from leaves(node.item, f"{path}[]")
    else:
        yield from leaves(node.value, f"{path}.*")


def by_player(value: Node) -> ByPlayer:
    """A map player name → value: `card_points=by_player(INT)`."""
    return ByPlayer(value)


class HasRecord(Protocol):
    title: Msg
    record: Obj
    event_record: Obj | None


# --- players in a record ----------------------------------------------------------------


def _map_players(node: Node | None, value: Any, rename: Callable[[str], str]) -> Any:
    """`value` read along `node`, each name in a player field through `rename`. Only the
    schema's player leaves, the names of a players leaf and a player map's keys are
    names; a field the schema does not know is left as it is."""
    if isinstance(node, Leaf):
        if node.kind == "player" and isinstance(value, str):
            return rename(value)
        if node.kind == "players" and isinstance(value, list):
            return [rename(v) if isinstance(v, str) else v for v in value]
        return value
    if isinstance(node, Obj) and isinstance(value, Mapping):
        return {k: _map_players(node.fields.get(k), v, rename) for k, v in value.items()}
    if isinstance(node, Rows) and isinstance(value, list):
        return [_map_players(node.item, v, rename) for v in value]
    if isinstance(node, ByPlayer) and isinstance(value, Mapping):
        return {
            rename(k) if isinstance(k, str) else k: _map_players(node.value, v, rename)
            for k, v in value.items()
        }
    return value


def _node_of(variant: HasRecord, record: Any) -> Node | None:
    is_event = isinstance(record, Mapping) and EVENT_KEY in record
    return variant.event_record if is_event else variant.record


def renamed_players(variant: HasRecord, record: Any, names: Mapping[str, str]) -> Any:
    """A hand record or session event with its players renamed (`names`: old → new, in one
    pass, so a swap works). A bid level "two", a card "XX" or a side stay what they are,
    whatever the players are called."""
    return _map_players(_node_of(variant, record), record, lambda name: names.get(name, name))


def players_named(variant: HasRecord, record: Any) -> set[str]:
    """Every name in the record's player fields."""
    seen: set[str] = set()

    def note(name: str) -> str:
        seen.add(name)
        return name

    _map_players(_node_of(variant, record), record, note)
    return seen


# --- the walk ---------------------------------------------------------------------------


_PATH_TOKEN = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def shown_key(key: str) -> str:
    """A key as a field path shows it: at most 40 characters, a control character or a lone
    surrogate escaped (the path is printed, and a surrogate cannot be encoded)."""
    if len(key) > 40:
        key = key[:40] + "…"
    if key.isprintable():
        return key
    return "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in key)


def _child(path: str, key: str) -> str:
    return f"{path}.{shown_key(key)}" if path else shown_key(key)


def text_problem(value: str) -> Msg | None:
    """Why a string is not plain text of a sane length, or None."""
    if len(value) > MAX_TEXT:
        return msg("is longer than {limit} characters", limit=MAX_TEXT)
    if value.isprintable():  # the usual case, in C: no control character, no surrogate
        return None
    for char in value:
        category = unicodedata.category(char)
        if category == "Cc":
            return msg("contains a control character (such as NUL or a line break)")
        if category == "Cs":
            return msg("contains an invalid character (a lone surrogate)")
    return None


def number_problem(value: Any) -> Msg | None:
    """Why a JSON number is not a whole number within ±MAX_NUMBER, or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        if -MAX_NUMBER <= value <= MAX_NUMBER:
            return None
        return msg("is too large (at most 1,000,000,000,000 either way)")
    return msg("is not a whole number")


def _scalar_problem(value: Any) -> Msg | None:
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, str):
        return text_problem(value)
    if isinstance(value, int | float):
        return number_problem(value)
    return msg("is not a JSON value")


_TOO_DEEP = msg("is nested too deeply (at most {limit} levels)", limit=MAX_DEPTH)
_TOO_MANY = msg("has more than {limit} items", limit=MAX_ITEMS)
_TOO_BIG = msg("holds more than {limit} values", limit=MAX_VALUES)


class _Walk:
    """One iterative walk over an input; `problems` in the order found (depth first)."""

    def __init__(self, root_name: str, unknown: Msg, unknown_fields: bool = True) -> None:
        self.root_name = root_name
        self.unknown = unknown
        self.unknown_fields = unknown_fields
        self.problems: list[Problem] = []
        self.seen = 0

    def add(self, path: str, text: Msg) -> None:
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(Problem(path or self.root_name, text))

    def run(self, value: Any, node: Node | None, path: str, top: Any = None) -> None:
        stack: list[tuple[Any, Node | None, str, int]] = [(value, node, path, 1)]
        while stack and len(self.problems) < MAX_PROBLEMS:
            value, node, path, depth = stack.pop()
            self.seen += 1
            if self.seen > MAX_VALUES:
                self.add("", _TOO_BIG)
                return
            if isinstance(value, Mapping | list) and depth > MAX_DEPTH:
                self.add(path, _TOO_DEEP)
            elif isinstance(value, Mapping | list) and len(value) > MAX_ITEMS:
                self.add(path, _TOO_MANY)
            elif isinstance(value, Mapping):
                children = self._object(value, node, path, depth, value is top)
                stack.extend(reversed(children))
            elif isinstance(value, list):
                item = node.item if isinstance(node, Rows) else None
                stack.extend(
                    (v, item, f"{path}[{i}]", depth + 1)
                    for i, v in reversed(list(enumerate(value)))
                )
            else:
                trouble = _scalar_problem(value)
                if trouble:
                    self.add(path, trouble)

    def _object(
        self, value: Mapping[Any, Any], node: Node | None, path: str, depth: int, top: bool
    ) -> list[tuple[Any, Node | None, str, int]]:
        children: list[tuple[Any, Node | None, str, int]] = []
        for key, item in value.items():
            name = key if isinstance(key, str) else str(key)
            trouble = text_problem(name)
            if trouble:
                self.add(_child(path, name), trouble)
                continue
            child: Node | None = None
            if isinstance(node, Obj):
                if name in node.fields:
                    child = node.fields[name]
                elif not (top and (name in IGNORED or name == COMPUTED or name in node.ignored)):
                    if self.unknown_fields:
                        self.add(_child(path, name), self.unknown)
                    continue
            elif isinstance(node, ByPlayer):
                child = node.value
            children.append((item, child, _child(path, name), depth + 1))
        return children


def check_value(value: Any, path: str = "") -> list[Problem]:
    """The generic bounds alone (a house rule's value), each problem at its path inside
    `value` prefixed by `path` ("" for the value itself)."""
    walk = _Walk(path, NO_MSG)
    walk.run(value, None, path)
    return walk.problems


def value_problem(value: Any) -> Msg | None:
    """The first problem of `check_value`, with its place inside the value."""
    problems = check_value(value)
    if not problems:
        return None
    first = problems[0]
    assert type(first.message) is Msg  # the walk speaks in messages only
    return (
        msg("{field}: {message}", field=first.field, message=first.message)
        if first.field
        else first.message
    )


def check_rule(rule: HouseRule, value: Any) -> Msg | None:
    """A house rule's value: the generic bounds first for a list or object (its checker may
    recurse or quote the value, and its numbers end up in the tariffs), then the rule's own
    check (`HouseRule.check`, or a variant's override of it)."""
    if rule.kind == "json":
        trouble = value_problem(value)
        if trouble:
            return trouble
    return rule.check(value)


def check_input(variant: HasRecord, record: Any, *, unknown_fields: bool = True) -> list[Problem]:
    """Every bound a hand record or session event breaks, each naming its field path.

    Called on every input path (the scoresheet reader, the web form's save and preview),
    never on the replay of stored hands. `unknown_fields=False` leaves out the fields the
    record does not define: a record whose only problem is such a field is safe to score,
    so the scorer can name the rules it breaks as well.
    """
    if not isinstance(record, Mapping):
        return [Problem("hand", msg("must be a JSON object"))]
    if EVENT_KEY in record:
        node = variant.event_record
        unknown = msg("is not a field of this session event")
    else:
        node = variant.record
        unknown = msg("is not a field of a {game} hand", game=variant.title)
    walk = _Walk("hand", unknown, unknown_fields)
    walk.run(record, node, "", top=record)
    return walk.problems


# --- a complete record -----------------------------------------------------------------------


def complete(record: Any, node: Node) -> Any:
    """`record` with every field its schema defines written out where it applies: what a
    form leaves unsent (an untapped chip, an unticked box, an empty list) becomes null,
    false, an empty list or map (docs/scoresheet.md: a complete record writes every field
    that applies). An absent object is written with its own fields, or as null when it
    records something that may not happen (`maybe`); a `sparse` object stays as given."""
    return _completed(record, node, "", record)


def _completed(value: Any, node: Node, path: str, top: Any) -> Any:
    if isinstance(node, Obj) and isinstance(value, dict):
        if node.written == "sparse":
            return value
        # In the schema's order, whatever order the stored object has (PostgreSQL's jsonb
        # keeps its own): an export is the same bytes however the hand was stored.
        out: dict[str, Any] = {}
        for key, child in node.fields.items():
            child_path = f"{path}.{key}" if path else key
            if key in value:
                out[key] = _completed(value[key], child, child_path, top)
            elif _applies(child, child_path, top) and not _derived(child):
                out[key] = _completed(_absent(child), child, child_path, top)
        out.update((key, v) for key, v in value.items() if key not in node.fields)
        return out
    if isinstance(node, Rows) and isinstance(value, list):
        return [_completed(v, node.item, f"{path}[{i}]", top) for i, v in enumerate(value)]
    return value


def _derived(node: Node) -> bool:
    return isinstance(node, Leaf) and node.derived


def _absent(node: Node) -> Any:
    if isinstance(node, Leaf):
        if node.default is not None:
            return node.default  # what the form shows chosen: a contra level of 0
        return False if node.kind == "bool" else None
    if isinstance(node, Rows):
        return []
    if isinstance(node, ByPlayer):
        return {}
    return {} if node.written == "whole" else None


def _applies(node: Node, path: str, top: Any) -> bool:
    """A leaf applies while its `when` holds; any other node while one of its leaves does."""
    if isinstance(node, Leaf):
        return node.when is None or _value_at(top, node.when.control(path)) in node.when.values
    if isinstance(node, Obj):
        children = node.fields.items()
        return any(_applies(child, f"{path}.{key}", top) for key, child in children)
    return True


def _value_at(record: Any, path: str) -> Any:
    value = record
    for key, index in _PATH_TOKEN.findall(path):
        if key and isinstance(value, dict):
            value = value.get(key)
        elif index and isinstance(value, list) and int(index) < len(value):
            value = value[int(index)]
        else:
            return None
    return value
