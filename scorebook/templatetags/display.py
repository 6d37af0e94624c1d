"""How stored values are shown on every page: a game by its title, a pot by the players'
name for it, money with a real minus sign and the language's decimal mark."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from django import template

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
