"""Player pages, the filtered list of nights, and the cached night summaries behind them."""

import datetime
import json
import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorebook import services, sheets, summaries
from scorebook.engine.scoresheet import score_sheet
from scorebook.models import Hand, NightSummary, Player
from tests import factories
from tests.web.conftest import PLAYERS, hand

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def make_night(user, *, currency="HUF", per_point="2", day=1, players=PLAYERS, variant="toy"):
    return factories.make_night(
        user,
        variant,
        players,
        per_point=Decimal(per_point),
        currency=currency,
        date=datetime.date(2026, 1, day),
    )


@pytest.fixture
def two_nights(user):
    first = make_night(user, day=1)
    services.record_hand(night=first, record=hand("Anna", "Anna", 3))  # Anna +9 units
    services.record_hand(night=first, record=hand("Béla", "Béla", 1))  # Anna -1
    second = make_night(user, currency="EUR", per_point="0.5", day=2)
    services.record_hand(night=second, record=hand("Anna", "Anna", 2))  # Anna +6 units
    return first, second


def anna(user):
    return Player.objects.get(owner=user, name="Anna")


def test_player_page_totals_per_currency_best_hand_and_chart(client_in, user, two_nights):
    first, second = two_nights
    response = client_in.get(reverse("player", args=[anna(user).pk]))
    assert response.status_code == 200
    assert response.template_name == "scorebook/player.html"
    page = response.context["page"]
    assert page.nights == 2
    assert page.hands == 3
    assert page.money == {"HUF": Decimal("16.00"), "EUR": Decimal("3.00")}
    assert page.best["money"] == Decimal("18.00")
    assert page.best["night"] == first
    assert page.best["number"] == 1
    assert [c["currency"] for c in page.chart] == ["EUR", "HUF"]
    body = response.content.decode()
    assert "<svg" in body
    assert "<polyline" in body
    assert [n for n, _won, _running in page.history] == [second, first]


def test_declarer_statistics_from_the_records(client_in, user):
    doc = json.loads((ROOT / "examples/paskievics.json").read_text(encoding="utf-8"))
    sheets.create_night_from_sheet(owner=user, data=doc)
    result = score_sheet(doc)
    records = [r for r in doc["hands"] if "event" not in r]
    hands = [e for e in result["entries"] if e["kind"] == "hand"]
    name = records[0]["bid"]["declarer"]
    mine = [
        (r, e)
        for r, e in zip(records, hands, strict=True)
        if (r.get("bid") or {}).get("declarer") == name
    ]
    won = sum(1 for _r, e in mine if e["deltas"][name] > 0)
    player = Player.objects.get(owner=user, name=name)
    page = client_in.get(reverse("player", args=[player.pk])).context["page"]
    assert (page.declared, page.declared_won) == (len(mine), won)
    assert page.declared > 0
    best = max(e["deltas"][name] for e in hands)
    assert page.best["units"] == best
    assert page.money == {"HUF": Decimal(result["balances"][name])}


def test_summary_follows_edits_deletes_and_new_hands(client_in, user, two_nights):
    first, _second = two_nights
    url = reverse("player", args=[anna(user).pk])
    assert client_in.get(url).context["page"].money["HUF"] == Decimal("16.00")
    h1 = Hand.objects.get(night=first, number=1)
    services.edit_hand(hand=h1, record=hand("Anna", "Csaba", 3), version=1)
    assert client_in.get(url).context["page"].money["HUF"] == Decimal("-8.00")
    services.delete_hand(hand=Hand.objects.get(pk=h1.pk), version=2)
    assert client_in.get(url).context["page"].money["HUF"] == Decimal("-2.00")
    services.restore_hand(hand=Hand.objects.get(pk=h1.pk), version=3)
    services.record_hand(night=first, record=hand("Csaba", "Anna", 1))
    assert client_in.get(url).context["page"].money["HUF"] == Decimal("-2.00")
    first.stake_per_point = Decimal(1)
    first.save()
    assert client_in.get(url).context["page"].money["HUF"] == Decimal("-1.00")
    assert NightSummary.objects.count() == 2


def night_list_queries(client, url):
    client.get(url)  # warm: summaries computed and stored
    with CaptureQueriesContext(connection) as warm:
        response = client.get(url)
    assert response.status_code == 200
    NightSummary.objects.all().delete()
    with CaptureQueriesContext(connection) as cold:
        client.get(url)
    return len(warm), len(cold), response


