"""Shape checks. Game rules are the engine's; its problems are mapped back onto fields here.

The hand form is one generic mechanism for every variant: each input is named by the field
path of the hand record (as the engine names it in its problems), e.g. `bid.declarer`,
`announcements[0].contra`, `card_points.@2` (`@i` = the i-th seated player, so player names
never become identifiers). `parse_hand` turns POST data into the record, each value read as
its leaf in the variant's record schema says (a number, a yes/no, a list), and leaves out
what does not apply (the schema's `when`, as the form hides it); `HandForm` carries what the
user typed and the engine's problems back to the template. A page opened before names
carried type markers (`result.declarer_card_points:int`) may still post them (an offline
outbox): the marker is dropped and the value read by its leaf all the same.

An object whose inputs are all left blank becomes null ("did not happen"). Where the record
needs the object anyway, the template declares it with a hidden input named by the object's
path and the marker `:object` (`{% keep_object "captures" %}` writes `captures:object`): that
object is then kept, its blank members null (`captures: {"uhu": null, ...}`), and so is every
object around it.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scorebook import labels, names, nights
from scorebook.engine.errors import Problem
from scorebook.engine.messages import msg
from scorebook.engine.record import Path
from scorebook.engine.shape import (
    GRID_SEATS,
    MAX_TEXT,
    ByPlayer,
    Choice,
    Grid,
    Leaf,
    Node,
    Obj,
    Rows,
    check_rule,
    conditions,
    leaf_at,
    leaves,
    node_at,
)
from scorebook.engine.types import HouseRule, Variant
from scorebook.entry import FormFields
from scorebook.handfields import HandFields
from scorebook.speech import say

OBJECT = "object"  # `path:object`: the object at `path` is kept even when left blank
FIXED = "fixed"  # `path:fixed`: a value the form always sends; alone it does not make a row
TYPES = ("str", "int", "bool", "list", "ints", OBJECT, FIXED)  # the markers of older pages
# How the posted text of each kind of leaf is read.
LEAF_READING = {
    "int": "int",
    "text": "str",
    "bool": "bool",
    "player": "str",
    "players": "list",
    "ints": "ints",
    "texts": "list",
}
MAX_INT_DIGITS = 9  # anything longer is passed on as text and refused by the engine
MAX_INPUTS = 400  # the largest real form (Ultimo, every row open) has about 150 inputs
MAX_VALUE = MAX_TEXT  # characters of one typed value (the engine's bound for any text)
_TOKEN = re.compile(r"([^.\[\]]+)|\[(\d{1,3})\]")
_SEGMENT = re.compile(r"^[^.\[\]]+(\[\d{1,3}\])*$")


# --- the generic hand form ------------------------------------------------------------------


def split_name(name: str) -> tuple[str, str]:
    """`result.points:int` → (`result.points`, `int`)."""
    path, _sep, kind = name.partition(":")
    return path, kind if kind in TYPES else "str"


def join_path(tokens: Sequence[str | int]) -> str:
    """The inverse of parse_path: ["a", 1, "b"] → `a[1].b`."""
    out = ""
    for token in tokens:
        if isinstance(token, int):
            out += f"[{token}]"
        else:
            out += f".{token}" if out else token
    return out


def parse_path(path: str) -> list[str | int] | None:
    """`a[1].b` → ["a", 1, "b"]; None when the name is not a field path."""
    if not path or len(path) > 200:
        return None
    tokens: list[str | int] = []
    for segment in path.split("."):
        if not _SEGMENT.match(segment):
            return None
        for key, index in _TOKEN.findall(segment):
            tokens.append(int(index) if index else key)
    return tokens


class _ExplicitFalse:
    """A bool input answered "no" on purpose (a radio or select sending "0"/"false").

    Unlike an unticked box, it keeps its object from collapsing to null: `result:
    {declarer_took_trick: false}` is a fact (a won betli), not a blank section.
    """


EXPLICIT_FALSE: Any = _ExplicitFalse()


class _Fixed(str):
    """A value a list row always carries (a hidden input: the figure of the announcement
    row `trull × Anna`): it is kept when the row is filled in, but a row holding nothing
    else is a blank row, left out of the list."""

    __slots__ = ()


def _convert(kind: str, raw: list[str]) -> Any:
    if kind == "list":
        return [v.strip() for v in raw if v.strip()]
    if kind == "ints":  # "0, 2" or several inputs → [0, 2]; anything else goes as text
        items = [x for v in raw for x in re.split(r"[\s,;]+", v) if x]
        return [int(x) if re.fullmatch(r"\d{1,6}", x) else x for x in items]
    if kind == "bool":
        if any(v in ("1", "on", "true") for v in raw):
            return True
        return EXPLICIT_FALSE if any(v in ("0", "false") for v in raw) else False
    value = (raw[-1] if raw else "").strip()
    if value == "":
        return None
    if kind == FIXED:
        return _Fixed(value)
    if kind == "int":
        if re.fullmatch(rf"[-+]?\d{{1,{MAX_INT_DIGITS}}}", value):
            return int(value)
        return value  # the engine refuses it with its own message, next to this field
    return value


def _blank_row(value: Any) -> bool:
    """A list row left as the form offers it: nothing but blanks, unticked boxes and zeros
    (e.g. a contra select at its "—" = 0)."""
    if isinstance(value, dict):
        return all(_blank_row(v) for v in value.values())
    if isinstance(value, _Fixed):
        return True
    return _empty(value) or value is EXPLICIT_FALSE or isinstance(value, bool) or value == 0


class _Kept(dict[str, Any]):
    """An object the template declared with `path:object`: never collapsed to null (it still
    counts as blank in a list row, so a spare row of the form stays out of the list)."""


def _empty(value: Any) -> bool:
    if isinstance(value, _Kept):
        return False
    if value is None or value is False or value == [] or value == "":
        return True
    if isinstance(value, dict):
        return all(_empty(v) for v in value.values())
    return False


@dataclass
class ParsedHand:
    record: dict[str, Any]
    # compacted list index → form row, per list path (as the form names it)
    rows: dict[str, list[int]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    fields: FormFields = field(default_factory=FormFields)  # the form's own `_` fields


_KEY = re.compile(r"^[A-Za-z0-9_-]{8,64}$")


def write_key(value: Any) -> str | None:
    """A posted write key, or None when it is missing or malformed (the write then happens
    as before, without being recognised when repeated)."""
    return value if isinstance(value, str) and _KEY.match(value) else None


def _posted_int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def form_fields(data: Mapping[str, Any]) -> FormFields:
    """The form's own fields (named `_…`), read once: a missing or malformed one is None."""

    def one(name: str) -> Any:
        value = data.get(name)
        return value[-1] if isinstance(value, list) and value else value

    account = one("_account")
    return FormFields(
        expected_number=_posted_int(one("_expected_number")),
        expected_position=_posted_int(one("_expected_position")),
        key=write_key(one("_key")),
        account=account if isinstance(account, str) else None,
        version=_posted_int(one("_version")),
        queued=bool(one("_queued")),
    )


