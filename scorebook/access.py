"""Who may see and change what: each loader returns the object for a user, or raises 404
(a stranger never learns a night exists) or 403 (a co-scorer doing what only the owner may).

The one place that decides a user's role in a night (`role_in`): a new kind of member
(a club's) extends it there, and every view follows."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch, Q
from django.http import Http404
from django.shortcuts import get_object_or_404

from scorebook import clubs, nights
from scorebook.engine.types import Variant
from scorebook.models import Hand, Night, NightScorer, ScorerLink, Seat, roster_of


def night_for(user: User | AnonymousUser, pk: int) -> Night:
    """The night if `user` owns it; 404 otherwise (never tell others it exists). A club
    night's starter stops owning it when he leaves the club (the night stays the club's)."""
    night = get_object_or_404(Night.objects.select_related("first_dealer"), pk=pk, owner_id=user.pk)
    if night.club_id is not None and role_in(user, night) != OWNER:
        raise Http404("no such night")
    return night


OWNER, SCORER, VIEWER = "owner", "scorer", "viewer"


def role_in(user: User | AnonymousUser, night: Night) -> str | None:
    """OWNER, SCORER (a co-scorer the owner handed the pen to, or a scorer of the night's
    club), VIEWER (a viewer of its club: reads, never scores) or None."""
    if user.pk is None:
        return None
    club_role = clubs.club_role(user, night.club_id)
    if night.club_id is not None and club_role in clubs.SCORING:
        return OWNER if night.owner_id == user.pk else SCORER
    if night.owner_id == user.pk and night.club_id is None:
        return OWNER
    if NightScorer.objects.filter(night=night, user_id=user.pk).exists():
        return SCORER
    return VIEWER if club_role == clubs.VIEWER else None


def _reader_role(user: User | AnonymousUser, night: Night) -> str:
    """`user`'s role in `night`; 404 for a stranger (never tell others it exists)."""
    role = role_in(user, night)
    if role is None:
        raise Http404("no such night")
    return role


def _scorer_role(user: User | AnonymousUser, night: Night) -> str:
    """OWNER or SCORER; 404 for a stranger, 403 for a club's viewer (he knows the night)."""
    role = _reader_role(user, night)
    if role == VIEWER:
        raise PermissionDenied("a viewer does not score")
    return role


def night_and_role(user: User | AnonymousUser, pk: int, *, lock: bool = False) -> tuple[Night, str]:
    """The night and `user`'s role in it (OWNER or SCORER); 404 for a stranger, 403 for a
    viewer of its club. `lock`: read under the night's lock, in the caller's transaction
    (PostgreSQL: SELECT … FOR UPDATE; SQLite's write transaction, begun IMMEDIATE, holds
    the whole database)."""
    query = Night.objects.select_related("first_dealer", "club")  # the page names the club
    if lock:
        query = query.select_for_update(of=("self",))
    night = get_object_or_404(query, pk=pk)
    return night, _scorer_role(user, night)


def night_to_score(user: User | AnonymousUser, pk: int) -> Night:
    """The night if `user` owns it or scores it (records and edits hands); 404 otherwise,
    403 for a viewer of its club."""
    return night_and_role(user, pk)[0]


def night_to_read(user: User | AnonymousUser, pk: int) -> Night:
    """The night for anyone with a role in it, a club's viewer included; 404 otherwise."""
    night = get_object_or_404(Night.objects.select_related("first_dealer"), pk=pk)
    _reader_role(user, night)
    return night


@dataclass(frozen=True)
class Table:
    """The night one request of the hand form works on, loaded once and passed down: the
    night, the user's role in it, and (read when first needed) its variant."""

    night: Night
    role: str

    @cached_property
    def variant(self) -> Variant:
        return nights.variant_of(self.night)

    @property
    def players(self) -> list[str]:
        return list(self.night.seating)


def table_for(user: User | AnonymousUser, pk: int, *, lock: bool = False) -> Table:
    """The night `user` owns or scores, with his role; 404 for anyone else. `lock`: for a
    save, read under the night's lock (`night_and_role`)."""
    return Table(*night_and_role(user, pk, lock=lock))


def hand_to_score(user: User | AnonymousUser, night_pk: int, hand_pk: int) -> Hand:
    """A hand of a night `user` owns or scores; 404 otherwise (403 for a club's viewer).

    A record that no longer reads (stored before input was bounded: nested too deeply, a
    lone surrogate) is replaced, on this object only, by the part of it that reads, so the
    hand's page opens and a save replaces it (`manage.py check_nights` lists such hands).
    """
    hand = get_object_or_404(
        Hand.objects.select_related("night", "night__first_dealer"),
        pk=hand_pk,
        night_id=night_pk,
        night__deleted_at__isnull=True,
    )
    _scorer_role(user, hand.night)
    if nights.record_trouble(hand.record):
        hand.record = nights.readable_copy(hand.record)
    return hand


def night_to_manage(user: User | AnonymousUser, pk: int) -> Night:
    """The night for what only its owner may do (edit, delete, rules, inviting): 404 for a
    stranger, 403 for a co-scorer (who knows the night exists)."""
    night, role = night_and_role(user, pk)
    if role != OWNER:
        raise PermissionDenied("only the owner")
    return night


def scored_nights(user: User) -> list[Night]:
    """Other people's nights `user` is a co-scorer of, newest first."""
    return list(Night.objects.filter(scorer_rows__user=user).select_related("owner"))


def nights_of(user: User) -> list[Night]:
    """The user's own nights: personal ones, and the club nights he started while still
    in the club (a club keeps the nights of a member who left)."""
    mine = Q(club=None) | Q(club__members__user=user, club__deleted_at__isnull=True)
    return list(
        Night.objects.filter(mine, owner=user).prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player"))
        )
    )


def player_names(user: User, club_id: int | None = None) -> list[str]:
    """The names of a roster: the user's own, or the club's."""
    return list(roster_of(user.pk, club_id).values_list("name", flat=True))


def deleted_nights(user: User) -> list[Night]:
    """The user's deleted nights (Undo brings each back), most recently deleted first."""
    # not a club's he has left, nor a deleted club's (its Undo brings them back)
    mine = Q(club=None) | Q(club__members__user=user, club__deleted_at__isnull=True)
    return list(
        Night.all_objects.filter(mine, owner=user, deleted_at__isnull=False).order_by("-deleted_at")
    )


def deleted_night_for(user: User | AnonymousUser, pk: int) -> Night:
    night = get_object_or_404(Night.all_objects, pk=pk, owner_id=user.pk, deleted_at__isnull=False)
    if night.club_id is not None and role_in(user, night) != OWNER:
        raise Http404("no such night")
    return night


def scorer_link(token: str) -> ScorerLink:
    """The live night's scorer link for a token; 404 otherwise (revoked, deleted night)."""
    if not token or len(token) > 64:
        raise Http404("no such link")
    return get_object_or_404(
        ScorerLink.objects.select_related("night"), token=token, night__deleted_at__isnull=True
    )
