"""What magyar and tapper say, checked against the catalogues: every message id of a night's
lines, summaries, end-of-night lines, table notes and house rules has a translation in the
language (a missing one would fall back to English without an error)."""

import gettext
import random

from scorebook.catalogues import LOCALE
from scorebook.engine import registry
from scorebook.engine.messages import Msg, render
from scorebook.engine.types import GENERAL
from tests.engine.generators import random_night


class _Missing(gettext.NullTranslations):
    """The fallback of a catalogue: it records every id the catalogue lacks."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[tuple[str, str]] = set()

    def gettext(self, message: str) -> str:
        self.ids.add(("", message))
        return message

    def pgettext(self, context: str, message: str) -> str:
        self.ids.add((context, message))
        return message


def _said(key: str, seeds: int) -> list[Msg]:
    """Everything the variant says over `seeds` random nights, and its house rules."""
    variant = registry.get(key)
    said: list[Msg] = []
    for rule in variant.house_rules:  # GENERAL is the engine's group, not the variant's
        said += [rule.help, *rule.choice_labels, *([rule.group] if rule.group != GENERAL else [])]
    for seed in range(seeds):
        session, hands = random_night(key, random.Random(seed), 30)
        state, entries = variant.start(session)
        for number, hand in enumerate(hands, 1):
            state, booked = variant.play(session, state, hand, number)
            entries += booked
        for entry in entries:
            said += [entry.summary, *(line.text for line in entry.lines)]
        said += [line.text for line in variant.end_of_session(session, state).lines]
        said += variant.table_hint(session, state).notes
    return said


def missing_ids(key: str, lang: str, seeds: int = 20) -> set[tuple[str, str]]:
    """The (context, id) pairs that `key` says and the `lang` catalogue lacks."""
    catalogue = gettext.translation("django", LOCALE, [lang])  # a copy: its own fallback
    missing = _Missing()
    catalogue.add_fallback(missing)
    for message in _said(key, seeds):
        if type(message) is Msg:
            render(message, catalogue)
    return missing.ids