def _assemble(
    node: Any,
    players: Sequence[str],
    prefix: str,
    rows: dict[str, list[int]],
    keep: frozenset[str] = frozenset(),
) -> Any:
    """Turn the nested dict of the form into the record: rows into lists, @i into names,
    blank objects into null unless their path is in `keep`."""
    if not isinstance(node, dict):
        return node
    if node and all(isinstance(k, int) for k in node):
        kept: list[Any] = []
        mapping: list[int] = []
        for index in sorted(node):
            item = _assemble(node[index], players, f"{prefix}[{index}]", rows, keep)
            if not _blank_row(item):
                kept.append(item)
                mapping.append(index)
        rows[prefix] = mapping
        return kept
    out: dict[str, Any] = {}
    for key, value in node.items():
        child = f"{prefix}.{key}" if prefix else str(key)
        item = _assemble(value, players, child, rows, keep)
        if isinstance(key, str) and key.startswith("@"):
            digits = key[1:]
            if not digits.isdigit() or int(digits) >= len(players):
                continue
            if item is None:
                continue  # a player map holds only the players with a value
            out[players[int(digits)]] = item
        elif isinstance(item, dict) and _empty(item):
            out[str(key)] = None  # an object left blank = null ("did not happen")
        else:
            out[str(key)] = item
    return _Kept(out) if prefix in keep else out


Sent = dict[str, tuple[str, list[str]]]  # field path → (marker, values posted)


def parse_hand(
    data: Mapping[str, Any], players: Sequence[str], shape: Node | None = None
) -> ParsedHand:
    """POST data (a QueryDict or a dict of lists) → the hand record, each value read as its
    leaf in `shape` (the variant's record) says, without what does not apply. Never raises."""

    def getlist(name: str) -> list[str]:
        value = data.getlist(name) if hasattr(data, "getlist") else data.get(name, [])
        if isinstance(value, str):
            return [value]
        return [v for v in value if isinstance(v, str)]

    refused = _too_much(data, getlist)
    if refused:
        return ParsedHand({}, problems=refused, fields=form_fields(data))
    sent: Sent = {}
    objects: list[str] = []  # `path:object`: objects kept even when left blank
    for name in data:
        if isinstance(name, str) and not name.startswith(("_", "csrf")):
            path, marker = split_name(name)
            if marker == OBJECT:
                objects.append(path)
            else:
                sent.setdefault(path, (marker, []))[1].extend(getlist(name))
    schema = _schema_of(sent, shape)
    # The fields naming rows of another list: renumbered once the record is assembled.
    found = leaves(shape) if shape is not None else []
    by_rows = [(where, leaf.rows_of) for where, leaf in found if leaf.rows_of]
    if shape is not None:
        sent = _applicable(sent, schema)
    items = [*sent.items(), *((path, (OBJECT, [])) for path in objects)]
    parsed = _parsed(items, players, schema, by_rows)
    parsed.fields = form_fields(data)
    return parsed


Rules = list[tuple[str, tuple[Any, ...] | None]]  # (control path, values it must hold)


def _schema_of(paths: Iterable[str], shape: Node | None) -> dict[str, tuple[Leaf | None, Rules]]:
    """Each posted field's leaf and the conditions it applies under (seats as `player`),
    looked up once for the whole post."""
    out: dict[str, tuple[Leaf | None, Rules]] = {}
    for path in paths if shape is not None else ():
        general = re.sub(r"@\d+", "player", path)
        out[path] = (leaf_at(shape, general), conditions(shape, general))
    return out


