"""`manage.py dump_nights DIR`: every night as a scoresheet file, plus `index.json`.

Each `night-<id>.json` is a plain `scorebook/1` scoresheet (the scorer and the import read
it as it is). What a scoresheet has no field for — owner, date, place, first dealer, the
transfers marked paid — is in the sidecar `index.json`, which `restore_nights` reads.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scorebook import sheets
from scorebook.models import Night, PaidTransfer

INDEX_FORMAT = "scorebook-backup/1"


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
        entries = []
        nights = Night.objects.select_related("owner", "first_dealer").order_by("pk")
        for night in nights.iterator(chunk_size=200):
            name = f"night-{night.pk}.json"
            (target / name).write_text(sheets.dumps(sheets.export_sheet(night)), encoding="utf-8")
            entries.append(
                {
                    "file": name,
                    "owner": night.owner.get_username(),
                    "date": night.date.isoformat(),
                    "place": night.place,
                    "first_dealer": night.first_dealer.name if night.first_dealer else None,
                    "paid": paid.get(night.pk, []),
                }
            )
        index = {"format": INDEX_FORMAT, "nights": entries}
        (target / "index.json").write_text(
            json.dumps(index, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
        )
        self.stdout.write(f"{len(entries)} nights written to {target}")
