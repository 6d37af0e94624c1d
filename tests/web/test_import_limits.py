"""The import's size limits and its refusal of session events where a variant has none."""

import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scorebook.models import Night
from scorebook.views.transfer import MAX_UPLOAD, paste_limit

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def example(variant):
    return json.loads((ROOT / f"examples/{variant}.json").read_text(encoding="utf-8"))


def problems_of(client, doc):
    response = client.post(reverse("import_night"), {"text": json.dumps(doc)})
    assert response.status_code == 200
    assert Night.objects.count() == 0
    return response.context["problems"]


@pytest.mark.parametrize("variant", ["magyar", "kiralyhivo", "snapszer", "tapper"])
def test_a_leave_in_a_variant_without_events_is_refused_naming_its_place(client_in, variant):
    doc = example(variant)
    doc["hands"].insert(2, {"event": "leave", "player": doc["players"][-1]})
    (problem,) = problems_of(client_in, doc)
    assert problem.startswith("hands[2] (leave, after hand 2) · event: ")
    assert "no session events" in problem


@pytest.mark.parametrize("variant", ["magyar", "kiralyhivo", "snapszer"])
def test_a_joiner_in_a_variant_without_events_is_refused_not_a_scorer_failure(client_in, variant):
    doc = example(variant)
    size = len(doc["players"])
    doc["players"].append("Zoé")
    doc["hands"].insert(1, {"event": "join", "player": "Zoé"})
    assert problems_of(client_in, doc) == [
        f"players: {variant} is played by exactly {size}: nobody can join"
    ]


def test_a_join_to_a_full_paskievics_table_names_the_event(client_in):
    doc = example("paskievics")
    doc["players"].append("Zoé")
    doc["hands"].insert(3, {"event": "join", "player": "Zoé"})
    assert problems_of(client_in, doc) == [
        "hands[3] (join, after hand 3) · player: the table is full (5)"
    ]


def test_the_page_states_both_limits_and_the_textarea_keeps_under_djangos(client_in, settings):
    # The project's settings let a paste be as large as a file: 5 MB.
    page = client_in.get(reverse("import_night")).content.decode()
    assert paste_limit() == MAX_UPLOAD
    assert f'maxlength="{MAX_UPLOAD}"' in page
    assert "Up to 5 MB." in page
    assert "Up to 5 MB pasted; choose a larger sheet as a file instead." in page
    # With Django's default request limit (2.5 MB) the textarea keeps under it.
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 2621440
    limit = 2621440 - 64 * 1024
    assert paste_limit() == limit
    page = client_in.get(reverse("import_night")).content.decode()
    assert f'maxlength="{limit}"' in page
    assert "Up to 2.4 MB pasted; choose a larger sheet as a file instead." in page


def test_a_paste_over_the_limit_gets_a_message(client_in):
    text = "{" + "x" * (paste_limit() + 10)
    response = client_in.post(reverse("import_night"), {"text": text})
    assert response.status_code == 200
    assert response.context["form"].errors["text"] == [
        "Up to 5 MB pasted; choose a larger sheet as a file instead."
    ]


def test_a_pasted_sheet_of_4_mb_is_read(client_in):
    doc = json.dumps(example("paskievics"))
    response = client_in.post(reverse("import_night"), {"text": doc + " " * (4 * 1024 * 1024)})
    assert response.status_code == 302
    assert Night.objects.count() == 1


def test_a_file_over_5_mb_gets_a_message_and_one_under_is_read(client_in):
    big = SimpleUploadedFile("night.json", b" " * (MAX_UPLOAD + 1))
    response = client_in.post(reverse("import_night"), {"file": big})
    assert response.status_code == 200
    assert "The file is larger than 5 MB." in response.content.decode()
    # 4 MB of spaces around a real sheet: more than a paste may hold, fine as a file.
    doc = json.dumps(example("paskievics")).encode("utf-8")
    padded = SimpleUploadedFile("night.json", doc + b" " * (4 * 1024 * 1024))
    response = client_in.post(reverse("import_night"), {"file": padded})
    assert response.status_code == 302
    assert Night.objects.count() == 1
