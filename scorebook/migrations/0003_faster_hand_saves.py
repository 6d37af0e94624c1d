"""Recording a hand reads and writes less: Night.seating (a copy of the Seat rows' names, in
order), an index of just the unnumbered hands (events and deleted hands), and no Hand
indexes that the unique (night, position) index already covers."""

import django.db.models.deletion
from django.db import migrations, models


def copy_seating(apps, schema_editor):
    Night = apps.get_model("scorebook", "Night")
    Seat = apps.get_model("scorebook", "Seat")
    for night in Night.objects.all().iterator():
        names = Seat.objects.filter(night=night).order_by("position")
        night.seating = list(names.values_list("player__name", flat=True))
        night.save(update_fields=["seating"])


class Migration(migrations.Migration):
    dependencies = [
        ("scorebook", "0002_share_and_summary"),
    ]

    operations = [
        migrations.AddField(
            model_name="night",
            name="seating",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.RunPython(copy_seating, migrations.RunPython.noop),
        migrations.AddIndex(
            model_name="hand",
            index=models.Index(
                condition=models.Q(("number__isnull", True)),
                fields=["night", "position"],
                name="hand_events",
            ),
        ),
        migrations.RemoveIndex(
            model_name="hand",
            name="scorebook_h_night_i_b9007a_idx",
        ),
        migrations.AlterField(
            model_name="hand",
            name="night",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="hands",
                to="scorebook.night",
            ),
        ),
    ]
