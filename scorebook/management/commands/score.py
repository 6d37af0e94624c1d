"""`manage.py score SHEET.json`: score a scoresheet and print the result (JSON or a table)."""

from __future__ import annotations

import json
import sys
from functools import partial
from typing import Any, NoReturn

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from scorebook.engine.errors import InvalidSheet
from scorebook.engine.report import result_table
from scorebook.engine.scoresheet import score_sheet
from scorebook.sheets import parse_json
from scorebook.speech import say_in


class Command(BaseCommand):
    help = "Score a scoresheet (scorebook/1 JSON) and print the result."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("sheet", help="path to the scoresheet JSON, or - for standard input")
        parser.add_argument("--format", choices=["json", "table"], default="json")
        parser.add_argument(
            "--lang", choices=[code for code, _name in settings.LANGUAGES], default="en"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        say = partial(say_in, options["lang"])
        try:
            if options["sheet"] == "-":
                raw = sys.stdin.buffer.read()
            else:
                with open(options["sheet"], "rb") as handle:
                    raw = handle.read()
        except OSError as exc:
            self.fail([f"{options['sheet']}: {exc.strerror}"])
        # Not UTF-8, not JSON, NaN, nested past the parser's depth: a problem, not a traceback.
        data, problems = parse_json(raw)
        if problems:
            self.fail([p.describe(say) for p in problems])
        try:
            result = score_sheet(data, say)
        except InvalidSheet as refused:
            self.fail([p.describe(say) for p in refused.problems])
        except Exception as error:  # an engine bug: still one line, never a traceback
            self.fail([f"sheet: could not be scored ({type(error).__name__})"])
        if options["format"] == "table":
            self.stdout.write(result_table(result, say))
        else:
            self.stdout.write(json.dumps(result, ensure_ascii=False, indent=2))

    def fail(self, lines: list[str]) -> NoReturn:
        for line in lines:
            self.stderr.write(line)
        sys.exit(2)
