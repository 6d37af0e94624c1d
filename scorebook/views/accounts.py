"""Sign up (log in and log out are Django's own views, see urls.py)."""

from __future__ import annotations

from django.contrib.auth import login
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.views.decorators.http import require_http_methods

from scorebook.forms import SignupForm
from scorebook.requests import HtmxRequest


@require_http_methods(["GET", "POST"])
def signup(request: HtmxRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("home")
    return TemplateResponse(request, "registration/signup.html", {"form": form})
