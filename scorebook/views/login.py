"""The page a limited request gets: a locked-out log-in (django-axes' AXES_LOCKOUT_CALLABLE)
and the address limits of scorebook.limits, each as its own form again with the reason.

The counting of log-ins is django-axes' (settings: AXES_*): failures are rows in the
database, shared by every worker, on /accounts/login/ and /admin/login/ alike.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from axes.helpers import get_cool_off
from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorebook import limits, services
from scorebook.engine.errors import InvalidHand

TOO_MANY = "too_many_attempts"


def try_again(seconds: int) -> str:
    minutes = max((seconds + 59) // 60, 1)
    return ngettext(
        "Try again in %(minutes)d minute.", "Try again in %(minutes)d minutes.", minutes
    ) % {"minutes": minutes}


def lockout_message(seconds: int) -> str:
    return _("Too many failed log-in attempts.") + " " + try_again(seconds)


def too_many(
    request: HttpRequest,
    template: Any,  # whatever TemplateResponse takes: a name, names, or a Template
    context: dict[str, Any],
    form: forms.BaseForm,
    reason: str,
    seconds: int,
) -> HttpResponse:
    """`template` again, its form carrying the reason and the wait instead of any other
    error, as 429 with Retry-After."""
    form.errors.clear()
    form.add_error(None, ValidationError(f"{reason} {try_again(seconds)}", code=TOO_MANY))
    response = TemplateResponse(request, template, context, status=429).render()
    response["Retry-After"] = str(seconds)
    return response


def locked_out(
    request: HttpRequest, original_response: HttpResponse | None, credentials: Any
) -> HttpResponse:
    """The log-in page again (ours or the admin's), with the reason instead of "wrong
    password". A try while locked restarts the window, so the wait is the whole window."""
    cool_off = get_cool_off(request)
    seconds = int(cool_off.total_seconds()) if cool_off else settings.LOGIN_WINDOW_SECONDS
    context = getattr(original_response, "context_data", None)
    form = context.get("form") if context else None
    if context is None or form is None or not isinstance(original_response, TemplateResponse):
        response = HttpResponse(lockout_message(seconds), status=429, content_type="text/plain")
        response["Retry-After"] = str(seconds)
        return response
    reason = _("Too many failed log-in attempts.")
    return too_many(request, original_response.template_name, context, form, reason, seconds)


def too_many_unknown(
    request: HttpRequest,
    template: str,
    context: Callable[[], dict[str, Any]],
    form: forms.BaseForm,
) -> HttpResponse | None:
    """An invite page (a co-scorer, a club member) as 429 while the address has asked for too
    many names no account has: the answer must name a typo (the pen is handed over at the
    table), so it tells whether an account exists; the limit keeps that from listing them."""
    if not (seconds := limits.wait(request, "invite")):
        return None
    reason = _("Too many user names that no account has.")
    return too_many(request, template, context(), form, reason, seconds)


def count_unknown(request: HttpRequest, refused: InvalidHand) -> None:
    """An invite of a name no account has counts towards `too_many_unknown`'s limit."""
    if services.NO_SUCH_ACCOUNT in (problem.message for problem in refused.problems):
        limits.count(request, "invite")
