"""The gettext catalogues read without Django, for the engine's tests and tools.

The app renders through Django's translation (scorebook/speech.py); the snapshot tool and the
engine's own tests read the same compiled catalogues (`make` compiles locale/*/django.po)
with the standard library, so they stay free of Django.
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path

from scorebook.engine.messages import ENGLISH, Catalogue
from scorebook.engine.types import Say, sayer

LOCALE = Path(__file__).resolve().parents[1] / "locale"


@cache
def catalogue(lang: str) -> Catalogue:
    """The compiled catalogue of `lang` (English: the message ids themselves)."""
    if lang == "en":
        return ENGLISH
    return gettext.translation("django", LOCALE, [lang])


def say_in(lang: str) -> Say:
    """Render engine messages in `lang`."""
    return sayer(catalogue(lang))
