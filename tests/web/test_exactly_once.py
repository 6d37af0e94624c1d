"""Every write is exactly once: a repeated request (a lost answer, a double tap, the phone's
outbox sending again) is the same save; only a different phone's hand is a conflict; after a
conflict the form stands on the night as it is now; an unchanged save changes nothing; a
delete names its hand and version and says which hands were renumbered (issue 19)."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from scorebook import services, stamps
from scorebook.models import Hand, HandRevision, WriteReceipt
from tests.web.conftest import PLAYERS, hand

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}
HX = {"HTTP_HX_REQUEST": "true"}


def form(number: int, dealer: str, winner: str = "Anna", points: int = 2, key: str = "k" * 22):
    return {
        "_key": key,
        "_expected_number": str(number),
        "dealer": dealer,
        "winner": winner,
        "points:int": str(points),
    }


def flashes(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def test_a_repeated_save_is_the_same_hand(client_in, night):
    url = reverse("new_hand", args=[night.pk])
    first = client_in.post(url, form(1, "Dóra"), follow=True)
    assert first.redirect_chain[-1][1] == 302
    again = client_in.post(url, form(1, "Dóra"), follow=True)  # the answer was lost: retry
    assert Hand.objects.filter(night=night).count() == 1
    assert flashes(again) == ["Hand 1 saved."]
    page = again.content.decode()
    assert "already recorded" not in page
    assert "not saved" not in page
    assert WriteReceipt.objects.get(night=night).hand == Hand.objects.get(night=night)


def test_the_same_key_with_other_contents_is_refused_and_the_form_gets_a_new_key(client_in, night):
    url = reverse("new_hand", args=[night.pk])
    client_in.post(url, form(1, "Dóra"))
    reused = client_in.post(url, form(1, "Dóra", winner="Béla"))  # an old form sent again
    assert reused.status_code == 200
    assert "already saved once" in reused.content.decode()
    assert Hand.objects.filter(night=night).count() == 1
    assert reused.context["write_key"] != "k" * 22
    assert reused.context["expected_number"] == 2
    assert reused.context["form"].values["winner"] == ["Béla"]  # what was typed is kept


def test_a_conflict_offers_the_present_dealer_number_and_payments(client_in, night, user):
    services.record_hand(night=night, record=hand("Dóra", "Anna", 3), author=user)
    url = reverse("new_hand", args=[night.pk])
    response = client_in.post(url, form(1, "Dóra", winner="Béla", points=1, key="b" * 22))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Hand 1 was already recorded by anna" in page
    assert response.context["number"] == 2
    assert response.context["expected_number"] == 2
    assert response.context["form"].values["dealer"] == ["Anna"]  # the next dealer, not Dóra's
    assert response.context["form"].values["winner"] == ["Béla"]
    assert response.context["preview"] is not None  # the payments at once
    assert response.context["write_key"] == "b" * 22  # nothing was saved under it
    saved = client_in.post(url, {**form(2, "Anna", winner="Béla", points=1, key="b" * 22)})
    assert saved.status_code == 302
    assert [h.record["dealer"] for h in Hand.objects.filter(night=night)] == ["Dóra", "Anna"]


def test_the_outbox_gets_short_answers(client_in, night):
    url = reverse("new_hand", args=[night.pk])
    saved = client_in.post(url, form(1, "Dóra", key="c" * 22), **JSON)
    assert saved.status_code == 200
    answer = json.loads(saved.content)
    assert answer["status"] == "saved"
    assert (answer["number"], answer["message"]) == (1, "Hand 1 saved.")
    assert answer["redirect"] == reverse("night", args=[night.pk])
    again = json.loads(client_in.post(url, form(1, "Dóra", key="c" * 22), **JSON).content)
    assert (again["status"], again["number"]) == ("saved", 1)
    other = client_in.post(url, form(1, "Dóra", winner="Csaba", key="d" * 22), **JSON)
    assert other.status_code == 409
    conflict = json.loads(other.content)
    assert conflict["status"] == "conflict"
    assert (conflict["number"], conflict["position"], conflict["dealer"]) == (2, 1, "Anna")
    refused = client_in.post(url, form(2, "Anna", winner="Zoé", key="e" * 22), **JSON)
    assert refused.status_code == 422
    assert json.loads(refused.content)["status"] == "invalid"
    assert Hand.objects.filter(night=night).count() == 1


def test_an_unchanged_save_changes_nothing(client_in, night):
    h = services.record_hand(night=night, record=hand("Dóra", "Anna", 2))
    url = reverse("edit_hand", args=[night.pk, h.pk])
    data = {
        "_version": "1",
        "_key": "f" * 22,
        "dealer": "Dóra",
        "winner": "Anna",
        "points:int": "2",
    }
    response = client_in.post(url, data, follow=True)
    h.refresh_from_db()
    assert h.version == 1
    assert not HandRevision.objects.filter(hand=h).exists()
    assert flashes(response) == ["Nothing changed: hand 1 is as it was."]
    assert "edited" not in response.content.decode().split('id="ledger"')[1]


def test_a_repeated_edit_is_one_version(client_in, night):
    h = services.record_hand(night=night, record=hand("Dóra", "Anna", 2))
    url = reverse("edit_hand", args=[night.pk, h.pk])
    data = {
        "_version": "1",
        "_key": "g" * 22,
        "dealer": "Dóra",
        "winner": "Béla",
        "points:int": "2",
    }
    assert client_in.post(url, data, follow=True).redirect_chain
    again = client_in.post(url, data, follow=True)  # no conflict: the same save
    h.refresh_from_db()
    assert h.version == 2
    assert flashes(again) == ["Hand 1 changed; later hands re-scored."]
    assert HandRevision.objects.filter(hand=h).count() == 1


def test_a_double_tapped_delete_deletes_once_and_a_stale_page_is_refused(client_in, night):
    hands = [services.record_hand(night=night, record=hand(d, "Anna", 1)) for d in PLAYERS]
    url = reverse("delete_hand", args=[night.pk, hands[1].pk])
    first = client_in.post(url, {"_version": "1"}, **HX)
    again = client_in.post(url, {"_version": "1"}, **HX)  # the same button, tapped again
    assert "changed by someone else" not in again.content.decode()
    assert HandRevision.objects.filter(hand=hands[1]).count() == 1
    assert "Hand 2 deleted; hands 3–4 are now 2–3." in first.content.decode()
    # the page's poller takes the fingerprint after its own delete: no second refresh
    stamp = stamps.night_stamp(night)
    assert f'stamp={stamp}" hx-trigger="every 4s" hx-swap="outerHTML" hx-swap-oob="true"' in (
        again.content.decode()
    )
    assert [h.number for h in Hand.objects.filter(night=night)] == [1, None, 2, 3]
    # the hand is restored by another phone; this page's old Delete (version 1) is stale
    services.restore_hand(hand=hands[1], version=2)
    stale = client_in.post(url, {"_version": "1"}, follow=True)
    assert "changed by someone else" in stale.content.decode()
    assert not Hand.objects.get(pk=hands[1].pk).deleted


def test_deleting_the_last_hand_renumbers_nothing(client_in, night):
    hands = [services.record_hand(night=night, record=hand(d, "Anna", 1)) for d in PLAYERS[:2]]
    url = reverse("delete_hand", args=[night.pk, hands[1].pk])
    response = client_in.post(url, {"_version": "1"}, follow=True)
    assert flashes(response) == ["Hand deleted. Restore (in its row) brings it back."]
    one = reverse("delete_hand", args=[night.pk, hands[0].pk])
    services.restore_hand(hand=hands[1], version=2)
    response = client_in.post(one, {"_version": "1"}, follow=True)
    assert flashes(response) == [
        "Hand 1 deleted; hand 2 is now hand 1. Restore (in its row) brings it back."
    ]


def test_a_repeated_join_seats_the_player_once(client_in, night):
    url = reverse("event", args=[night.pk])
    data = {"_key": "h" * 22, "event": "join", "player": "Ede", "seat_index:int": "1"}
    client_in.post(url, data)
    client_in.post(url, data)
    night.refresh_from_db()
    assert night.seating.count("Ede") == 1
    assert Hand.objects.filter(night=night).count() == 1


def test_every_write_form_carries_a_key(client_in, night):
    h = services.record_hand(night=night, record=hand("Dóra", "Anna", 2))
    for url in (
        reverse("new_hand", args=[night.pk]),
        reverse("edit_hand", args=[night.pk, h.pk]),
        reverse("night", args=[night.pk]),
    ):
        assert 'name="_key" value="' in client_in.get(url).content.decode(), url


def test_a_malformed_key_is_ignored_not_refused(client_in, night):
    url = reverse("new_hand", args=[night.pk])
    assert client_in.post(url, form(1, "Dóra", key="<bad key>")).status_code == 302
    assert not WriteReceipt.objects.exists()
