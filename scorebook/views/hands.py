"""Hand entry: one generic form for every variant, live preview, edit, delete, restore."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import trigger_client_event

from scorebook import access, entry, handpage, nightview, previews, services
from scorebook.engine.errors import InvalidHand, Problem
from scorebook.engine.messages import msg
from scorebook.engine.replay import Scored
from scorebook.entry import entry_view
from scorebook.forms import ParsedHand, form_fields, parse_hand
from scorebook.labels import problem_line
from scorebook.models import Hand
from scorebook.requests import SignedInRequest
from scorebook.views.nights import night_context, shown_rows

LEDGER_EVENT = "ledger-changed"
logger = logging.getLogger(__name__)


def _writing(saving: bool) -> contextlib.AbstractContextManager[Any]:
    """A save's transaction: the night is read under its lock, the hand written once."""
    return transaction.atomic() if saving else contextlib.nullcontext()


@require_http_methods(["GET", "POST"])
@login_required
def new_hand(request: SignedInRequest, pk: int) -> HttpResponse:
    """The next hand's form, and its save. The night and its next hand (`at`: the rows,
    session, state, number and dealer) are read once, under the night's lock for a save,
    and serve the save and the answer alike: no work grows with the night."""
    saving = request.method == "POST"
    with _writing(saving):
        table = access.table_for(request.user, pk, lock=saving)
        at = entry.next_hand(table.night, table.variant)
        parsed = parse_hand(request.POST, table.players, table.variant.record) if saving else None
        outcome = None
        if parsed is not None:
            outcome = services.save_hand(
                at=at,
                record=parsed.record,
                sent=parsed.fields,
                author=request.user,
                problems=parsed.problems,
            )
    return handpage.answer(request, at, parsed, outcome)


@require_http_methods(["GET", "POST"])
@login_required
def edit_hand(request: SignedInRequest, pk: int, hand_pk: int) -> HttpResponse:
    hand = access.hand_to_score(request.user, pk, hand_pk)
    view = entry_view(hand.night, hand)
    before = nightview.before(view, hand)
    if request.method == "GET":
        preview = _current_payments(view, hand, before)
        return handpage.page(request, view, before, hand=hand, preview=preview)
    parsed = parse_hand(request.POST, view.players, view.variant.record)
    version = parsed.fields.version or 0
    outcome = _edit(request, hand, parsed, version)
    if isinstance(outcome, Hand):
        message = _edited_message(outcome, version)
        return handpage.saved(request, outcome, message, queued=parsed.fields.queued)
    if handpage.wants_json(request):
        return handpage.refused_json(nightview.before(view, None), outcome)
    conflict = outcome.conflict
    return handpage.page(
        request,
        view,
        before,
        hand=hand,
        data=request.POST,
        rows=parsed.rows,
        problems=outcome.problems,
        conflict=conflict,
        # After a conflict the form stands on the saved version: saving again (after
        # comparing) wins.
        version=conflict.current_version if conflict else version,
        key=None if conflict else parsed.fields.key,
    )


def _edit(
    request: SignedInRequest, hand: Hand, parsed: ParsedHand, version: int
) -> Hand | services.Refused:
    problems = services.other_account(parsed.fields, request.user)
    if parsed.problems or problems:
        return services.Refused([*parsed.problems, *problems])
    try:
        return services.edit_hand(
            hand=hand,
            record=parsed.record,
            version=version,
            author=request.user,
            key=parsed.fields.key,
        )
    except InvalidHand as refused:
        return services.Refused(refused.problems)
    except services.Conflict as conflict:
        return services.Refused(conflict=conflict)
    except Exception:  # an engine bug must not cost the user his input
        logger.exception("re-scoring after an edit failed")
        return services.Refused([services.ENGINE_FAILED])


def _edited_message(hand: Hand, version: int) -> str:
    if hand.version == version:  # nothing was different: nothing was written
        return _("Nothing changed: hand %(number)s is as it was.") % {"number": hand.number}
    return _("Hand %(number)s changed; later hands re-scored.") % {"number": hand.number}


@require_POST
@login_required
def preview(request: SignedInRequest, pk: int, hand_pk: int | None = None) -> HttpResponse:
    """Score the form without saving: the fragment for htmx, the whole form page otherwise."""
    if hand_pk is None:
        hand, table = None, access.table_for(request.user, pk)
        at = entry.next_hand(table.night, table.variant)
        view, before = at.view, at.before
    else:
        hand = access.hand_to_score(request.user, pk, hand_pk)
        view = entry_view(hand.night, hand)
        before = nightview.before(view, hand)
    parsed = parse_hand(request.POST, view.players, view.variant.record)
    result = Scored(parsed.record, before.state, [], parsed.problems, [])
    if not parsed.problems:
        result = _preview_or_problems(view, parsed.record, before)
    fields = parsed.fields
    return handpage.page(
        request,
        view,
        before,
        hand=hand,
        data=request.POST,
        rows=parsed.rows,
        problems=result.problems,
        preview=result,
        template="scorebook/hand.html#preview" if request.htmx else "scorebook/hand.html",
        expected_number=fields.expected_number,
        version=fields.version,
        expected_position=fields.expected_position,
        key=fields.key,
    )


def _preview_or_problems(
    view: nightview.NightView, record: dict[str, Any], before: nightview.Before
) -> Scored:
    try:
        return previews.preview_hand(view, record, before)
    except Exception:  # an engine bug must not cost the user his input
        logger.exception("previewing a hand failed")
        return Scored(record, before.state, [], [services.ENGINE_FAILED], [])


def _current_payments(
    view: nightview.NightView, hand: Hand, before: nightview.Before
) -> Scored | None:
    """What the stored hand pays now: the edit page opens with it in view."""
    if hand.deleted:
        return None
    try:
        return previews.preview_hand(view, hand.record, before)
    except Exception:  # a hand the engine no longer reads: the form shows it for fixing
        logger.exception("previewing a stored hand failed")
        return None


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
            hand=hand, version=form_fields(request.POST).version or 0, author=request.user
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
            hand=hand, version=form_fields(request.POST).version or 0, author=request.user
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
    table = access.table_for(request.user, pk)
    parsed = parse_hand(request.POST, table.players, table.variant.event_record)
    if parsed.record.get("event") != "join" or parsed.record.get("player") in table.players:
        # The form always sends where a joiner sits; a leave, or a player coming back to
        # his own seat, has no seat to choose.
        parsed.record.pop("seat_index", None)
    if not parsed.problems and not isinstance(parsed.record.get("event"), str):
        parsed.problems = [Problem("event", msg("is required"))]
    try:
        if parsed.problems:
            raise InvalidHand(parsed.problems)
        services.record_hand(
            night=table.night,
            record=parsed.record,
            author=request.user,
            key=parsed.fields.key,
            variant=table.variant,
        )
    except (InvalidHand, services.Conflict) as refused:
        messages.error(request, _refusal(refused))
    else:
        messages.success(request, _("Recorded."))
    return redirect("night", pk=pk)
