"""How django-axes sees a log-in: the client's address, and the page a locked-out try gets.

The counting itself is django-axes' (settings: AXES_*): failures are rows in the database,
shared by every worker, on /accounts/login/ and /admin/login/ alike.
"""

from __future__ import annotations

import ipaddress
from typing import Any

from axes.helpers import get_cool_off
from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

TOO_MANY = "too_many_attempts"


def _address(text: str) -> str | None:
    """A valid IP address, or None: axes stores it in an address column, which PostgreSQL
    refuses to fill with anything else."""
    try:
        return str(ipaddress.ip_address(text.strip())) if "%" not in text else None
    except ValueError:
        return None


def client_address(request: HttpRequest) -> str | None:
    """The client's address; behind our own proxy, the last X-Forwarded-For hop it added
    (earlier entries are whatever the client sent, so they cannot be trusted). None when
    unknown: such clients then share one count."""
    if settings.BEHIND_PROXY:
        hops = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
        if address := _address(hops[-1]):
            return address
    return _address(str(request.META.get("REMOTE_ADDR") or ""))


def lockout_message(seconds: int) -> str:
    minutes = max((seconds + 59) // 60, 1)
    return (
        _("Too many failed log-in attempts.")
        + " "
        + ngettext("Try again in %(minutes)d minute.", "Try again in %(minutes)d minutes.", minutes)
        % {"minutes": minutes}
    )


def locked_out(
    request: HttpRequest, original_response: HttpResponse | None, credentials: Any
) -> HttpResponse:
    """The log-in page again (ours or the admin's), with the reason instead of "wrong
    password", as 429 with Retry-After. A try while locked restarts the window, so the
    wait is the whole window."""
    cool_off = get_cool_off(request)
    seconds = int(cool_off.total_seconds()) if cool_off else settings.LOGIN_WINDOW_SECONDS
    message = lockout_message(seconds)
    context = getattr(original_response, "context_data", None)
    form = context.get("form") if context else None
    if form is None or not isinstance(original_response, TemplateResponse):
        response: HttpResponse = HttpResponse(message, status=429, content_type="text/plain")
    else:
        form.errors.clear()
        form.add_error(None, ValidationError(message, code=TOO_MANY))
        response = TemplateResponse(
            request, original_response.template_name, context, status=429
        ).render()
    response["Retry-After"] = str(seconds)
    return response
