"""Responses for a logged-in user are theirs alone: no shared cache may keep them."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control


def private_when_logged_in(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """`Cache-Control: private, no-cache` on every answer to a logged-in user: pages and the
    sheet.json / sheet.csv downloads alike (a proxy must not hand one player's night to
    another; the browser revalidates instead of showing a stale ledger)."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if request.user.is_authenticated:
            patch_cache_control(response, private=True, no_cache=True)
        return response

    return middleware
