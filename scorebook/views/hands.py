"""Hand entry: one generic form for every variant, live preview, edit, delete, restore."""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass, field
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.template.loader import select_template
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import trigger_client_event

from scorebook import access, history, nightview, previews, services, stamps
from scorebook.engine.errors import InvalidHand, Problem
from scorebook.engine.messages import msg
from scorebook.entry import entry_view, form_view
from scorebook.forms import HandForm, ParsedHand, parse_hand, post_values, record_values
from scorebook.labels import problem_line
from scorebook.models import Hand
from scorebook.requests import SignedInRequest
from scorebook.speech import say
from scorebook.views.nights import LIVE_SECONDS, night_context, shown_rows

LEDGER_EVENT = "ledger-changed"
logger = logging.getLogger(__name__)


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def fresh_key() -> str:
    """A write key for a form being rendered (services.write_key checks what comes back)."""
    return secrets.token_urlsafe(16)


def _posted_key(request: HttpRequest) -> str | None:
    return services.write_key(request.POST.get("_key"))


@dataclass(frozen=True)
class _Posted:
    """The form's own fields, read once: the hand number and row it was opened for, and
    its write key."""

    expected_number: int | None
    expected_position: int | None
    key: str | None


def _posted(request: HttpRequest) -> _Posted:
    number = _int(request.POST.get("_expected_number"))
    position = _int(request.POST.get("_expected_position"))
    return _Posted(number, position, _posted_key(request))


def _wants_json(request: HttpRequest) -> bool:
    """The phone's outbox sends a kept hand and wants a short answer, not a page."""
    return request.headers.get("Accept", "").startswith("application/json")


def _hand_template(key: str) -> str:
    chosen = select_template([f"scorebook/hands/{key}.html", "scorebook/hands/_generic.html"])
    return str(chosen.template.name)


def _form(
    view: nightview.NightView, hand: Hand | None, before: nightview.Before, data: Any = None
) -> HandForm:
    """The form for a new hand (hand=None) or for editing `hand`, at the table `before` it."""
    hint = before.hint
    form = HandForm(
        players=view.players,
        active=before.active,
        shape=view.variant.record,
        rules=view.session.house_rules,
    )
    if data is not None:
        form.values = post_values(data)
    elif hand is not None:
        form.values = record_values(hand.record, view.players)
    else:
        form.fresh = True
        if hint.next_dealer:
            form.values["dealer"] = [hint.next_dealer]
    return form


def _render(
    request: HttpRequest,
    view: nightview.NightView,
    hand: Hand | None,
    form: HandForm,
    before: nightview.Before,
    *,
    preview: previews.Preview | None = None,
    conflict: services.Conflict | None = None,
    template: str = "scorebook/hand.html",
    expected_number: int | None = None,
    version: int | None = None,
    expected_position: int | None = None,
    key: str | None = None,
) -> TemplateResponse:
    hint, number = before.hint, before.number
    context: dict[str, Any] = {
        "night": view.night,
        "title": say(view.variant.title),
        "hand": hand,
        "form": form,
        "hint": hint,
        "hint_notes": [say(n) for n in hint.notes],
        "number": hand.number if hand else number,
        "expected_number": expected_number or number,
        "expected_position": before.position if expected_position is None else expected_position,
        "version": version or (hand.version if hand else None),
        "write_key": key or fresh_key(),
        "stamp": stamps.night_stamp(view.night),
        "poll": LIVE_SECONDS,
        "hand_template": _hand_template(view.night.variant),
        "preview": previews.preview_table(view, preview)
        if preview and not preview.problems
        else None,
        # What the hand implies beyond what was tapped: named in the breakdown, and hand.js
        # shows each value in its field (a chip marked, a count as its placeholder).
        "inferred": form.inferred(preview.inferred) if preview and not preview.problems else [],
        "conflict": conflict,
        "changes": history.hand_changes(hand) if hand else [],
        "pot_names": view.pot_names,
        # The htmx preview also refreshes the one-line result beside the Save button.
        "oob": template.endswith("#preview"),
    }
    return TemplateResponse(request, template, context)


