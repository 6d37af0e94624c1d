"""The list of nights with filters, the list of players and each player's page."""

from __future__ import annotations

import datetime
from typing import cast

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.views.decorators.http import require_GET

from scorebook import clubs, nights, seasons, stats, statsexport, summaries
from scorebook.models import Night
from scorebook.requests import SignedInRequest
from scorebook.speech import say

PER_PAGE = 50


def _int(value: str | None) -> int | None:
    return int(value) if value and value.isdigit() and len(value) < 12 else None


def _variants() -> list[tuple[str, str]]:
    return [(v.key, say(v.title)) for v in nights.available_variants()]


def _variant(request: HttpRequest) -> str | None:
    key = request.GET.get("variant") or None
    return key if key in {k for k, _t in _variants()} else None


@require_GET
@login_required
def night_list(request: SignedInRequest) -> HttpResponse:
    variant, player_id = _variant(request), _int(request.GET.get("player"))
    qs = summaries.filtered_nights(request.user, variant=variant, player_id=player_id)
    page = Paginator(qs, PER_PAGE).get_page(request.GET.get("page"))
    shown = cast(QuerySet[Night], page.object_list)  # a page of a QuerySet is one, sliced
    rows = summaries.night_rows(summaries.with_summaries(shown))
    context = {
        "rows": rows,
        "page": page,
        "variants": _variants(),
        "players": summaries.players_of(request.user),
        "variant": variant or "",
        "player_id": player_id,
    }
    return TemplateResponse(request, "scorebook/nights.html", context)


@require_GET
@login_required
def player_list(request: SignedInRequest) -> HttpResponse:
    return TemplateResponse(
        request, "scorebook/players.html", {"players": summaries.players_of(request.user)}
    )


def _date(value: str | None) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(value) if value else None
    except ValueError:
        return None


def _filters(request: SignedInRequest) -> stats.Filters:
    """The page's filters; a season (`?season=2026` or a club's `s<id>`) gives the dates,
    a club (`?club=`, one of the user's) keeps its nights only."""
    get = request.GET
    since, until = _date(get.get("since")), _date(get.get("until"))
    if span := seasons.span_for(request.user, get.get("season", "")):
        since, until = span.start, span.end
    club = _int(get.get("club"))
    if club is not None and clubs.club_role(request.user, club) is None:
        club = None
    return stats.Filters(_variant(request), since, until, club)


@require_GET
@login_required
def player(request: SignedInRequest, pk: int) -> HttpResponse:
    person = summaries.player_for(request.user, pk)
    filters = _filters(request)
    page = summaries.player_page(
        person, variant=filters.variant, since=filters.since, until=filters.until
    )
    # the page's nights, oldest first, give the runs of nights (read once, not twice)
    history = [(night.date, won) for night, won, _running in reversed(page.history)]
    context = {
        "page": page,
        "stats": stats.player_stats(person, filters, history),
        "variants": _variants(),
        "variant": filters.variant or "",
        "clubs": clubs.clubs_of(request.user),
        "seasons": seasons.choices_for(request.user),
        "season": request.GET.get("season", ""),
        "query": request.GET.urlencode(),
    }
    return TemplateResponse(request, "scorebook/player.html", context)


@require_GET
@login_required
def player_csv(request: SignedInRequest, pk: int) -> HttpResponse:
    """The player's statistics as CSV, in the reader's language."""
    person = summaries.player_for(request.user, pk)
    found = stats.player_stats(person, _filters(request))
    response = HttpResponse(statsexport.as_csv(found), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="player-{pk}-statistics.csv"'
    return response