def reading(leaf: Leaf | None, marker: str = "str") -> str:
    """How a posted value is read: as its leaf's kind; a field the schema does not know as
    its marker says (text without one), a hidden `:fixed`/`:object` as such."""
    if marker in (OBJECT, FIXED) or leaf is None:
        return marker
    return LEAF_READING[leaf.kind]


def _applicable(sent: Sent, schema: Mapping[str, tuple[Leaf | None, Rules]]) -> Sent:
    """What the form sends with its script, without one too: a field whose condition does not
    hold is left out (hand.js hides and disables it), and so is what depends on it, in turn."""
    rules = {path: schema[path][1] for path in sent}
    kept = dict(sent)
    for _pass in range(10):  # a condition may watch a field the pass before left out
        dropped = [path for path in kept if not _holds(rules[path], kept)]
        for path in dropped:
            del kept[path]
        if not dropped:
            break
    return kept


def _holds(rules: Rules, sent: Sent) -> bool:
    for control, values in rules:
        have = [v for v in sent.get(control, ("", []))[1] if v != ""]
        wanted = {posted(v) for v in values if v is not None} if values is not None else None
        if not (have and (wanted is None or any(v in wanted for v in have))):
            return False
    return True


def posted(value: str | int | bool) -> str:
    """A schema value as the form posts it (a yes/no as "1" or "0")."""
    return ("1" if value else "0") if isinstance(value, bool) else str(value)


def _parsed(
    sent: list[tuple[str, tuple[str, list[str]]]],
    players: Sequence[str],
    schema: Mapping[str, tuple[Leaf | None, Rules]],
    by_rows: Sequence[tuple[str, str]],
) -> ParsedHand:
    tree: dict[Any, Any] = {}
    kept: set[str] = set()
    for path, (marker, values) in sent:
        kind = reading(schema.get(path, (None, []))[0], marker)
        tokens = parse_path(path)
        if tokens is None or isinstance(tokens[0], int):
            continue
        node = tree
        clash = False
        for token, following in itertools.pairwise(tokens):
            child = node.setdefault(token, {})
            if not isinstance(child, dict):
                clash = True
                break
            if isinstance(following, int) and child and not all(isinstance(k, int) for k in child):
                clash = True
                break
            node = child
        if clash:
            continue  # a name that contradicts another (a.b and a.b.c): ignore it
        if kind == OBJECT:
            if isinstance(node.setdefault(tokens[-1], {}), dict):
                kept.add(join_path(tokens))
            continue
        if isinstance(node.get(tokens[-1]), dict):
            continue
        node[tokens[-1]] = _convert(kind, values)
    rows: dict[str, list[int]] = {}
    record = _unmark(_assemble(tree, players, "", rows, frozenset(kept)))
    for where, rows_of in by_rows:
        _renumber(record, where.split("."), rows.get(rows_of, []))
    return ParsedHand(record, rows)


def _renumber(node: Any, keys: list[str], kept: list[int]) -> None:
    """A field naming rows of another list (`Leaf.rows_of`: Ultimo's refunded declarations)
    posts the form's row numbers; each becomes the row's index in the record, and a row
    left empty an index past the end (the variant then says there is no such row)."""
    key, rest = keys[0], keys[1:]
    if key.endswith("[]"):
        items = node.get(key[:-2]) if isinstance(node, dict) else None
        for item in items if isinstance(items, list) else ():
            _renumber(item, rest, kept)
        return
    if not isinstance(node, dict) or key not in node:
        return
    if rest:
        _renumber(node[key], rest, kept)
    elif isinstance(node[key], list):
        node[key] = [
            (kept.index(v) if v in kept else len(kept) + v) if type(v) is int else v
            for v in node[key]
        ]


def _too_much(data: Mapping[str, Any], getlist: Any) -> list[Problem]:
    """Bounds no real form reaches: the number of inputs, the length of a value."""
    if len(data) > MAX_INPUTS:
        message = msg("too many inputs (at most {limit})", limit=MAX_INPUTS)
        return [Problem("hand", message)]
    for name in data:
        if isinstance(name, str) and any(len(v) > MAX_VALUE for v in getlist(name)):
            path = split_name(name)[0]
            message = msg("is longer than {limit} characters", limit=MAX_VALUE)
            return [Problem(path if parse_path(path) else "hand", message)]
    return []


