"""Settle-up (balances, end-of-session payouts, fewest transfers) and the printable summary."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import trigger_client_event

from scorebook import queries, services
from scorebook.views.nights import lang, night_context

PAID_EVENT = "transfers-changed"
PAID_QUANTUM = Decimal("0.0001")  # PaidTransfer.amount: 14 digits, 4 after the point
MAX_PAID = Decimal(10) ** 10


def _settle_context(request: HttpRequest, view: queries.NightView) -> dict:
    return {
        "night": view.night,
        "title": view.variant.title.get(view.lang),
        "players": view.players,
        **queries.settlement(view),
    }


@require_GET
@login_required
@vary_on_headers("HX-Request")
def settle(request: HttpRequest, pk: int) -> HttpResponse:
    view = queries.night_view(queries.night_for(request.user, pk), lang())
    template = "scorebook/settle.html"
    if request.htmx and request.htmx.target == "transfers":
        template += "#transfers"
    return TemplateResponse(request, template, _settle_context(request, view))


@require_POST
@login_required
def mark_paid(request: HttpRequest, pk: int) -> HttpResponse:
    night = queries.night_for(request.user, pk)
    try:
        amount = Decimal(request.POST.get("amount", ""))
    except InvalidOperation:
        return HttpResponseBadRequest("amount")
    payer, payee = request.POST.get("payer", ""), request.POST.get("payee", "")
    if not payer or not payee or payer == payee or not amount.is_finite() or amount <= 0:
        return HttpResponseBadRequest("transfer")
    if amount >= MAX_PAID or amount != amount.quantize(PAID_QUANTUM):  # what the column holds
        return HttpResponseBadRequest("amount")
    services.mark_transfer_paid(
        night=night,
        payer=payer[:80],
        payee=payee[:80],
        amount=amount,
        paid=request.POST.get("paid", "1") == "1",
    )
    if not request.htmx:
        return redirect("settle", pk=pk)
    view = queries.night_view(night, lang())
    response = TemplateResponse(
        request, "scorebook/settle.html#transfers", _settle_context(request, view)
    )
    return trigger_client_event(response, PAID_EVENT)


@require_GET
@login_required
def summary(request: HttpRequest, pk: int) -> HttpResponse:
    view = queries.night_view(queries.night_for(request.user, pk), lang())
    context = night_context(request, view, every_row=True) | _settle_context(request, view)
    context["chart"] = queries.balance_chart(view)
    return TemplateResponse(request, "scorebook/print.html", context)
