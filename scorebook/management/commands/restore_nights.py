"""`manage.py restore_nights DIR`: create the nights of a `dump_nights` backup.

Every sheet is validated by the engine first and every owner must exist (or `--owner`
names the one user who gets them all). Each valid night is restored on its own, atomically
(its hands and its paid marks, or nothing of it); a night that is refused is named with its
file and every problem, the others are restored all the same, and the command then fails.
Co-scorers, history, hand authors and links come back with the night (scorebook/backups.py);
a part of them that cannot (an account missing here) is named on standard error and left
out, without refusing the night. The clubs (`clubs`, format /2) are restored first, each
atomically, with their members, roster, links and seasons; a club night comes back as its
club's night, its players in the club's roster. Restoring adds new nights and clubs; it
never merges.
"""

from __future__ import annotations

import datetime
import json
import logging
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from scorebook import clubservices, services, sheets
from scorebook.engine.errors import InvalidHand, InvalidSheet
from scorebook.management.commands.dump_nights import READABLE_FORMATS
from scorebook.models import Club

logger = logging.getLogger(__name__)


def _file_of(entry: Any) -> str:
    return str(entry.get("file", "")) if isinstance(entry, dict) else "index.json"


class _Refused(Exception):
    """One night had a problem: roll back what was created of it."""


class Command(BaseCommand):
    help = "Create the nights of a dump_nights backup; name every night that is refused."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("directory")
        parser.add_argument("--owner", help="give every night to this user instead")

    def handle(self, *args: Any, directory: str, owner: str | None, **options: Any) -> None:
        source = Path(directory)
        try:
            index = json.loads((source / "index.json").read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise CommandError(f"{source / 'index.json'}: {error}") from None
        if not isinstance(index, dict) or index.get("format") not in READABLE_FORMATS:
            raise CommandError(f"index.json: format must be one of {READABLE_FORMATS!r}")
        users = get_user_model()
        problems: list[str] = []
        self.clubs = self._restore_clubs(index.get("clubs"), owner, problems)
        restored = refused = 0
        for entry in index.get("nights") or []:
            found: list[str] = []
            try:
                with transaction.atomic():  # this night whole, or nothing of it
                    done = self._restore(source, entry, users, owner, found)
                    if found:
                        raise _Refused
            except _Refused:
                done = 0
            except Exception as error:  # one night's surprise must not stop the others
                logger.exception("restoring %r failed", entry)
                found.append(f"{_file_of(entry)}: {type(error).__name__}: {error}")
                done = 0
            restored += done
            refused += 0 if done else 1
            problems.extend(found)
        self.stdout.write(f"{restored} nights restored from {source}")
        if problems:
            raise CommandError(f"{refused} night(s) not restored:\n" + "\n".join(problems))

    def _restore_clubs(self, items: Any, owner: str | None, problems: list[str]) -> dict[Any, Club]:
        """The backup's clubs, by their backup `id` (for the nights' `club`)."""
        users = get_user_model()
        to = users.objects.filter(**{users.USERNAME_FIELD: owner}).first() if owner else None
        found: dict[Any, Club] = {}
        for entry in items if isinstance(items, list) else []:
            try:
                key = entry.get("id")
                hash(key)  # the nights name it: a key that cannot be looked up creates nothing
                club, left_out = clubservices.restore_from_backup(entry=entry, owner=to)
                found[key] = club
            except Exception as error:  # one club's surprise must not stop the rest
                logger.exception("restoring club %r failed", entry)
                problems.append(f"index.json: club not restored: {type(error).__name__}: {error}")
                continue
            for line in left_out:  # the club is restored all the same
                self.stderr.write(line)
        return found

    def _restore(
        self, source: Path, entry: Any, users: Any, owner: str | None, problems: list[str]
    ) -> int:
        name = str(entry.get("file", "")) if isinstance(entry, dict) else ""
        path = source / name
        if not name or path.parent != source:
            problems.append(f"index.json: bad entry {entry!r}")
            return 0
        username = owner or entry.get("owner")
        user = users.objects.filter(**{users.USERNAME_FIELD: username}).first()
        if user is None:
            problems.append(f"{name}: owner {username!r} does not exist")
            return 0
        try:
            data, found = sheets.parse_json(path.read_bytes())
        except OSError as error:
            problems.append(f"{name}: {error}")
            return 0
        if found:
            problems.extend(f"{name}: {p.describe()}" for p in found)
            return 0
        club = self.clubs.get(entry.get("club"))
        if entry.get("club") is not None and club is None:
            problems.append(f"{name}: its club was not restored")
            return 0
        try:
            date = datetime.date.fromisoformat(entry.get("date") or "")
        except (TypeError, ValueError):
            date = None
        try:
            with transaction.atomic():
                night = sheets.create_night_from_sheet(
                    owner=user,
                    data=data,
                    date=date,
                    place=str(entry.get("place") or ""),
                    first_dealer=entry.get("first_dealer"),
                    club=club,
                )
        except InvalidSheet as refused:
            problems.extend(f"{name}: {p.describe()}" for p in refused.problems)
            return 0
        for mark in entry.get("paid") or []:
            try:
                payer, payee, amount = mark
                services.mark_transfer_paid(
                    night=night, payer=str(payer), payee=str(payee), amount=Decimal(str(amount))
                )
            except (InvalidHand, InvalidOperation, TypeError, ValueError):
                problems.append(f"{name}: paid transfer {mark!r} does not fit the night")
        for left_out in services.restore_extras(
            night=night, entry=entry
        ):  # the night is restored all the same
            self.stderr.write(f"{name}: {left_out}")
        return 1
