"""`manage.py dump_nights DIR`: every night as a scoresheet file, plus `index.json`.

Each `night-<id>.json` is a plain `scorebook/1` scoresheet (the scorer and the import read
it as it is). What a scoresheet has no field for — owner, date, place, first dealer, the
transfers marked paid, and (scorebook/backups.py) co-scorers, the night's history, each
hand's author, the share and scorer links, the club it belongs to — is in the sidecar
`index.json`, which `restore_nights` reads. The index's `clubs` list carries every club
(members and roles, roster, invite link, seasons, standings share links).

One night never stops the backup: a night that cannot be written (a hand stored before
input was bounded, say) is named on standard error with the reason, every other night is
written, `index.json` lists what was written, and only then does the command fail.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorebook import backups, nights, sheets
from scorebook.models import Club, Hand, Night, PaidTransfer

# /2 adds `clubs` and each night's `club`; /1 backups (no clubs) still restore.
INDEX_FORMAT = "scorebook-backup/2"
READABLE_FORMATS = ("scorebook-backup/1", INDEX_FORMAT)
logger = logging.getLogger(__name__)


class Unwritable(Exception):
    """Why one night cannot go into the backup."""


def _encoded(doc: Any) -> bytes:
    """The document as the file holds it; Unwritable when it is not JSON text."""
    try:
        return sheets.dumps(doc).encode("utf-8")
    except (RecursionError, UnicodeEncodeError, ValueError, TypeError) as error:
        raise Unwritable(f"cannot be written as JSON ({type(error).__name__}: {error})") from None


def _check_hands(night: Night) -> None:
    """Unwritable if a live hand's record no longer reads (the sheet would lose it)."""
    rows = Hand.objects.filter(night=night, deleted=False).order_by("position")
    for row in rows.only("position", "number", "record"):
        trouble = nights.record_trouble(row.record)
        if trouble:
            label = f"hand {row.number}" if row.number else f"row {row.position + 1}"
            raise Unwritable(f"{label}: the record {trouble}")


def _night_files(night: Night, paid: list[list[str]]) -> tuple[dict[str, Any], bytes]:
    """The index entry and the scoresheet bytes of one night."""
    _check_hands(night)
    entry = {
        "file": f"night-{night.pk}.json",
        "owner": night.owner.get_username(),
        "date": night.date.isoformat(),
        "place": night.place,
        "first_dealer": night.first_dealer.name if night.first_dealer else None,
        "paid": paid,
        **backups.extras(night),
    }
    _encoded(entry)  # the index must take it too
    return entry, _encoded(sheets.export_sheet(night))


class Command(BaseCommand):
    help = "Write every night as a scoresheet into DIR, with an index.json of owners and names."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("directory")

    def handle(self, *args: Any, directory: str, **options: Any) -> None:
        target = Path(directory)
        target.mkdir(parents=True, exist_ok=True)
        paid: dict[int, list[list[str]]] = {}
        for t in PaidTransfer.objects.order_by("night_id", "pk"):
            paid.setdefault(t.night_id, []).append([t.payer, t.payee, str(t.amount.normalize())])
        entries, failed = [], 0
        # One night at a time, by id: a row that does not even load fails its night only.
        for pk in Night.objects.order_by("pk").values_list("pk", flat=True).iterator():
            try:
                night = Night.objects.select_related("owner", "first_dealer").get(pk=pk)
                entry, content = _night_files(night, paid.get(pk, []))
            except Unwritable as why:
                failed += 1
                self.stderr.write(f"night {pk}: not written: {why}")
                continue
            except Exception as error:  # anything else: still back up the other nights
                logger.exception("backing up night %s failed", pk)
                failed += 1
                self.stderr.write(f"night {pk}: not written: {type(error).__name__}: {error}")
                continue
            (target / entry["file"]).write_bytes(content)
            entries.append(entry)
        clubs = [backups.club_entry(c) for c in Club.objects.order_by("pk")]
        index = {"format": INDEX_FORMAT, "clubs": clubs, "nights": entries}
        (target / "index.json").write_text(
            json.dumps(index, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
        )
        self.stdout.write(f"{len(entries)} nights written to {target}")
        if clubs:
            self.stdout.write(f"{len(clubs)} clubs written with them")
        if failed:
            raise CommandError(f"{failed} night(s) could not be written (listed above)")
