"""Issue 23 items 1 and 12: a hand saved with what it needs left out is refused with
messages in players' words, in every language: no field path, no list index, no code word."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scorebook.engine import registry
from tests.factories import make_night

pytestmark = pytest.mark.django_db

PLAYERS = {3: ["Anna", "Béla", "Csaba"], 4: ["Anna", "Béla", "Csaba", "Dóra"]}
# A dotted or indexed path (result.loser_points, declarations[0]), an identifier with an
# underscore (loser_points), a bare record word the form never shows as a label.
CODE = re.compile(r"\w\.[a-z_]|\[\d+\]|\b[a-z]+_[a-z_]+\b|\b(result|hand|null|true|false)\b")


def _players(key: str) -> list[str]:
    variant = registry.get(key)
    return (
        PLAYERS[min(max(variant.min_players, 3), 4)]
        if variant.max_players > 2
        else ["Anna", "Béla"]
    )


@pytest.mark.parametrize("key", sorted(v.key for v in registry.all_variants()))
@pytest.mark.parametrize("lang", ["en", "hu", "pl"])
def test_what_is_missing_is_named_in_players_words(client_in, user, key, lang):
    players = _players(key)
    night = make_night(user, key, players, first_dealer=players[-1])
    data = {"dealer": players[-1], "_expected_number": "1"}
    response = client_in.post(reverse("new_hand", args=[night.pk]), data, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    messages = [text for _anchor, text in response.context["form"].messages]
    assert messages, key
    for text in messages:
        print(key, lang, text)
        assert not CODE.search(text), text
