"""Hands entered through the form are exported with every field the scoresheet format
defines: each game's export, read back by a strict reader of the format (issue 23 item 14)."""

import json
from pathlib import Path

import pytest
from django.urls import reverse

from scorebook import sheets
from scorebook.engine import registry
from scorebook.models import Night
from tests.web.handforms import (
    record_form_data,
)
from tests.web.strict_format import missing

pytestmark = pytest.mark.django_db
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
HANDS = 6  # the first hands of each example night: every form's common paths


def night_from_example(user, key):
    """The example night's opening (its events before the first hand) and its first hands up
    to the next event."""
    data = json.loads((EXAMPLES / f"{key}.json").read_text(encoding="utf-8"))
    entries = data["hands"]
    first = next(i for i, h in enumerate(entries) if "event" not in h)
    hands = []
    for entry in entries[first : first + HANDS]:
        if "event" in entry:
            break
        hands.append(entry)
    night = sheets.create_night_from_sheet(owner=user, data={**data, "hands": entries[:first]})
    return night, hands


def enter_through_the_form(client, night, record):
    """Post what a form sends for `record`: the tapped and typed values only (an untapped
    chip, an unticked box, an empty list send nothing)."""
    players = list(Night.objects.get(pk=night.pk).seating)
    return client.post(reverse("new_hand", args=[night.pk]), record_form_data(record, players))


@pytest.mark.parametrize("key", registry.VARIANT_KEYS)
def test_a_form_entered_night_exports_every_field_the_format_defines(client_in, user, key):
    night, hands = night_from_example(user, key)
    saved = 0
    for record in hands:
        response = enter_through_the_form(client_in, night, record)
        saved += response.status_code == 302
    assert saved, f"no example hand of {key} went through the form"
    exported = sheets.export_sheet(Night.objects.get(pk=night.pk))
    gaps = {i + 1: missing(key, hand) for i, hand in enumerate(exported["hands"])}
    assert {n: g for n, g in gaps.items() if g} == {}


def test_an_unticked_pagat_box_and_no_figure_made_are_exported(client_in, user):
    # The two gaps another program found: Ultimo's `with_pagat` left unticked (the browser
    # sends nothing) and tapper's `result.figures_made` when nothing was made.
    night, _ = night_from_example(user, "ultimo")
    record = {
        "dealer": "Anna",
        "declarations": [{"player": "Béla", "type": "trumps", "count": 10}],  # box unticked
        "last_trick": {"winner": "Anna", "winning_card": "other"},
        "card_points": {"Anna": 29, "Béla": 27, "Dóra": 22},
    }
    response = enter_through_the_form(client_in, night, record)
    assert response.status_code == 302, response.context["form"].messages
    stored = sheets.export_sheet(Night.objects.get(pk=night.pk))["hands"][-1]
    assert stored["declarations"][0]["with_pagat"] is False
    assert missing("ultimo", stored) == []
    night, hands = night_from_example(user, "tapper")
    record = next(h for h in hands if h.get("result"))
    record = {**record, "result": {"declarer_points": record["result"]["declarer_points"]}}
    record["announcements"] = []
    response = enter_through_the_form(client_in, night, record)
    assert response.status_code == 302, response.context["form"].messages
    stored = sheets.export_sheet(Night.objects.get(pk=night.pk))["hands"][-1]
    assert stored["result"]["figures_made"] == {"pagat_ultimo": None, "volat": None}
    assert missing("tapper", stored) == []
