"""The statistics' facts again for every stored hand (issue 21): the variants that had only
the generic reading now have their figures and contras, and each hand's fact keeps what
the pots paid the player (`from_pots`, for a night in numbers). Runs 0010's per-night fill
after clearing the facts and totals it wrote."""

import importlib

from django.db import migrations, models


def refill(apps, schema_editor) -> None:
    for model in ("HandFact", "FactItem", "FactTotal"):
        apps.get_model("scorebook", model).objects.all().delete()
    fill = importlib.import_module("scorebook.migrations.0010_hand_facts_for_statistics").fill
    fill(apps, schema_editor)


class Migration(migrations.Migration):
    dependencies = [
        ("scorebook", "0011_hand_amounts"),
    ]

    operations = [
        migrations.AddField(
            model_name="handfact",
            name="from_pots",
            field=models.FloatField(default=0),
        ),
        migrations.RunPython(refill, migrations.RunPython.noop, elidable=True),
    ]
