"""Who may see and change what: each loader returns the object for a user, or raises 404
(a stranger never learns a night exists) or 403 (a co-scorer doing what only the owner may).

The one place that decides a user's role in a night (`role_in`): a new kind of member
(a club's) extends it there, and every view follows."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404

from scorebook import nights
from scorebook.engine.types import Variant
from scorebook.models import Hand, Night, NightScorer, Player, ScorerLink, Seat


def night_for(user: User | AnonymousUser, pk: int) -> Night:
    """The night if `user` owns it; 404 otherwise (never tell others it exists)."""
    return get_object_or_404(Night.objects.select_related("first_dealer"), pk=pk, owner_id=user.pk)


OWNER, SCORER = "owner", "scorer"


def role_in(user: User | AnonymousUser, night: Night) -> str | None:
    """OWNER, SCORER (a co-scorer the owner handed the pen to) or None."""
    if user.pk is None:
        return None
    if night.owner_id == user.pk:
        return OWNER
    if NightScorer.objects.filter(night=night, user_id=user.pk).exists():
        return SCORER
    return None


def night_and_role(user: User | AnonymousUser, pk: int) -> tuple[Night, str]:
    """The night and `user`'s role in it (OWNER or SCORER); 404 for anyone else."""
    night = get_object_or_404(Night.objects.select_related("first_dealer"), pk=pk)
    role = role_in(user, night)
    if role is None:
        raise Http404("no such night")
    return night, role


def night_to_score(user: User | AnonymousUser, pk: int) -> Night:
    """The night if `user` owns it or scores it (records and edits hands); 404 otherwise."""
    return night_and_role(user, pk)[0]


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


def table_for(user: User | AnonymousUser, pk: int) -> Table:
    """The night `user` owns or scores, with his role; 404 for anyone else."""
    return Table(*night_and_role(user, pk))


def hand_to_score(user: User | AnonymousUser, night_pk: int, hand_pk: int) -> Hand:
    """A hand of a night `user` owns or scores; 404 otherwise.

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
    if role_in(user, hand.night) is None:
        raise Http404("no such hand")
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
    return list(
        Night.objects.filter(owner=user).prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player"))
        )
    )


def player_names(user: User) -> list[str]:
    return list(Player.objects.filter(owner=user).values_list("name", flat=True))


def deleted_nights(user: User) -> list[Night]:
    """The user's deleted nights (Undo brings each back), most recently deleted first."""
    return list(
        Night.all_objects.filter(owner=user, deleted_at__isnull=False).order_by("-deleted_at")
    )


def deleted_night_for(user: User | AnonymousUser, pk: int) -> Night:
    return get_object_or_404(Night.all_objects, pk=pk, owner_id=user.pk, deleted_at__isnull=False)


def scorer_link(token: str) -> ScorerLink:
    """The live night's scorer link for a token; 404 otherwise (revoked, deleted night)."""
    if not token or len(token) > 64:
        raise Http404("no such link")
    return get_object_or_404(
        ScorerLink.objects.select_related("night"), token=token, night__deleted_at__isnull=True
    )
