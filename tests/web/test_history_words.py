"""A hand's history and a conflict's changes name every field and choice as the form does, in
the page's language: never a record path or a stored value (issue 22 item 6)."""

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation

from scorebook import services
from scorebook.engine import registry
from scorebook.engine.shape import leaf_at
from scorebook.speech import say

pytestmark = pytest.mark.django_db

PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]
HAND = {
    "dealer": "Anna",
    "outcome": "played",
    "bid": {"declarer": "Béla", "level": "two"},
    "called_card": "XX",
    "partner": "Dóra",
    "game_contra": 0,
    "announcements": [],
    "tarokk_counts": [],
    "result": {"declarer_card_points": 52},
}


def label(path, value, lang):
    leaf = leaf_at(registry.get("paskievics").record, path)
    (choice,) = [c for c in leaf.choices if c.value == value]
    with translation.override(lang):
        return say(choice.label), say(leaf.label)


@pytest.mark.parametrize("lang", ["en", "hu", "pl"])
def test_history_and_conflict_name_fields_and_choices_by_their_labels(client_in, user, lang):
    night = services.create_night(
        owner=user,
        variant_key="paskievics",
        house_rules={},
        per_point=Decimal(1),
        currency="HUF",
        players=PLAYERS,
        first_dealer="Anna",
    )
    hand = services.record_hand(night=night, record=HAND)
    solo = {**HAND, "bid": {"declarer": "Béla", "level": "solo"}}
    services.edit_hand(hand=hand, record=solo, version=1)
    url = reverse("edit_hand", args=[night.pk, hand.pk])
    page = client_in.get(url, HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    (two, field), (solo_words, _) = (
        label("bid.level", "two", lang),
        label("bid.level", "solo", lang),
    )
    history = page.split('class="revisions"')[1]
    assert f"<b>{field}</b>: <del>{two}</del> → <ins>{solo_words}</ins>" in history
    assert "bid.level" not in history
    # A stale edit: the conflict lists the same field and values in words.
    stale = client_in.post(
        url,
        {
            "_version": "1",
            "dealer": "Anna",
            "outcome": "played",
            "bid.declarer": "Béla",
            "bid.level": "three",
            "called_card": "XX",
            "partner": "Dóra",
            "result.declarer_card_points:int": "52",
        },
        HTTP_ACCEPT_LANGUAGE=lang,
    ).content.decode()
    conflict = stale.split('class="conflict"')[1].split("</table>")[0]
    assert f"<td>{field}</td><td>{two}</td><td>{solo_words}</td>" in conflict
