"""Each hand row keeps what its entries add up to (`Hand.amounts`), so that the totals of a
long night are added from small objects instead of every row's entries with their lines
(issue 20: a Scopa night of 5,000 deals carries about 3 KB of breakdown per row)."""

from django.db import migrations, models

from scorebook import nights

BATCH = 200  # rows written per query (bulk_update's CASE grows with the batch)


def fill_amounts(apps, schema_editor):
    Hand = apps.get_model("scorebook", "Hand")
    batch = []
    for row in Hand.objects.only("pk", "entries").iterator(chunk_size=BATCH):
        try:
            row.amounts = nights.amounts_of(row.entries)
        except (KeyError, TypeError, ValueError, AttributeError):
            continue  # a row that no longer reads: `check_nights --rescore` repairs it
        batch.append(row)
        if len(batch) == BATCH:
            Hand.objects.bulk_update(batch, ["amounts"])
            batch = []
    Hand.objects.bulk_update(batch, ["amounts"])


class Migration(migrations.Migration):
    dependencies = [
        ("scorebook", "0010_hand_facts_for_statistics"),
    ]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="amounts",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(fill_amounts, migrations.RunPython.noop),
    ]
