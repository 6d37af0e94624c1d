"""Sign up, the account's e-mail address, and a forgotten password reset by e-mail.

Log in and log out are Django's own views (see urls.py); so are the password-reset pages,
with the address limit of scorebook.limits in front of the mail and a log-in at the end.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import SetPasswordForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scorebook import limits, services
from scorebook.accountforms import EmailForm, SignupForm
from scorebook.requests import HtmxRequest, SignedInRequest
from scorebook.views.login import too_many

MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"
SIGNUP = "registration/signup.html"


@require_http_methods(["GET", "POST"])
def signup(request: HtmxRequest) -> HttpResponse:
    """An account, limited per address: each one created, and each "name taken" answer
    (the page must say so, which tells whether a name exists), counts."""
    if request.user.is_authenticated:
        return redirect("home")
    form = SignupForm(request.POST or None)
    if request.method == "POST":
        if seconds := limits.wait(request, "signup"):
            reason = _("Too many sign-ups from your address.")
            return too_many(request, SIGNUP, {"form": form}, form, reason, seconds)
        if form.is_valid():
            limits.count(request, "signup")
            login(request, form.save(), backend=MODEL_BACKEND)
            return redirect("home")
        if form.name_taken():
            limits.count(request, "signup")
    return TemplateResponse(request, SIGNUP, {"form": form})


@require_http_methods(["GET", "POST"])
@login_required
def account(request: SignedInRequest) -> HttpResponse:
    """The account's user name and e-mail address (changed with the current password)."""
    user = request.user
    form = EmailForm(request, user, request.POST or None, initial={"email": user.email})
    if request.method == "POST" and form.is_valid():
        services.change_email(user=user, email=form.cleaned_data["email"])
        messages.success(request, _("E-mail address saved."))
        return redirect("account")
    return TemplateResponse(request, "registration/account.html", {"form": form})


class PasswordReset(auth_views.PasswordResetView):
    """Django's page: the same answer whether or not an account has the address (Django
    sends mail only to active accounts with a usable password). Each request counts
    against the address, so the site cannot be made to send mail without end."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if seconds := limits.wait(request, "password_reset"):
            form = self.get_form()
            reason = _("Too many password-reset requests from your address.")
            context = self.get_context_data(form=form)
            return too_many(request, self.template_name, context, form, reason, seconds)
        limits.count(request, "password_reset")
        return super().post(request, *args, **kwargs)


class PasswordResetDone(auth_views.PasswordResetDoneView):
    """The same page whether or not a mail went out."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        hours = max(settings.PASSWORD_RESET_TIMEOUT // 3600, 1)
        return super().get_context_data(**kwargs) | {"timeout_hours": hours}


class PasswordResetConfirm(auth_views.PasswordResetConfirmView):
    """Django's page for the link in the mail; the new password logs the account in at
    once (not through the log-in page, whose per-address lock may still hold after the
    forgotten password's tries: the mailed link proves who it is)."""

    post_reset_login = True
    post_reset_login_backend = MODEL_BACKEND
    success_url = reverse_lazy("home")

    def form_valid(self, form: SetPasswordForm[Any]) -> HttpResponse:
        response = super().form_valid(form)
        messages.success(self.request, _("Your new password is set, and you are logged in."))
        return response
