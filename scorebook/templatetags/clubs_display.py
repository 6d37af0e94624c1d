"""How the club pages show a member's role: in the page's language."""

from __future__ import annotations

from django import template

from scorebook.models import ClubMember

register = template.Library()


@register.filter
def club_role(role: str) -> str:
    """ "owner", "scorer", "viewer" as the players read them."""
    return str(dict(ClubMember.ROLES).get(role, ""))
