"""A save walks straight (issue 22): the new-hand request reads its night once (under its
lock), works out the night's variant once, loads the next hand once for the save and the
answer alike, and costs a fixed number of queries."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from django.db import connection
from django.test.signals import template_rendered
from django.urls import reverse

from scorebook import access, entry, nights, services
from scorebook.engine.types import HouseRule
from scorebook.models import Hand
from tests.web.handforms import record_form_data
from tests.web.test_long_nights import PLAYERS, imported, plain

FORM = "application/x-www-form-urlencoded"


def _save_body(size: int, n: int) -> str:
    data = record_form_data(plain(n), PLAYERS) | {
        "_expected_number": str(size + 1),
        "_expected_position": str(size),
        "_key": f"save-path-key-{n}",
    }
    return urlencode(data, doseq=True)


def _counted(monkeypatch, module, name: str) -> list[int]:
    calls: list[int] = []
    real = getattr(module, name)

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


@pytest.mark.django_db
def test_a_save_costs_a_fixed_number_of_queries(client_in, user, django_assert_num_queries):
    night = imported(user, 12)
    url = reverse("new_hand", args=[night.pk])
    client_in.get(url)  # the session's first request warms what is read once
    # The session and the user; a savepoint; the night (PostgreSQL reads it under its row
    # lock, SELECT … FOR UPDATE; SQLite's write transaction starts with BEGIN IMMEDIATE
    # instead); the last row and the events; the write key's receipt; the new row; the
    # players and two rows of facts; the receipt kept; the savepoint released.
    with django_assert_num_queries(12) as captured:
        response = client_in.post(url, _save_body(12, 12), FORM)
    assert response.status_code == 302
    assert Hand.objects.filter(night=night).count() == 13
    locked = [q["sql"] for q in captured.captured_queries if "FOR UPDATE" in q["sql"]]
    assert len(locked) == (connection.vendor == "postgresql")


@pytest.mark.django_db
def test_a_save_works_out_the_variant_once_and_locks_once(client_in, user, monkeypatch):
    night = imported(user, 5)
    url = reverse("new_hand", args=[night.pk])
    client_in.get(url)  # the night's house rules are checked here, once
    variants = _counted(monkeypatch, nights, "variant_of")
    reads = _counted(monkeypatch, access, "night_and_role")
    locks = _counted(monkeypatch, services, "_lock")  # the night is read under its lock
    loads = _counted(monkeypatch, entry, "next_hand")
    checks = _counted(monkeypatch, HouseRule, "check")
    response = client_in.post(url, _save_body(5, 5), FORM)
    assert response.status_code == 302
    assert Hand.objects.get(night=night, position=5).number == 6
    counts = (len(variants), len(reads), len(locks), len(loads), len(checks))
    assert counts == (1, 1, 0, 1, 0)


@pytest.mark.django_db
def test_a_changed_house_rule_is_checked_again(user):
    """The checks are kept per stored set of rules: a night whose stored value is no
    longer allowed still plays by the default, before and after a save."""
    night = imported(user, 2)
    variant = nights.variant_of(night)
    rule = next(r for r in variant.house_rules if r.kind == "bool")
    night.house_rules = {**night.house_rules, rule.name: "not a bool"}
    assert nights.complete_house_rules(variant, night.house_rules)[rule.name] == rule.default
    night.house_rules = {**night.house_rules, rule.name: not rule.default}
    assert nights.complete_house_rules(variant, night.house_rules)[rule.name] is (not rule.default)


def _rendered(client, url: str, body: str, **headers) -> tuple[int, list[str]]:
    names: list[str] = []

    def seen(sender, template, **kwargs):
        names.append(template.name)

    template_rendered.connect(seen)
    try:
        response = client.post(url, body, FORM, **headers)
    finally:
        template_rendered.disconnect(seen)
    return response.status_code, names


@pytest.mark.django_db
def test_a_refused_save_renders_the_form_once_and_the_phone_gets_no_page(client_in, user):
    """The refused form is the page once (its problems named from the schema, not from a
    render of their own); the phone's outbox gets its short answer without any template."""
    night = imported(user, 3)
    url = reverse("new_hand", args=[night.pk])
    body = re.sub(
        r"declarer_card_points%3Aint=\d+", "declarer_card_points%3Aint=95", _save_body(3, 3)
    )
    assert "=95" in body  # a Paskievics declarer side holds at most 94
    status, names = _rendered(client_in, url, body)
    assert status == 200
    assert names.count(f"scorebook/hands/{night.variant}.html") == 1
    status, names = _rendered(client_in, url, body, HTTP_ACCEPT="application/json")
    assert (status, names) == (422, [])
    assert not Hand.objects.filter(night=night, position=3).exists()


@pytest.mark.django_db
def test_a_conflict_is_answered_from_the_rows_the_save_read(client_in, user, monkeypatch):
    """Another phone saved hand 4 first: the form comes back on the night as it is now, with
    the hand's payments in view, made from the rows the save read under the lock."""
    night = imported(user, 4)
    url = reverse("new_hand", args=[night.pk])
    client_in.get(url)
    loads = _counted(monkeypatch, entry, "next_hand")
    rows = _counted(monkeypatch, entry, "form_view")
    response = client_in.post(url, _save_body(3, 3), FORM)  # opened for hand 4
    assert response.status_code == 200
    context = response.context
    assert "Hand 4 was already recorded" in context["conflict"].message
    assert context["preview"]["payments"]  # what it pays as hand 5, before saving again
    assert (context["expected_number"], context["expected_position"]) == (5, 4)
    assert (len(loads), len(rows)) == (1, 0)
    assert Hand.objects.filter(night=night).count() == 4


@pytest.mark.django_db
def test_the_hand_form_records_no_event(client_in, user):
    """A join or a leave has its own form: sent as a hand, it is refused at its field."""
    night = imported(user, 2)
    url = reverse("new_hand", args=[night.pk])
    response = client_in.post(url, _save_body(2, 2) + "&event=leave", FORM)
    assert response.status_code == 200
    assert [p.field for p in response.context["form"].problems] == ["event"]
    assert Hand.objects.filter(night=night).count() == 2
