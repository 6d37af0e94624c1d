"""A problem names its field in players' words, known without rendering the form (issue 22).

`form_labels.json` was written once by the code of before, which collected each field's
label while the variant's form rendered (and rendered it a second time, unseen, for the
preview): for every variant's first worked examples, the messages a preview shows with a
planted problem (an input left out, numbers out of range, a word in a number), and the name
of every input of the page. Today's form names them from the schema and the night's
players: the same words, with at most one render of the variant's form per preview.

In English, Hungarian and Polish. Re-record (only with the code of before):
FORM_LABELS_RECORD=1 pytest this file."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from django.test.signals import template_rendered
from django.urls import reverse

from scorebook import services
from scorebook.engine.errors import InvalidHand
from scorebook.models import Hand
from tests.web.handforms import browser_data, make_night
from tests.web.test_hand_form_posts import _examples

pytestmark = pytest.mark.django_db

LABELS = Path(__file__).resolve().parent / "form_labels.json"
RECORDING = bool(os.environ.get("FORM_LABELS_RECORD"))
LEFT_OUT = 6  # inputs left out one at a time per page (spread over the form)
EXAMPLES = 2  # worked examples per variant


def _pages(client, user, variant: str, sheet: dict[str, Any]) -> tuple[Any, list[str]]:
    first = sheet["hands"][0].get("dealer")
    night = make_night(
        user, variant, sheet["players"], first_dealer=first, **sheet.get("house_rules") or {}
    )
    for record in sheet["hands"][:2]:
        try:
            services.record_hand(night=night, record=record)
        except (InvalidHand, services.Conflict):
            break
    pages = [reverse("new_hand", args=[night.pk])]
    hand = Hand.objects.filter(night=night).order_by("number").first()
    if hand is not None:
        pages.append(reverse("edit_hand", args=[night.pk, hand.pk]))
    return night, pages


def _preview_url(page: str) -> str:
    return page.replace("/new/", "/") + "preview/"


def _planted(data: dict[str, Any], html: str) -> list[tuple[str, dict[str, Any]]]:
    """Posts with one problem planted each: an input left out, every number too big, a word
    in the first number, everything but the dealer left out."""
    names = [n for n in data if not n.startswith(("_", "csrf"))]
    step = max(1, len(names) // LEFT_OUT)
    out = [(f"without {n}", {k: v for k, v in data.items() if k != n}) for n in names[::step]]
    numbers = [n for n in re.findall(r'<input type="number" name="([^"]+)"', html) if n in data]
    if numbers:
        out.append(("numbers 999", data | dict.fromkeys(numbers, "999")))
        out.append(("a word", data | {numbers[0]: "5x2"}))
    kept = {k: v for k, v in data.items() if k.startswith("_") or k == "dealer"}
    out.append(("only the dealer", kept))
    return out


def _observed(client, user, lang: str) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    done: dict[str, int] = {}
    for variant, case_id, sheet in _examples():
        if done.get(variant, 0) >= EXAMPLES:
            continue
        done[variant] = done.get(variant, 0) + 1
        _night, pages = _pages(client, user, variant, sheet)
        for i, page in enumerate(pages):
            response = client.get(page, HTTP_ACCEPT_LANGUAGE=lang)
            html = response.content.decode()
            form = response.context["form"]
            data = browser_data(html)
            paths = sorted({*form.errors, *(n for n in data if not n.startswith(("_", "csrf")))})
            entry: dict[str, Any] = {"names": {p: form.label_for(p) for p in paths}}
            for what, post in _planted(data, html):
                answer = client.post(
                    _preview_url(page), post, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE=lang
                )
                entry[what] = [m for _a, m in answer.context["form"].messages]
            seen[f"{variant} {case_id} {'edit' if i else 'new'}"] = entry
    return seen


@pytest.mark.parametrize("lang", ["en", "hu", "pl"])
def test_problems_name_their_fields_as_before(client_in, user, lang):
    seen = _observed(client_in, user, lang)
    if RECORDING:
        kept = json.loads(LABELS.read_text()) if LABELS.exists() else {}
        kept[lang] = seen
        LABELS.write_text(json.dumps(kept, ensure_ascii=False, indent=0, sort_keys=True) + "\n")
    recorded = json.loads(LABELS.read_text())[lang]
    assert len(recorded) > 40
    assert sum(len(v) for e in recorded.values() for k, v in e.items() if k != "names") > 500
    assert seen.keys() == recorded.keys()
    wrong = [
        (key, what, seen[key][what], expected)
        for key, entry in recorded.items()
        for what, expected in entry.items()
        if seen[key][what] != expected
    ]
    assert not wrong


def _renders(client, url: str, data: dict[str, Any], template: str, **headers: Any) -> int:
    names: list[str] = []

    def seen(sender: Any, template: Any, **kwargs: Any) -> None:
        names.append(template.name)

    template_rendered.connect(seen)
    try:
        response = client.post(url, data, **headers)
    finally:
        template_rendered.disconnect(seen)
    assert response.status_code == 200
    assert response.context["form"].messages  # the planted problem is named
    return names.count(template)


@pytest.mark.parametrize("variant", ["paskievics", "ultimo", "scopa", "magyar"])
def test_a_preview_renders_the_form_at_most_once(client_in, user, variant):
    """The htmx preview answers with the payments fragment: the variant's form is not
    rendered at all, not even unseen to learn its labels; the whole page renders it once."""
    sheet = next(s for v, _c, s in _examples() if v == variant)
    _night, pages = _pages(client_in, user, variant, sheet)
    data = browser_data(client_in.get(pages[-1]).content.decode())
    post = {k: v for k, v in data.items() if k.startswith("_") or k == "dealer"}
    url, template = _preview_url(pages[-1]), f"scorebook/hands/{variant}.html"
    assert _renders(client_in, url, post, template, HTTP_HX_REQUEST="true") == 0
    assert _renders(client_in, url, post, template) == 1
