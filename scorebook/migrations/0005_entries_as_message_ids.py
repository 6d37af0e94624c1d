"""Stored entries keep message ids and arguments, not text in two languages (issue 11).

Each night is scored again from its records with the engine of this release, and every
live row's cached entries (and the night's opening entries) are rewritten as message ids.
The engine and the JSON helpers are plain functions of the records and the night's fields,
so they are safe to call here with the historical models. A night whose stored hands no
longer read keeps its old rows from that hand on; the app still shows them (a stored pair
reads as text), and `manage.py check_nights` names them.
"""

from django.db import migrations

from scorebook import nights
from scorebook.engine.errors import InvalidHand
from scorebook.engine.replay import fold
from scorebook.engine.scoresheet import late_joiners


def _rescore_night(night, Hand) -> None:
    rows = list(Hand.objects.filter(night=night).order_by("position"))
    events = (r.record for r in rows if r.number is None)
    variant = nights.variant_of(night)
    session = nights.session_for(night, list(night.seating), late_joiners(events), variant)
    state, opening = variant.start(session)
    night.start_entries = nights.entries_to_json(opening)
    night.save(update_fields=["start_entries"])
    number = 1
    for row in rows:
        if row.deleted:
            continue  # its cached summary stays as it was stored
        is_event = isinstance(row.record, dict) and "event" in row.record
        state, entries, problems = fold(session, [row.record], state=state, first_number=number)
        if problems:
            return
        row.entries = nights.entries_to_json(entries)
        row.save(update_fields=["entries"])
        number += 0 if is_event else 1


def forwards(apps, schema_editor) -> None:
    Night = apps.get_model("scorebook", "Night")
    Hand = apps.get_model("scorebook", "Hand")
    for night in Night.objects.all().iterator():
        try:
            _rescore_night(night, Hand)
        except (InvalidHand, KeyError, ValueError, TypeError):
            continue  # an unreadable night keeps its stored rows (see the docstring)


class Migration(migrations.Migration):
    dependencies = [("scorebook", "0004_night_edit_delete_scorers")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop, elidable=True)]
