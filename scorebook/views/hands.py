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
from django.template.loader import render_to_string, select_template
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import trigger_client_event

from scorebook import nights, queries, services
from scorebook.engine.errors import InvalidHand, Problem
from scorebook.engine.messages import msg
from scorebook.forms import HandForm, ParsedHand, parse_hand, post_values, record_values
from scorebook.labels import problem_line
from scorebook.models import Hand, Night
from scorebook.queries_entry import entry_view
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


def _wants_json(request: HttpRequest) -> bool:
    """The phone's outbox sends a kept hand and wants a short answer, not a page."""
    return request.headers.get("Accept", "").startswith("application/json")


def _hand_template(key: str) -> str:
    chosen = select_template([f"scorebook/hands/{key}.html", "scorebook/hands/_generic.html"])
    return str(chosen.template.name)


def _form(view: queries.NightView, hand: Hand | None, data: Any = None) -> tuple[HandForm, Any]:
    """The form for a new hand (hand=None) or for editing `hand`, and the table hint."""
    hint = queries.hint_before(view, hand)
    active = queries.active_players(view, hint, hand)
    form = HandForm(
        players=view.players,
        active=active,
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
    return form, hint


def _render(
    request: HttpRequest,
    view: queries.NightView,
    hand: Hand | None,
    form: HandForm,
    hint: Any,
    *,
    preview: queries.Preview | None = None,
    conflict: services.Conflict | None = None,
    template: str = "scorebook/hand.html",
    expected_number: int | None = None,
    version: int | None = None,
    expected_position: int | None = None,
    key: str | None = None,
) -> TemplateResponse:
    _state, number = queries.state_before(view, hand)
    if expected_position is None:
        expected_position = view.next_position()
    context = {
        "night": view.night,
        "title": say(view.variant.title),
        "hand": hand,
        "form": form,
        "hint": hint,
        "hint_notes": [say(n) for n in hint.notes],
        "number": hand.number if hand else number,
        "expected_number": expected_number or number,
        "expected_position": expected_position,
        "version": version or (hand.version if hand else None),
        "write_key": key or fresh_key(),
        "stamp": queries.night_stamp(view.night),
        "poll": LIVE_SECONDS,
        "hand_template": _hand_template(view.night.variant),
        "preview": queries.preview_table(view, preview)
        if preview and not preview.problems
        else None,
        "conflict": conflict,
        "changes": queries.hand_changes(hand) if hand else [],
        "pot_names": view.pot_names,
        # The htmx preview also refreshes the one-line result beside the Save button.
        "oob": template.endswith("#preview"),
    }
    if context["oob"] and form.problems:
        # The fragment names each problem by its field's label, which the field tags record
        # as they render: render the fields once, unseen.
        render_to_string(context["hand_template"], context, request)
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


def _record_new(request: SignedInRequest, night: Night, parsed: ParsedHand) -> Hand | _Refused:
    if parsed.problems or _other_account(request):
        return _Refused(list(parsed.problems) + _other_account(request))
    try:
        return services.record_hand(
            night=night,
            record=parsed.record,
            expected_number=_int(request.POST.get("_expected_number")),
            expected_position=_int(request.POST.get("_expected_position")),
            author=request.user,
            key=_posted_key(request),
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
    night = queries.night_to_score(request.user, pk)
    if request.method == "GET":
        view = entry_view(night)
        form, hint = _form(view, None)
        return _render(request, view, None, form, hint)
    # Saving reads only the seats and the last state: no work grows with the night.
    record = nights.variant_of(night).record
    parsed = parse_hand(request.POST, queries.seated_names(night), record)
    outcome = _record_new(request, night, parsed)
    if isinstance(outcome, Hand):
        return _saved(request, outcome, _("Hand %(number)s saved.") % {"number": outcome.number})
    view = entry_view(night)
    if _wants_json(request):
        return _refused_json(view, outcome)
    form, hint = _form(view, None, request.POST)
    form.rows, form.problems = parsed.rows, outcome.problems
    if outcome.conflict is None:
        return _render(
            request,
            view,
            None,
            form,
            hint,
            expected_number=_int(request.POST.get("_expected_number")),
            expected_position=_int(request.POST.get("_expected_position")),
            key=_posted_key(request),
        )
    return _render_present(request, view, form, hint, parsed, outcome.conflict)


def _render_present(
    request: SignedInRequest,
    view: queries.NightView,
    form: HandForm,
    hint: Any,
    parsed: ParsedHand,
    conflict: services.Conflict,
) -> TemplateResponse:
    """After a conflict the form stands on the night as it is now: its hand number, dealer
    and multiplier, with what the scorer entered and the payments in view."""
    record = dict(parsed.record)
    if "dealer" in record and hint.next_dealer:
        record["dealer"] = hint.next_dealer
        form.values["dealer"] = [hint.next_dealer]
    preview = _preview_or_problems(view, record, None)
    form.problems = preview.problems
    key = None if conflict.reused_key else _posted_key(request)
    return _render(request, view, None, form, hint, preview=preview, conflict=conflict, key=key)


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


def _refused_json(view: queries.NightView, refused: _Refused) -> JsonResponse:
    """For the outbox: a conflict with the night as it is now (the next number, position
    and dealer, so one tap saves the kept hand as the next one), or the problems in words."""
    if refused.conflict is not None:
        hint = view.hint()
        _state, number = queries.state_before(view, None)
        return JsonResponse(
            {
                "status": "conflict",
                "message": refused.conflict.message,
                "number": number,
                "position": view.next_position(),
                "dealer": hint.next_dealer,
                "new_key": refused.conflict.reused_key,
            },
            status=409,
        )
    lines = [problem_line(p) for p in refused.problems]
    return JsonResponse({"status": "invalid", "problems": lines}, status=422)


@require_http_methods(["GET", "POST"])
@login_required
def edit_hand(request: SignedInRequest, pk: int, hand_pk: int) -> HttpResponse:
    hand = queries.hand_to_score(request.user, pk, hand_pk)
    view = entry_view(hand.night, hand)
    if request.method == "GET":
        form, hint = _form(view, hand)
        return _render(request, view, hand, form, hint, preview=_current_payments(view, hand))
    form, hint = _form(view, hand, request.POST)
    parsed = parse_hand(request.POST, view.players, view.variant.record)
    form.rows = parsed.rows
    version = _int(request.POST.get("_version")) or 0
    outcome = _edit(request, hand, parsed, version)
    if isinstance(outcome, Hand):
        return _saved(request, outcome, _edited_message(outcome, version))
    if _wants_json(request):
        return _refused_json(view, outcome)
    form.problems = outcome.problems
    if outcome.conflict is not None:
        # The form now stands on the saved version: saving again (after comparing) wins.
        conflict = outcome.conflict
        return _render(
            request, view, hand, form, hint, conflict=conflict, version=conflict.current_version
        )
    return _render(request, view, hand, form, hint, version=version, key=_posted_key(request))


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
        view = entry_view(queries.night_to_score(request.user, pk))
    else:
        hand = queries.hand_to_score(request.user, pk, hand_pk)
        view = entry_view(hand.night, hand)
    form, hint = _form(view, hand, request.POST)
    parsed = parse_hand(request.POST, view.players, view.variant.record)
    form.rows = parsed.rows
    result = queries.Preview(problems=parsed.problems)
    if not parsed.problems:
        result = _preview_or_problems(view, parsed.record, hand)
    form.problems = result.problems
    template = "scorebook/hand.html#preview" if request.htmx else "scorebook/hand.html"
    return _render(
        request,
        view,
        hand,
        form,
        hint,
        preview=result,
        template=template,
        expected_number=_int(request.POST.get("_expected_number")),
        version=_int(request.POST.get("_version")),
        expected_position=_int(request.POST.get("_expected_position")),
        key=_posted_key(request),
    )


def _preview_or_problems(
    view: queries.NightView, record: dict[str, Any], hand: Hand | None
) -> queries.Preview:
    try:
        return queries.preview_hand(view, record, hand)
    except Exception:  # an engine bug must not cost the user his input
        logger.exception("previewing a hand failed")
        return queries.Preview(problems=[_engine_failed()])


def _current_payments(view: queries.NightView, hand: Hand) -> queries.Preview | None:
    """What the stored hand pays now: the edit page opens with it in view."""
    if hand.deleted:
        return None
    try:
        return queries.preview_hand(view, hand.record, hand)
    except Exception:  # a hand the engine no longer reads: the form shows it for fixing
        logger.exception("previewing a stored hand failed")
        return None


def _engine_failed() -> Problem:
    return Problem("hand", msg("the scorer could not read this hand"))


def _ledger_response(request: SignedInRequest, pk: int) -> HttpResponse:
    if not request.htmx:
        return redirect("night", pk=pk)
    night = queries.night_to_score(request.user, pk)
    view = queries.night_view(night, tail=shown_rows(request))
    # `fragment`: the ledger brings the messages with it (say, why a delete was refused)
    context = night_context(request, view) | {"fragment": True}
    response = TemplateResponse(request, "scorebook/night.html#ledger", context)
    return trigger_client_event(response, LEDGER_EVENT)


@require_POST
@login_required
def delete_hand(request: SignedInRequest, pk: int, hand_pk: int) -> HttpResponse:
    hand = queries.hand_to_score(request.user, pk, hand_pk)
    number, last = hand.number, queries.last_number(hand.night)
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
    hand = queries.hand_to_score(request.user, pk, hand_pk)
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
    night = queries.night_to_score(request.user, pk)
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
