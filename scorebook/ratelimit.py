"""A small cache-based limiter for failed log-ins.

Failures are counted per user name and per client address in a fixed window that starts
with the first failure (`LOGIN_ATTEMPTS` failures in `LOGIN_WINDOW_SECONDS`). Once either
count is full, further attempts are refused without checking the password, until the
window ends. A successful log-in clears its user name's count (not the address's, so one
known account cannot be used to reset an address that guesses at others).
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

PREFIX = "login-fail"


def client_address(request: HttpRequest) -> str:
    """The client's address; behind our own proxy, the last X-Forwarded-For hop it added."""
    if getattr(settings, "BEHIND_PROXY", False):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        hops = [h.strip() for h in forwarded.split(",") if h.strip()]
        if hops:
            return hops[-1]
    return str(request.META.get("REMOTE_ADDR") or "unknown")


def _key(kind: str, value: str) -> str:
    # Hashed: user names may hold characters a cache backend does not accept in keys.
    digest = hashlib.sha256(value.strip().casefold().encode()).hexdigest()[:32]
    return f"{PREFIX}:{kind}:{digest}"


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    retry_after: int = 0  # seconds until the window ends, when refused


class LoginLimiter:
    def __init__(self, request: HttpRequest, username: str) -> None:
        self.keys = [_key("user", username or ""), _key("addr", client_address(request))]
        self.user_key = self.keys[0]
        self.limit = max(int(settings.LOGIN_ATTEMPTS), 1)
        self.window = max(int(settings.LOGIN_WINDOW_SECONDS), 1)

    def check(self) -> Verdict:
        now = time.time()
        stored = cache.get_many(self.keys)
        waits = [
            int(started + self.window - now) + 1
            for count, started in stored.values()
            if count >= self.limit
        ]
        return Verdict(False, max(waits)) if waits else Verdict(True)

    def failed(self) -> None:
        """Count one failure under each key; the first failure opens the window."""
        now = time.time()
        for key in self.keys:
            count, started = cache.get(key) or (0, now)
            remaining = max(int(started + self.window - now), 1)
            cache.set(key, (count + 1, started), timeout=remaining)

    def succeeded(self) -> None:
        cache.delete(self.user_key)
