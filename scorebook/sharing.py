"""Read-only share links: an unguessable token per night (made and revoked by
`services.share_night` and `services.revoke_share`), and the night's co-scorers."""

from __future__ import annotations

import segno
from django.http import Http404, HttpRequest
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from scorebook import stamps
from scorebook.models import Night, NightScorer, NightShare, ScorerLink


def share_of(night: Night) -> NightShare | None:
    return NightShare.objects.filter(night=night).first()


def shared_night(token: str) -> Night:
    """The night a token opens, annotated with its stamps (one query); 404 otherwise."""
    if not token or len(token) > 64:
        raise Http404("no such link")
    night = (
        stamps.with_stamps(Night.objects.filter(share__token=token), paid=True)
        .select_related("first_dealer")
        .first()
    )
    if night is None:
        raise Http404("no such link")
    return night


def scorers_of(night: Night) -> list[NightScorer]:
    return list(NightScorer.objects.filter(night=night).select_related("user"))


def scorer_link_of(night: Night) -> ScorerLink | None:
    return ScorerLink.objects.filter(night=night).first()


def version_of(night: Night) -> str:
    """What the shared page shows changes exactly when this does (hands, paid marks)."""
    return stamps.stamp_of(night, night.stamp_paid, night.stamp_paid_ids)  # type: ignore[attr-defined]


def qr_svg(url: str, title: str) -> str:
    """The link as a QR code: an inline SVG drawn on the server (segno escapes the title),
    so the phone across the table scans it off the screen; no script, no CDN."""
    code = segno.make(url, error="m", micro=False)
    return str(code.svg_inline(scale=4, border=2, omitsize=True, svgclass="qr", title=title))


def link_and_qr(
    request: HttpRequest, url_name: str, token: str | None, title: str
) -> tuple[str | None, SafeString | None]:
    """A link's absolute address and its QR code (`qr_svg`, segno's own markup: the address
    is drawn as modules, the title escaped by segno); (None, None) without a token."""
    if token is None:
        return None, None
    url = request.build_absolute_uri(reverse(url_name, args=[token]))
    return url, mark_safe(qr_svg(url, title))
