"""How a pot's stored key (`ultimokassza`, `king`) is shown: as the players name it."""

from __future__ import annotations

from django import template

from scorebook import labels

register = template.Library()


@register.filter
def pot_title(key: str) -> str:
    return labels.pot_title(key)
