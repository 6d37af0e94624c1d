"""`manage.py check_nights [--delete-bad]`: find the hands that no longer read, and repair;
and the nights whose stored scores differ from scoring them again.

A hand stored before input was bounded (nested a thousand levels deep, a lone surrogate on
SQLite, a number the engine now refuses) can keep a night from being exported, backed up
or re-scored. This lists each such hand (night id, hand number, why); with `--delete-bad`
it marks them deleted, as the ledger's delete does (a revision is kept, the hand can be
seen in its history), and re-scores the night, which then replays again.

Every night that reads is also scored again from its start and compared with what is
stored (each hand's entries and state, and the totals): a difference is listed (night id,
hand, stored and re-scored totals) and the command fails; `--rescore` scores each such
night again, rewriting its stored scores (the hand records stay as they are).
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorebook import checks, services
from scorebook.engine.errors import InvalidHand
from scorebook.models import Night

logger = logging.getLogger(__name__)


class Command(BaseCommand):
    help = "List every hand whose record no longer reads; --delete-bad marks them deleted."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--delete-bad",
            action="store_true",
            help="mark each bad hand deleted (undoable) and re-score its night",
        )
        parser.add_argument(
            "--rescore",
            action="store_true",
            help="score again each night whose stored scores differ from a re-score",
        )

    def handle(self, *args: Any, delete_bad: bool, rescore: bool, **options: Any) -> None:
        found = unrepaired = misscored = 0
        for pk in Night.objects.order_by("pk").values_list("pk", flat=True).iterator():
            try:
                night = Night.objects.get(pk=pk)
                bad = checks.bad_hands(night)
            except Exception as error:  # a night that does not even load
                logger.exception("checking night %s failed", pk)
                self.stdout.write(f"night {pk}: cannot be read: {type(error).__name__}")
                found += 1
                unrepaired += 1
                continue
            for hand in bad:
                self.stdout.write(f"night {pk}, {hand.label}: {hand.why}")
            found += len(bad)
            if bad and delete_bad:
                unrepaired += self._repair(night, bad)
            if not bad:
                misscored += self._compare(night, rescore)
        verb = "deleted" if delete_bad else "found"
        self.stdout.write(f"{found} bad hand(s) {verb}" if found else "every night reads")
        if misscored:
            self.stdout.write(f"{misscored} night(s) whose stored scores differ from a re-score")
        if found and (not delete_bad or unrepaired):
            raise CommandError(
                f"{unrepaired} bad hand(s) left" if delete_bad else "run with --delete-bad"
            )
        if misscored:
            raise CommandError("stored scores differ from a re-score (listed above)")

    def _compare(self, night: Night, rescore: bool) -> int:
        """1 if the night's stored scores differ from a re-score (each difference listed)
        and, with `rescore`, still differ after scoring the night again."""
        differences = self._differences(night)
        for difference in differences:
            self.stdout.write(f"night {night.pk}: {difference}")
        if not differences or not rescore:
            return 1 if differences else 0
        try:
            services.rescore_night(night=night)
        except (InvalidHand, services.Conflict) as still:
            self.stdout.write(f"night {night.pk}: cannot be re-scored: {still}")
            return 1
        left = self._differences(night)
        self.stdout.write(f"night {night.pk}: " + ("still differs" if left else "re-scored"))
        return 1 if left else 0

    def _differences(self, night: Night) -> list[str]:
        try:
            return checks.score_differences(night)
        except Exception as error:  # an engine bug on an old night: report, do not stop
            logger.exception("re-scoring night %s failed", night.pk)
            return [f"cannot be re-scored: {type(error).__name__}"]

    def _repair(self, night: Night, bad: list[checks.BadHand]) -> int:
        """Delete the bad rows; the number that could not be (the night still fails)."""
        if any(b.hand_id == 0 for b in bad):
            return len(bad)
        try:
            services.delete_bad_hands(night=night, bad=bad)
        except (InvalidHand, services.Conflict) as still:
            self.stdout.write(f"night {night.pk}: still does not replay: {still}")
            return len(bad)
        left = checks.bad_hands(night)
        for hand in left:
            self.stdout.write(f"night {night.pk}, {hand.label}: still bad: {hand.why}")
        return len(left)
