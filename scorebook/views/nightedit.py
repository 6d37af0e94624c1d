"""Changing a night after it started (owner only): its details and names, its house rules
with a preview, delete and undo; handing the pen to co-scorers; the night's history."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorebook import access, nights, nightview, previews, services, sharing
from scorebook.engine.errors import InvalidHand
from scorebook.forms import write_key
from scorebook.history import night_history, rule_changes
from scorebook.labels import problem_line
from scorebook.models import Night
from scorebook.nightforms import HouseRulesForm, NightDetailsForm, ScorerForm
from scorebook.requests import SignedInRequest
from scorebook.speech import say
from scorebook.views.login import count_unknown, too_many_unknown


def _refused(form: forms.Form, refused: InvalidHand, fields: dict[str, str]) -> None:
    """The service's problems onto the form: a known field, else the whole form."""
    for problem in refused.problems:
        field = fields.get(problem.field)
        form.add_error(field, say(problem.message))


def _version(request: HttpRequest, night: Night) -> int | None:
    """The night's version the form was opened at (a hidden field); None if not sent."""
    if request.method != "POST":
        return night.version
    posted = request.POST.get("_version", "")
    return int(posted) if posted.isdecimal() and len(posted) < 10 else None


@require_http_methods(["GET", "POST"])
@login_required
def edit_night(request: SignedInRequest, pk: int) -> HttpResponse:
    night = access.night_to_manage(request.user, pk)
    form = NightDetailsForm(request.POST or None, night=night)
    version, conflict = _version(request, night), None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.edit_night(
                night=night,
                author=request.user,
                date=data["date"],
                place=data["place"],
                per_point=data["per_point"],
                currency=data["currency"],
                names=form.names(),
                version=version,
                key=write_key(request.POST.get("_key")),
            )
        except InvalidHand as refused:
            _refused(form, refused, {"currency": "currency", "stake_per_point": "per_point"})
        except services.Conflict as stale:  # the form keeps what was typed, now at the new version
            conflict, version = stale, stale.current_version
            form = NightDetailsForm(request.POST, night=night)
        else:
            messages.success(request, _("Night changed."))
            return redirect("night", pk=pk)
    context = {"night": night, "form": form, "version": version, "conflict": conflict}
    return TemplateResponse(request, "scorebook/night_edit.html", context)


@require_http_methods(["GET", "POST"])
@login_required
def house_rules(request: SignedInRequest, pk: int) -> HttpResponse:
    """GET: the rules; POST: a preview of what changes; POST with `confirm`: save."""
    night = access.night_to_manage(request.user, pk)
    view = nightview.night_view(night)
    rules = nights.complete_house_rules(view.variant, night.house_rules)
    form = HouseRulesForm(request.POST or None, variant=view.variant, rules=rules)
    preview, version, conflict = None, _version(request, night), None
    if request.method == "POST" and form.is_valid():
        preview = previews.rules_preview(view, form.house_rules())
        if form.cleaned_data["confirm"] and not preview.problems:
            try:
                services.change_house_rules(
                    night=night,
                    rules=form.house_rules(),
                    author=request.user,
                    version=version,
                    key=write_key(request.POST.get("_key")),
                )
            except InvalidHand as refused:
                preview.problems = refused.problems
            except services.Conflict as stale:
                conflict, version = stale, stale.current_version
            else:
                messages.success(request, _("House rules changed; every hand re-scored."))
                return redirect("night", pk=pk)
    context = {
        "night": night,
        "title": say(view.variant.title),
        "form": form,
        "preview": preview,
        "problems": [problem_line(p) for p in preview.problems] if preview else [],
        "version": version,
        "conflict": conflict,
        "conflict_changes": rule_changes(night, conflict.changes) if conflict else [],
    }
    return TemplateResponse(request, "scorebook/night_rules.html", context)


@require_GET
@login_required
def history(request: SignedInRequest, pk: int) -> HttpResponse:
    night = access.night_to_score(request.user, pk)
    context = {
        "night": night,
        "title": say(nights.variant_of(night).title),
        "revisions": night_history(night),
    }
    return TemplateResponse(request, "scorebook/night_history.html", context)


