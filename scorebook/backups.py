"""What a backup's `index.json` carries beside each scoresheet, so a restored night is the
night that was: who may score it, its history, who wrote each hand, and its links.

`dump_nights` writes `extras(night)` into the night's index entry and `restore_nights`
gives the entry to `restore_extras`. Every key is optional (a backup written before they
existed restores as it always did); a part that cannot be restored (an account that does
not exist here, a link token another night already uses) is left out and named, and the
night is restored all the same. What is not carried at all is in docs/deploying.md.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from scorebook.models import Hand, Night, NightRevision, NightScorer, NightShare, ScorerLink


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
    }


class _Users:
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


@transaction.atomic
def restore_extras(night: Night, entry: Mapping[str, Any]) -> list[str]:
    """Give a just-restored night what its index entry carries; what was left out, and why."""
    problems: list[str] = []
    users = _Users(problems)
    version = entry.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version >= 1:
        Night.all_objects.filter(pk=night.pk).update(version=version)
        night.version = version
    _scorers(night, entry.get("scorers"), users)
    _authors(night, entry.get("authors"), users)
    _history(night, entry.get("history"), users)
    _links(night, entry, problems)
    return problems


def _scorers(night: Night, names: Any, users: _Users) -> None:
    for name in names if isinstance(names, list) else []:
        user = users.get(name, "co-scorer")
        if user is not None and user.pk != night.owner_id:
            NightScorer.objects.get_or_create(night=night, user=user)


def _authors(night: Night, names: Any, users: _Users) -> None:
    """Each hand's author, by the rows' order (the sheet's `hands` were restored in it)."""
    if not isinstance(names, list):
        return
    rows = list(Hand.objects.filter(night=night).order_by("position").values_list("pk", flat=True))
    if len(rows) != len(names):
        users.problems.append(f"authors: {len(names)} for {len(rows)} hands: left out")
        return
    by_author: dict[int, list[int]] = {}
    for pk, name in zip(rows, names, strict=True):
        user = users.get(name, "author")
        if user is not None:
            by_author.setdefault(user.pk, []).append(pk)
    for user_pk, pks in by_author.items():  # one update per author, not one per hand
        Hand.objects.filter(pk__in=pks).update(author_id=user_pk)


def _history(night: Night, items: Any, users: _Users) -> None:
    kept: list[tuple[NightRevision, datetime.datetime]] = []
    for item in items if isinstance(items, list) else []:
        try:
            if not isinstance(item, dict) or not isinstance(item["changes"], list):
                raise TypeError
            created = datetime.datetime.fromisoformat(item["created"])
            revision = NightRevision(
                night=night,
                kind=str(item["kind"])[:20],
                changes=item["changes"],
                author=users.get(item.get("author"), "history author"),
                version=item.get("version") if isinstance(item.get("version"), int) else None,
            )
        except (KeyError, TypeError, ValueError):
            users.problems.append(f"history entry {item!r} does not read: left out")
            continue
        kept.append((revision, created))
    made = NightRevision.objects.bulk_create([r for r, _created in kept])
    for revision, (_r, created) in zip(made, kept, strict=True):  # the insert stamped now
        revision.created = created
    NightRevision.objects.bulk_update(made, ["created"])


def _links(night: Night, entry: Mapping[str, Any], problems: list[str]) -> None:
    """The share and scorer links with their tokens, so links handed out keep working."""
    for key, model, what in (
        ("share", NightShare, "share link"),
        ("scorer_link", ScorerLink, "scorer link"),
    ):
        token = entry.get(key)
        if not isinstance(token, str) or not 20 <= len(token) <= 64:
            continue
        if model.objects.filter(token=token).exists():
            problems.append(f"{what}: its token is another night's here: left out")
            continue
        model.objects.create(night=night, token=token)
