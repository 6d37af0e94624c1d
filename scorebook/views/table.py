"""The table view: big standings for a tablet or laptop in the middle of the table, for the
owner and through the share link, refreshed like the shared page (ETag polling)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import get_language
from django.views.decorators.http import condition, require_GET

from scorebook import ledger, nightview, sharing, stamps
from scorebook.models import Night
from scorebook.requests import HtmxRequest, SignedInRequest
from scorebook.speech import say
from scorebook.views.nights import LATEST_ROWS
from scorebook.views.share import POLL_SECONDS, revalidated


def _owned_night(request: HtmxRequest, pk: int) -> Night:
    """The owner's night annotated with its stamps (one query); 404 for anyone else."""
    night = (
        stamps.with_stamps(Night.objects.filter(pk=pk, owner_id=request.user.pk), paid=True)
        .select_related("first_dealer")
        .first()
    )
    if night is None:
        raise Http404("no such night")
    return night


def _etag(load: Callable[..., Night]) -> Callable[..., str]:
    """The page's fingerprint from one query; unchanged → 304, nothing rendered."""

    def etag(request: HtmxRequest, **kwargs: int | str) -> str:
        night = load(request, **kwargs)
        request.table_night = night  # type: ignore[attr-defined]
        part = "live" if _is_fragment(request) else "page"
        return f"{sharing.version_of(night)}-{part}-{get_language()}"

    return etag


def _is_fragment(request: HtmxRequest) -> bool:
    return bool(request.htmx) and request.htmx.target == "live"


def _context(night: Night, poll_url: str, back_url: str) -> dict[str, object]:
    """What the table shows: the standings from the latest rows (earlier hands are only
    added into the totals, as on the night page)."""
    view = nightview.night_view(night, tail=LATEST_ROWS)
    skip = max(ledger.ledger_length(view) - LATEST_ROWS, 0)
    rows, totals = ledger.ledger(view, skip=skip)
    return {
        "night": night,
        "title": say(view.variant.title),
        "standings": ledger.standings(view, rows, totals, view.hint()),
        "poll": POLL_SECONDS,
        "poll_url": poll_url,
        "back_url": back_url,
    }


# How long a rendered standings fragment is kept. It is keyed by the night's fingerprint,
# so a change makes a new key: this only bounds the memory of fingerprints gone by.
FRAGMENT_SECONDS = 600


def _live(request: HtmxRequest, night: Night, poll_url: str, back_url: str) -> HttpResponse:
    """The polled fragment, rendered once per change of the night (and language) for every
    poller at the table and behind the share link, not once per poller (issue 20)."""
    # `created` too: a database restored or rolled back (tests) may reuse ids and versions.
    stamp = f"{sharing.version_of(night)}:{night.created.isoformat()}:{get_language()}"
    key = f"scorebook:table-live:{poll_url}:{stamp}"
    template = "scorebook/table.html#live"
    content = cache.get(key)
    if content is None:
        response = TemplateResponse(request, template, _context(night, poll_url, back_url))
        cache.set(key, response.render().content, FRAGMENT_SECONDS)
        return response
    response = TemplateResponse(request, template, {})
    response.content = content  # rendered already: the response is not rendered again
    return response


def _render(request: HtmxRequest, night: Night, poll_url: str, back_url: str) -> HttpResponse:
    if _is_fragment(request):
        return _live(request, night, poll_url, back_url)
    context = _context(night, poll_url, back_url)
    return TemplateResponse(request, "scorebook/table.html", context)


@require_GET
@login_required
@revalidated(robots=False)
@condition(etag_func=_etag(_owned_night))
def table(request: SignedInRequest, pk: int) -> HttpResponse:
    night = getattr(request, "table_night", None) or _owned_night(request, pk)
    url = reverse("table", args=[pk])
    return _render(request, night, url, reverse("night", args=[pk]))


@require_GET
@revalidated(robots=True)
@condition(etag_func=_etag(lambda _request, token: sharing.shared_night(token)))
def shared_table(request: HtmxRequest, token: str) -> HttpResponse:
    night = getattr(request, "table_night", None) or sharing.shared_night(token)
    return _render(
        request, night, reverse("shared_table", args=[token]), reverse("shared", args=[token])
    )
