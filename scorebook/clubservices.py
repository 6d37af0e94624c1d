"""Every write to a club: members and roles, invite links, seasons and their share links,
and moving a personal night or player into a club. Keyword-only, atomic, verb-first, like
`scorebook.services`; a form's write key (`ClubReceipt`) makes a repeat write nothing.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction

from scorebook import facts
from scorebook.engine.errors import InvalidHand, Problem
from scorebook.engine.messages import Msg, msg
from scorebook.models import (
    Club,
    ClubLink,
    ClubMember,
    ClubReceipt,
    FactItem,
    FactTotal,
    Hand,
    HandFact,
    Night,
    Player,
    Season,
    SeasonShare,
    Seat,
)
from scorebook.services import NO_SUCH_ACCOUNT

OWNER, SCORER, VIEWER = ClubMember.OWNER, ClubMember.SCORER, ClubMember.VIEWER
ROLES = (OWNER, SCORER, VIEWER)
NAME_LENGTH = 80
ALREADY_SENT = msg("this form was already sent once: open the page again")
NEEDS_OWNER = msg("a club needs an owner: make someone else an owner first")


def _same_names(names: list[str]) -> Msg:
    return msg(
        "the club already has players called {names}: tick “merge players of the same name”",
        names=", ".join(sorted(names)),
    )


def _refuse(field: str, message: Msg) -> InvalidHand:
    return InvalidHand([Problem(field, message)])


def _repeated(club: Club, key: str | None, kind: str, *parts: Any) -> bool:
    """Whether this form's key already wrote (a double tap, a lost answer): then nothing is
    written again. The same key with other contents is an old form: refused."""
    if key is None:
        return False
    text = json.dumps([kind, *parts], sort_keys=True, default=str, ensure_ascii=False)
    digest = hashlib.sha256(text.encode()).hexdigest()
    receipt, created = ClubReceipt.objects.get_or_create(
        club=club, key=key, defaults={"kind": kind, "digest": digest}
    )
    if not created and (receipt.kind, receipt.digest) != (kind, digest):
        raise _refuse("__all__", ALREADY_SENT)
    return not created


def _clean_name(name: str, field: str = "name", length: int = NAME_LENGTH) -> str:
    name = " ".join(name.split())
    if not name:
        raise _refuse(field, msg("is required"))
    if len(name) > length:
        raise _refuse(field, msg("at most {count} characters", count=length))
    return name


# --- clubs and members ------------------------------------------------------------------------


@transaction.atomic
def create_club(*, user: User, name: str, key: str | None = None) -> Club:
    """A new club with `user` as its owner (the same form sent again: the same club)."""
    name = _clean_name(name)
    if key and (club := Club.objects.filter(created_by=user, key=key).first()):
        return club
    club = Club.objects.create(name=name, created_by=user, key=key or "")
    ClubMember.objects.create(club=club, user=user, role=OWNER)
    return club


def _role(role: str) -> str:
    if role not in ROLES:
        raise _refuse("role", msg("is not one of the choices"))
    return role


@transaction.atomic
def add_member(*, club: Club, username: str, role: str, key: str | None = None) -> ClubMember:
    """Invite an account by its exact user name; InvalidHand (field `username`) for an
    unknown account (`NO_SUCH_ACCOUNT`) or a member already."""
    role = _role(role)
    model = get_user_model()
    person = model.objects.filter(**{model.USERNAME_FIELD: username.strip()}).first()
    if person is None:
        raise _refuse("username", NO_SUCH_ACCOUNT)
    if _repeated(club, key, "member", person.pk, role):
        return ClubMember.objects.get(club=club, user=person)
    member, created = ClubMember.objects.get_or_create(
        club=club, user=person, defaults={"role": role}
    )
    if not created:
        raise _refuse("username", msg("is already a member"))
    return member


def _last_owner(club: Club, user_id: int) -> bool:
    owners = ClubMember.objects.filter(club=club, role=OWNER)
    return not owners.exclude(user_id=user_id).exists() and owners.filter(user_id=user_id).exists()


@transaction.atomic
def set_role(*, club: Club, user_id: int, role: str, key: str | None = None) -> None:
    """Change a member's role; the last owner cannot stop being one."""
    role = _role(role)
    if _repeated(club, key, "role", user_id, role):
        return
    Club.objects.select_for_update().filter(pk=club.pk).first()  # one role change at a time
    if role != OWNER and _last_owner(club, user_id):
        raise _refuse("role", NEEDS_OWNER)
    ClubMember.objects.filter(club=club, user_id=user_id).update(role=role)


@transaction.atomic
def remove_member(*, club: Club, user_id: int, key: str | None = None) -> None:
    """A member leaves (or is removed). His club nights stay with the club; the last
    owner cannot leave while others remain."""
    if _repeated(club, key, "leave", user_id):
        return
    Club.objects.select_for_update().filter(pk=club.pk).first()
    others = ClubMember.objects.filter(club=club).exclude(user_id=user_id)
    if _last_owner(club, user_id) and others.exists():
        raise _refuse("__all__", NEEDS_OWNER)
    ClubMember.objects.filter(club=club, user_id=user_id).delete()


