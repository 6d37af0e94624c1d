"""The statistics' facts of the variants that had only the generic reading until now
(issue 21: figures for every variant): their stored hands' facts are written again, with
the totals of their nights. Runs the same per-night fill as 0010."""

import importlib

from django.db import migrations

NEWLY_READ = ("magyar", "tapper", "trisak", "negyes54", "stromann", "strohmandli")


def refill(apps, schema_editor) -> None:
    nights = apps.get_model("scorebook", "Night").objects.filter(variant__in=NEWLY_READ)
    for model in ("HandFact", "FactItem", "FactTotal"):
        apps.get_model("scorebook", model).objects.filter(night__in=nights).delete()
    fill = importlib.import_module("scorebook.migrations.0010_hand_facts_for_statistics").fill
    fill(apps, schema_editor, variants=NEWLY_READ)


class Migration(migrations.Migration):
    dependencies = [
        ("scorebook", "0010_hand_facts_for_statistics"),
    ]

    operations = [
        migrations.RunPython(refill, migrations.RunPython.noop, elidable=True),
    ]
