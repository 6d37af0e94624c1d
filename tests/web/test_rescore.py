"""Re-scoring after an edit, delete or restore writes only the rows whose cached number,
entries or state changed, and every row's cache still equals a fresh replay."""

import random
import re

import pytest
from django.urls import reverse

from scorebook import nights, nightview, services
from scorebook.engine.replay import fold
from scorebook.models import Hand, Night
from tests.engine.generators import random_night
from tests.factories import make_night

pytestmark = pytest.mark.django_db
PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]


def plain(dealer, contra):
    return {
        "dealer": dealer,
        "outcome": "played",
        "bid": {"declarer": "Anna" if dealer != "Anna" else "Béla", "level": "two"},
        "called_card": "XX",
        "partner": "Csaba" if dealer != "Csaba" else "Dóra",
        "game_contra": contra,
        "result": {"declarer_card_points": 52},
    }


def assert_caches_equal_a_replay(night):
    rows = list(Hand.objects.filter(night=night).order_by("position"))
    live = [r for r in rows if not r.deleted]
    night = Night.objects.get(pk=night.pk)
    session = nightview.night_view(night).session
    variant = nights.variant_of(night)
    state, number = variant.load_state(night.start_state), 1
    for row in live:
        state, entries, problems = fold(session, [row.record], state=state, first_number=number)
        assert problems == []
        assert row.entries == nights.entries_to_json(entries)
        assert row.state == variant.dump_state(state)
        if not row.is_event:
            assert row.number == number
            number += 1
    assert all(r.number is None for r in rows if r.deleted)


def test_editing_an_early_hand_writes_only_what_changed(user, monkeypatch):
    night = make_night(user, "paskievics", PLAYERS, "Dóra")
    hands = [
        services.record_hand(night=night, record=plain(PLAYERS[(3 + n) % 4], 0)) for n in range(12)
    ]
    written = []
    real = services.update_rows

    def spy(rows, fields):
        written.extend(r.number for r in rows)
        return real(rows, fields)

    monkeypatch.setattr(services, "update_rows", spy)
    first = Hand.objects.get(pk=hands[0].pk)
    services.edit_hand(hand=first, record=plain("Dóra", 1), version=1, author=user)
    # A kontra on hand 1 doubles its payments only: hands 2–12 keep their caches.
    assert written == [1]
    assert Hand.objects.get(pk=hands[0].pk).entries[0]["deltas"]["Anna"] == 4
    assert_caches_equal_a_replay(night)
    written.clear()
    services.delete_hand(hand=Hand.objects.get(pk=hands[0].pk), version=2, author=user)
    assert written == list(range(1, 12))  # every later hand is numbered one lower
    assert_caches_equal_a_replay(night)


@pytest.mark.parametrize("key", ["ultimo", "magyar", "kiralyhivo"])
def test_caches_equal_a_replay_after_delete_restore_and_edit(user, key):
    session, records = random_night(key, random.Random(11), 16)
    night = make_night(
        user,
        key,
        session.players,
        records[0].get("dealer"),
        house_rules=session.house_rules,
        opening_pots=session.opening_pots,
    )
    rows = [services.record_hand(night=night, record=r) for r in records]
    assert_caches_equal_a_replay(night)
    services.delete_hand(hand=Hand.objects.get(pk=rows[0].pk), version=1, author=user)
    assert_caches_equal_a_replay(night)
    services.restore_hand(hand=Hand.objects.get(pk=rows[0].pk), version=2, author=user)
    assert_caches_equal_a_replay(night)
    third = Hand.objects.get(pk=rows[2].pk)
    services.edit_hand(hand=third, record=third.record, version=third.version, author=user)
    assert_caches_equal_a_replay(night)


def test_the_ledger_marks_an_edited_hand_and_says_what_a_deleted_one_was(user, client):
    night = make_night(user, "paskievics", PLAYERS, "Dóra")
    first = services.record_hand(night=night, record=plain("Dóra", 0))
    second = services.record_hand(night=night, record=plain("Anna", 0))
    services.edit_hand(hand=first, record=plain("Dóra", 1), version=1, author=user)
    services.delete_hand(hand=Hand.objects.get(pk=second.pk), version=1, author=user)
    client.force_login(user)
    html = client.get(reverse("night", args=[night.pk])).content.decode()
    rows = re.findall(r"<tr class=\"[^\"]*\">(.*?)</tr>", html, re.S)
    edited = next(r for r in rows if 'class="edited"' in r)
    assert 'title="version 2"' in edited
    assert "Anna kontra two, XX→Csaba, won 52" in edited  # hand 1, now with a kontra
    deleted = next(r for r in rows if "<s>" in r)
    assert re.search(r"<s>Béla two[^<]*</s> <small class=\"muted\">deleted</small>", deleted)
