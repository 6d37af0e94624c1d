#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys

if sys.version_info < (3, 12):  # noqa: UP036 - the point is a clear message on old Pythons
    sys.exit(
        f"Scorebook needs Python 3.12 or newer (Django 6.1); this is {sys.version.split()[0]}. "
        "Run it through `make run` / `make test`, which use .venv built from .python-version."
    )


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorebook.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
