"""Every write to a club: members and roles, invite links, seasons and their share links,
and moving a personal night or player into a club. Keyword-only, atomic, verb-first, like
`scorebook.services`; a form's write key (`ClubReceipt`) makes a repeat write nothing.
"""

from __future__ import annotations

import datetime
import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from scorebook import backups, facts, nights, services
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
    digest = services.digest_of(kind, *parts)
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


@transaction.atomic
def rename_club(*, club: Club, name: str, key: str | None = None) -> Club:
    """The club's new name (its owner's act)."""
    name = _clean_name(name)
    if not _repeated(club, key, "rename", name):
        Club.objects.filter(pk=club.pk).update(name=name)
        club.name = name
    return club


HAS_NIGHTS = msg("the club still has nights: they are every member's record, so delete them first")


@transaction.atomic
def delete_club(*, club: Club, key: str | None = None) -> Club:
    """Delete a club softly (it leaves every member's list, its pages and links stop
    opening; Undo brings it back whole). Refused while it has nights: they are the
    record of all its members, not only of the owner who deletes it."""
    Club.objects.select_for_update().filter(pk=club.pk).first()
    if _repeated(club, key, "delete") or club.deleted_at is not None:
        return club
    if Night.objects.filter(club=club).exists():
        raise _refuse("__all__", HAS_NIGHTS)
    club.deleted_at = timezone.now()
    club.save(update_fields=["deleted_at"])
    return club


@transaction.atomic
def purge_deleted_clubs(*, days: int) -> int:
    """Remove for good the clubs deleted more than `days` ago that no night (deleted ones
    included: those go first, by `purge_deleted_nights`) still names; returns how many."""
    cutoff = timezone.now() - datetime.timedelta(days=days)
    old = Club.objects.filter(deleted_at__lt=cutoff).exclude(
        pk__in=Night.all_objects.filter(club__isnull=False).values("club")
    )
    count = old.count()
    Player.objects.filter(club__in=old).delete()  # a club protects its players
    old.delete()
    return count


@transaction.atomic
def restore_club(*, club: Club) -> Club:
    """Undo a club's delete."""
    if club.deleted_at is not None:
        club.deleted_at = None
        club.save(update_fields=["deleted_at"])
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
    facts.rewrite(night, rows, nights.house_rules_of(night), new=True)


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


# --- a backup's clubs (restore_nights) ------------------------------------------------------


@transaction.atomic
def restore_from_backup(
    *, entry: dict[str, Any], owner: User | None = None
) -> tuple[Club, list[str]]:
    """A new club from a backup's `clubs` entry (scorebook/backups.py): members with their
    roles, the roster, the invite link, seasons and share links; `owner` (restore's
    `--owner`) is made one of its owners. Returns the club and what was left out, and why
    (an account missing here, a token another club already holds). ValueError if the entry
    has no usable name."""
    problems: list[str] = []
    users = backups.Users(problems)
    name = entry.get("name")
    if not isinstance(name, str) or not " ".join(name.split()):
        raise ValueError(f"club {entry.get('id')!r} has no name")
    club = Club.objects.create(
        name=" ".join(name.split())[:NAME_LENGTH],
        created_by=users.get(entry.get("created_by"), "club founder"),
        deleted_at=_moment(entry.get("deleted")),
    )
    _restore_members(club, entry.get("members"), users, owner)
    _restore_roster(club, entry.get("players"), users, owner)
    _restore_invite(club, entry.get("invite"), problems)
    seasons = _restore_seasons(club, entry.get("seasons"), problems)
    _restore_shares(club, entry.get("shares"), seasons, problems)
    if not ClubMember.objects.filter(club=club, role=OWNER).exists():
        problems.append(f"club {club.name!r} has no owner here: restore with --owner")
    return club, [f"club {club.name!r}: {p}" for p in problems]


def _moment(text: Any) -> datetime.datetime | None:
    try:
        return datetime.datetime.fromisoformat(text) if isinstance(text, str) else None
    except ValueError:
        return None


def _pairs(items: Any) -> list[tuple[Any, Any]]:
    rows = items if isinstance(items, list) else []
    return [(r[0], r[1]) for r in rows if isinstance(r, list) and len(r) == 2]


def _restore_members(club: Club, items: Any, users: backups.Users, owner: User | None) -> None:
    for name, role in _pairs(items):
        user = users.get(name, "member")
        if user is not None and role in ROLES:
            ClubMember.objects.get_or_create(club=club, user=user, defaults={"role": role})
    if owner is not None:
        ClubMember.objects.update_or_create(club=club, user=owner, defaults={"role": OWNER})


def _restore_roster(club: Club, items: Any, users: backups.Users, owner: User | None) -> None:
    """The club's players, each with who first named him (else the club's founder)."""
    fallback = owner or club.created_by
    for name, by in _pairs(items):
        named_by = users.get(by, "player's author") or fallback
        if isinstance(name, str) and name.strip() and named_by is not None:
            Player.objects.get_or_create(club=club, name=name[:60], defaults={"owner": named_by})


def _restore_invite(club: Club, item: Any, problems: list[str]) -> None:
    if not isinstance(item, dict) or item.get("role") not in ROLES:
        return
    token = str(item.get("token") or "")[:64]
    if not token or ClubLink.objects.filter(token=token).exists():
        problems.append("invite link: its token is taken or empty: left out")
        return
    ClubLink.objects.create(club=club, token=token, role=item["role"])


def _restore_seasons(club: Club, items: Any, problems: list[str]) -> dict[Any, Season]:
    """The club's seasons by their backup `id` (for the share links)."""
    found: dict[Any, Season] = {}
    for item in items if isinstance(items, list) else []:
        try:
            start = datetime.date.fromisoformat(item["start"])
            end = datetime.date.fromisoformat(item["end"])
            name = _clean_name(str(item["name"]), length=60)
            if end < start:
                raise ValueError
        except (InvalidHand, KeyError, TypeError, ValueError):
            problems.append(f"season {item!r} does not read: left out")
            continue
        found[item.get("id")] = Season.objects.create(club=club, name=name, start=start, end=end)
    return found


def _restore_shares(
    club: Club, items: Any, seasons: dict[Any, Season], problems: list[str]
) -> None:
    for item in items if isinstance(items, list) else []:
        if not isinstance(item, dict):
            continue
        year, season = item.get("year"), seasons.get(item.get("season"))
        token = str(item.get("token") or "")[:64]
        if not token or SeasonShare.objects.filter(token=token).exists():
            problems.append("standings share link: its token is taken or empty: left out")
        elif isinstance(year, int) and not isinstance(year, bool) and year > 0:
            SeasonShare.objects.create(club=club, year=year, token=token)
        elif season is not None:
            SeasonShare.objects.create(club=club, season=season, token=token)
        else:
            problems.append(f"standings share link for {item!r}: no such season: left out")
