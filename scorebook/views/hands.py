"""Hand entry: one generic form for every variant, live preview, edit, delete, restore."""

from __future__ import annotations

import logging
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string, select_template
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import trigger_client_event

from scorebook import queries, services
from scorebook.engine.errors import InvalidHand, Problem
from scorebook.engine.messages import msg
from scorebook.forms import HandForm, parse_hand, post_values, record_values
from scorebook.labels import problem_line
from scorebook.models import Hand
from scorebook.queries_entry import entry_view
from scorebook.requests import SignedInRequest
from scorebook.speech import say
from scorebook.views.nights import lang, night_context, shown_rows

LEDGER_EVENT = "ledger-changed"
logger = logging.getLogger(__name__)


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


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
        lang=view.lang,
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
) -> TemplateResponse:
    _state, number = queries.state_before(view, hand)
    if expected_position is None:
        expected_position = max((r.position for r in view.rows), default=-1) + 1
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


@require_http_methods(["GET", "POST"])
@login_required
def new_hand(request: SignedInRequest, pk: int) -> HttpResponse:
    night = queries.night_to_score(request.user, pk)
    if request.method == "GET":
        view = entry_view(night, lang())
        form, hint = _form(view, None)
        return _render(request, view, None, form, hint)
    # Saving reads only the seats and the last state: no work grows with the night.
    parsed = parse_hand(request.POST, queries.seated_names(night))
    expected = _int(request.POST.get("_expected_number"))
    position = _int(request.POST.get("_expected_position"))
    problems: list[Problem] = list(parsed.problems)
    conflict = None
    if not problems:
        try:
            services.record_hand(
                night=night,
                record=parsed.record,
                expected_number=expected,
                expected_position=position,
                author=request.user,
            )
        except InvalidHand as refused:
            problems = refused.problems
        except services.Conflict as stale:  # the form now stands on the table as it is
            conflict, expected, position = stale, stale.current_number, None
        except Exception:  # an engine bug must not cost the user his input
            logger.exception("scoring a new hand failed")
            problems = [_engine_failed()]
        else:
            messages.success(request, _("Hand saved."))
            return redirect("night", pk=pk)
    view = entry_view(night, lang())
    form, hint = _form(view, None, request.POST)
    form.rows, form.problems = parsed.rows, problems
    return _render(
        request,
        view,
        None,
        form,
        hint,
        conflict=conflict,
        expected_number=expected,
        expected_position=position,
    )


@require_http_methods(["GET", "POST"])
@login_required
def edit_hand(request: SignedInRequest, pk: int, hand_pk: int) -> HttpResponse:
    hand = queries.hand_to_score(request.user, pk, hand_pk)
    view = entry_view(hand.night, lang(), hand)
    if request.method == "GET":
        form, hint = _form(view, hand)
        return _render(request, view, hand, form, hint, preview=_current_payments(view, hand))
    form, hint = _form(view, hand, request.POST)
    parsed = parse_hand(request.POST, view.players)
    form.rows = parsed.rows
    version = _int(request.POST.get("_version")) or 0
    if parsed.problems:
        form.problems = parsed.problems
        return _render(request, view, hand, form, hint, version=version)
    try:
        services.edit_hand(hand=hand, record=parsed.record, version=version, author=request.user)
    except InvalidHand as refused:
        form.problems = refused.problems
        return _render(request, view, hand, form, hint, version=version)
    except services.Conflict as conflict:
        # The form now stands on the saved version: saving again (after comparing) wins.
        return _render(
            request, view, hand, form, hint, conflict=conflict, version=conflict.current_version
        )
    except Exception:  # an engine bug must not cost the user his input
        logger.exception("re-scoring after an edit failed")
        form.problems = [_engine_failed()]
        return _render(request, view, hand, form, hint, version=version)
    messages.success(
        request, _("Hand %(number)s changed; later hands re-scored.") % {"number": hand.number}
    )
    return redirect("night", pk=pk)


@require_POST
@login_required
def preview(request: SignedInRequest, pk: int, hand_pk: int | None = None) -> HttpResponse:
    """Score the form without saving: the fragment for htmx, the whole form page otherwise."""
    if hand_pk is None:
        hand = None
        view = entry_view(queries.night_to_score(request.user, pk), lang())
    else:
        hand = queries.hand_to_score(request.user, pk, hand_pk)
        view = entry_view(hand.night, lang(), hand)
    form, hint = _form(view, hand, request.POST)
    parsed = parse_hand(request.POST, view.players)
    form.rows = parsed.rows
    result = queries.Preview(problems=parsed.problems)
    if not parsed.problems:
        try:
            result = queries.preview_hand(view, parsed.record, hand)
        except Exception:  # an engine bug must not cost the user his input
            logger.exception("previewing a hand failed")
            result = queries.Preview(problems=[_engine_failed()])
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
    )


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
    view = queries.night_view(night, lang(), tail=shown_rows(request))
    # `fragment`: the ledger brings the messages with it (say, why a delete was refused)
    context = night_context(request, view) | {"fragment": True}
    response = TemplateResponse(request, "scorebook/night.html#ledger", context)
    return trigger_client_event(response, LEDGER_EVENT)


@require_POST
@login_required
def delete_hand(request: SignedInRequest, pk: int, hand_pk: int) -> HttpResponse:
    hand = queries.hand_to_score(request.user, pk, hand_pk)
    try:
        services.delete_hand(
            hand=hand, version=_int(request.POST.get("_version")) or 0, author=request.user
        )
    except (InvalidHand, services.Conflict) as refused:
        messages.error(request, _refusal(refused))
    else:
        messages.success(request, _("Hand deleted. You can restore it from the ledger."))
    return _ledger_response(request, pk)


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
    view = entry_view(night, lang())
    parsed = parse_hand(request.POST, view.players)
    if parsed.record.get("event") != "join" or parsed.record.get("player") in view.players:
        # The form always sends where a joiner sits; a leave, or a player coming back to
        # his own seat, has no seat to choose.
        parsed.record.pop("seat_index", None)
    if not parsed.problems and not isinstance(parsed.record.get("event"), str):
        parsed.problems = [Problem("event", msg("is required"))]
    try:
        if parsed.problems:
            raise InvalidHand(parsed.problems)
        services.record_hand(night=night, record=parsed.record, author=request.user)
    except InvalidHand as refused:
        messages.error(request, _refusal(refused))
    else:
        messages.success(request, _("Recorded."))
    return redirect("night", pk=pk)