@require_POST
@login_required
def delete_night(request: SignedInRequest, pk: int) -> HttpResponse:
    night = access.night_to_manage(request.user, pk)
    services.delete_night(night=night, author=request.user)
    messages.success(request, _("Night deleted. Undo brings it back with every hand."))
    return redirect(reverse("deleted_nights") + f"#night-{pk}")


@require_POST
@login_required
def restore_night(request: SignedInRequest, pk: int) -> HttpResponse:
    night = access.deleted_night_for(request.user, pk)
    services.restore_night(night=night, author=request.user)
    messages.success(request, _("Night restored."))
    return redirect("night", pk=pk)


@require_GET
@login_required
def deleted_nights(request: SignedInRequest) -> HttpResponse:
    nights_list = [
        (n, say(nights.variant_of(n).title)) for n in access.deleted_nights(request.user)
    ]
    context = {"nights": nights_list, "days": services.KEEP_DELETED_DAYS}
    return TemplateResponse(request, "scorebook/deleted_nights.html", context)


SCORERS = "scorebook/scorers.html"


def _scorers_context(request: HttpRequest, night: Night, form: ScorerForm) -> dict[str, Any]:
    link = sharing.scorer_link_of(night)
    title = _("QR code of the scorer link")
    url, qr = sharing.link_and_qr(request, "join_scorer", link.token if link else None, title)
    return {
        "night": night,
        "form": form,
        "scorers": sharing.scorers_of(night),
        "link": link,
        "url": url,
        "qr": qr,
    }


def _scorers_page(request: HttpRequest, night: Night, form: ScorerForm) -> HttpResponse:
    return TemplateResponse(request, SCORERS, _scorers_context(request, night, form))


@require_http_methods(["GET", "POST"])
@login_required
def scorers(request: SignedInRequest, pk: int) -> HttpResponse:
    """GET: who may score; POST: invite an account by its user name."""
    night = access.night_to_manage(request.user, pk)
    form = ScorerForm(request.POST or None)
    if request.method == "POST" and (
        refusal := too_many_unknown(
            request, SCORERS, lambda: _scorers_context(request, night, form), form
        )
    ):
        return refusal
    if request.method == "POST" and form.is_valid():
        try:
            services.add_scorer(
                night=night, username=form.cleaned_data["username"], author=request.user
            )
        except InvalidHand as refused:
            _refused(form, refused, {"username": "username"})
            count_unknown(request, refused)
        else:
            messages.success(request, _("Co-scorer added."))
            return redirect("scorers", pk=pk)
    return _scorers_page(request, night, form)


@require_POST
@login_required
def remove_scorer(request: SignedInRequest, pk: int, user_pk: int) -> HttpResponse:
    night = access.night_to_manage(request.user, pk)
    services.remove_scorer(night=night, user_id=user_pk, author=request.user)
    messages.success(request, _("Co-scorer removed."))
    return redirect("scorers", pk=pk)


@require_POST
@login_required
def scorer_link(request: SignedInRequest, pk: int) -> HttpResponse:
    night = access.night_to_manage(request.user, pk)
    services.create_scorer_link(night=night)
    return redirect("scorers", pk=pk)


@require_POST
@login_required
def revoke_scorer_link(request: SignedInRequest, pk: int) -> HttpResponse:
    night = access.night_to_manage(request.user, pk)
    services.revoke_scorer_link(night=night)
    messages.success(request, _("Scorer link revoked."))
    return redirect("scorers", pk=pk)


@require_http_methods(["GET", "POST"])
@login_required
def join_scorer(request: SignedInRequest, token: str) -> HttpResponse:
    """GET: whose night the link opens; POST: become its co-scorer (a GET never writes)."""
    link = access.scorer_link(token)
    if request.method == "POST":
        night = services.join_as_scorer(link=link, user=request.user)
        messages.success(request, _("You can now record hands at this night."))
        return redirect("night", pk=night.pk)
    night = link.night
    context = {
        "night": night,
        "token": token,
        "title": say(nights.variant_of(night).title),
        "owner": night.owner,
        "role": access.role_in(request.user, night),
    }
    return TemplateResponse(request, "scorebook/join_scorer.html", context)
