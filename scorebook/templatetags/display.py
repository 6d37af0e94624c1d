"""How stored values are shown on every page: a game by its title, a pot by the players'
name for it, money with a real minus sign and the language's decimal mark."""

from __future__ import annotations

import secrets
from decimal import Decimal, InvalidOperation
from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext, pgettext

from scorebook import labels, stats
from scorebook.engine import registry
from scorebook.forms import HandForm
from scorebook.money import signed
from scorebook.speech import say

register = template.Library()


@register.simple_tag
def write_key() -> SafeString:
    """A form's write key, made as the form is rendered: sending the form again (a double
    tap, a lost answer) repeats the same write instead of making a second one."""
    return format_html('<input type="hidden" name="_key" value="{}">', secrets.token_urlsafe(16))


@register.filter
def game_title(key: str) -> str:
    """The variant's title in the page's language (the key for an unknown variant)."""
    try:
        title = registry.get(key).title
    except (registry.UnknownVariant, ImportError):
        return key
    return say(title)


@register.filter
def pot_title(key: str) -> str:
    return labels.pot_title(key)


# ISO 4217's code for "no currency": a night played for points only (the format's default).
POINTS_ONLY = "XXX"


@register.filter
def currency_name(code: str) -> str:
    """A night's currency as the page names it: the code, or "points" on a points-only night."""
    return pgettext("currency", "points") if code == POINTS_ONLY else code


@register.filter
def points_only(night: Any) -> bool:
    """A night played for points only: its money is its points again, so pages leave it out."""
    return bool(night.currency == POINTS_ONLY)


@register.filter
def stake_words(night: Any) -> str:
    """What a point is worth: "0.5 EUR per point", or "points only"."""
    if night.currency == POINTS_ONLY:
        return gettext("points only")
    per_point = signed(Decimal(night.stake_per_point).normalize())
    return gettext("%(s)s %(c)s per point") % {"s": per_point, "c": night.currency}


@register.filter
def money_note(night: Any) -> str:
    """The standings' note on what their two numbers are."""
    if night.currency == POINTS_ONLY:
        return gettext("points only")
    return gettext("points, and money in %(c)s") % {"c": night.currency}


@register.filter
def css_string(value: Any) -> str:
    """Text as the inside of a CSS string: every character outside plain letters, digits,
    spaces and a few safe marks written as a CSS escape, so no quote, backslash or `</style>`
    can end it (the print page's running title is a player-given night's name and place)."""
    safe = set(" .,·:-_()/")
    return "".join(c if c.isalnum() or c in safe else f"\\{ord(c):06x}" for c in str(value))


@register.filter
def points(value: Any) -> str:
    """Signed points: whole where they are whole (statistics' sums and averages)."""
    text = stats.points(value)
    return signed(Decimal(text)) if text else "—"


@register.filter
def money(value: Any) -> str:
    try:
        return signed(Decimal(str(value)))
    except InvalidOperation:
        return str(value)


@register.filter
def field_words(path: str) -> str:
    """A record field path as a player reads it (`result.card_points` → "result · card points")."""
    return labels.field_words(str(path))


@register.filter
def value_words(value: Any) -> str:
    """A stored value in words (a choice by its label, yes / no, lists and objects spelt out)."""
    return labels.value_words(value)


@register.simple_tag
def value_label(form: HandForm, path: str, value: Any) -> str:
    """A stored value of the hand field `path` as the form names it (a choice by its label)."""
    return form.value_label(str(path), value)


@register.filter
def field_label(form: HandForm, path: str) -> str:
    """A record field as the hand form names it (its label there, from the schema)."""
    return form.label_for(path)


@register.filter
def record_label(form: HandForm, path: str) -> str:
    """A record field by its schema's label (a conflict's changes: players by name)."""
    return form.record_label(path)
