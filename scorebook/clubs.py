"""Clubs (asztaltársaság) as their pages read them: who may see or score them, the members,
the roster, the nights. Writes are in `scorebook.clubservices`.

A stranger never learns a club exists (404); a member whose role is too low for an action
is told so (403), as a co-scorer is for what only a night's owner may do. A deleted club
is gone for everyone (404) but for its owners' Undo.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404

from scorebook.models import Club, ClubLink, ClubMember, Night, Player

OWNER, SCORER, VIEWER = ClubMember.OWNER, ClubMember.SCORER, ClubMember.VIEWER
SCORING = (OWNER, SCORER)  # the roles that record the club's nights


def club_role(user: User | AnonymousUser, club_id: int | None) -> str | None:
    """The user's role in the club, or None (not a member, not logged in, no club)."""
    if user.pk is None or club_id is None:
        return None
    rows = ClubMember.objects.filter(club_id=club_id, user_id=user.pk)
    member = rows.filter(club__deleted_at__isnull=True).first()
    return member.role if member else None


def club_for(user: User | AnonymousUser, pk: int) -> tuple[Club, str]:
    """The club and the user's role in it; 404 for anyone who is not a member."""
    club = get_object_or_404(Club, pk=pk, deleted_at__isnull=True)
    role = club_role(user, club.pk)
    if role is None:
        raise Http404("no such club")
    return club, role


def club_to_score(user: User | AnonymousUser, pk: int) -> Club:
    """The club for a scorer or its owner; 403 for a viewer, 404 for a stranger."""
    club, role = club_for(user, pk)
    if role not in SCORING:
        raise PermissionDenied("viewers do not score")
    return club


def club_to_manage(user: User | AnonymousUser, pk: int) -> Club:
    """The club for its owners (members, links, seasons); 403 for the other members."""
    club, role = club_for(user, pk)
    if role != OWNER:
        raise PermissionDenied("only an owner")
    return club


def deleted_club_for(user: User | AnonymousUser, pk: int) -> Club:
    """A deleted club for its owners' Undo; 403 for its other members, 404 for others."""
    club = get_object_or_404(Club, pk=pk, deleted_at__isnull=False)
    member = ClubMember.objects.filter(club=club, user=user.pk or 0).first()
    if member is None:
        raise Http404("no such club")
    if member.role != OWNER:
        raise PermissionDenied("only an owner")
    return club


def clubs_of(user: User) -> list[tuple[Club, str]]:
    """The user's clubs with his role in each, by name."""
    rows = ClubMember.objects.filter(user=user, club__deleted_at__isnull=True)
    return [(m.club, m.role) for m in rows.select_related("club").order_by("club__name")]


def deleted_clubs(user: User) -> list[Club]:
    """The clubs the user deleted as their owner (Undo brings each back)."""
    owned = ClubMember.objects.filter(user=user, role=OWNER).values("club")
    return list(Club.objects.filter(pk__in=owned, deleted_at__isnull=False).order_by("name"))


def members_of(club: Club) -> list[ClubMember]:
    return list(ClubMember.objects.filter(club=club).select_related("user"))


def roster(club: Club) -> list[Player]:
    """The club's players with how many of its live nights each sat at."""
    live = Q(seats__night__deleted_at__isnull=True)
    return list(
        Player.objects.filter(club=club)
        .annotate(nights=Count("seats", filter=live))
        .order_by("name")
    )


def nights_of_club(club: Club) -> QuerySet[Night]:
    return Night.objects.filter(club=club).select_related("owner").order_by("-date", "-created")


def link_of(club: Club) -> ClubLink | None:
    return ClubLink.objects.filter(club=club).first()


def club_link(token: str) -> ClubLink:
    if not token or len(token) > 64:
        raise Http404("no such link")
    links = ClubLink.objects.select_related("club").filter(club__deleted_at__isnull=True)
    return get_object_or_404(links, token=token)


def personal_nights(user: User) -> list[Night]:
    """The user's own nights outside any club (the ones he may move into one)."""
    return list(Night.objects.filter(owner=user, club=None).order_by("-date", "-created"))


def personal_players(user: User) -> list[Player]:
    return list(Player.objects.filter(owner=user, club=None).order_by("name"))
