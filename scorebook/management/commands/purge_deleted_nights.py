"""`manage.py purge_deleted_nights [--days N]`: remove for good the nights deleted more than
N days ago (default 30), after which their Undo is gone, then the clubs deleted as long ago
that no night names any more. Run it daily from cron."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scorebook import clubservices, services


class Command(BaseCommand):
    help = "Remove for good the nights deleted more than --days ago (default 30)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--days", type=int, default=services.KEEP_DELETED_DAYS)

    def handle(self, *args: Any, days: int, **options: Any) -> None:
        count = services.purge_deleted_nights(days=max(days, 0))
        self.stdout.write(f"{count} deleted night(s) removed")
        clubs = clubservices.purge_deleted_clubs(days=max(days, 0))
        if clubs:
            self.stdout.write(f"{clubs} deleted club(s) removed")
