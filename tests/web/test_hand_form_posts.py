"""The same taps make the same record (issue 22): what the edit form of every variant's worked
examples posted before the hand form converted by schema (names with `:int`, `:list`,
`:bool` markers), and the record it made then, are kept in `hand_posts.json`. A page opened
before that change (an offline outbox, a phone left open) still posts those names: they
make the same record; and today's form, opened on the same hands, sends what makes it too.

`REGENERATE_HAND_POSTS=1` writes the file again from the current code."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from scorebook import queries, services
from scorebook.engine.errors import InvalidHand
from scorebook.engine import registry
from scorebook.forms import parse_hand
from scorebook.models import Hand
from tests.web.handforms import browser_data, make_night

CASES = Path(__file__).resolve().parents[1] / "engine" / "cases"
POSTS = Path(__file__).resolve().parent / "hand_posts.json"
PER_VARIANT = 4  # worked examples per variant: enough to reach every section of a form


def _parse(variant: str, data: dict[str, Any], players: list[str]) -> dict[str, Any]:
    sent = {k: v if isinstance(v, list) else [v] for k, v in data.items()}
    return parse_hand(sent, players, registry.get(variant).record).record


def _examples() -> list[tuple[str, str, dict[str, Any]]]:
    out = []
    for path in sorted(CASES.glob("*.json")):
        cases = json.loads(path.read_text())["cases"]
        kept = [c for c in cases if c["sheet"].get("hands") and "error" not in c["expect"]]
        out += [(path.stem, c["id"], c["sheet"]) for c in kept[:PER_VARIANT]]
    return out


def _edit_posts(client, user, variant: str, sheet: dict[str, Any]) -> list[dict[str, Any]]:
    """What the edit form of each hand of `sheet` sends untouched (form fields only)."""
    first = sheet["hands"][0].get("dealer")
    rules = sheet.get("house_rules") or {}
    night = make_night(user, variant, sheet["players"], first_dealer=first, **rules)
    for record in sheet["hands"]:
        try:
            services.record_hand(night=night, record=record)
        except (InvalidHand, services.Conflict):
            break
    pages = [reverse("new_hand", args=[night.pk])]  # the defaults of a fresh form
    for hand in Hand.objects.filter(night=night).order_by("number")[:2]:
        pages.append(reverse("edit_hand", args=[night.pk, hand.pk]))
    out = []
    for url in pages:
        data = browser_data(client.get(url).content.decode())
        out.append({k: v for k, v in data.items() if not k.startswith(("_", "csrf"))})
    return out


@pytest.mark.skipif(not os.environ.get("REGENERATE_HAND_POSTS"), reason="writes the file")
def test_regenerate_the_posts(client_in, user):
    from scorebook.forms import parse_hand as parse  # the code of the day, whatever it takes

    kept = []
    for variant, case_id, sheet in _examples():
        players = list(sheet["players"])
        for i, post in enumerate(_edit_posts(client_in, user, variant, sheet)):
            sent = {k: v if isinstance(v, list) else [v] for k, v in post.items()}
            record = parse(sent, players).record
            kept.append({"variant": variant, "case": case_id, "hand": i, "players": players,
                         "post": post, "record": record})
    POSTS.write_text(json.dumps(kept, ensure_ascii=False, indent=1) + "\n")
