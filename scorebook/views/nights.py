"""The list of nights, night set-up, the ledger (night page) and the scoresheet export."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.translation import get_language
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers

from scorebook import nights, queries, services
from scorebook.engine import registry
from scorebook.engine.errors import InvalidHand
from scorebook.forms import NightForm


def lang() -> str:
    return "hu" if (get_language() or "en").startswith("hu") else "en"


@require_GET
@login_required
def home(request: HttpRequest) -> HttpResponse:
    context = {
        "nights": queries.nights_of(request.user),
        "scoring": queries.scored_nights(request.user),  # other people's, as co-scorer
    }
    return TemplateResponse(request, "scorebook/home.html", context)


@require_GET
@login_required
def new_night(request: HttpRequest) -> HttpResponse:
    variants = [
        (v.key, v.title.get(lang()), v.min_players, v.max_players)
        for v in nights.available_variants()
    ]
    return TemplateResponse(request, "scorebook/new_night.html", {"variants": variants})


def _variant_or_404(key: str) -> nights.Variant:
    try:
        return registry.get(key)
    except (registry.UnknownVariant, ImportError) as missing:
        raise Http404("no such variant") from missing


@require_http_methods(["GET", "POST"])
@login_required
def setup(request: HttpRequest, key: str) -> HttpResponse:
    variant = _variant_or_404(key)
    form = NightForm(
        request.POST or None,
        variant=variant,
        lang=lang(),
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
            )
        except InvalidHand as refused:
            for problem in refused.problems:
                target = problem.field.replace("house_rules.", "hr_").replace("pots.", "pot_")
                form.add_error(
                    target if target in form.fields else None,
                    f"{problem.field}: {problem.message.get(lang())}",
                )
        else:
            return redirect("night", pk=night.pk)
    seat_count = max(variant.max_players, len(players))
    seats = [(i, players[i] if i < len(players) else "") for i in range(seat_count)]
    context = {
        "variant": variant,
        "title": variant.title.get(lang()),
        "form": form,
        "seats": seats,
        "first_dealer": str(form["first_dealer"].value() or 0),
        "known_players": queries.player_names(request.user),
    }
    return TemplateResponse(request, "scorebook/setup.html", context)


def night_context(request: HttpRequest, view: queries.NightView) -> dict:
    rows, totals = queries.ledger(view)
    hint = view.hint()
    return {
        "night": view.night,
        "view": view,
        "title": view.variant.title.get(view.lang),
        "players": view.players,
        "pot_names": view.pot_names,
        "ledger_columns": len(view.players) + len(view.pot_names),
        "rows": rows,
        "totals": totals,
        "hint": hint,
        "hint_notes": [n.get(view.lang) for n in hint.notes],
        "next_number": view.next_number(),
        "rules": queries.changed_rules(view.night, view.lang),
    }


@require_GET
@login_required
@vary_on_headers("HX-Request")
def night(request: HttpRequest, pk: int) -> HttpResponse:
    night = queries.night_to_score(request.user, pk)  # the owner or a co-scorer
    view = queries.night_view(night, lang())
    template = "scorebook/night.html"
    if request.htmx and request.htmx.target == "ledger":
        template += "#ledger"
    context = night_context(request, view) | {"role": queries.role_in(request.user, night)}
    return TemplateResponse(request, template, context)


@require_GET
@login_required
def sheet(request: HttpRequest, pk: int) -> HttpResponse:
    view = queries.night_view(queries.night_for(request.user, pk), lang())
    response = JsonResponse(
        queries.scoresheet(view), json_dumps_params={"ensure_ascii": False, "indent": 2}
    )
    response["Content-Disposition"] = f'attachment; filename="night-{pk}.json"'
    return response
