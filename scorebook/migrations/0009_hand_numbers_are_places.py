"""Imported hands kept the sheet's `hand_no` / `hand_number` (a match's `deal_number`) in
their record, so deleting an earlier hand was refused ("hand no: is 2, but this is hand
1"). A hand's number is its place: the stored number goes (services.clean_record no longer
keeps it on new rows). Nothing is re-scored: the number was only checked, never scored."""

from django.db import migrations
from django.db.models import Q

NUMBER_KEYS = ("hand_no", "hand_number", "deal_number")
BATCH = 500


def forget_sheet_numbers(apps, schema_editor):
    hand_model = apps.get_model("scorebook", "Hand")
    numbered = hand_model.objects.filter(
        Q(record__has_key="hand_no")
        | Q(record__has_key="hand_number")
        | Q(record__has_key="deal_number")
    )
    pks = list(numbered.order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(pks), BATCH):  # a batch at a time: a big import stays light
        rows = list(hand_model.objects.filter(pk__in=pks[start : start + BATCH]).only("record"))
        for hand in rows:
            hand.record = {k: v for k, v in hand.record.items() if k not in NUMBER_KEYS}
        hand_model.objects.bulk_update(rows, ["record"])


class Migration(migrations.Migration):
    dependencies = [("scorebook", "0008_night_versions")]

    operations = [migrations.RunPython(forget_sheet_numbers, migrations.RunPython.noop)]
