"""Settle-up (balances, end-of-session payouts, fewest transfers) and the printable summary."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import trigger_client_event

from scorebook import paging, queries, services, stats
from scorebook.engine.errors import InvalidHand
from scorebook.labels import problem_line
from scorebook.requests import SignedInRequest
from scorebook.speech import say
from scorebook.views.nights import night_context

PAID_EVENT = "transfers-changed"


def _settle_context(view: queries.NightView) -> dict[str, Any]:
    return {
        "night": view.night,
        "title": say(view.variant.title),
        "players": view.players,
        **queries.settlement(view),
    }


@require_GET
@login_required
@vary_on_headers("HX-Request")
def settle(request: SignedInRequest, pk: int) -> HttpResponse:
    # The settle-up adds the rows' bookings up (`NightView.sums`): no row is built.
    view = queries.night_view(queries.night_for(request.user, pk), tail=1)
    template = "scorebook/settle.html"
    if request.htmx and request.htmx.target == "transfers":
        template += "#transfers"
    return TemplateResponse(request, template, _settle_context(view))


@require_POST
@login_required
def mark_paid(request: SignedInRequest, pk: int) -> HttpResponse:
    night = queries.night_for(request.user, pk)
    try:
        amount = Decimal(request.POST.get("amount", ""))
    except InvalidOperation:
        return HttpResponseBadRequest(_("The amount is not a number."))
    try:
        services.mark_transfer_paid(
            night=night,
            payer=request.POST.get("payer", ""),
            payee=request.POST.get("payee", ""),
            amount=amount,
            paid=request.POST.get("paid", "1") == "1",
        )
    except InvalidHand as refused:  # a tampered or stale post: the page never sends one
        text = "; ".join(problem_line(p) for p in refused.problems)
        return HttpResponseBadRequest(text, content_type="text/plain; charset=utf-8")
    if not request.htmx:
        return redirect("settle", pk=pk)
    view = queries.night_view(night, tail=1)
    response = TemplateResponse(request, "scorebook/settle.html#transfers", _settle_context(view))
    return trigger_client_event(response, PAID_EVENT)


@require_GET
@login_required
def summary(request: SignedInRequest, pk: int) -> HttpResponse:
    night = queries.night_for(request.user, pk)
    part = paging.part_of(night, paging.asked_part(request))
    view = queries.night_view(night, window=part.window)
    context = night_context(request, view, part=part) | _settle_context(view)
    context["chart"] = queries.balance_chart(view)
    context["numbers"] = stats.night_numbers(view.night)
    return TemplateResponse(request, "scorebook/print.html", context)
