"""What each night settled to, cached, and the reads built on it: the list of nights with
filters, the player pages with their running-balance chart.

A `NightSummary` is stamped with the fingerprint of everything it is computed from
(`stamps.py`); a read compares stamps in the same query that loads the nights, and
recomputes only the stale ones, in bulk (two queries for all of them, whatever their
number). Nothing in the write paths has to call anything: an edit changes the stamp.
"""

from __future__ import annotations

import datetime
import logging
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Count, Q, QuerySet
from django.shortcuts import get_object_or_404

from scorebook import money, nights, nightview, services, stamps
from scorebook.engine.scoresheet import late_joiners, settle
from scorebook.models import Hand, Night, NightSummary, Player, Seat

logger = logging.getLogger(__name__)
CHUNK = 100  # stale nights recomputed per batch (bounds the memory of a cold cache)


# --- computing one summary ----------------------------------------------------------------


def declarer_of(record: Any) -> str | None:
    """The declarer, where the variant's hand record names one (`declarer`, `bid.declarer`)."""
    if not isinstance(record, Mapping):
        return None
    name = record.get("declarer")
    if name is None and isinstance(record.get("bid"), Mapping):
        name = record["bid"].get("declarer")
    return name if isinstance(name, str) else None


def compute(night: Night, seats: list[tuple[int, str]], rows: list[Hand]) -> dict[str, Any]:
    """The night's totals, money balances and per-player hand statistics."""
    variant = nights.variant_of(night)
    names = [name for _pid, name in seats]
    ids = {name: pid for pid, name in seats}
    live = [r for r in rows if not r.deleted]
    session = nights.session_for(night, names, late_joiners(r.record for r in rows), variant)
    state = variant.load_state(live[-1].state if live else night.start_state)
    view = nightview.NightView(night, variant, names, session, rows, state)
    result = view.replay()
    balances, _transfers = settle(result, money.stake_of(night))
    stats: dict[str, dict[str, Any]] = {
        str(ids[name]): {
            "name": name,
            "units": nights.amount_to_json(result.totals.get(name, 0)),
            "money": str(balances.get(name, Decimal(0))),
            "declared": 0,
            "declared_won": 0,
            "best": None,
        }
        for name in names
    }
    hands = 0
    for row in live:
        if row.is_event:
            continue
        hands += 1
        deltas: dict[str, Fraction] = defaultdict(Fraction)
        for entry in row.entries:
            for who, amount in entry["deltas"].items():
                deltas[who] += Fraction(nights.amount_from_json(amount))
        declarer = declarer_of(row.record)
        if declarer in ids:
            mine = stats[str(ids[declarer])]
            mine["declared"] += 1
            mine["declared_won"] += deltas[declarer] > 0
        for name, amount in deltas.items():
            if name not in ids or amount <= 0:
                continue
            mine = stats[str(ids[name])]
            if mine["best"] is None or amount > nights.amount_from_json(mine["best"]["units"]):
                mine["best"] = {
                    "units": nights.amount_to_json(amount),
                    "money": str(money.money(amount, night)),
                    "number": row.number,
                }
    return {"currency": night.currency, "hands": hands, "players": stats}


# --- reading many nights at once ----------------------------------------------------------


def _refresh(stale: list[Night]) -> None:
    for start in range(0, len(stale), CHUNK):
        batch = stale[start : start + CHUNK]
        seats: dict[int, list[tuple[int, str]]] = defaultdict(list)
        for night_id, pid, name in (
            Seat.objects.filter(night__in=batch)
            .order_by("night_id", "position")
            .values_list("night_id", "player_id", "player__name")
        ):
            seats[night_id].append((pid, name))
        rows: dict[int, list[Hand]] = defaultdict(list)
        for hand in Hand.objects.filter(night__in=batch).order_by("night_id", "position"):
            rows[hand.night_id].append(hand)
        fresh = []
        for night in batch:
            try:
                data = compute(night, seats[night.pk], rows[night.pk])
            except Exception:  # a variant that no longer loads must not take the list down
                logger.exception("summarising night %s failed", night.pk)
                night._summary_data = {"currency": night.currency, "hands": 0, "players": {}}  # type: ignore[attr-defined]
                continue  # not stored: tried again on the next read
            summary = NightSummary(night=night, stamp=night.fresh_stamp, data=data)  # type: ignore[attr-defined]
            night._summary_data = data  # type: ignore[attr-defined]
            fresh.append(summary)
        services.keep_summaries(nights_done=batch, summaries=fresh)


def with_summaries(nights_qs: QuerySet[Night]) -> list[Night]:
    """The nights, each with `summary_data` (recomputed where stale); queries do not grow
    with the number of nights once the summaries are fresh."""
    found = list(stamps.with_stamps(nights_qs).select_related("summary"))
    stale = []
    for night in found:
        night.fresh_stamp = stamps.stamp_of(night)  # type: ignore[attr-defined]
        summary = getattr(night, "summary", None) if _has_summary(night) else None
        if summary is not None and summary.stamp == night.fresh_stamp:  # type: ignore[attr-defined]
            night._summary_data = summary.data  # type: ignore[attr-defined]
        else:
            stale.append(night)
    if stale:
        _refresh(stale)
    return found


def _has_summary(night: Night) -> bool:
    try:
        night.summary  # noqa: B018 - the reverse one-to-one raises when there is none
    except NightSummary.DoesNotExist:
        return False
    return True


