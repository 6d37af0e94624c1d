"""A save walks straight (issue 22): the new-hand request reads its night once, works out
the night's variant once, takes the night's lock once, and costs a fixed number of queries."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from django.db import connection
from django.test.signals import template_rendered
from django.urls import reverse

from scorebook import nights, services
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
    # The session and the user; the night; a savepoint; the write key's receipt; the last
    # row and the events; the new row; the players and two rows of facts; the receipt kept;
    # the savepoint released.
    # PostgreSQL locks the night's row with SELECT … FOR UPDATE (SQLite's write transaction
    # starts with BEGIN IMMEDIATE instead): one query more.
    with django_assert_num_queries(12 + (connection.vendor == "postgresql")):
        response = client_in.post(url, _save_body(12, 12), FORM)
    assert response.status_code == 302
    assert Hand.objects.filter(night=night).count() == 13


@pytest.mark.django_db
def test_a_save_works_out_the_variant_once_and_locks_once(client_in, user, monkeypatch):
    night = imported(user, 5)
    url = reverse("new_hand", args=[night.pk])
    client_in.get(url)  # the night's house rules are checked here, once
    variants = _counted(monkeypatch, nights, "variant_of")
    locks = _counted(monkeypatch, services, "_lock")
    rereads = _counted(monkeypatch, services, "_reread")
    checks = _counted(monkeypatch, HouseRule, "check")
    response = client_in.post(url, _save_body(5, 5), FORM)
    assert response.status_code == 302
    assert Hand.objects.get(night=night, position=5).number == 6
    assert (len(variants), len(locks), len(rereads), len(checks)) == (1, 1, 0, 0)


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
