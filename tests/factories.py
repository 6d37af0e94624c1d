"""Nights for tests: one call with the defaults most tests want, in place of
services.create_night's eight arguments written out in each file."""

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from scorebook import services
from scorebook.models import Night

PLAYERS = ("Anna", "Béla", "Csaba", "Dóra")


def make_night(
    owner: Any,
    variant: str = "toy",
    players: Iterable[str] = PLAYERS,
    first_dealer: str | None = None,
    *,
    per_point: str | Decimal = "1",
    currency: str = "HUF",
    house_rules: Mapping[str, Any] | None = None,
    hands: Iterable[dict[str, Any]] = (),
    **more: Any,
) -> Night:
    """A night of `variant` owned by `owner` at 1 HUF a point, with `hands` recorded in
    order; further keyword arguments (place, date, opening_pots) go to create_night."""
    night = services.create_night(
        owner=owner,
        variant_key=variant,
        house_rules=dict(house_rules or {}),
        per_point=per_point,
        currency=currency,
        players=list(players),
        first_dealer=first_dealer,
        **more,
    )
    for record in hands:
        services.record_hand(night=night, record=record)
    return night
