"""Money as the rest of the app prints it: a real minus sign, the language's decimal mark."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from django import template

from scorebook import queries

register = template.Library()


@register.filter
def money(value: Any) -> str:
    try:
        return queries.signed(Decimal(str(value)))
    except InvalidOperation:
        return str(value)