def _unmark(value: Any) -> Any:
    """Explicit "no" answers become plain False once the blanks have been pruned."""
    if value is EXPLICIT_FALSE:
        return False
    if isinstance(value, _Fixed):
        return str(value)
    if isinstance(value, dict):
        return {k: _unmark(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_unmark(v) for v in value]
    return value


def field_anchor(path: str) -> str:
    """The DOM id of the field that shows the messages for `path` (players by name)."""
    return "at-" + "".join(c if c.isalnum() else "-" for c in path)


def path_label(path: str) -> str:
    """A field path as a player reads it: `announcements[1].contra` → "announcements 2 ·
    contra", `card_points.Anna` → "card points · Anna"."""
    return labels.field_words(path)


def form_path(problem_path: str, rows: Mapping[str, list[int]]) -> str:
    """An engine path with compacted list indices → the form's row indices."""
    out = ""
    for key, index in _TOKEN.findall(problem_path):
        if index:
            mapping = rows.get(out)
            i = int(index)
            out += f"[{mapping[i] if mapping and i < len(mapping) else i}]"
        else:
            out += f".{key}" if out else key
    return out or problem_path


def record_values(record: Any, players: Sequence[str]) -> dict[str, list[str]]:
    """The inverse of parse_hand: a stored record → the form's values by field path."""
    out: dict[str, list[str]] = {}

    def walk(value: Any, path: str) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key == "computed":
                    continue
                seg = f"@{players.index(key)}" if key in players else str(key)
                walk(item, f"{path}.{seg}" if path else seg)
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for i, item in enumerate(value):
                walk(item, f"{path}[{i}]")
        elif isinstance(value, list):
            out[path] = [str(v) for v in value]
        elif value is None:
            out[path] = []
        elif value is True:
            out[path] = ["1"]
        elif value is False:
            out[path] = ["0"]  # a "no" chip or option shows chosen; a checkbox stays unticked
        else:
            out[path] = [str(value)]

    walk(record, "")
    return out


def post_values(data: Mapping[str, Any]) -> dict[str, list[str]]:
    """What the user typed, by field path (type marker dropped), to re-fill the form."""
    out: dict[str, list[str]] = {}
    for name in data:
        if not isinstance(name, str):
            continue
        path, _kind = split_name(name)
        values = data.getlist(name) if hasattr(data, "getlist") else [data[name]]
        out[path] = [v for v in values if isinstance(v, str) and v != ""]
    return out


@dataclass
class HandForm:
    """Everything the hand template needs: values typed, problems, players, hints."""

    players: list[str]
    active: list[str]
    values: dict[str, list[str]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    rows: dict[str, list[int]] = field(default_factory=dict)
    fresh: bool = False  # a new, untouched form: the template's defaults apply
    shape: Obj | None = None  # the variant's hand record (engine/shape.py)
    # Its inputs as Django fields, added by the `{% field %}` tag as the template renders.
    fields: HandFields = field(default_factory=HandFields)
    # The night's house rules: a choice that needs one (`Choice.rule`) is offered only with it.
    rules: Mapping[str, Any] = field(default_factory=dict)

    def offered(self, leaf: Leaf, held: Iterable[str] = ()) -> tuple[Choice, ...]:
        """The choices of `leaf` the night's house rules allow, and those the form holds
        already (a stored hand is shown as it is, for the reader to say what is wrong)."""
        kept = set(held)
        return tuple(
            c
            for c in leaf.choices
            if c.rule is None or self.rules.get(c.rule) or str(c.value) in kept
        )

    def offered_at(self, leaf: Leaf, path: str) -> tuple[Choice, ...]:
        """The choices of the field at `path` that the night's house rules allow, and any the
        form holds there already, in any row (`announcements[0].figure`: every row's figure)."""
        if all(c.rule is None for c in leaf.choices):
            return leaf.choices
        pattern = re.compile(
            r"\[\d+\]".join(re.escape(part) for part in re.split(r"\[\d+\]", path))
        )
        held = [v for p, values in self.values.items() if pattern.fullmatch(p) for v in values]
        return self.offered(leaf, held)

    def grid_choices(self, list_path: str, grid: Grid) -> list[Choice]:
        """The lines of a grid: the offered choices of its rows' kind (an announcement grid
        leaves out a "none" level)."""
        leaf = leaf_at(self.shape, f"{list_path}[0].{grid.kind}") if self.shape else None
        if leaf is None:
            return []
        offered = self.offered_at(leaf, f"{list_path}[0].{grid.kind}")
        return [c for c in offered if grid.first_row or c.value not in (0, None)]

    def offers(self, path: str) -> bool:
        """Whether the form asks for the field at `path`: always, unless its house rule
        (`Leaf.rule`) is off on this night and the hand holds nothing there."""
        leaf = leaf_at(self.shape, path) if self.shape is not None else None
        if leaf is None or leaf.rule is None or self.rules.get(leaf.rule):
            return True
        prefix = path.split("[")[0]  # a list's rows: any of them
        held = (p for p, vs in self.values.items() if any(v not in ("", "0") for v in vs))
        return any(p.startswith(prefix) for p in held)

    @property
    def errors(self) -> dict[str, list[str]]:
        """Messages by field path as the form names it (players by name, form rows)."""
        out: dict[str, list[str]] = {}
        for problem in self.problems:
            out.setdefault(form_path(problem.field, self.rows), []).append(say(problem.message))
        return out

    @property
    def messages(self) -> list[tuple[str, str]]:
        """(anchor of the field, "what: message") for the list above the form."""
        out = []
        for p in self.problems:
            path = form_path(p.field, self.rows)
            label = self.label_for(path)
            out.append((field_anchor(self._shown_at(path)), f"{label}: {say(p.message)}"))
        return out

    def _shown_at(self, path: str) -> str:
        """The field that shows `path`: an item of a list of values (Ultimo's refunded
        declarations, a set of players) is shown by the list's own field."""
        owner, found, _index = path.rpartition("[")
        if not found or not _index.rstrip("]").isdigit() or self.shape is None:
            return path
        leaf = leaf_at(self.shape, re.sub(r"@\d+", "player", owner))
        return owner if isinstance(leaf, Leaf) else path

    def label_for(self, path: str) -> str:
        """A field as the form names it: the label it is shown with, else its schema's."""
        return shown_label(self, path) or self.record_label(path)

    def record_label(self, path: str) -> str:
        """A field by its schema's label, else its section's, else its path in words."""
        return self.schema_label(path) or self.section_label(path) or path_label(path)

    def section_label(self, path: str) -> str:
        """A field without a label of its own (a whole section left out, `result`; a row's
        player) named by the first labelled field in it or, failing that, beside it."""
        if self.shape is None:
            return ""
        wanted = re.sub(r"\[\d+\]", "[]", path)
        wanted = ".".join("*" if key in self.players else key for key in wanted.split("."))
        while wanted:
            for where, leaf in leaves(self.shape):
                if leaf.label is not None and where.startswith(wanted + "."):
                    return say(leaf.label)
            wanted = wanted.rpartition(".")[0]
        return ""

    def value_label(self, path: str, value: Any) -> str:
        """A stored value of the field at `path` as the form offers it: a choice by its
        label in the record schema, anything else in words (yes / no, lists spelt out)."""
        leaf = leaf_at(self.shape, path) if self.shape is not None else None
        for choice in leaf.choices if leaf is not None else ():
            if choice.value == value and type(choice.value) is type(value):
                return say(choice.label)
        return labels.value_words(value)

    def schema_label(self, path: str) -> str:
        """The field's label in the variant's record schema, if it has one."""
        leaf = leaf_at(self.shape, path) if self.shape is not None else None
        return say(leaf.label) if leaf is not None and leaf.label is not None else ""

    def inferred(self, found: Iterable[tuple[Path, Any]]) -> list[tuple[str, str, str, str]]:
        """What the hand implies beyond what was tapped, as the form shows it: (the input's
        path, its form value, its label, the value in words); players by seat (`@i`)."""
        out = []
        for keys, value in found:
            path = form_path(join_path(keys), self.rows)
            seats = [f"@{self.players.index(k)}" if k in self.players else k for k in keys]
            name = form_path(join_path(seats), self.rows)
            shown = record_values(value, self.players).get("", [""])[-1]
            label = self.row_words(path) or self.record_label(path)
            whose = [k for k in keys if k in self.players and k != label]
            label = " · ".join([label, *map(str, whose)])  # a count by player: whose it is
            out.append((name, shown, label, self.value_label(path, value)))
        return out

    def row_words(self, path: str) -> str:
        """A field of a list row named by what the row holds (`announcements[31].side` →
        "four kings · Béla"): the words of its other choices and players, in schema order."""
        row, _dot, member = path.rpartition(".")
        node = node_at(self.shape, row) if row.endswith("]") else None
        if not isinstance(node, Obj):
            return ""
        words = []
        for name, leaf in node.fields.items():
            held = self.values.get(f"{row}.{name}") or []
            if name != member and isinstance(leaf, Leaf) and held:
                if leaf.kind == "player":
                    words.append(held[-1])
                elif leaf.kind == "text" and leaf.choices:
                    words.append(self.value_label(f"{row}.{name}", held[-1]))
        return " · ".join(words)

    @property
    def active_indexed(self) -> list[tuple[int, str]]:
        """The active players with their seat index (for `@i` player-map inputs)."""
        return [(i, p) for i, p in enumerate(self.players) if p in self.active]

    @property
    def generic_inputs(self) -> list[GenericInput]:
        """The inputs of a variant without a form of its own, one per record field."""
        if self.shape is None:
            return []
        return _inputs(self.shape, "", "", self)

    def value(self, path: str) -> str:
        values = self.values.get(path) or []
        return values[-1] if values else ""

    def row_count(self, list_path: str, minimum: int = 1, spare: int = 1) -> range:
        prefix = f"{list_path}["
        used = [
            int(p[len(prefix) :].split("]")[0])
            for p in self.values
            if p.startswith(prefix) and p[len(prefix) :].split("]")[0].isdigit()
        ]
        filled = max(used) + 1 if used else 0
        return range(min(max(minimum, filled + spare), 40))


def shown_label(form: HandForm, path: str) -> str:
    """The label the form shows the field at `path` with (players by name, the form's rows),
    from the schema and the night's players: a player's own number by his name, a grid's
    cell as "figure · player", a section by its name; "" where the form names none."""
    tokens = (parse_path(path) if form.shape is not None else None) or []
    node: Node | None = form.shape
    owner = ""  # the player whose value this is
    for i, token in enumerate(tokens):
        if isinstance(node, Rows) and isinstance(token, int):
            cell = _cell_label(form, join_path(tokens[:i]), node, token, tokens[i + 1 :])
            if cell:
                return cell
            node = node.item
        elif isinstance(node, ByPlayer) and token in form.players:
            owner, node = str(token), node.value
        elif isinstance(node, Obj) and isinstance(token, str) and token in node.fields:
            node = node.fields[token]
        else:
            return ""
    if isinstance(node, Leaf):
        return _leaf_label(form, node, path, owner)
    return say(node.label) if isinstance(node, Obj | Rows | ByPlayer) and node.label else ""


def _leaf_label(form: HandForm, leaf: Leaf, path: str, owner: str) -> str:
    words = say(leaf.label) if leaf.label else ""
    if owner:  # a player's own value: his name (beside its own name, in an object of his)
        return owner if path.endswith(f".{owner}") or not words else f"{owner} · {words}"
    if leaf.made is not None:
        return made_label(form, leaf.made) or words
    return words


def made_label(form: HandForm, figure: str) -> str:
    """The "made by" field of a figure of the announcement grid ("" when not offered)."""
    for list_path, rows in grids(form.shape):
        grid = rows.grid
        for choice in form.grid_choices(list_path, grid) if grid else ():
            if choice.value == figure:
                if grid is None or grid.made_words == "own":
                    return ""
                if grid.made_words == "short":
                    return gettext("made by")
                return gettext("%(figure)s: made by") % {"figure": say(choice.label)}
    return ""


def _cell_label(
    form: HandForm, list_path: str, rows: Rows, k: int, rest: Sequence[str | int]
) -> str:
    """A grid cell's name, "figure · player", for the row itself and its cell fields."""
    grid = rows.grid
    if grid is None or k < grid.first_row or len(rest) > 1:
        return ""
    if rest and rest[0] not in grid.cell:
        return ""
    index, seat = divmod(k - grid.first_row, GRID_SEATS)
    choices = form.grid_choices(list_path, grid)
    if index >= len(choices) or seat >= len(form.players) or form.players[seat] not in form.active:
        return ""
    return f"{say(choices[index].label)} · {form.players[seat]}"


def grids(shape: Node | None, path: str = "") -> Iterator[tuple[str, Rows]]:
    """Each list of the record laid out as a grid, with its path."""
    if isinstance(shape, Obj):
        for name, child in shape.fields.items():
            yield from grids(child, f"{path}.{name}" if path else name)
    elif isinstance(shape, Rows) and shape.grid is not None:
        yield path, shape


@dataclass(frozen=True)
class GenericInput:
    """One input of the generic hand form (`_generic.html`), for the `{% field %}` tag."""

    name: str  # the field's path, as parse_hand reads it
    widget: str
    label: str
    among: str = "active"  # a player input offers the active players (or "all")


# Leaf kind → widget
_LEAF_WIDGETS = {
    "int": "number",
    "text": "text",
    "bool": "checkbox",
    "player": "player",
    "players": "players",
    "ints": "text",
    "texts": "text",
}


def _inputs(node: Node, path: str, label: str, form: HandForm) -> list[GenericInput]:
    """Every input of `node` (a variant's record constant: shallow, so recursion is safe)."""
    if isinstance(node, Leaf):
        among = "all" if path == "dealer" else "active"
        return [GenericInput(path, _LEAF_WIDGETS[node.kind], label, among)]
    out: list[GenericInput] = []
    if isinstance(node, Obj):
        for name, child in node.fields.items():
            words = name.replace("_", " ")
            out += _inputs(
                child, join_path([path, name] if path else [name]), _join(label, words), form
            )
    elif isinstance(node, Rows):
        for i in form.row_count(path):
            out += _inputs(node.item, f"{path}[{i}]", f"{label} {i + 1}", form)
    elif isinstance(node, ByPlayer):
        for i, player in form.active_indexed:
            out += _inputs(node.value, f"{path}.@{i}", _join(label, player), form)
    return out


def _join(label: str, words: str) -> str:
    return f"{label} · {words}" if label else words


# --- night set-up ---------------------------------------------------------------------------


CURRENCY_RE = r"^[A-Z]{3}$"
MAX_STAKE = nights.MAX_STAKE
MAX_POT = nights.MAX_POT


class NightForm(forms.Form):
    """The session fields; the house rules and the pots come from the variant's own lists."""

    per_point = forms.DecimalField(
        label=_("Stake per point"),
        min_value=Decimal(0),
        max_value=MAX_STAKE,
        decimal_places=4,
        error_messages={
            "max_value": _("The stake per point can be at most %(limit_value)s."),
            "min_value": _("The stake per point cannot be below %(limit_value)s."),
            "max_decimal_places": _("The stake per point can have at most %(max)s decimals."),
            "invalid": _("The stake per point must be a number, such as 1 or 0.5."),
        },
    )
    currency = forms.RegexField(
        label=_("Currency"),
        regex=CURRENCY_RE,
        max_length=3,
        initial="HUF",
        help_text=_("ISO code such as HUF or EUR; XXX = points only"),
    )
    date = forms.DateField(  # <input type=date> takes ISO dates only, whatever the language
        label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    place = forms.CharField(label=_("Place"), max_length=120, required=False)
    first_dealer = forms.IntegerField(min_value=0, max_value=99, required=False)

    def __init__(self, *args: Any, variant: Variant, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.variant = variant
        for rule in variant.house_rules:
            self.fields[f"hr_{rule.name}"] = house_rule_field(rule)
        for pot in variant.pot_names:
            title = labels.pot_title(pot)
            self.fields[f"pot_{pot}"] = forms.IntegerField(
                label=title,
                min_value=0,
                max_value=MAX_POT,
                required=False,
                error_messages={
                    "max_value": _("%(pot)s can open with at most %(max)s.")
                    % {"pot": title, "max": f"{MAX_POT:,}".replace(",", " ")},
                    "min_value": _("%(pot)s cannot open below 0.") % {"pot": title},
                    "invalid": _("%(pot)s must open with a whole number.") % {"pot": title},
                },
            )

    def clean_currency(self) -> str:
        return str(self.cleaned_data["currency"]).upper()

    def players(self) -> list[str]:
        """The names typed, trimmed, blank seats left out (never cut: a long name is refused)."""
        data = self.data if isinstance(self.data, QueryDict) else QueryDict()
        typed = [names.clean(str(n)) for n in data.getlist("players")]
        return [n for n in typed if n]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        for problem in names.problems(self.players()):
            self.add_error(None, problem)
        return cleaned

    def rule_groups(self) -> list[tuple[str, list[tuple[HouseRule, forms.BoundField]]]]:
        groups: dict[str, list[tuple[HouseRule, forms.BoundField]]] = {}
        for rule in self.variant.house_rules:
            groups.setdefault(say(rule.group), []).append((rule, self[f"hr_{rule.name}"]))
        return list(groups.items())

    def pot_fields(self) -> list[forms.BoundField]:
        return [self[f"pot_{pot}"] for pot in self.variant.pot_names]

    def house_rules(self) -> dict[str, Any]:
        return {
            rule.name: self.cleaned_data[f"hr_{rule.name}"] for rule in self.variant.house_rules
        }

    def opening_pots(self) -> dict[str, int] | None:
        values = {pot: self.cleaned_data.get(f"pot_{pot}") for pot in self.variant.pot_names}
        if all(v is None for v in values.values()):
            return None
        return {pot: v or 0 for pot, v in values.items()}


class RawValues(dict[str, str]):
    """What the inputs of a list or object house rule hold, by their place in the value
    (`0`, `card.ace`, `1.min_tarokks`), exactly as typed."""


# Structures a list or object rule whose default is none may have: the first its own check
# accepts is offered (until the variant gives `HouseRule.sample` itself).
SAMPLES: tuple[Any, ...] = ({"min_tarokks": 9, "value": 1}, [{"min_tarokks": 9, "value": 1}])
SPARE_ROWS = 2
MAX_ROWS = 40  # rows a list-of-objects rule shows at most (the engine allows 100 items)


def rule_sample(rule: HouseRule) -> Any:
    """A value with the structure of the rule's values (None: no inputs can be offered)."""
    for candidate in (rule.sample, rule.default):
        if isinstance(candidate, list | dict) and candidate:
            return candidate
    return next((s for s in SAMPLES if check_rule(rule, s) is None), None)


def _is_rows(sample: Any) -> bool:
    return isinstance(sample, list) and bool(sample) and isinstance(sample[0], dict)


def value_inputs(sample: Any, value: Any) -> list[tuple[str, str]]:
    """(place, label) of every input: a number per item of a list, per key of an object,
    per key of each row of a list of objects (with spare rows)."""
    if _is_rows(sample):
        count = (len(value) if isinstance(value, list) else 0) + SPARE_ROWS
        return [
            (f"{i}.{place}", _join(str(i + 1), label))
            for i in range(count)
            for place, label in value_inputs(sample[0], None)
        ]
    if isinstance(sample, list):
        return [(str(i), str(i + 1)) for i in range(len(sample))]
    if isinstance(sample, dict):
        out: list[tuple[str, str]] = []
        for key, item in sample.items():
            if isinstance(item, dict | list):
                out += [
                    (f"{key}.{place}", _join(labels.key_words(key), label))
                    for place, label in value_inputs(item, None)
                ]
            else:
                out.append((key, labels.key_words(key)))
        return out
    return []


def raw_values(value: Any, place: str = "") -> RawValues:
    """A rule's value → what its inputs show."""
    out = RawValues()
    if isinstance(value, dict):
        items: Any = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        if place and value is not None:
            out[place] = str(value)
        return out
    for key, item in items:
        out |= raw_values(item, f"{place}.{key}" if place else str(key))
    return out


class RuleValueWidget(forms.Widget):
    """A number input for each number of a list or object house rule."""

    def __init__(self, sample: Any) -> None:
        super().__init__()
        self.sample = sample

    def value_from_datadict(self, data: Any, files: Any, name: str) -> Any:
        prefix = f"{name}."
        typed = RawValues(
            {k[len(prefix) :]: str(data.get(k, "")) for k in data if k.startswith(prefix)}
        )
        if typed:
            return typed
        return data.get(name)  # the whole value as JSON (a script, an old form)

    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> SafeString:
        shown = value if isinstance(value, RawValues) else raw_values(value)
        html_id = (attrs or {}).get("id", f"id_{name}")
        inputs = format_html_join(
            "",
            '<label class="rule-value-item"><span>{}</span> <input type="text" '
            'inputmode="numeric" name="{}.{}" value="{}" autocomplete="off"></label> ',
            (
                (label, name, place, shown.get(place, ""))
                for place, label in value_inputs(self.sample, _rows_of(value))
            ),
        )
        return format_html('<span class="rule-value" id="{}">{}</span>', html_id, inputs)


def _rows_of(value: Any) -> Any:
    """The rows a list-of-objects rule shows: the value's, or as many as were typed."""
    if isinstance(value, RawValues):
        heads = [k.split(".")[0] for k in value]
        typed = [int(h) + 1 for h in heads if h.isdigit() and len(h) < 4]
        return [None] * min(max(typed, default=0), MAX_ROWS)
    return value


class HouseRuleValueField(forms.Field):
    """A house rule whose value is a list or an object: a number input for each number,
    assembled into the value and checked by the engine (`check_rule`); left blank, the
    rule's default (none, or the values it replaces nothing of)."""

    def __init__(self, rule: HouseRule, sample: Any, **kwargs: Any) -> None:
        self.rule, self.sample = rule, sample
        super().__init__(required=False, widget=RuleValueWidget(sample), **kwargs)

    def to_python(self, value: Any) -> Any:
        if isinstance(value, RawValues):
            return self._assemble(value)
        return _json_value(self.rule, value)

    def _assemble(self, typed: RawValues) -> Any:
        numbers: dict[str, int] = {}
        for place, text in typed.items():
            text = text.strip()
            if not text:
                continue
            if not re.fullmatch(rf"[-+]?\d{{1,{MAX_INT_DIGITS}}}", text):
                raise forms.ValidationError(
                    _("%(what)s: %(text)s is not a whole number"),
                    params={"what": self._label_of(place), "text": text[:20]},
                )
            numbers[place] = int(text)
        if not numbers:
            return self.rule.default
        return self._build(self.sample, numbers, "", optional=self.rule.default is None)

    def _label_of(self, place: str) -> str:
        return dict(value_inputs(self.sample, [None] * 40)).get(place, place)

    def _build(self, sample: Any, numbers: dict[str, int], prefix: str, optional: bool) -> Any:
        if _is_rows(sample):
            heads = {p[len(prefix) :].split(".")[0] for p in numbers if p.startswith(prefix)}
            rows = sorted(int(h) for h in heads if h.isdigit() and len(h) < 4)
            return [self._build(sample[0], numbers, f"{prefix}{i}.", optional=True) for i in rows]
        places = [f"{prefix}{p}" for p, _label in value_inputs(sample, None)]
        missing = [p for p in places if p not in numbers]
        if missing and (optional or isinstance(sample, list)):
            raise forms.ValidationError(
                _("%(what)s: fill in this number too (or leave them all blank)"),
                params={"what": self._label_of(missing[0])},
            )
        if isinstance(sample, list):
            return [numbers[p] for p in places]
        out: dict[str, Any] = {}
        for key, item in sample.items():
            if isinstance(item, dict | list):
                inner = f"{prefix}{key}."
                if any(p.startswith(inner) for p in numbers):
                    out[key] = self._build(item, numbers, inner, optional=False)
            elif f"{prefix}{key}" in numbers:
                out[key] = numbers[f"{prefix}{key}"]
        return out

    def validate(self, value: Any) -> None:
        _check(self.rule, value)


def _json_value(rule: HouseRule, value: Any) -> Any:
    """The whole value typed as JSON (blank: the default)."""
    text = str(value or "").strip()
    if not text:
        return rule.default
    try:
        return json.loads(text)
    except RecursionError:
        raise forms.ValidationError(
            _("not valid JSON: %(error)s"), params={"error": _("nested too deeply")}
        ) from None
    except ValueError as error:
        raise forms.ValidationError(
            _("not valid JSON: %(error)s"), params={"error": error}
        ) from None


def _check(rule: HouseRule, value: Any) -> None:
    problem = check_rule(rule, value)  # the engine's bounds, then the rule's own
    if problem:
        raise forms.ValidationError(say(problem))


class HouseRuleJSONField(forms.CharField):
    """A list or object house rule no inputs can be offered for: typed as JSON and checked
    by the rule's own checker; left blank, it keeps the rule's default."""

    def __init__(self, rule: HouseRule, **kwargs: Any) -> None:
        self.rule = rule
        super().__init__(required=False, max_length=2000, **kwargs)

    def prepare_value(self, value: Any) -> Any:
        if value is None:  # "none" is the blank field, not the word null
            return ""
        return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)

    def to_python(self, value: Any) -> Any:
        return _json_value(self.rule, super().to_python(value))

    def validate(self, value: Any) -> None:
        _check(self.rule, value)


def house_rule_field(rule: HouseRule) -> forms.Field:
    """One field per HouseRule kind, labelled in the players' words; the help line and the
    default are shown."""
    label = labels.rule_label(rule)
    default = labels.rule_value(rule, rule.default)
    default_word = _("default")  # outside the f-string, where makemessages finds it
    help_text = f"{say(rule.help)} ({default_word}: {default})"
    common: dict[str, Any] = {"label": label, "help_text": help_text}
    if rule.kind == "bool":
        return forms.BooleanField(required=False, initial=rule.default, **common)
    if rule.kind == "choice":
        texts = [say(t) for t in rule.choice_labels] or [
            labels.value_words(c) for c in rule.choices
        ]
        by_text = {nights.show_value(c): c for c in rule.choices}
        return forms.TypedChoiceField(
            choices=[
                (nights.show_value(c), text) for c, text in zip(rule.choices, texts, strict=False)
            ],
            coerce=lambda text: by_text[text],
            initial=nights.show_value(rule.default),
            **common,
        )
    if rule.kind in ("int", "optional_int"):
        return forms.IntegerField(
            required=rule.kind == "int",
            min_value=rule.minimum,
            max_value=rule.maximum if rule.maximum is not None else 10**9,
            initial=rule.default,
            **common,
        )
    if rule.kind == "json":
        sample = rule_sample(rule)
        if sample is None:
            return HouseRuleJSONField(rule, initial=rule.default, **common)
        return HouseRuleValueField(rule, sample, initial=rule.default, **common)
    raise ValueError(f"unknown house rule kind {rule.kind!r}")
