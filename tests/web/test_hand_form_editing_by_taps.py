"""Editing a hand entered on the tap forms (issue 12): the Paskievics figure grid and the
Ultimo declarations laid out player by player find a stored hand's rows whatever their order,
so opening a worked example in the edit form and saving it unchanged keeps its record (up
to blanks: the example's written-out nulls and empty lists may come back left out) and its
payments."""

import json
from pathlib import Path

from django.urls import reverse

from scorebook import nightview, services
from scorebook.models import Hand
from tests.web.handforms import browser_data, make_night

CASES = Path(__file__).resolve().parents[1] / "engine" / "cases"


def example(variant, case_id):
    cases = json.loads((CASES / f"{variant}.json").read_text())["cases"]
    return next(c for c in cases if c["id"] == case_id)["sheet"]


def test_paskievics_examples_survive_the_edit_form(client_in, user):
    night = make_night(user, "paskievics", ["A", "B", "C", "D"], first_dealer="D")
    for case_id in ("N2", "N3", "N4", "S3"):
        hand = example("paskievics", case_id)["hands"][0]
        services.record_hand(night=night, record=dict(hand, dealer=night_dealer(night)))
    assert_edit_keeps_every_hand_up_to_blanks(client_in, night)


def test_the_ultimo_example_survives_the_edit_form(client_in, user):
    night = make_night(user, "ultimo", ["A", "B", "C"], first_dealer="A")
    services.record_hand(night=night, record=example("ultimo", "11.2")["hands"][0])
    assert_edit_keeps_every_hand_up_to_blanks(client_in, night)


def night_dealer(night):
    view = nightview.night_view(night)
    return nightview.before(view, None).hint.next_dealer


def without_blanks(value):
    if isinstance(value, dict):
        kept = {k: without_blanks(v) for k, v in value.items()}
        return {k: v for k, v in kept.items() if v not in (None, [], {}, False)}
    if isinstance(value, list):
        return [without_blanks(v) for v in value]
    return value


def assert_edit_keeps_every_hand_up_to_blanks(client, night):
    for hand in Hand.objects.filter(night=night, deleted=False).order_by("number"):
        before, paid = hand.record, hand.entries
        page = client.get(reverse("edit_hand", args=[night.pk, hand.pk])).content.decode()
        response = client.post(reverse("edit_hand", args=[night.pk, hand.pk]), browser_data(page))
        assert response.status_code == 302, (hand.number, response.context["form"].messages)
        hand.refresh_from_db()
        assert without_blanks(hand.record) == without_blanks(before), hand.number
        assert hand.entries == paid, hand.number
