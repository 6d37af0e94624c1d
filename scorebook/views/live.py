"""The scorers' own pages stay live: the night page and an open hand form ask every few
seconds whether the night changed. Unchanged (one query: the night's fingerprint) is a 204
that htmx ignores; changed, the answer triggers `night-changed`, on which the night page
reloads its standings, next hand and ledger, and a hand form moves to the next number."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from django_htmx.http import trigger_client_event

from scorebook import access, nightview, stamps
from scorebook.models import Hand
from scorebook.requests import SignedInRequest
from scorebook.stamps import LIVE_SECONDS

CHANGED_EVENT = "night-changed"


@require_GET
@login_required
def live(request: SignedInRequest, pk: int) -> HttpResponse:
    night = access.night_to_score(request.user, pk)
    stamp = stamps.night_stamp(night)
    if request.GET.get("stamp") == stamp:
        return HttpResponse(status=204)
    view = nightview.night_view(night, tail=1)
    number = view.next_number()
    seen = _int(request.GET.get("number"))
    detail = {
        "number": number,
        "position": view.next_position(),
        "dealer": view.hint().next_dealer,
        "message": _moved_on(night.pk, number, seen),
    }
    context = {"night": night, "stamp": stamp, "number": number, "poll": LIVE_SECONDS}
    response = TemplateResponse(request, "scorebook/includes/live.html", context)
    return trigger_client_event(response, CHANGED_EVENT, detail)


def _moved_on(night_pk: int, number: int, seen: int | None) -> str:
    """What a hand form opened for hand `seen` says when another phone recorded it."""
    if seen is None or number <= seen:
        return ""
    latest = (
        Hand.objects.filter(night_id=night_pk, number=number - 1).select_related("author").first()
    )
    who = latest.author.get_username() if latest is not None and latest.author else ""
    values = {"recorded": number - 1, "who": who, "number": number}
    if who:
        text = _(
            "Hand %(recorded)s was just recorded by %(who)s. This form is now hand "
            "%(number)s; what you entered is kept."
        )
    else:
        text = _(
            "Hand %(recorded)s was just recorded on another phone. This form is now hand "
            "%(number)s; what you entered is kept."
        )
    return text % values


def _int(value: str | None) -> int | None:
    return int(value) if value and value.isdigit() and len(value) < 9 else None
