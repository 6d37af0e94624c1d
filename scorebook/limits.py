"""Who a client is, and how often an address may do what strangers could abuse.

`client_address` is the address django-axes counts failed log-ins by (AXES_CLIENT_IP_CALLABLE)
and the one the limits below count by. The limits (settings.ADDRESS_LIMITS: action -> uses
per window) cover sign-ups, password-reset mails and invitations of unknown names. Each use
is a row in the database (models.AddressUse), because no cache is shared between gunicorn
workers; two requests racing at the limit may both pass, which a limit of this kind allows.
"""

from __future__ import annotations

import ipaddress
from datetime import timedelta

from django.conf import settings
from django.http import HttpRequest
from django.utils import timezone

from scorebook import services
from scorebook.models import AddressUse

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


def _address(text: str) -> IPAddress | None:
    """A valid IP address, or None: axes stores it in an address column, which PostgreSQL
    refuses to fill with anything else."""
    try:
        return ipaddress.ip_address(text.strip()) if "%" not in text else None
    except ValueError:
        return None


def _counted(address: IPAddress) -> str:
    """The unit a limit counts: an IPv4 address, or an IPv6 /64 network (written as its first
    address), since one home or phone is given a whole /64 and could take a new address
    for every try."""
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False).network_address)
    return str(address)


def client_address(request: HttpRequest) -> str | None:
    """The client's address; behind our own proxy, the last X-Forwarded-For hop it added
    (earlier entries are whatever the client sent, so they cannot be trusted). None when
    unknown: such clients then share one count."""
    found = None
    if settings.BEHIND_PROXY:
        found = _address(request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")[-1])
    if found is None:
        found = _address(str(request.META.get("REMOTE_ADDR") or ""))
    return None if found is None else _counted(found)


def _window(action: str) -> tuple[int, timedelta]:
    uses, seconds = settings.ADDRESS_LIMITS[action]
    return uses, timedelta(seconds=seconds)


def wait(request: HttpRequest, action: str) -> int:
    """0 while the client's address may still do `action`; otherwise the seconds until its
    oldest counted use leaves the window."""
    uses, window = _window(action)
    since = timezone.now() - window
    recent = AddressUse.objects.filter(
        action=action, address=client_address(request), at__gt=since
    ).order_by("-at")
    times = list(recent.values_list("at", flat=True)[:uses])
    if len(times) < uses:
        return 0
    return max(int((times[-1] - since).total_seconds()) + 1, 1)


def count(request: HttpRequest, action: str) -> None:
    """Count one use of `action` by the client's address; forget this action's uses that
    have left the window, so the table stays small."""
    _uses, window = _window(action)
    services.count_use(action=action, address=client_address(request), window=window)
