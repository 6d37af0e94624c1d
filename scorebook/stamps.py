"""Fingerprints of what a night's scores are computed from, for many nights in one query.

Every write path changes one of these: a new hand or event adds a row, an edit, delete or
restore raises that row's `version`, a join adds a row (and a seat), and the night's own
settings (its date and place too) are compared field by field. So a cached result stamped with the fingerprint is
fresh exactly when the fingerprint still matches — no write has to invalidate anything.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.db.models import Count, IntegerField, OuterRef, QuerySet, Subquery, Sum
from django.db.models.functions import Coalesce

from scorebook.models import Hand, Night, PaidTransfer

# How often a scorer's night page and hand form ask whether another phone changed the night
# (the live view compares the night's stamp).
LIVE_SECONDS = 4


def _aggregate(model: Any, func: Any) -> Coalesce:
    rows = (
        model.objects.filter(night=OuterRef("pk"))
        .order_by()
        .values("night")
        .annotate(value=func)
        .values("value")
    )
    return Coalesce(Subquery(rows, output_field=IntegerField()), 0, output_field=IntegerField())


def with_stamps(nights: QuerySet[Night], *, paid: bool = False) -> QuerySet[Night]:
    """Annotate each night with its rows' count, version sum and id sum (and paid marks)."""
    nights = nights.annotate(
        stamp_rows=_aggregate(Hand, Count("pk")),
        stamp_versions=_aggregate(Hand, Sum("version")),
        stamp_ids=_aggregate(Hand, Sum("pk")),
    )
    if paid:
        nights = nights.annotate(
            stamp_paid=_aggregate(PaidTransfer, Count("pk")),
            stamp_paid_ids=_aggregate(PaidTransfer, Sum("pk")),
        )
    return nights


def stamp_of(night: Night, *extra: Any) -> str:
    """The fingerprint of an annotated night (see `with_stamps`)."""
    parts = [
        night.variant,
        night.stamp_rows,  # type: ignore[attr-defined]
        night.stamp_versions,  # type: ignore[attr-defined]
        night.stamp_ids,  # type: ignore[attr-defined]
        str(night.stake_per_point),
        night.currency,
        night.house_rules,
        night.opening_pots,
        night.first_dealer_id,
        night.seating,  # a player renamed in this night re-keys its summary
        night.date,  # the pages show when and where (the share page, the table view)
        night.place,
        *extra,
    ]
    text = json.dumps(parts, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:40]


def night_stamp(night: Night) -> str:
    """The night's fingerprint, read afresh: it changes with every write."""
    return stamp_of(with_stamps(Night.objects.filter(pk=night.pk)).get())
