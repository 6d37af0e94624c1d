"""The owner's share link for a night, and the read-only page anyone with the link sees."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_GET, require_http_methods, require_POST

from scorebook import access, ledger, nightview, paging, services, settleup, sharing
from scorebook.models import Night
from scorebook.requests import HtmxRequest, SignedInRequest
from scorebook.speech import say
from scorebook.views.nights import LATEST_ROWS

POLL_SECONDS = 4
ViewFunc = Callable[..., HttpResponse]


@require_http_methods(["GET", "POST"])
@login_required
def share(request: SignedInRequest, pk: int) -> HttpResponse:
    """GET: the link (if any); POST: create it."""
    night = access.night_for(request.user, pk)
    if request.method == "POST":
        services.share_night(night=night)
        return redirect("share", pk=pk)
    link = sharing.share_of(night)
    title = _("QR code of the share link")
    url, qr = sharing.link_and_qr(request, "shared", link.token if link else None, title)
    context = {"night": night, "share": link, "url": url}
    if link:
        context |= {"qr": qr, "table_url": reverse("shared_table", args=[link.token])}
    return TemplateResponse(request, "scorebook/share.html", context)


@require_POST
@login_required
def revoke(request: SignedInRequest, pk: int) -> HttpResponse:
    night = access.night_for(request.user, pk)
    services.revoke_share(night=night)
    return redirect("share", pk=pk)


def revalidated(*, robots: bool) -> Callable[[ViewFunc], ViewFunc]:
    """The polled pages' cache headers, on the page and on its 304 alike (`condition`
    answers a 304 without the view, so they are set outside it): always revalidate, never
    kept by a shared cache, and for a share link, never indexed."""

    def decorator(view: ViewFunc) -> ViewFunc:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            response = view(request, *args, **kwargs)
            patch_cache_control(response, private=True, no_cache=True)
            patch_vary_headers(response, ["HX-Request", "HX-Target", "Accept-Language", "Cookie"])
            if robots:
                response["X-Robots-Tag"] = "noindex, nofollow"
            return response

        return wrapped

    return decorator


def _is_fragment(request: HtmxRequest) -> bool:
    return bool(request.htmx) and request.htmx.target == "live"


def _etag(request: HtmxRequest, token: str) -> str:
    """One query: the night's fingerprint. Unchanged → 304, nothing rendered."""
    night = sharing.shared_night(token)
    request.shared_night = night  # type: ignore[attr-defined]
    part = "live" if _is_fragment(request) else "page"
    rows = f"all{paging.asked_part(request)}" if _every_row(request) else "latest"
    return f"{sharing.version_of(night)}-{part}-{rows}-{get_language()}"


def _every_row(request: HttpRequest) -> bool:
    """The whole ledger (?all=1) rather than its latest rows (a long night stays light)."""
    return request.GET.get("all") == "1"


def _ledger_rows(
    request: HttpRequest, night: Night
) -> tuple[nightview.NightView, list[ledger.LedgerRow], dict[str, Any], dict[str, Any]]:
    """The view, the rows the page shows and the totals: the latest rows, or with ?all=1
    one part of the whole ledger (hand 1 first); the rest only count towards the totals."""
    if not _every_row(request):
        view = nightview.night_view(night, tail=LATEST_ROWS)
        earlier = max(ledger.ledger_length(view) - LATEST_ROWS, 0)
        rows, totals = ledger.ledger(view, skip=earlier)
        return view, rows, totals, {"earlier": earlier}
    part = paging.part_of(night, paging.asked_part(request))
    view = nightview.night_view(night, window=part.window)
    rows, totals = ledger.ledger(view, skip=part.first, limit=paging.PART_ROWS)
    return view, rows, totals, {"earlier": 0, **part.context}


@require_GET
@revalidated(robots=True)
@condition(etag_func=_etag)
def shared(request: HtmxRequest, token: str) -> HttpResponse:
    """The ledger, totals, pots and settle-up, polled by htmx every few seconds."""
    night = getattr(request, "shared_night", None) or sharing.shared_night(token)
    every = _every_row(request)
    view, rows, totals, page = _ledger_rows(request, night)
    context = page | {
        "night": night,
        "token": token,
        "every": every,
        "title": say(view.variant.title),
        "players": view.players,
        "pot_names": view.pot_names,
        "ledger_columns": len(view.players) + len(view.pot_names),
        "rows": [r for r in rows if not r.deleted],
        "totals": totals,
        "poll": POLL_SECONDS,
        "standings": ledger.standings(view, rows, totals, view.hint()),
        **settleup.settlement(view),
    }
    template = "scorebook/shared.html#live" if _is_fragment(request) else "scorebook/shared.html"
    return TemplateResponse(request, template, context)
