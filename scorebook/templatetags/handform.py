"""`{% field %}`: one input of the generic hand form, named by its record field path.

    {% field form "result.declarer_card_points:int" widget="number" min=0 max=94 %}
    {% field form "announcements[#].figure" widget="select" choices="double_game|volat" row=i %}
    {% field form "bid.declarer" widget="player_radio" %}
    {% field form "card_points.@#:int" widget="number" row=p.index label=p.name %}

`#` in the name is replaced by `row`. The tag fills in what the user typed (or the stored
record, or `default` on a fresh form) and the engine's messages for that path.

    {% keep_object "captures" %}

declares an object the record always has, even when all its inputs are left blank (then
its members are null instead of the whole object being null); see scorebook/forms.py.
"""

from __future__ import annotations

import re
from typing import Any

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from scorebook.engine.shape import Leaf, leaf_at
from scorebook.forms import OBJECT, HandForm, field_anchor, split_name
from scorebook.labels import CONTRA_LEVELS, label
from scorebook.speech import say

register = template.Library()

PLAYER_WIDGETS = ("player", "player_radio", "players")


def _choices(spec: str) -> list[tuple[str, str]]:
    if spec == "contra":
        return [(str(i), name) for i, name in enumerate(CONTRA_LEVELS)]
    if spec == "side":
        return [("declarer", label("declarer")), ("opponents", label("opponents"))]
    out = []
    for item in spec.split("|"):
        value, sep, text = item.partition("=")
        out.append((value, gettext(text) if sep else label(value)))  # scorebook/choice_texts.py
    return out


def _schema(form: HandForm, path: str) -> Leaf | None:
    """The field's schema in the variant's record (players' row and seat markers resolved)."""
    if form.shape is None:
        return None
    return leaf_at(form.shape, re.sub(r"@\d+", "player", path))


def _value(value: str | int | bool) -> str:
    """A choice's value as the form posts it."""
    if isinstance(value, bool):
        return "1" if value else ""
    return str(value)


@register.inclusion_tag("scorebook/includes/field.html")
def field(
    form: HandForm,
    name: str,
    widget: str = "text",
    choices: str = "",
    row: Any = None,
    default: Any = None,
    among: str = "active",
    blank: str = "—",
    help: str = "",
    min: Any = None,
    max: Any = None,
    label: str = "",
) -> dict[str, Any]:
    if row is not None:
        name = name.replace("#", str(row))
    path, kind = split_name(name)
    schema = _schema(form, path)
    if schema is not None:  # what the template leaves out, the variant's record says
        label = label or (say(schema.label) if schema.label else "")
        help = help or (say(schema.help) if schema.help else "")
        min = schema.lo if min is None else min
        max = schema.hi if max is None else max
        if default is None and schema.default is not None:
            default = _value(schema.default)
    if form.fresh and path not in form.values and default is not None:
        values = [str(default)] if default != "" else []
    else:
        values = form.values.get(path, [])
    error_key = path
    for i, player in enumerate(form.players):
        error_key = error_key.replace(f"@{i}", player) if f"@{i}" in error_key else error_key
    if widget in PLAYER_WIDGETS:
        people = form.active if among == "active" else form.players
        options = [(p, p) for p in people]
        # a stored value outside the list (e.g. the sitting-out dealer) stays selectable
        options += [(v, v) for v in values if v and v not in people]
    elif choices:
        options = _choices(choices)
    else:
        options = [(_value(c.value), say(c.label)) for c in schema.choices] if schema else []
    dom_id = "f-" + "".join(c if c.isalnum() else "-" for c in name)
    shown = label or path.rsplit(".", 1)[-1].replace("_", " ")
    form.labels[error_key] = str(shown)  # the problem list (rendered after) names it so
    return {
        "name": name,
        "path": path,
        "kind": kind,
        "id": dom_id,
        "widget": widget,
        "label": shown,
        "options": [(v, text, v in values) for v, text in options],
        "value": ", ".join(values) if kind == "ints" else (values[-1] if values else ""),
        "checked": bool(values) and values[-1] in ("1", "on", "true", "True"),
        "errors": form.errors.get(error_key, []),
        "anchor": field_anchor(error_key),
        "blank": blank,
        "help": help,
        "min": min,
        "max": max,
    }


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
    with the anchor the list above the form links to."""
    messages = format_html_join(
        "", '<p class="error" role="alert">{}</p>', ((m,) for m in form.errors.get(path, []))
    )
    return format_html(
        '<div class="field" data-path="{}" id="{}">{}</div>', path, field_anchor(path), messages
    )


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