@transaction.atomic
def create_link(*, club: Club, role: str = SCORER) -> ClubLink:
    """The club's invite link (the same one, with its role, until revoked)."""
    link, _created = ClubLink.objects.get_or_create(
        club=club, defaults={"token": secrets.token_urlsafe(32), "role": _role(role)}
    )
    return link


@transaction.atomic
def revoke_link(*, club: Club) -> None:
    ClubLink.objects.filter(club=club).delete()


@transaction.atomic
def join_club(*, link: ClubLink, user: User) -> Club:
    """Whoever opens an invite link, logged in, joins with its role (a member keeps his)."""
    ClubMember.objects.get_or_create(club=link.club, user=user, defaults={"role": link.role})
    return link.club


# --- seasons ------------------------------------------------------------------------------


@transaction.atomic
def add_season(
    *, club: Club, name: str, start: datetime.date, end: datetime.date, key: str | None = None
) -> Season:
    name = _clean_name(name, length=60)
    if end < start:
        raise _refuse("end", msg("is before the first day"))
    if _repeated(club, key, "season", name, start, end):
        return Season.objects.get(club=club, name=name, start=start, end=end)
    return Season.objects.create(club=club, name=name, start=start, end=end)


@transaction.atomic
def share_season(
    *, club: Club, year: int | None = None, season: Season | None = None
) -> SeasonShare:
    """The standings' read-only link for a year or a season (the same one until revoked)."""
    share, _created = SeasonShare.objects.get_or_create(
        club=club, year=year, season=season, defaults={"token": secrets.token_urlsafe(32)}
    )
    return share


@transaction.atomic
def revoke_season_share(
    *, club: Club, year: int | None = None, season: Season | None = None
) -> None:
    SeasonShare.objects.filter(club=club, year=year, season=season).delete()


# --- moving into a club -------------------------------------------------------------------


@transaction.atomic
def move_night(*, night: Night, club: Club, merge: bool = False, key: str | None = None) -> Night:
    """Move a personal night into a club: its players become the club's players of the
    same names (new ones where the club has none; with `merge`, the club's own where it
    has them, else refused), and the night's facts are written again for them."""
    if night.club_id == club.pk or _repeated(club, key, "night", night.pk, merge):
        return night
    seats = list(Seat.objects.filter(night=night).select_related("player"))
    clashes = [
        s.player.name
        for s in seats
        if Player.objects.filter(club=club, name=s.player.name).exists()
    ]
    if clashes and not merge:
        raise _refuse("merge", _same_names(clashes))
    old_ids = [s.player_id for s in seats]
    for seat in seats:
        old = seat.player
        new, _created = Player.objects.get_or_create(
            club=club, name=old.name, defaults={"owner_id": old.owner_id}
        )
        seat.player = new
        seat.save(update_fields=["player"])
        if night.first_dealer_id == old.pk:
            night.first_dealer = new
    night.club = club
    night.save(update_fields=["club", "first_dealer"])
    _refresh_facts(night)
    # A personal player who sat at no other night leaves the personal list (no ghost).
    unseated = Player.objects.filter(pk__in=old_ids, club=None, seats__isnull=True)
    unseated.exclude(pk__in=Night.all_objects.values("first_dealer")).delete()
    return night


def _refresh_facts(night: Night) -> None:
    """The night's facts written afresh (its players changed, their hands did not)."""
    for model in (HandFact, FactItem, FactTotal):
        model.objects.filter(night=night).delete()
    rows = list(Hand.objects.filter(night=night).order_by("position"))
    facts.rewrite(night, rows, new=True)


@transaction.atomic
def move_player(
    *, player: Player, club: Club, merge: bool = False, key: str | None = None
) -> Player:
    """Move a personal player into the club's roster. With `merge`, into the club's player
    of the same name: everything he played is counted for that one and he is removed."""
    if player.club_id is not None or _repeated(club, key, "player", player.pk, merge):
        return player
    same = Player.objects.filter(club=club, name=player.name).first()
    if same is None:
        player.club = club
        player.save(update_fields=["club"])
        return player
    if not merge:
        raise _refuse("merge", _same_names([player.name]))
    _merge_into(player, same)
    return same


def _merge_into(old: Player, new: Player) -> None:
    """Every seat and fact of `old` counted for `new` (never both at one night: their
    names are the same), then `old` removed."""
    Seat.objects.filter(player=old).update(player=new)
    Night.all_objects.filter(first_dealer=old).update(first_dealer=new)
    HandFact.objects.filter(player=old).update(player=new)
    FactItem.objects.filter(player=old).update(player=new)
    FactTotal.objects.filter(player=old).update(player=new)
    FactTotal.objects.filter(kind="pair", key=str(old.pk)).update(key=str(new.pk))
    old.delete()
