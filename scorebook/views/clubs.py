"""Clubs: the list (and a new club), a club's page, its members and invite link, joining by
the link, leaving, renaming and deleting (with Undo), and moving a personal night or player
into the club. Seasons are in `scorebook.views.seasons`."""

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

from scorebook import clubs, clubservices, seasons, sharing
from scorebook.clubforms import ClubForm, MemberForm, MoveNightForm, MovePlayerForm, RoleForm
from scorebook.engine.errors import InvalidHand
from scorebook.forms import write_key
from scorebook.models import Club
from scorebook.requests import SignedInRequest
from scorebook.speech import say
from scorebook.views.login import count_unknown, too_many_unknown

MEMBERS = "clubs/members.html"


def posted_key(request: HttpRequest) -> str | None:
    return write_key(request.POST.get("_key"))


def tell_refusal(request: HttpRequest, refused: InvalidHand) -> None:
    """A refusal of a button (no form to show it beside) as the page's message."""
    messages.error(request, "; ".join(say(p.message) for p in refused.problems))


def _refused(form: forms.Form, refused: InvalidHand) -> None:
    """The service's problems onto the form: a field it has, else the whole form."""
    for problem in refused.problems:
        form.add_error(
            problem.field if problem.field in form.fields else None, say(problem.message)
        )


@require_http_methods(["GET", "POST"])
@login_required
def club_list(request: SignedInRequest) -> HttpResponse:
    """GET: the user's clubs; POST: a new club, he its owner."""
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            club = clubservices.create_club(
                user=request.user, name=form.cleaned_data["name"], key=posted_key(request)
            )
        except InvalidHand as refused:
            _refused(form, refused)
        else:
            return redirect("club", pk=club.pk)
    context = {
        "clubs": clubs.clubs_of(request.user),
        "deleted": clubs.deleted_clubs(request.user),
        "form": form,
    }
    return TemplateResponse(request, "clubs/list.html", context)


@require_GET
@login_required
def club(request: SignedInRequest, pk: int) -> HttpResponse:
    """The club's page: its nights, roster, members and seasons (every member)."""
    found, role = clubs.club_for(request.user, pk)
    context = {
        "club": found,
        "role": role,
        "scores": role in clubs.SCORING,
        "nights": clubs.nights_of_club(found)[:50],
        "roster": clubs.roster(found),
        "members": clubs.members_of(found),
        "spans": seasons.spans_of(found),
    }
    return TemplateResponse(request, "clubs/club.html", context)


def _members_context(
    request: HttpRequest, club: Club, form: MemberForm, name_form: ClubForm | None = None
) -> dict[str, Any]:
    link = clubs.link_of(club)
    title = _("QR code of the invite link")
    url, qr = sharing.link_and_qr(request, "join_club", link.token if link else None, title)
    return {
        "club": club,
        "form": form,
        "members": clubs.members_of(club),
        "role_form": RoleForm(),
        "name_form": name_form or ClubForm(initial={"name": club.name}),
        "link": link,
        "url": url,
        "qr": qr,
    }


@require_http_methods(["GET", "POST"])
@login_required
def members(request: SignedInRequest, pk: int) -> HttpResponse:
    """GET: the members, their roles and the invite link; POST: invite by user name."""
    club = clubs.club_to_manage(request.user, pk)
    form = MemberForm(request.POST or None)
    if request.method == "POST" and (
        refusal := too_many_unknown(
            request, MEMBERS, lambda: _members_context(request, club, form), form
        )
    ):
        return refusal
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            clubservices.add_member(
                club=club, username=data["username"], role=data["role"], key=posted_key(request)
            )
        except InvalidHand as refused:
            _refused(form, refused)
            count_unknown(request, refused)
        else:
            messages.success(request, _("Member added."))
            return redirect("club_members", pk=pk)
    return TemplateResponse(request, MEMBERS, _members_context(request, club, form))


@require_POST
@login_required
def set_role(request: SignedInRequest, pk: int, user_pk: int) -> HttpResponse:
    club = clubs.club_to_manage(request.user, pk)
    form = RoleForm(request.POST)
    try:
        if form.is_valid():
            role = form.cleaned_data["role"]
            clubservices.set_role(club=club, user_id=user_pk, role=role, key=posted_key(request))
            messages.success(request, _("Role changed."))
    except InvalidHand as refused:
        tell_refusal(request, refused)
    return redirect("club_members", pk=pk)


@require_POST
@login_required
def remove_member(request: SignedInRequest, pk: int, user_pk: int) -> HttpResponse:
    club = clubs.club_to_manage(request.user, pk)
    try:
        clubservices.remove_member(club=club, user_id=user_pk, key=posted_key(request))
        messages.success(request, _("Member removed."))
    except InvalidHand as refused:
        tell_refusal(request, refused)
    return redirect("club_members", pk=pk)