def summary_data(night: Night) -> dict[str, Any]:
    return night._summary_data  # type: ignore[attr-defined,no-any-return]


# --- the list of nights -------------------------------------------------------------------


@dataclass
class NightRow:
    night: Night
    hands: int
    balances: list[tuple[str, str]]  # (player, money), seating order


def night_rows(nights_list: Iterable[Night]) -> list[NightRow]:
    rows = []
    for night in nights_list:
        data = summary_data(night)
        balances = [(p["name"], p["money"]) for p in data["players"].values()]
        rows.append(NightRow(night, data["hands"], balances))
    return rows


def filtered_nights(
    user: User, *, variant: str | None = None, player_id: int | None = None
) -> QuerySet[Night]:
    in_club = Q(club__members__user=user, club__deleted_at__isnull=True)
    qs = Night.objects.filter(Q(club=None) | in_club, owner=user)
    if variant:
        qs = qs.filter(variant=variant)
    if player_id:
        qs = qs.filter(seats__player_id=player_id)
    return qs.order_by("-date", "-created", "-pk")


def players_of(user: User) -> list[Player]:
    """The user's players with how many nights each played (one query)."""
    live = Q(seats__night__deleted_at__isnull=True)  # a deleted night is not counted
    return list(
        Player.objects.filter(owner=user, club=None)
        .annotate(nights=Count("seats", filter=live))
        .order_by("name")
    )


# --- the player page ----------------------------------------------------------------------


@dataclass
class PlayerPage:
    player: Player
    nights: int = 0
    hands: int = 0
    money: dict[str, Decimal] = field(default_factory=dict)  # per currency
    declared: int = 0
    declared_won: int = 0
    best: dict[str, Any] | None = None  # money, currency, units, night, number
    history: list[tuple[Night, Decimal, Decimal]] = field(
        default_factory=list
    )  # night, won, running
    chart: list[dict[str, Any]] = field(default_factory=list)

    @property
    def declared_rate(self) -> int | None:
        return round(100 * self.declared_won / self.declared) if self.declared else None


def player_for(user: User, pk: int) -> Player:
    """A player of the user's own roster or of a club he belongs to; 404 otherwise."""
    mine = Q(owner=user, club=None) | Q(club__members__user=user, club__deleted_at__isnull=True)
    return get_object_or_404(Player.objects.filter(mine).distinct(), pk=pk)


def player_page(
    player: Player,
    *,
    variant: str | None = None,
    since: datetime.date | None = None,
    until: datetime.date | None = None,
) -> PlayerPage:
    qs = Night.objects.filter(seats__player=player)
    if variant:
        qs = qs.filter(variant=variant)
    if since:
        qs = qs.filter(date__gte=since)
    if until:
        qs = qs.filter(date__lte=until)
    played = with_summaries(qs.order_by("date", "created", "pk"))
    page = PlayerPage(player)
    running: dict[str, Decimal] = defaultdict(Decimal)
    key = str(player.pk)
    for night in played:
        data = summary_data(night)
        mine = data["players"].get(key)
        if mine is None:
            continue
        won = Decimal(mine["money"])
        currency = data["currency"]
        page.nights += 1
        page.hands += data["hands"]
        page.money[currency] = page.money.get(currency, Decimal(0)) + won
        page.declared += mine["declared"]
        page.declared_won += mine["declared_won"]
        best = mine["best"]
        if best and (page.best is None or Decimal(best["money"]) > page.best["money"]):
            page.best = {
                "money": Decimal(best["money"]),
                "currency": currency,
                "units": best["units"],
                "night": night,
                "number": best["number"],
            }
        running[currency] += won
        page.history.append((night, won, running[currency]))
    page.chart = balance_chart(page.history)
    page.history.reverse()  # newest first in the table
    return page


COLOURS = ("#1f6feb", "#d1242f", "#1a7f37", "#9a6700", "#8250df")


def balance_chart(
    history: list[tuple[Night, Decimal, Decimal]], width: int = 600, height: int = 200
) -> list[dict[str, Any]]:
    """One SVG chart per currency: the running money balance after each night."""
    by_currency: dict[str, list[Decimal]] = defaultdict(lambda: [Decimal(0)])
    for night, _won, running in history:
        by_currency[night.currency].append(running)
    charts = []
    pad = 10
    for i, (currency, values) in enumerate(sorted(by_currency.items())):
        low, high = min(*values, Decimal(0)), max(*values, Decimal(0))
        span = (high - low) or Decimal(1)
        count = max(len(values) - 1, 1)

        def x(j: int, count: int = count) -> float:
            return round(pad + j * (width - 2 * pad) / count, 1)

        def y(v: Decimal, high: Decimal = high, span: Decimal = span) -> float:
            return round(float(pad + (high - v) * (height - 2 * pad) / span), 1)

        charts.append(
            {
                "currency": currency,
                "width": width,
                "height": height,
                "zero": y(Decimal(0)),
                "points": " ".join(f"{x(j)},{y(v)}" for j, v in enumerate(values)),
                "dots": [(x(j), y(v), v) for j, v in enumerate(values) if j],
                "colour": COLOURS[i % len(COLOURS)],
                "low": low,
                "high": high,
                "last": values[-1],
            }
        )
    return charts
