"""How stored values are shown on every page: a game by its title, a pot by the players'
name for it, money with a real minus sign and the language's decimal mark."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from django import template
from django.utils.translation import gettext

from scorebook import labels, queries
from scorebook.engine import registry
from scorebook.speech import say

register = template.Library()


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


@register.filter
def money(value: Any) -> str:
    try:
        return queries.signed(Decimal(str(value)))
    except InvalidOperation:
        return str(value)


@register.filter
def field_label(form: Any, path: str) -> str:
    """A record field as the hand form labels it (labels are collected as the form renders,
    so use this after the form), else its path in words."""
    from scorebook.forms import path_label

    labels = getattr(form, "labels", {}) or {}
    return str(labels.get(path) or path_label(path))


@register.filter
def record_value(value: Any) -> str:
    """A stored record value in players' words: yes/no, a dash for nothing, lists joined."""
    if value is True:
        return gettext("yes")
    if value is False:
        return gettext("no")
    if value is None or value == {} or value == []:
        return "—"
    if isinstance(value, list):
        return ", ".join(record_value(v) for v in value)
    return str(value)
