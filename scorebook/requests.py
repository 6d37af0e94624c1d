"""The request types the views see: with django-htmx's details, and with a signed-in user.

`login_required` guarantees the user; typing it here lets the type checker see a `User`
where the views pass `request.user` on (django-htmx's documented pattern for `htmx`).
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxRequest(HttpRequest):
    htmx: HtmxDetails


class SignedInRequest(HtmxRequest):
    user: User
