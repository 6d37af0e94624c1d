"""The engine's messages in the reader's language, through the one set of gettext catalogues.

The engine says things as message ids with arguments (scorebook/engine/messages.py); here
they become text in the active language, exactly as the pages' own strings do.
"""

from __future__ import annotations

from django.utils import translation

from scorebook.engine.messages import Msg, render


def say(message: Msg) -> str:
    """A message in the active language."""
    return render(message, translation)


def say_in(lang: str, message: Msg) -> str:
    """A message in `lang` (the scorer's `--lang`), whatever the active language."""
    with translation.override(lang):
        return say(message)
