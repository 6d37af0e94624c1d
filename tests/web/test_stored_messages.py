"""Stored hands keep message ids and arguments; rows stored as two-language text migrate."""

import importlib

import pytest
from django.apps import apps
from django.utils import translation

from scorebook import nights, services
from scorebook.models import Hand
from scorebook.speech import say
from tests.factories import make_night
from tests.web.conftest import PLAYERS

pytestmark = pytest.mark.django_db

MIGRATION = importlib.import_module("scorebook.migrations.0005_entries_as_message_ids")


def paskievics_night(user):
    return make_night(user, "paskievics", PLAYERS, "Dóra", per_point="2")


PLAIN = {
    "dealer": "Dóra",
    "outcome": "played",
    "bid": {"declarer": "Anna", "level": "two"},
    "called_card": "XX",
    "partner": "Csaba",
    "result": {"declarer_card_points": 52},
}


def rendered(row: Hand, lang: str) -> list[str]:
    with translation.override(lang):
        return [say(line.text) for e in nights.entries_from_json(row.entries) for line in e.lines]


def test_a_saved_hand_stores_ids_and_arguments_not_text(user):
    row = services.record_hand(night=paskievics_night(user), record=PLAIN)
    line = row.entries[0]["lines"][0]["text"]
    assert set(line) <= {"id", "args", "context", "plural", "n"}
    assert "en" not in row.entries[0]["lines"][0]
    assert rendered(row, "en") != rendered(row, "hu")  # one stored row, two languages


def test_rows_stored_as_two_language_text_are_migrated_to_ids(user):
    night = paskievics_night(user)
    row = services.record_hand(night=night, record=PLAIN)
    english, hungarian = rendered(row, "en"), rendered(row, "hu")
    # The row as an earlier release stored it: each line's text in English and Hungarian.
    legacy = [
        {
            **entry,
            "lines": [
                {"en": en, "hu": hu, "deltas": line["deltas"], "pots": line["pots"]}
                for line, en, hu in zip(entry["lines"], english, hungarian, strict=True)
            ],
            "summary": ["old summary", "régi összegzés"],
        }
        for entry in row.entries
    ]
    Hand.objects.filter(pk=row.pk).update(entries=legacy)
    row.refresh_from_db()
    assert rendered(row, "en") == english  # an old row still reads (as its English words)

    MIGRATION.forwards(apps, None)

    row.refresh_from_db()
    assert "text" in row.entries[0]["lines"][0]
    assert rendered(row, "en") == english
    assert rendered(row, "hu") == hungarian
    assert row.entries[0]["summary"]["id"]