def test_query_count_does_not_grow_with_nights(client_in, user):
    def add(count):
        for i in range(count):
            night = make_night(user, day=1 + i % 28, currency=("HUF", "EUR")[i % 2])
            services.record_hand(night=night, record=hand("Anna", PLAYERS[i % 4], 1 + i % 5))
            services.record_hand(night=night, record=hand("Béla", "Anna", 2))

    add(5)
    pk = anna(user).pk
    urls = [reverse("night_list"), reverse("player", args=[pk]), reverse("player_list")]
    small = [night_list_queries(client_in, u)[:2] for u in urls]
    add(45)
    large = [night_list_queries(client_in, u) for u in urls]
    assert [(w, c) for w, c, _r in large] == small
    assert large[1][2].context["page"].nights == 50
    assert len(large[0][2].context["rows"]) == 50


def test_night_list_filters(client_in, user):
    a = make_night(user, day=1)
    b = make_night(user, day=2, players=["Anna", "Ede", "Feri"])
    c = make_night(user, day=3, variant="paskievics", players=["Béla", "Csaba", "Dóra", "Ede"])
    url = reverse("night_list")
    pks = lambda response: [r.night.pk for r in response.context["rows"]]  # noqa: E731
    assert pks(client_in.get(url)) == [c.pk, b.pk, a.pk]
    assert pks(client_in.get(url, {"variant": "toy"})) == [b.pk, a.pk]
    assert pks(client_in.get(url, {"variant": "paskievics"})) == [c.pk]
    ede = Player.objects.get(owner=user, name="Ede").pk
    assert pks(client_in.get(url, {"player": ede})) == [c.pk, b.pk]
    assert pks(client_in.get(url, {"player": ede, "variant": "toy"})) == [b.pk]
    # Nonsense filters are ignored, never a 500.
    for junk in ({"variant": "nope"}, {"player": "x"}, {"player": "9" * 30}, {"page": "-1"}):
        assert client_in.get(url, junk).status_code == 200


def test_player_page_variant_filter(client_in, user, two_nights):
    make_night(user, variant="paskievics")
    url = reverse("player", args=[anna(user).pk])
    assert client_in.get(url, {"variant": "paskievics"}).context["page"].nights == 1
    assert client_in.get(url, {"variant": "toy"}).context["page"].nights == 2


def test_other_users_cannot_see_players_or_nights(other_client, user, two_nights):
    assert other_client.get(reverse("player", args=[anna(user).pk])).status_code == 404
    assert other_client.get(reverse("night_list")).context["rows"] == []
    assert other_client.get(reverse("player_list")).context["players"] == []


@pytest.mark.parametrize("name", ["night_list", "player_list"])
def test_login_required_and_get_only(client_in, name):
    url = reverse(name)
    assert Client().get(url).status_code == 302
    assert client_in.post(url).status_code == 405


def test_player_without_nights(client_in, user):
    lonely = Player.objects.create(owner=user, name="Zoli")
    page = client_in.get(reverse("player", args=[lonely.pk])).context["page"]
    assert page.nights == 0
    assert page.chart == []
    assert page.best is None


def test_declarer_of():
    assert summaries.declarer_of({"declarer": "A"}) == "A"
    assert summaries.declarer_of({"bid": {"declarer": "B"}}) == "B"
    assert summaries.declarer_of({"bid": "mehet"}) is None
    assert summaries.declarer_of([1]) is None


def test_a_night_that_cannot_be_summarised_does_not_break_the_lists(client_in, user, two_nights):
    first, _second = two_nights
    type(first).objects.filter(pk=first.pk).update(variant="withdrawn")
    response = client_in.get(reverse("night_list"))
    assert response.status_code == 200
    assert len(response.context["rows"]) == 2
    assert client_in.get(reverse("player", args=[anna(user).pk])).status_code == 200
    assert not NightSummary.objects.filter(night=first).exists()


def test_player_pages_print_losses_with_a_real_minus_sign(client_in, user, two_nights):
    pages = [
        client_in.get(reverse("player", args=[p.pk])).content.decode()
        for p in Player.objects.filter(owner=user)
    ]
    assert any("−" in body for body in pages)  # somebody lost
    for body in pages:
        assert not re.search(r"[>\s]-\d+[.,]\d\d", body)
