"""The hand form's page, rendered in one place for a new hand, an edit and a preview, and
the answer to a new hand's save (the night, the phone outbox's short answer, or the form
again with what refused it)."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.template.loader import select_template
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _

from scorebook import history, previews, stamps
from scorebook.engine.errors import Problem
from scorebook.engine.replay import Scored
from scorebook.entry import NextHand
from scorebook.forms import HandForm, ParsedHand, post_values, record_values
from scorebook.labels import problem_line
from scorebook.models import Hand
from scorebook.nightview import Before, NightView
from scorebook.services import Conflict, Refused
from scorebook.speech import say


def fresh_key() -> str:
    """A write key for a form being rendered (forms.write_key checks what comes back)."""
    return secrets.token_urlsafe(16)


def wants_json(request: HttpRequest) -> bool:
    """The phone's outbox sends a kept hand and wants a short answer, not a page."""
    return request.headers.get("Accept", "").startswith("application/json")


def saved(request: HttpRequest, hand: Hand, message: str, *, queued: bool) -> HttpResponse:
    """After a save: the night, or for the phone's outbox a short answer."""
    url = reverse("night", args=[hand.night_id])
    if not queued:  # sent from the outbox later: the outbox says it
        messages.success(request, message)
    if wants_json(request):
        return JsonResponse(
            {
                "status": "saved",
                "number": hand.number,
                "position": hand.position,
                "message": message,
                "redirect": url,
            }
        )
    return redirect(url)


def answer(
    request: HttpRequest, at: NextHand, parsed: ParsedHand | None, outcome: Hand | Refused | None
) -> HttpResponse:
    """The new-hand request's answer: after a save, the night; otherwise the form on the
    night as it is now (`at`), blank or again with what refused the save; the phone's
    outbox gets a short answer (`refused_json`)."""
    if isinstance(outcome, Hand):
        message = _("Hand %(number)s saved.") % {"number": outcome.number}
        return saved(request, outcome, message, queued=parsed is not None and parsed.fields.queued)
    if outcome is None or parsed is None or not wants_json(request):
        return _refused_page(request, at, parsed, outcome)
    return refused_json(at.before, outcome)


def refused_json(now: Before, refused: Refused) -> JsonResponse:
    """For the phone's outbox: a conflict with the night as it is now (`now`: the next
    number, row and dealer, so one tap saves the kept hand as the next one), or the
    problems in words."""
    if refused.conflict is not None:
        return JsonResponse(
            {
                "status": "conflict",
                "message": refused.conflict.message,
                "number": now.number,
                "position": now.position,
                "dealer": now.hint.next_dealer,
                "new_key": refused.conflict.reused_key,
            },
            status=409,
        )
    lines = [problem_line(p) for p in refused.problems]
    return JsonResponse({"status": "invalid", "problems": lines}, status=422)


def _refused_page(
    request: HttpRequest, at: NextHand, parsed: ParsedHand | None, outcome: Refused | None
) -> TemplateResponse:
    """The new-hand form: blank, or again after a refused save. After a conflict it stands
    on the night as it is now: its number and row, the hand under the current dealer with
    its payments, and a fresh key where the old one was used."""
    if parsed is None or outcome is None:
        return page(request, at.view, at.before)
    fields, scored, conflict = parsed.fields, outcome.scored, outcome.conflict
    return page(  # `scored`: the conflict's hand, as it scores on the night now
        request,
        at.view,
        at.before,
        data=request.POST,
        dealer=scored.record.get("dealer") if scored else None,
        rows=parsed.rows,
        problems=scored.problems if scored else outcome.problems,
        preview=scored,
        conflict=conflict,
        expected_number=None if scored else fields.expected_number,
        expected_position=None if scored else fields.expected_position,
        key=None if conflict is not None and conflict.reused_key else fields.key,
    )


def page(
    request: HttpRequest,
    view: NightView,
    before: Before,
    *,
    hand: Hand | None = None,
    data: Any = None,
    dealer: str | None = None,
    rows: dict[str, list[int]] | None = None,
    problems: Sequence[Problem] = (),
    preview: Scored | None = None,
    conflict: Conflict | None = None,
    template: str = "scorebook/hand.html",
    expected_number: int | None = None,
    version: int | None = None,
    expected_position: int | None = None,
    key: str | None = None,
) -> TemplateResponse:
    """The hand form for a new hand (hand=None) or for editing `hand`, at the table
    `before` it: filled from `data` (what was posted; `dealer` in place of the posted one),
    else from the hand, else blank with the next dealer; with its problems, its preview's payments and a conflict."""
    hint = before.hint
    form = HandForm(
        players=view.players,
        active=before.active,
        shape=view.variant.record,
        rules=view.session.house_rules,
        rows=rows or {},
        problems=list(problems),
    )
    if data is not None:
        form.values = post_values(data)
    elif hand is not None:
        form.values = record_values(hand.record, view.players)
    else:
        form.fresh = True
        if hint.next_dealer:
            form.values["dealer"] = [hint.next_dealer]
    if dealer:  # after a conflict: the dealer of the night as it is now
        form.values["dealer"] = [dealer]
    shown = preview if preview is not None and not preview.problems else None
    # The htmx preview (sent on every tap) is the payments and the one-line result beside
    # the Save button: the night's stamp and the hand's history are for the whole page.
    fragment = template.endswith("#preview")
    context: dict[str, Any] = {
        "night": view.night,
        "hand": hand,
        "form": form,
        # What the hand implies beyond what was tapped: named in the breakdown, and hand.js
        # shows each value in its field (a chip marked, a count as its placeholder).
        "inferred": form.inferred(shown.inferred) if shown else [],
        "title": say(view.variant.title),
        "hint": hint,
        "hint_notes": [say(n) for n in hint.notes],
        "number": hand.number if hand else before.number,
        "expected_number": expected_number or before.number,
        "expected_position": before.position if expected_position is None else expected_position,
        "version": version or (hand.version if hand else None),
        "write_key": key or fresh_key(),
        "stamp": "" if fragment else stamps.night_stamp(view.night),
        "poll": stamps.LIVE_SECONDS,
        "hand_template": str(
            select_template(
                [f"scorebook/hands/{view.night.variant}.html", "scorebook/hands/_generic.html"]
            ).template.name
        ),
        "preview": previews.preview_table(view, shown) if shown else None,
        "conflict": conflict,
        "changes": history.hand_changes(hand) if hand and not fragment else [],
        "pot_names": view.pot_names,
        "oob": fragment,
    }
    return TemplateResponse(request, template, context)