@dataclass
class _Refused:
    """Why a save did not happen: problems to show at their fields, or a conflict."""

    problems: list[Problem] = field(default_factory=list)
    conflict: services.Conflict | None = None


def _other_account(request: SignedInRequest) -> list[Problem]:
    """A hand kept on a shared phone is sent only by the account that entered it."""
    entered_by = request.POST.get("_account")
    if entered_by is None or entered_by == str(request.user.pk):
        return []
    return [Problem("hand", msg("this hand was entered under another account: it was not saved"))]


def _record_new(
    request: SignedInRequest, table: access.Table, parsed: ParsedHand
) -> Hand | _Refused:
    if parsed.problems or _other_account(request):
        return _Refused(list(parsed.problems) + _other_account(request))
    posted = _posted(request)
    try:
        return services.record_hand(
            night=table.night,
            variant=table.variant,
            record=parsed.record,
            expected_number=posted.expected_number,
            expected_position=posted.expected_position,
            author=request.user,
            key=posted.key,
        )
    except InvalidHand as refused:
        return _Refused(refused.problems)
    except services.Conflict as stale:
        return _Refused(conflict=stale)
    except Exception:  # an engine bug must not cost the user his input
        logger.exception("scoring a new hand failed")
        return _Refused([_engine_failed()])


@require_http_methods(["GET", "POST"])
@login_required
def new_hand(request: SignedInRequest, pk: int) -> HttpResponse:
    table = access.table_for(request.user, pk)  # the night and the role, once for the request
    parsed, refused = None, None
    if request.method == "POST":
        # Saving reads only the seats and the last state: no work grows with the night.
        parsed = parse_hand(request.POST, table.players, table.variant.record)
        outcome = _record_new(request, table, parsed)
        if isinstance(outcome, Hand):
            message = _("Hand %(number)s saved.") % {"number": outcome.number}
            return _saved(request, outcome, message)
        refused = outcome
    return _new_form(request, table, parsed, refused)


def _new_form(
    request: SignedInRequest,
    table: access.Table,
    parsed: ParsedHand | None = None,
    outcome: _Refused | None = None,
) -> HttpResponse:
    """The new-hand form on the night as it is now: blank, or again after a refused save
    with its problems or its conflict (the one place the new-hand page is rendered)."""
    view = form_view(table.night, table.variant)
    before = nightview.before(view, None)
    if outcome is not None and _wants_json(request):
        return _refused_json(before, outcome)
    form = _form(view, None, before, None if outcome is None else request.POST)
    posted, preview, conflict = _Posted(None, None, None), None, None
    if parsed is not None and outcome is not None:
        form.rows, form.problems = parsed.rows, outcome.problems
        posted, conflict = _posted(request), outcome.conflict
    if parsed is not None and conflict is not None:
        # The form stands on the night as it is now: its number and row, a fresh key.
        preview = _present(view, form, before, parsed)
        posted = _Posted(None, None, None if conflict.reused_key else posted.key)
    return _render(
        request,
        view,
        None,
        form,
        before,
        preview=preview,
        conflict=conflict,
        expected_number=posted.expected_number,
        expected_position=posted.expected_position,
        key=posted.key,
    )


def _present(
    view: nightview.NightView, form: HandForm, before: nightview.Before, parsed: ParsedHand
) -> previews.Preview:
    """After a conflict: what the scorer entered, under the dealer and multiplier of the
    night as it is now, with its payments in view."""
    record = dict(parsed.record)
    dealer = before.hint.next_dealer
    if "dealer" in record and dealer:
        record["dealer"] = dealer
        form.values["dealer"] = [dealer]
    preview = _preview_or_problems(view, record, before)
    form.problems = preview.problems
    return preview


def _saved(request: SignedInRequest, hand: Hand, message: str) -> HttpResponse:
    url = reverse("night", args=[hand.night_id])
    if not request.POST.get("_queued"):  # sent from the outbox later: the outbox says it
        messages.success(request, message)
    if _wants_json(request):
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


