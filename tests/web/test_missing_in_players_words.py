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
# underscore (loser_points), a JSON word or the bare `result` the form never shows.
CODE = re.compile(r"\w\.[a-z_]{2,}|\[\d+\]|\b[a-z]+_[a-z_]+\b|\b(result|null|true|false)\b")


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


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "only the offender's own declarations are refunded (this one belongs to: A)"),
        ("hu", "csak a szabálytalankodó saját bemondásai járnak vissza (ezt a bemondást tette: A)"),
        ("pl", "zwracane są tylko Deklaracje sprawcy przewinienia (ta należy do: A)"),
    ],
)
def test_a_refunded_declaration_is_named_as_the_table_names_it(client_in, user, lang, words):
    """Ultimo's refund of another player's declaration (its chip tapped): named by who made
    it, with no "declarations[0]" and no number counted from 0."""
    night = make_night(user, "ultimo", ["A", "B", "C"], "A")
    data = {
        "dealer": "A",
        "declarations[100].player": "A",
        "declarations[100].type": "matadors",
        "declarations[100].count": "3",
        "penalties[0].player": "B",
        "penalties[0].reason": "declaration_error",
        "penalties[0].class": "irreparable",
        "penalties[0].refund_declarations": "100",  # A's chip
    }
    response = client_in.post(reverse("new_hand", args=[night.pk]), data, HTTP_ACCEPT_LANGUAGE=lang)
    messages = [text for _anchor, text in response.context["form"].messages]
    assert any(text.endswith(words) for text in messages), messages
    assert not any(CODE.search(text) for text in messages), messages
    # each message links to the field that shows it (the refund chips' own field)
    page = response.content.decode()
    for anchor, _text in response.context["form"].messages:
        assert f'id="{anchor}"' in page, anchor
