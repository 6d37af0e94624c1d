"""The list of nights, night set-up, the ledger (night page) and the scoresheet export."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers

from scorebook import (
    access,
    clubs,
    history,
    ledger,
    nights,
    nightview,
    paging,
    services,
    sheets,
    stamps,
    stats,
)
from scorebook.engine import registry
from scorebook.engine.errors import InvalidHand
from scorebook.engine.types import Variant
from scorebook.forms import NightForm
from scorebook.labels import problem_line
from scorebook.models import Club
from scorebook.requests import HtmxRequest, SignedInRequest
from scorebook.speech import say


@require_GET
@login_required
def home(request: SignedInRequest) -> HttpResponse:
    context = {
        "nights": access.nights_of(request.user),
        "scoring": access.scored_nights(request.user),  # other people's, as co-scorer
    }
    return TemplateResponse(request, "scorebook/home.html", context)


def _club(request: HttpRequest) -> Club | None:
    """The club a new night is for (`?club=`): a scorer's; 403 for a viewer, 404 else."""
    value = request.GET.get("club", "")
    if not value:
        return None
    if not value.isdigit() or len(value) > 12:
        raise Http404("no such club")
    return clubs.club_to_score(request.user, int(value))


@require_GET
@login_required
def new_night(request: SignedInRequest) -> HttpResponse:
    variants = [
        (v.key, say(v.title), v.min_players, v.max_players) for v in nights.available_variants()
    ]
    context = {"variants": variants, "club": _club(request)}
    return TemplateResponse(request, "scorebook/new_night.html", context)


def _variant_or_404(key: str) -> Variant:
    try:
        return registry.get(key)
    except (registry.UnknownVariant, ImportError) as missing:
        raise Http404("no such variant") from missing


@require_http_methods(["GET", "POST"])
@login_required
def setup(request: SignedInRequest, key: str) -> HttpResponse:
    variant = _variant_or_404(key)
    club = _club(request)
    form = NightForm(
        request.POST or None,
        variant=variant,
        initial={
            "date": timezone.localdate(),
            "per_point": "1",
            "currency": "HUF",
            "first_dealer": 0,
        },
    )
    players = form.players() if request.method == "POST" else []
    if request.method == "POST" and form.is_valid():
        dealer_index = form.cleaned_data.get("first_dealer") or 0
        try:
            night = services.create_night(
                owner=request.user,
                variant_key=key,
                house_rules=form.house_rules(),
                per_point=form.cleaned_data["per_point"],
                currency=form.cleaned_data["currency"],
                players=players,
                first_dealer=players[dealer_index] if dealer_index < len(players) else None,
                date=form.cleaned_data["date"],
                place=form.cleaned_data["place"],
                opening_pots=form.opening_pots(),
                club=club,
            )
        except InvalidHand as refused:
            for problem in refused.problems:
                # Next to its field where the form has one; else named in words, on top.
                target = problem.field.replace("house_rules.", "hr_").replace("pots.", "pot_")
                if target in form.fields:
                    form.add_error(target, say(problem.message))
                else:
                    form.add_error(None, problem_line(problem))
        else:
            return redirect("night", pk=night.pk)
    seat_count = max(variant.max_players, len(players))
    seats = [(i, players[i] if i < len(players) else "") for i in range(seat_count)]
    context = {
        "variant": variant,
        "title": say(variant.title),
        "form": form,
        "seats": seats,
        "first_dealer": str(form["first_dealer"].value() or 0),
        "known_players": access.player_names(request.user, club.pk if club else None),
        "club": club,
    }
    return TemplateResponse(request, "scorebook/setup.html", context)


# --- the night page: the latest rows, earlier ones on demand ----------------------------------

LATEST_ROWS = 25  # a long night's page shows the latest rows (its weight stays flat) ...
MORE_ROWS = 50  # ... and "show earlier hands" brings this many more each time
# The most rows the whole page shows (`?show=` beyond it is cut): a page stays under a
# second at the longest night (nights.MAX_ROWS). With htmx, "show earlier hands" goes on
# past it, each time building only the rows it adds; without, the link leads to the
# printable summary, which lists every hand.
MAX_SHOWN_ROWS = 500