@require_POST
@login_required
def leave(request: SignedInRequest, pk: int) -> HttpResponse:
    """A member leaves; the nights he started stay with the club."""
    club, _role = clubs.club_for(request.user, pk)
    try:
        clubservices.remove_member(club=club, user_id=request.user.pk, key=posted_key(request))
    except InvalidHand as refused:
        tell_refusal(request, refused)
        return redirect("club", pk=pk)
    messages.success(request, _("You left the club."))
    return redirect("clubs")


@require_POST
@login_required
def rename(request: SignedInRequest, pk: int) -> HttpResponse:
    """The owner renames the club; a refused name is shown on the members page's form."""
    club = clubs.club_to_manage(request.user, pk)
    form = ClubForm(request.POST)
    if form.is_valid():
        try:
            name = form.cleaned_data["name"]
            clubservices.rename_club(club=club, name=name, key=posted_key(request))
        except InvalidHand as refused:
            _refused(form, refused)
        else:
            messages.success(request, _("Club renamed."))
            return redirect("club_members", pk=pk)
    context = _members_context(request, club, MemberForm(), name_form=form)
    return TemplateResponse(request, MEMBERS, context)


@require_POST
@login_required
def delete(request: SignedInRequest, pk: int) -> HttpResponse:
    """The owner deletes the club (refused while it has nights); Undo on the clubs page."""
    club = clubs.club_to_manage(request.user, pk)
    try:
        clubservices.delete_club(club=club, key=posted_key(request))
    except InvalidHand as refused:
        tell_refusal(request, refused)
        return redirect("club_members", pk=pk)
    messages.success(request, _("Club deleted. Undo brings it back with its members and seasons."))
    return redirect(reverse("clubs") + f"#club-{pk}")


@require_POST
@login_required
def restore(request: SignedInRequest, pk: int) -> HttpResponse:
    """Undo a club's delete (its owners)."""
    club = clubs.deleted_club_for(request.user, pk)
    clubservices.restore_club(club=club)
    messages.success(request, _("Club restored."))
    return redirect("club", pk=pk)


@require_POST
@login_required
def create_link(request: SignedInRequest, pk: int) -> HttpResponse:
    club = clubs.club_to_manage(request.user, pk)
    form = RoleForm(request.POST)
    role = form.cleaned_data["role"] if form.is_valid() else clubs.SCORER
    clubservices.create_link(club=club, role=role)
    return redirect("club_members", pk=pk)


@require_POST
@login_required
def revoke_link(request: SignedInRequest, pk: int) -> HttpResponse:
    club = clubs.club_to_manage(request.user, pk)
    clubservices.revoke_link(club=club)
    messages.success(request, _("Invite link revoked."))
    return redirect("club_members", pk=pk)


@require_http_methods(["GET", "POST"])
@login_required
def join(request: SignedInRequest, token: str) -> HttpResponse:
    """GET: which club the link opens; POST: join it (a GET never writes)."""
    link = clubs.club_link(token)
    if request.method == "POST":
        club = clubservices.join_club(link=link, user=request.user)
        messages.success(request, _("You are now a member of this club."))
        return redirect("club", pk=club.pk)
    role = clubs.club_role(request.user, link.club_id)
    context = {"club": link.club, "token": token, "link": link, "role": role}
    return TemplateResponse(request, "clubs/join.html", context)


@require_http_methods(["GET", "POST"])
@login_required
def move(request: SignedInRequest, pk: int) -> HttpResponse:
    """Move one of the user's personal nights or players into the club (a scorer's act)."""
    club = clubs.club_to_score(request.user, pk)
    post = request.POST if request.method == "POST" else None
    what = request.POST.get("what")
    nights_form = MoveNightForm(
        post if what == "night" else None, nights=clubs.personal_nights(request.user)
    )
    players_form = MovePlayerForm(
        post if what == "player" else None, players=clubs.personal_players(request.user)
    )
    form: forms.Form = nights_form if what == "night" else players_form
    if post is not None and form.is_valid():
        try:
            _move(club, form, posted_key(request))
        except InvalidHand as refused:
            _refused(form, refused)
        else:
            messages.success(request, _("Moved into the club."))
            return redirect("club", pk=pk)
    context = {"club": club, "nights_form": nights_form, "players_form": players_form}
    return TemplateResponse(request, "clubs/move.html", context)


def _move(club: Club, form: forms.Form, key: str | None) -> None:
    data = form.cleaned_data
    if "night" in data:
        clubservices.move_night(night=data["night"], club=club, merge=data["merge"], key=key)
    else:
        clubservices.move_player(player=data["player"], club=club, merge=data["merge"], key=key)
