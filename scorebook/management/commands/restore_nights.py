"""`manage.py restore_nights DIR`: create the nights of a `dump_nights` backup.

All or nothing: every sheet is validated by the engine and every owner must exist (or
`--owner` names the one user who gets them all); any problem stops the restore with every
problem listed, and nothing is created. Restoring adds new nights; it never merges.
"""

from __future__ import annotations

import datetime
import json
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from scorebook import services, sheets
from scorebook.engine.errors import InvalidSheet
from scorebook.management.commands.dump_nights import INDEX_FORMAT


class Command(BaseCommand):
    help = "Create the nights of a dump_nights backup (all of them, or none)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("directory")
        parser.add_argument("--owner", help="give every night to this user instead")

    def handle(self, *args: Any, directory: str, owner: str | None, **options: Any) -> None:
        source = Path(directory)
        try:
            index = json.loads((source / "index.json").read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise CommandError(f"{source / 'index.json'}: {error}") from None
        if not isinstance(index, dict) or index.get("format") != INDEX_FORMAT:
            raise CommandError(f"index.json: format must be {INDEX_FORMAT!r}")
        users = get_user_model()
        problems: list[str] = []
        restored = 0
        with transaction.atomic():
            for entry in index.get("nights") or []:
                restored += self._restore(source, entry, users, owner, problems)
            if problems:  # raised inside the transaction, so nothing is kept
                raise CommandError("\n".join(problems))
        self.stdout.write(f"{restored} nights restored from {source}")

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
                )
        except InvalidSheet as refused:
            problems.extend(f"{name}: {p.describe()}" for p in refused.problems)
            return 0
        for payer, payee, amount in entry.get("paid") or []:
            try:
                services.mark_transfer_paid(
                    night=night, payer=payer, payee=payee, amount=Decimal(amount)
                )
            except (InvalidOperation, TypeError, ValueError):
                problems.append(f"{name}: paid transfer {payer!r} → {payee!r} {amount!r}")
        return 1
