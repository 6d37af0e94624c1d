"""A club's season standings: the page (with the chart), the printable A4 page, the CSV,
the club's own seasons, and the read-only share link with the page it opens."""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from scorebook import clubs, clubservices, seasons, seasonsexport, sharing
from scorebook.clubforms import SeasonForm
from scorebook.engine.errors import InvalidHand
from scorebook.models import Club, Season, SeasonShare
from scorebook.requests import SignedInRequest
from scorebook.views.clubs import posted_key, tell_refusal


def _span(club: Club, request: HttpRequest) -> seasons.Span:
    """The season asked for: `?season=<id>` (the club's own), `?year=`, else this year."""
    season, year = request.GET.get("season", ""), request.GET.get("year", "")
    if season:
        if not season.isdigit() or len(season) > 12:
            raise Http404("no such season")
        return seasons.season_span(get_object_or_404(Season, pk=int(season), club=club))
    if year.isdigit() and len(year) == 4:
        return seasons.year_span(int(year))
    return seasons.year_span(timezone.localdate().year)


def _share_of(club: Club, span: seasons.Span) -> SeasonShare | None:
    return SeasonShare.objects.filter(club=club, year=span.year, season=span.season).first()


def _share_context(request: HttpRequest, club: Club, span: seasons.Span) -> dict[str, Any]:
    share = _share_of(club, span)
    if share is None:
        return {"share": None}
    title = _("QR code of the share link")
    url, qr = sharing.link_and_qr(request, "shared_standings", share.token, title)
    return {"share": share, "url": url, "qr": qr}


@require_GET
@login_required
def standings(request: SignedInRequest, pk: int) -> HttpResponse:
    club, role = clubs.club_for(request.user, pk)
    span = _span(club, request)
    context = {
        "club": club,
        "role": role,
        "table": seasons.standings(club, span),
        "spans": seasons.spans_of(club),
        "query": span.query,
        "season_form": SeasonForm() if role == clubs.OWNER else None,
    }
    if role == clubs.OWNER:
        context |= _share_context(request, club, span)
    return TemplateResponse(request, "clubs/standings.html", context)


@require_GET
@login_required
def standings_print(request: SignedInRequest, pk: int) -> HttpResponse:
    club, _role = clubs.club_for(request.user, pk)
    table = seasons.standings(club, _span(club, request))
    return TemplateResponse(request, "clubs/standings_print.html", {"club": club, "table": table})


@require_GET
@login_required
def standings_csv(request: SignedInRequest, pk: int) -> HttpResponse:
    """The standings as CSV, in the reader's language."""
    club, _role = clubs.club_for(request.user, pk)
    table = seasons.standings(club, _span(club, request))
    body = seasonsexport.as_csv(club, table)
    response = HttpResponse(body, content_type="text/csv; charset=utf-8")
    name = f"club-{pk}-{table.span.year or f'season-{table.span.season.pk}'}.csv"  # type: ignore[union-attr]
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@require_POST
@login_required
def add_season(request: SignedInRequest, pk: int) -> HttpResponse:
    club = clubs.club_to_manage(request.user, pk)
    form = SeasonForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            season = clubservices.add_season(
                club=club,
                name=data["name"],
                start=data["start"],
                end=data["end"],
                key=posted_key(request),
            )
        except InvalidHand as refused:
            tell_refusal(request, refused)
        else:
            return redirect(f"{reverse('club_standings', args=[pk])}?season={season.pk}")
    else:
        messages.error(request, _("Check the season’s name and dates."))
    return redirect("club_standings", pk=pk)


@require_POST
@login_required
def share(request: SignedInRequest, pk: int) -> HttpResponse:
    club = clubs.club_to_manage(request.user, pk)
    span = _span(club, request)
    clubservices.share_season(club=club, year=span.year, season=span.season)
    return redirect(f"{reverse('club_standings', args=[pk])}?{span.query}#share")


@require_POST
@login_required
def revoke_share(request: SignedInRequest, pk: int) -> HttpResponse:
    club = clubs.club_to_manage(request.user, pk)
    span = _span(club, request)
    clubservices.revoke_season_share(club=club, year=span.year, season=span.season)
    messages.success(request, _("Share link revoked."))
    return redirect(f"{reverse('club_standings', args=[pk])}?{span.query}")


@require_GET
def shared(request: HttpRequest, token: str) -> HttpResponse:
    """The standings a share link opens: read-only, for anyone with the link."""
    if not token or len(token) > 64:
        raise Http404("no such link")
    shares = SeasonShare.objects.select_related("club", "season")
    link = get_object_or_404(shares.filter(club__deleted_at__isnull=True), token=token)
    year = link.year or datetime.date.today().year
    span = seasons.season_span(link.season) if link.season else seasons.year_span(year)
    context = {"club": link.club, "table": seasons.standings(link.club, span), "shared": True}
    response = TemplateResponse(request, "clubs/standings_print.html", context)
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response