def _earlier_fragment(request: HttpRequest) -> bool:
    htmx = getattr(request, "htmx", None)
    return htmx is not None and bool(htmx) and htmx.target == "earlier"


def shown_rows(request: HttpRequest) -> int:
    """How many of the latest ledger rows the page shows (`?show=`, at least LATEST_ROWS,
    at most MAX_SHOWN_ROWS for a whole page)."""
    value = request.GET.get("show", "")
    shown = max(int(value) if value.isdigit() and len(value) < 7 else 0, LATEST_ROWS)
    return min(shown, nights.MAX_ROWS + 1 if _earlier_fragment(request) else MAX_SHOWN_ROWS)


def _ledger_page(
    request: HtmxRequest, view: nightview.NightView
) -> tuple[list[ledger.LedgerRow], dict[str, Any], dict[str, Any]]:
    """The ledger rows the page shows (or the "earlier" fragment: only the rows it adds),
    the totals, and how many rows stay hidden before them with the `show` for the next
    batch. Hidden rows only count towards the totals, so the page's work stays flat."""
    shown = shown_rows(request)
    length = ledger.ledger_length(view)
    start = max(length - shown, 0)
    limit = None
    if _earlier_fragment(request):
        limit = max(length - (shown - MORE_ROWS) - start, 0)
    rows, totals = ledger.ledger(view, skip=start, limit=limit)
    capped = limit is None and shown >= MAX_SHOWN_ROWS
    return rows, totals, {"earlier": start, "show_more": shown + MORE_ROWS, "capped": capped}


def night_context(
    request: HtmxRequest, view: nightview.NightView, *, part: paging.Part | None = None
) -> dict[str, Any]:
    """The night page's context; with `part`, that part of the whole ledger (the print
    page) instead of the latest rows."""
    if part is not None:
        rows, totals = ledger.ledger(view, skip=part.first, limit=paging.PART_ROWS)
        page: dict[str, Any] = {"earlier": 0, **part.context}
    else:
        rows, totals, page = _ledger_page(request, view)
    hint = view.hint()
    return page | {
        "rows": rows,
        "night": view.night,
        "view": view,
        "title": say(view.variant.title),
        "players": view.players,
        "pot_names": view.pot_names,
        "ledger_columns": len(view.players) + len(view.pot_names),
        # On a phone a row's Edit/Delete (or Restore) stand in its last columns: two when
        # the columns are wide enough for "Visszaállítás", three when they are not.
        "ledger_action_span": 2 if len(view.players) + len(view.pot_names) <= 5 else 3,
        "totals": totals,
        "hint": hint,
        "hint_notes": [say(n) for n in hint.notes],
        "next_number": view.next_number(),
        "rules": history.changed_rules(view.night),
        "standings": ledger.standings(view, rows, totals, hint),
        "join_gaps": nightview.join_gaps(view),
        "stamp": stamps.night_stamp(view.night),
        "poll": stamps.LIVE_SECONDS,
    }


@require_GET
@login_required
@vary_on_headers("HX-Request", "HX-Target")
def night(request: SignedInRequest, pk: int) -> HttpResponse:
    night, role = access.night_and_role(request.user, pk)  # the owner or a co-scorer
    # Only the rows the page shows are built; earlier hands count towards the totals.
    view = nightview.night_view(night, tail=shown_rows(request))
    template = "scorebook/night.html"
    if request.htmx and request.htmx.target in ("ledger", "earlier", "standings"):
        template += f"#{request.htmx.target}"
    context = night_context(request, view) | {"role": role}
    if template == "scorebook/night.html":  # the whole page, not a region's refresh
        context["numbers"] = stats.night_numbers(night, view)
    return TemplateResponse(request, template, context)


@require_GET
@login_required
def sheet(request: SignedInRequest, pk: int) -> HttpResponse:
    view = nightview.night_view(access.night_for(request.user, pk))
    response = JsonResponse(
        sheets.scoresheet(view), json_dumps_params={"ensure_ascii": False, "indent": 2}
    )
    response["Content-Disposition"] = f'attachment; filename="night-{pk}.json"'
    return response
