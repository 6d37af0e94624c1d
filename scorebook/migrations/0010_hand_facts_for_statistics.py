"""The statistics' stored facts (issue 21): a HandFact per player per live hand, a
FactItem per figure and contra and the FactTotal rows that add them up per night, filled
here for every stored hand.

`scorebook.facts.build` is a plain function of a night's fields, its rows' records and
cached entries, and the player ids, so it is safe to call with the historical models (as
0005 calls the engine). A night whose records no longer read gets no facts.
"""

import django.db.models.deletion
from django.db import migrations, models

from scorebook import facts, nights


def fill(apps, schema_editor) -> None:
    Night = apps.get_model("scorebook", "Night")
    Hand = apps.get_model("scorebook", "Hand")
    Player = apps.get_model("scorebook", "Player")
    HandFact = apps.get_model("scorebook", "HandFact")
    FactItem = apps.get_model("scorebook", "FactItem")
    FactTotal = apps.get_model("scorebook", "FactTotal")
    fields = {f.attname for f in HandFact._meta.concrete_fields}

    def known(kw):  # a later migration's fields (0011's from_pots) are not here yet
        return {k: v for k, v in kw.items() if k in fields}

    for night in Night.objects.all().iterator():
        rows = list(Hand.objects.filter(night=night, deleted=False).order_by("position"))
        events = [(r.position, r.record) for r in rows if r.number is None]
        live = [r for r in rows if r.number is not None and "event" not in r.record]
        people = dict(
            Player.objects.filter(owner_id=night.owner_id, name__in=night.seating).values_list(
                "name", "pk"
            )
        )
        try:
            hand_rows, item_rows = facts.build(
                night, live, people, events, nights.house_rules_of(night)
            )
        except (KeyError, ValueError, TypeError, AttributeError):
            continue  # an unreadable night: see the docstring
        HandFact.objects.bulk_create((HandFact(**known(kw)) for kw in hand_rows), batch_size=2000)
        FactItem.objects.bulk_create((FactItem(**kw) for kw in item_rows), batch_size=2000)
        facts.add_totals(night.pk, facts.totals(hand_rows), FactTotal)


class Migration(migrations.Migration):
    dependencies = [
        ("scorebook", "0009_hand_numbers_are_places"),
    ]

    operations = [
        migrations.CreateModel(
            name="FactItem",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("kind", models.CharField(max_length=10)),
                ("key", models.CharField(max_length=30)),
                ("announced", models.BooleanField(default=False)),
                ("made", models.BooleanField(default=False)),
                ("level", models.PositiveSmallIntegerField(default=0)),
                ("said", models.BooleanField(default=False)),
                (
                    "hand",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="fact_items",
                        to="scorebook.hand",
                    ),
                ),
                (
                    "night",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="scorebook.night",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="scorebook.player",
                    ),
                ),
            ],
            options={
                "indexes": [
                    models.Index(fields=["player", "kind"], name="factitem_player"),
                    models.Index(fields=["night"], name="factitem_night"),
                ],
            },
        ),
        migrations.CreateModel(
            name="FactTotal",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("kind", models.CharField(max_length=8)),
                ("key", models.CharField(max_length=30)),
                ("sub", models.CharField(blank=True, max_length=30)),
                ("hands", models.IntegerField(default=0)),
                ("won", models.IntegerField(default=0)),
                ("lost", models.IntegerField(default=0)),
                ("units", models.FloatField(default=0)),
                ("other_units", models.FloatField(default=0)),
                (
                    "night",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="scorebook.night",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="scorebook.player",
                    ),
                ),
            ],
            options={
                "indexes": [models.Index(fields=["player", "kind"], name="facttotal_player")],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("night", "player", "kind", "key", "sub"), name="facttotal_unique"
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="HandFact",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveIntegerField()),
                ("role", models.CharField(max_length=10)),
                ("level", models.CharField(blank=True, max_length=30)),
                ("units", models.FloatField()),
                ("into_pots", models.FloatField(default=0)),
                (
                    "hand",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="facts",
                        to="scorebook.hand",
                    ),
                ),
                (
                    "night",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="scorebook.night",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="facts",
                        to="scorebook.player",
                    ),
                ),
            ],
            options={
                "indexes": [
                    models.Index(fields=["player", "night"], name="handfact_player"),
                    models.Index(fields=["night", "number"], name="handfact_night"),
                ],
            },
        ),
        migrations.RunPython(fill, migrations.RunPython.noop, elidable=True),
    ]
