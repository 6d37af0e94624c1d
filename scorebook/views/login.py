"""Log in with a limit on failed attempts (scorebook/ratelimit.py)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorebook.ratelimit import LoginLimiter

TOO_MANY = "too_many_attempts"


class LimitedAuthenticationForm(AuthenticationForm):
    """Refuses before the password is checked once the limit is reached; counts failures."""

    def clean(self) -> dict[str, Any]:
        username = self.cleaned_data.get("username") or ""
        limiter = LoginLimiter(self.request, username)
        verdict = limiter.check()
        if not verdict.allowed:
            self.retry_after = verdict.retry_after
            minutes = max((verdict.retry_after + 59) // 60, 1)
            raise ValidationError(
                _("Too many failed log-in attempts.")
                + " "
                + ngettext(
                    "Try again in %(minutes)d minute.",
                    "Try again in %(minutes)d minutes.",
                    minutes,
                )
                % {"minutes": minutes},
                code=TOO_MANY,
            )
        try:
            cleaned = super().clean()
        except ValidationError:
            limiter.failed()
            raise
        limiter.succeeded()
        return cleaned


class LoginView(auth_views.LoginView):
    """Django's LoginView; while refused it answers 429 with the reason and Retry-After."""

    authentication_form = LimitedAuthenticationForm

    def form_invalid(self, form: Any) -> HttpResponse:
        response = super().form_invalid(form)
        if form.has_error("__all__", TOO_MANY):
            response.status_code = 429
            response["Retry-After"] = str(form.retry_after)
        return response