def _refused_json(now: nightview.Before, refused: _Refused) -> JsonResponse:
    """For the outbox: a conflict with the night as it is now (the next number, position
    and dealer, so one tap saves the kept hand as the next one), or the problems in words."""
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


@require_http_methods(["GET", "POST"])
@login_required
def edit_hand(request: SignedInRequest, pk: int, hand_pk: int) -> HttpResponse:
    hand = access.hand_to_score(request.user, pk, hand_pk)
    view = entry_view(hand.night, hand)
    before = nightview.before(view, hand)
    if request.method == "GET":
        form = _form(view, hand, before)
        preview = _current_payments(view, hand, before)
        return _render(request, view, hand, form, before, preview=preview)
    form = _form(view, hand, before, request.POST)
    parsed = parse_hand(request.POST, view.players, view.variant.record)
    form.rows = parsed.rows
    version = _int(request.POST.get("_version")) or 0
    outcome = _edit(request, hand, parsed, version)
    if isinstance(outcome, Hand):
        return _saved(request, outcome, _edited_message(outcome, version))
    if _wants_json(request):
        return _refused_json(nightview.before(view, None), outcome)
    form.problems = outcome.problems
    if outcome.conflict is not None:
        # The form now stands on the saved version: saving again (after comparing) wins.
        conflict = outcome.conflict
        return _render(
            request, view, hand, form, before, conflict=conflict, version=conflict.current_version
        )
    return _render(request, view, hand, form, before, version=version, key=_posted_key(request))


def _edit(
    request: SignedInRequest, hand: Hand, parsed: ParsedHand, version: int
) -> Hand | _Refused:
    if parsed.problems or _other_account(request):
        return _Refused(list(parsed.problems) + _other_account(request))
    try:
        return services.edit_hand(
            hand=hand,
            record=parsed.record,
            version=version,
            author=request.user,
            key=_posted_key(request),
        )
    except InvalidHand as refused:
        return _Refused(refused.problems)
    except services.Conflict as conflict:
        return _Refused(conflict=conflict)
    except Exception:  # an engine bug must not cost the user his input
        logger.exception("re-scoring after an edit failed")
        return _Refused([_engine_failed()])


def _edited_message(hand: Hand, version: int) -> str:
    if hand.version == version:  # nothing was different: nothing was written
        return _("Nothing changed: hand %(number)s is as it was.") % {"number": hand.number}
    return _("Hand %(number)s changed; later hands re-scored.") % {"number": hand.number}


@require_POST
@login_required
def preview(request: SignedInRequest, pk: int, hand_pk: int | None = None) -> HttpResponse:
    """Score the form without saving: the fragment for htmx, the whole form page otherwise."""
    if hand_pk is None:
        hand = None
        view = entry_view(access.night_to_score(request.user, pk))
    else:
        hand = access.hand_to_score(request.user, pk, hand_pk)
        view = entry_view(hand.night, hand)
    before = nightview.before(view, hand)
    form = _form(view, hand, before, request.POST)
    parsed = parse_hand(request.POST, view.players, view.variant.record)
    form.rows = parsed.rows
    result = previews.Preview(problems=parsed.problems)
    if not parsed.problems:
        result = _preview_or_problems(view, parsed.record, before)
    form.problems = result.problems
    template = "scorebook/hand.html#preview" if request.htmx else "scorebook/hand.html"
    return _render(
        request,
        view,
        hand,
        form,
        before,
        preview=result,
        template=template,
        expected_number=_int(request.POST.get("_expected_number")),
        version=_int(request.POST.get("_version")),
        expected_position=_int(request.POST.get("_expected_position")),
        key=_posted_key(request),
    )


def _preview_or_problems(
    view: nightview.NightView, record: dict[str, Any], before: nightview.Before
) -> previews.Preview:
    try:
        return previews.preview_hand(view, record, before)
    except Exception:  # an engine bug must not cost the user his input
        logger.exception("previewing a hand failed")
        return previews.Preview(problems=[_engine_failed()])


