"""What a backup's `index.json` carries beside each scoresheet, so a restored night is the
night that was: who may score it, its history, who wrote each hand, and its links.

`dump_nights` writes `extras(night)` into the night's index entry and `restore_nights`
gives the entry to `services.restore_extras` (the writes). Every key is optional (a backup written before they
existed restores as it always did); a part that cannot be restored (an account that does
not exist here, a link token another night already uses) is left out and named, and the
night is restored all the same. What is not carried at all is in docs/deploying.md.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model

from scorebook.models import (
    Club,
    ClubLink,
    ClubMember,
    Hand,
    Night,
    NightRevision,
    NightShare,
    Player,
    ScorerLink,
    Season,
    SeasonShare,
)


def _name(user: Any) -> str | None:
    return user.get_username() if user is not None else None


def extras(night: Night) -> dict[str, Any]:
    """The index entry's additions for `night` (which the dump has checked replays whole)."""
    rows = Hand.objects.filter(night=night, deleted=False).order_by("position")
    history = NightRevision.objects.filter(night=night).order_by("created", "pk")
    share = NightShare.objects.filter(night=night).first()
    link = ScorerLink.objects.filter(night=night).first()
    return {
        "version": night.version,
        "scorers": [_name(s.user) for s in night.scorer_rows.select_related("user")],
        # one per entry of the sheet's `hands` (its live rows, events too), in order
        "authors": [_name(r.author) for r in rows.select_related("author").only("author")],
        "history": [
            {
                "kind": r.kind,
                "changes": r.changes,
                "author": _name(r.author),
                "created": r.created.isoformat(),
                "version": r.version,
            }
            for r in history.select_related("author")
        ],
        "share": share.token if share else None,
        "scorer_link": link.token if link else None,
        # the index's `clubs` entry this night belongs to (restored as that club's night)
        "club": night.club_id,
    }


def club_entry(club: Club) -> dict[str, Any]:
    """A club as the index's `clubs` list carries it: members with their roles, the invite
    link, the roster, the seasons and the standings' share links. `id` and each season's
    `id` only tie the night entries and the share links to them inside one backup."""
    link = ClubLink.objects.filter(club=club).first()
    members = ClubMember.objects.filter(club=club).select_related("user")
    roster = Player.objects.filter(club=club).select_related("owner").order_by("name")
    shares = SeasonShare.objects.filter(club=club).order_by("pk")
    return {
        "id": club.pk,
        "name": club.name,
        "created_by": _name(club.created_by),
        "deleted": club.deleted_at.isoformat() if club.deleted_at else None,
        "members": [[_name(m.user), m.role] for m in members],
        "invite": {"token": link.token, "role": link.role} if link else None,
        "players": [[p.name, _name(p.owner)] for p in roster],
        "seasons": [
            {"id": s.pk, "name": s.name, "start": s.start.isoformat(), "end": s.end.isoformat()}
            for s in Season.objects.filter(club=club).order_by("start", "pk")
        ],
        "shares": [{"year": s.year, "season": s.season_id, "token": s.token} for s in shares],
    }


class Users:
    """Accounts by user name, each looked up once; a missing one is named once."""

    def __init__(self, problems: list[str]) -> None:
        self.model = get_user_model()
        self.found: dict[str, Any] = {}
        self.problems = problems

    def get(self, name: Any, what: str) -> Any:
        if not isinstance(name, str):
            return None
        if name not in self.found:
            field = self.model.USERNAME_FIELD
            self.found[name] = self.model.objects.filter(**{field: name}).first()
            if self.found[name] is None:
                self.problems.append(f"{what} {name!r} does not exist here: left out")
        return self.found[name]
