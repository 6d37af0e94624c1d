"""`{% field %}`: one input of the generic hand form, named by its record field path.

    {% field form "result.declarer_card_points" widget="number" min=0 max=94 %}
    {% field form "announcements[#].figure" widget="radio" row=i %}
    {% field form "bid.declarer" widget="player_radio" %}
    {% field form "card_points.@#" widget="number" row=p.index label=p.name %}

    {% field form "talon_figure_cards" widget="checks" %}

`#` in the name is replaced by `row`. The input is named by the field's path alone (a type
marker left in a template is dropped: the server reads the value by the schema's leaf), and
when it applies (`data-when`, `data-after`) is the schema's. `checks`: a list of values as checkbox chips, one per
choice of the schema (a choice listed n times may be chosen n times, a card the pack holds
n times), always sent (an empty list when none is ticked). The tag fills in what the user typed (or the stored
record, or `default` on a fresh form) and the engine's messages for that path.

    {% keep_object "captures" %}

declares an object the record always has, even when all its inputs are left blank (then
its members are null instead of the whole object being null); see scorebook/forms.py.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from scorebook.engine.shape import (
    CHOICE_GRID_ROWS,
    GRID_SEATS,
    Leaf,
    Node,
    Obj,
    Rows,
    leaf_at,
    leaves,
    node_at,
)
from scorebook.forms import FIXED, OBJECT, HandForm, field_anchor, made_label, posted, split_name
from scorebook.handfields import CHECK_WIDGETS, CHIP_WIDGETS, SELECT_WIDGETS, hand_field
from scorebook.speech import say

register = template.Library()

PLAYER_WIDGETS = ("player", "player_radio", "players")
TEMPLATE_ROW = "__i__"  # the row of a <template> that hand.js clones, numbered then
TEMPLATE_STAND_IN = "999"  # a row number no form reaches, standing in while it is built


def _schema(form: HandForm, path: str) -> Leaf | None:
    """The field's schema in the variant's record (players' row and seat markers resolved)."""
    if form.shape is None:
        return None
    return leaf_at(form.shape, re.sub(r"@\d+", "player", path))


def _when(node: Node | None, path: str) -> str:
    """The node's own `when` as hand.js reads it: `input-name:value value…` (a yes/no's "no"
    is "0", the value of its chip)."""
    rule = node.when if isinstance(node, Leaf | Obj | Rows) else None
    if rule is None:
        return ""
    return f"{rule.control(path)}:{' '.join(posted(v) for v in rule.values if v is not None)}"


def _after(node: Node | None, path: str) -> str:
    """The input a follow-up field waits for (`announcements[3].by`), or ""."""
    if not isinstance(node, Leaf) or not node.after:
        return ""
    return path.rpartition(".")[0] + node.after


def _rule_attrs(form: HandForm, path: str) -> SafeString:
    """` data-when="…"` and ` data-after="…"` as the schema says of the node at `path`."""
    node = node_at(form.shape, re.sub(r"@\d+", "player", path)) if form.shape else None
    when, after = _when(node, path), _after(node, path)
    return format_html_join(
        "", ' data-{}="{}"', ((k, v) for k, v in (("when", when), ("after", after)) if v)
    )


def _value(value: str | int | bool, explicit: bool = False) -> str:
    """A choice's value as the form posts it (a no is "0" where it must be explicit)."""
    if isinstance(value, bool):
        return "1" if value else ("0" if explicit else "")
    return str(value)


@register.inclusion_tag("scorebook/includes/field.html")
def field(
    form: HandForm,
    name: str,
    widget: str = "text",
    row: Any = None,
    default: Any = None,
    among: str = "active",
    blank: str = "—",
    help: str = "",
    min: Any = None,
    max: Any = None,
    label: str = "",
    excludes: str = "",
    implies: str = "",
    null: bool = False,
) -> dict[str, Any]:
    """`null`: the `blank` chip is the answer null ("nobody"), told apart from no answer:
    it shows chosen only when the field holds null, so a new deal starts with no chip
    chosen (and an untapped group posts nothing)."""
    template_row = row == TEMPLATE_ROW
    if row is not None:
        name = name.replace("#", TEMPLATE_STAND_IN if template_row else str(row))
    path, _marker = split_name(name)  # no type marker: the server reads a value by its leaf
    schema = _schema(form, path)
    kind = schema.kind if schema is not None else "text"
    # When it applies is the schema's alone; what else the template leaves out, too.
    when, after = _when(schema, path), _after(schema, path)
    if schema is not None:
        label = label or (say(schema.label) if schema.label else "")
        help = help or (say(schema.help) if schema.help else "")
        min = schema.lo if min is None else min
        max = schema.hi if max is None else max
        if default is None and schema.default is not None:  # a chip's "no" is "0"
            default = _value(schema.default, explicit=widget in ("radio", "player_radio"))
    values = _values(form, path, default, in_row=row is not None)
    options = _options(form, widget, schema, path, among, values)
    # A stored "no" matches the "no" option, be its value "0" or blank.
    no = kind == "bool" and bool(values) and values[-1] in ("0", "False")
    if no and "0" not in {v for v, _text in options}:
        values = [""]
    error_key = _by_name(form, path)
    shown = label or path.rsplit(".", 1)[-1].replace("_", " ")
    value = _shown_value(form, widget, kind, path, values, null)
    dom_id = "f-" + "".join(c if c.isalnum() else "-" for c in path)
    if template_row:  # the row hand.js clones: its number is filled in then
        path, error_key, when, after, dom_id = (
            text.replace(TEMPLATE_STAND_IN, TEMPLATE_ROW)
            for text in (path, error_key, when, after, dom_id)
        )
    input_field = hand_field(
        widget, options, label=str(shown), help_text=help, lo=min, hi=max, blank=blank
    )
    bound = form.fields.add(path, input_field, value)
    return {
        "widget": widget,
        "path": path,
        "id": dom_id,
        "label": bound.label,
        "help": bound.help_text,
        "input": bound.as_widget(attrs={"id": dom_id}),
        "errors": _errors(form, error_key, items=widget == "checks"),
        "anchor": field_anchor(error_key),
        "when": when,
        "after": after,
        "excludes": excludes,
        "implies": implies,
    }


def _values(form: HandForm, path: str, default: Any, in_row: bool) -> list[str]:
    """What the field holds: as typed or stored, or its default on a fresh form and in a
    list row nobody has filled in (a spare row, or the <template> row hand.js clones)."""
    if (form.fresh or in_row) and path not in form.values and default is not None:
        return [str(default)] if default != "" else []
    return form.values.get(path, [])


def _options(
    form: HandForm, widget: str, schema: Leaf | None, path: str, among: str, values: list[str]
) -> list[tuple[str, str]]:
    """(value posted, words shown) of each choice: the players, or the schema's choices."""
    if widget in PLAYER_WIDGETS:
        people = form.active if among == "active" else form.players
        # a stored value outside the list (e.g. the sitting-out dealer) stays selectable
        return [(p, p) for p in people] + [(v, v) for v in values if v and v not in people]
    if schema is None:
        return []
    # A chip is sent only when tapped, so its "no" is an explicit one ("0"); a select
    # always sends its shown option, so there "no" is the untouched blank.
    explicit = widget in CHIP_WIDGETS
    return [(_value(c.value, explicit), say(c.label)) for c in form.offered_at(schema, path)]


def _by_name(form: HandForm, path: str) -> str:
    """The path with its seat markers as players' names (`card_points.@1` → `…Béla`), as
    the engine names a field in its problems."""
    for i, player in enumerate(form.players):
        path = path.replace(f"@{i}", player)
    return path


def _shown_value(
    form: HandForm, widget: str, kind: str, path: str, values: list[str], null: bool
) -> Any:
    """What the input shows, as its Django widget takes it: the chosen values of chips
    (the blank chip among them when it stands chosen), the text of a text input."""
    value = ", ".join(values) if kind == "ints" else (values[-1] if values else "")
    if widget in CHIP_WIDGETS:
        # The blank chip: "not said" while nothing is chosen; with `null`, the answer null
        # ("nobody"), chosen only when the field holds null.
        held_null = path in form.values and not form.values[path] and not form.fresh
        return [*values, ""] if (held_null if null else not value) else values
    if widget in (*CHECK_WIDGETS, *SELECT_WIDGETS):
        return values
    if widget == "checkbox":
        return bool(values) and values[-1] in ("1", "on", "true", "True")
    return value


def _errors(form: HandForm, path: str, items: bool = False) -> list[str]:
    """The problems of `path` (and, for a list of values, of its items `path[i]`)."""
    errors = form.errors
    found = list(errors.get(path, []))
    if items:
        prefix = f"{path}["
        for key in sorted(k for k in errors if k.startswith(prefix)):
            found += errors[key]
    return found


@register.simple_tag
def keep_object(path: str, row: Any = None) -> SafeString:
    """A hidden `path:object` input: the object at `path` is kept when left blank."""
    if row is not None:
        path = path.replace("#", str(row))
    return format_html('<input type="hidden" name="{}:{}" value="">', path, OBJECT)


@register.simple_tag
def rows(form: HandForm, list_path: str, minimum: int = 1, spare: int = 1) -> range:
    return form.row_count(list_path, minimum, spare)


@register.simple_tag
def problems(form: HandForm, path: str) -> SafeString:
    """The slot for problems the engine reports on a group of inputs (`result.card_points`),
    with the anchor the list above the form links to (the schema's `label` names the group
    there)."""
    messages = format_html_join(
        "", '<p class="error" role="alert">{}</p>', ((m,) for m in form.errors.get(path, []))
    )
    return format_html(
        '<div class="field" data-path="{}" id="{}">{}</div>', path, field_anchor(path), messages
    )


@register.filter
def offers(form: HandForm, path: str) -> bool:
    """Whether the form asks for the field at `path` on this night (`HandForm.offers`: a
    field of a house rule that is off is left out)."""
    return form.offers(path)


@register.filter
def anchor(path: str) -> str:
    """The DOM id of the block that shows the problems of `path`."""
    return field_anchor(path)


@register.filter
def get_item(mapping: Any, key: Any) -> Any:
    try:
        return mapping[key]
    except (KeyError, IndexError, TypeError):
        return None


@register.filter
def touched(form: HandForm, prefix: str) -> bool:
    """Whether anything under `prefix` was filled in or has a problem (to open a section)."""
    for path, values in form.values.items():
        if path.startswith(prefix) and any(v not in ("", "0") for v in values):
            return True
    return any(path.startswith(prefix) for path in form.errors)


# Row k of the announcement grid: figure index × GRID_SEATS + seat index (rows need not be
# dense).


def _grid_choices(form: HandForm, path: str) -> list[tuple[str, str]]:
    """The choices of an announcement row's field in the variant's record (no "none" level)."""
    leaf = _schema(form, f"announcements[0].{path}")
    if leaf is None:
        return []
    offered = form.offered_at(leaf, f"announcements[0].{path}")
    return [(_value(c.value), say(c.label)) for c in offered if c.value not in (0, None)]


def _made_paths(form: HandForm) -> dict[str, str]:
    """Figure → the record field of the side that made it (the schema's `Leaf.made`)."""
    found = leaves(form.shape) if form.shape is not None else []
    return {leaf.made: path for path, leaf in found if leaf.made is not None}


@register.simple_tag
def announcement_grid(form: HandForm, volat_implies: bool = True) -> list[dict[str, Any]]:
    """The announced figures as a grid, one line per figure with a chip per active player:
    one tap records "Anna announced the trull" (`announcements[k].by`; the figure rides along
    as a `:fixed` value, so an untapped chip adds no row), and the contra chips of that
    announcement appear under it, then the field of the side that made it (the schema's
    `Leaf.made`: `result.trull_side` records the trull's). Announcements stored in any order (an edited hand)
    are found by figure and player.

    The figures, their names and the contra levels come from the variant's record
    (`announcements[#].figure`, `.contra`); where a row has a `side` field (the announcing
    side, Királyhívó) its chips stand beside the contras. Each cell's inputs are Django
    fields."""
    made_paths = _made_paths(form)
    # A volát means its side captured every honour and king (paskievics.md §13): choosing it
    # fills in the trull and the four kings for that side.
    implied = {"volat": " ".join(made_paths[f] for f in ("trull", "four_kings") if f in made_paths)}
    if not volat_implies:
        implied = {}
    sides = _grid_choices(form, "side")
    side_leaf = _schema(form, "announcements[0].side") if sides else None
    side_label = say(side_leaf.label) if side_leaf is not None and side_leaf.label else ""
    contra_by = _schema(form, "announcements[0].contra_by") is not None
    found = _stored_rows(form, "announcements", "figure", "by")
    grid = []
    for fi, (figure, figure_label) in enumerate(_grid_choices(form, "figure")):
        chips = []
        for seat, player in enumerate(form.players):
            if player not in form.active:
                continue
            k = fi * GRID_SEATS + seat
            cell = _GridCell(form, "announcements", k, f"{figure_label} · {player}")
            stored = found.get((figure, player))
            chip = {
                "k": k,
                "player": player,
                "by": cell.chip("by", player, chosen=stored is not None),
                "figure": cell.fixed("figure", figure),
                "contras": cell.chips("contra", _grid_choices(form, "contra"), stored),
                # the cell's own inputs wait for its chip, as the schema says of the contra
                "applies": _rule_attrs(form, f"announcements[{k}].contra"),
                "errors": cell.errors(),
                "anchor": field_anchor(f"announcements[{k}].by"),
            }
            if sides:
                chip["sides"] = cell.chips("side", sides, stored)
                chip["side_label"] = side_label
            if contra_by:  # who gave the contra, one by one (tapper's individual contras)
                others = [(p, p) for p in form.active if p != player]
                chip["contra_by"] = cell.chips("contra_by", others, stored, "players")
            chips.append(chip)
        grid.append(
            {
                "figure": figure,
                "label": figure_label,
                "chips": chips,
                "made": made_paths.get(figure, ""),
                "implies": implied.get(figure, ""),
                # As the problem list names it (beside the figure's name: "made by").
                "made_label": made_label(form, figure),
            }
        )
    return grid


def _stored_rows(form: HandForm, list_path: str, kind: str, who: str) -> dict[tuple[str, str], int]:
    """The rows of `list_path` the values hold, by (kind, who): an edited hand's rows, in
    whatever order they were stored."""
    pattern = re.compile(rf"{re.escape(list_path)}\[(\d+)\]\.{re.escape(kind)}")
    stored: dict[tuple[str, str], int] = {}
    for path, values in form.values.items():
        if (found := pattern.fullmatch(path)) and values:
            by = form.values.get(f"{list_path}[{found[1]}].{who}") or []
            if by:
                stored[(values[-1], by[-1])] = int(found[1])
    return stored


class _GridCell:
    """The inputs of one cell of a grid (row `k` of `list_path`) as Django fields, named
    `label` in the problem list; a member shows what the stored row (if any) holds."""

    def __init__(self, form: HandForm, list_path: str, k: int, label: str) -> None:
        self.form, self.list_path, self.label = form, list_path, label
        self.prefix = f"{list_path}[{k}]"
        self.names: list[str] = [self.prefix]

    def _name(self, member: str) -> str:
        """The input's name (the schema's `Grid.cell` names it `label` in the problem list)."""
        name = f"{self.prefix}.{member}"
        self.names.append(split_name(name)[0])
        return name

    def chip(self, member: str, player: str, chosen: bool) -> SafeString:
        """The player's chip: tapped, the row exists."""
        field = hand_field("players", [(player, player)], label=self.label, small=True)
        return self._render(self._name(member), field, [player] if chosen else [])

    def fixed(self, member: str, value: str) -> SafeString:
        """The value the row carries without a tap (its figure or kind)."""
        field = hand_field("fixed", [], label=self.label)
        return self._render(f"{self._name(member)}:{FIXED}", field, value)

    def chips(
        self, member: str, options: list[tuple[str, str]], stored: int | None, widget: str = "radio"
    ) -> SafeString:
        """A choice for the row (its contra, its side; with widget="players", several: who
        gave the contra), as the stored row has it."""
        held = self.form.values.get(f"{self.list_path}[{stored}].{split_name(member)[0]}")
        value = (held if widget == "players" else held[-1:]) if stored is not None and held else []
        field = hand_field(widget, options, label=self.label, small=True)
        return self._render(self._name(member), field, value)

    def _render(self, name: str, field: Any, value: Any) -> SafeString:
        return self.form.fields.add(name, field, value).as_widget()

    def errors(self) -> list[str]:
        errors = self.form.errors
        return [m for key in self.names for m in errors.get(key, [])]


# New rows of a per-player list start here: player s adds rows FRESH_ROWS + s × PER_PLAYER + j
# (a stored hand's rows keep their own numbers, all below).
FRESH_ROWS = 100
PER_PLAYER = 40


@register.simple_tag
def player_rows(form: HandForm, list_path: str, key: str = "player") -> list[dict[str, Any]]:
    """A list whose rows each belong to a player (Ultimo's declarations), laid out player by
    player: the player rides along as a `:fixed` value, so a row needs no "who" tap and an
    untouched row adds nothing. For each active player: his filled rows (by their numbers in
    the values, whatever their order), one spare row, and the next free row number for the
    rows hand.js adds."""
    prefix, suffix = f"{list_path}[", f"].{key}"
    owner: dict[int, str] = {}
    for path, values in form.values.items():
        if path.startswith(prefix) and path.endswith(suffix) and values:
            row = path[len(prefix) : -len(suffix)]
            if row.isdigit():
                owner[int(row)] = values[-1]
    out = []
    for seat, player in enumerate(form.players):
        if player not in form.active:
            continue
        start = FRESH_ROWS + seat * PER_PLAYER
        mine = sorted(r for r, p in owner.items() if p == player)
        filled = [r for r in mine if _row_filled(form, f"{list_path}[{r}].", key)]
        spare = next(r for r in range(start, start + PER_PLAYER) if r not in filled)
        rows = [*filled, spare]
        out.append(
            {
                "player": player,
                "seat": seat,
                "rows": rows,
                "next": max(spare + 1, start),
                "key": f"{list_path}-{seat}",
            }
        )
    return out


@register.inclusion_tag("scorebook/includes/field.html")
def row_chips(form: HandForm, name: str, row: Any, blank: str = "") -> dict[str, Any]:
    """A field naming rows of a per-player list (`Leaf.rows_of`: the declarations a penalty
    refunds) as a chip per row of that list, each posting its row's number (parse_hand
    makes it the row's index). A chip says what its row holds ("Anna: trumps"), a row
    nobody has filled in yet by `blank` ("Anna: new declaration"); hand.js relabels the
    chips as rows are tapped and shows only those of rows that hold something."""
    path = name.replace("#", str(row))
    leaf = _schema(form, path)
    rows_of = leaf.rows_of if leaf is not None and leaf.rows_of else ""
    label = say(leaf.label) if leaf is not None and leaf.label else ""
    options = [
        (str(r), f"{d['player']}: {form.row_words(f'{rows_of}[{r}].player') or blank}")
        for d in player_rows(form, rows_of)
        for r in d["rows"]
    ]
    values = form.values.get(path, [])
    dom_id = "f-" + "".join(c if c.isalnum() else "-" for c in path)
    bound = form.fields.add(path, hand_field("players", options, label=label), values)
    return {
        "widget": "players",
        "path": path,
        "id": dom_id,
        "label": bound.label,
        "input": bound.as_widget(attrs={"id": dom_id}),
        "errors": _errors(form, path, items=True),
        "anchor": field_anchor(path),
        "rows_of": rows_of,
    }


def _row_filled(form: HandForm, row_prefix: str, key: str) -> bool:
    """Whether a row holds anything beyond its player (and unticked boxes)."""
    return any(
        path.startswith(row_prefix) and path != f"{row_prefix}{key}" and any(values)
        for path, values in form.values.items()
    )


# Row k of a choice grid: CHOICE_GRID_ROWS + choice index × GRID_SEATS + seat index, above the
# numbers of an edited hand's stored rows (0 … n−1 in the values), so no cell shows another
# row's value.


@register.simple_tag
def choice_grid(form: HandForm, list_path: str, kind: str, who: str = "player") -> list[Any]:
    """A list of (kind, who, …) rows as a grid, like Paskievics' announced figures: one line
    per choice of the row's `kind` field (the schema's choices, in its order and words) with a
    chip per active player. One tap records "Anna announced the tulétroá" (`list[k].<who>`;
    the kind rides along as a `:fixed` value, so an untapped chip adds no row). Each chip
    gives its row number `k`, for the row's other inputs (`{% field … row=c.k %}`), and
    `values`: the fields of the row it stands for (an edited hand's rows, found by kind and
    player, whatever their order), to show as defaults there."""
    leaf = _schema(form, f"{list_path}[0].{kind}")
    stored = _stored_rows(form, list_path, kind, who)
    lines = []
    offered = form.offered_at(leaf, f"{list_path}[0].{kind}") if leaf is not None else ()
    for ci, choice in enumerate(offered):
        value, text = _value(choice.value), say(choice.label)
        chips = []
        for seat, player in enumerate(form.players):
            if player not in form.active:
                continue
            k = CHOICE_GRID_ROWS + ci * GRID_SEATS + seat
            cell = _GridCell(form, list_path, k, f"{text} · {player}")
            row = stored.get((value, player))
            prefix = f"{list_path}[{row}]."
            chips.append(
                {
                    "k": k,
                    "player": player,
                    "by": cell.chip(who, player, chosen=row is not None),
                    "kind": cell.fixed(kind, value),
                    "values": {
                        path[len(prefix) :]: values[-1]
                        for path, values in form.values.items()
                        if row is not None and path.startswith(prefix) and values
                    },
                    "errors": cell.errors(),
                    "anchor": field_anchor(f"{list_path}[{k}].{who}"),
                }
            )
        lines.append({"value": value, "label": text, "chips": chips})
    return lines


@register.simple_tag
def applies_when(form: HandForm, path: str) -> SafeString:
    """The ` data-when="…"` (and ` data-after="…"`) of the node at `path` as its schema says,
    or nothing: for a section of the form holding what applies as it does (magyar's
    irregularity, a list of announcements, only when played)."""
    return _rule_attrs(form, path)


@register.simple_tag
def side_inputs(
    form: HandForm, list_path: str, row: Any, player: str, control: str = "declarer"
) -> SafeString:
    """Hidden `list[row].side:fixed` inputs sending `player`'s side (declarer or opponents)
    as the input `control` (the declarer's chips) says. They start disabled, so that nothing
    is sent without JavaScript (the side chips in <noscript> are, `_figure_chips.html`):
    hand.js enables the one that applies whenever the declarer changes."""
    name = f"{list_path}[{row}].side"
    out = []
    for side, players in (
        ("declarer", [player]),
        ("opponents", [p for p in form.active if p != player]),
    ):
        out.append(
            format_html(
                '<span data-when="{}:{}" hidden><input type="hidden" name="{}:fixed" value="{}"'
                " disabled></span>",
                control,
                json.dumps(players, ensure_ascii=False),
                name,
                side,
            )
        )
    return SafeString("".join(out))