def _current_payments(
    view: nightview.NightView, hand: Hand, before: nightview.Before
) -> previews.Preview | None:
    """What the stored hand pays now: the edit page opens with it in view."""
    if hand.deleted:
        return None
    try:
        return previews.preview_hand(view, hand.record, before)
    except Exception:  # a hand the engine no longer reads: the form shows it for fixing
        logger.exception("previewing a stored hand failed")
        return None


def _engine_failed() -> Problem:
    return Problem("hand", msg("the scorer could not read this hand"))


def _ledger_response(request: SignedInRequest, pk: int) -> HttpResponse:
    if not request.htmx:
        return redirect("night", pk=pk)
    night = access.night_to_score(request.user, pk)
    view = nightview.night_view(night, tail=shown_rows(request))
    # `fragment`: the ledger brings the messages with it (say, why a delete was refused)
    context = night_context(request, view) | {"fragment": True}
    response = TemplateResponse(request, "scorebook/night.html#ledger", context)
    return trigger_client_event(response, LEDGER_EVENT)


@require_POST
@login_required
def delete_hand(request: SignedInRequest, pk: int, hand_pk: int) -> HttpResponse:
    hand = access.hand_to_score(request.user, pk, hand_pk)
    number, last = hand.number, nightview.last_number(hand.night)
    try:
        services.delete_hand(
            hand=hand, version=_int(request.POST.get("_version")) or 0, author=request.user
        )
    except (InvalidHand, services.Conflict) as refused:
        messages.error(request, _refusal(refused))
    else:
        messages.success(request, _deleted_message(number, last))
    return _ledger_response(request, pk)


def _deleted_message(number: int | None, last: int) -> str:
    """Which hands got new numbers, so nobody is surprised that hand 7 is now hand 6."""
    if number is None or number >= last:
        return _("Hand deleted. Restore (in its row) brings it back.")
    if number + 1 == last:
        moved = _("hand %(old)s is now hand %(new)s") % {"old": last, "new": number}
    else:
        moved = _("hands %(first)s–%(last)s are now %(new_first)s–%(new_last)s") % {
            "first": number + 1,
            "last": last,
            "new_first": number,
            "new_last": last - 1,
        }
    return _("Hand %(number)s deleted; %(moved)s. Restore (in its row) brings it back.") % {
        "number": number,
        "moved": moved,
    }


@require_POST
@login_required
def restore_hand(request: SignedInRequest, pk: int, hand_pk: int) -> HttpResponse:
    hand = access.hand_to_score(request.user, pk, hand_pk)
    try:
        services.restore_hand(
            hand=hand, version=_int(request.POST.get("_version")) or 0, author=request.user
        )
    except (InvalidHand, services.Conflict) as refused:
        messages.error(request, _refusal(refused))
    else:
        messages.success(request, _("Hand restored."))
    return _ledger_response(request, pk)


def _refusal(refused: Exception) -> str:
    if isinstance(refused, InvalidHand):
        return "; ".join(problem_line(p) for p in refused.problems)
    return str(refused)


@require_POST
@login_required
def event(request: SignedInRequest, pk: int) -> HttpResponse:
    """A session event between hands (`join`, `leave`) where the variant has them."""
    night = access.night_to_score(request.user, pk)
    view = entry_view(night)
    parsed = parse_hand(request.POST, view.players, view.variant.event_record)
    if parsed.record.get("event") != "join" or parsed.record.get("player") in view.players:
        # The form always sends where a joiner sits; a leave, or a player coming back to
        # his own seat, has no seat to choose.
        parsed.record.pop("seat_index", None)
    if not parsed.problems and not isinstance(parsed.record.get("event"), str):
        parsed.problems = [Problem("event", msg("is required"))]
    try:
        if parsed.problems:
            raise InvalidHand(parsed.problems)
        services.record_hand(
            night=night, record=parsed.record, author=request.user, key=_posted_key(request)
        )
    except (InvalidHand, services.Conflict) as refused:
        messages.error(request, _refusal(refused))
    else:
        messages.success(request, _("Recorded."))
    return redirect("night", pk=pk)
