"""The one check for a player's name, wherever one is typed or imported.

A name is trimmed; then it must be non-empty, at most 60 characters (never silently cut),
free of control characters (NUL cannot even be stored by PostgreSQL) and of invisible or
direction-changing characters (zero-width spaces, bidi overrides, a byte-order mark: two
names that look the same must not be two players), and it must show something. The
messages quote the name, with every hidden character written out as U+XXXX.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from django.utils.translation import gettext as _

from scorebook.models import Player

MAX_NAME = Player._meta.get_field("name").max_length or 60
# Control (Cc), format (Cf: zero-width, bidi controls, BOM, soft hyphen) and lone surrogates.
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs"})
# Letters and symbols that print as nothing (Hangul fillers, the blank Braille pattern).
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def clean(raw: str) -> str:
    """The name as it is kept: surrounding spaces removed, nothing else changed."""
    return raw.strip()


def shown(name: str) -> str:
    """The name quoted for a message, hidden characters written as U+XXXX."""
    return "“{}”".format(
        "".join(
            f"<U+{ord(c):04X}>" if unicodedata.category(c) in _HIDDEN_CATEGORIES else c
            for c in name
        )
    )


def _visible(c: str) -> bool:
    category = unicodedata.category(c)
    return not category.startswith(("Z", "C")) and c not in _BLANK


def problem(name: str) -> str | None:
    """Why `name` (already cleaned) cannot be a player's name, or None."""
    if not name:
        return _("A player's name is empty.")
    if len(name) > MAX_NAME:
        return _("%(name)s is longer than %(max)s characters (%(length)s).") % {
            "name": shown(name),
            "max": MAX_NAME,
            "length": len(name),
        }
    hidden = [c for c in name if unicodedata.category(c) in _HIDDEN_CATEGORIES]
    if hidden:
        return _(
            "%(name)s contains a control or invisible character (%(chars)s); type the name again."
        ) % {"name": shown(name), "chars": ", ".join(f"U+{ord(c):04X}" for c in hidden)}
    if not any(_visible(c) for c in name):
        return _("%(name)s shows no letter or sign.") % {"name": shown(name)}
    return None


def problems(names: Sequence[str]) -> list[str]:
    """Every problem of a list of names (cleaned): each name's own, then duplicates."""
    found = [p for p in map(problem, names) if p]
    seen: set[str] = set()
    for name in names:
        if name in seen:
            found.append(_("%(name)s is there twice.") % {"name": shown(name)})
        seen.add(name)
    return found
