"""Pot columns and chips only where the night keeps the pot (issue 23 item 5): a Királyhívó
night has no ultimókassza unless its house rule is on, so no page shows one."""

import pytest
from django.test import Client
from django.urls import reverse

from scorebook import services
from tests.web.handforms import (
    browser_data,
    make_night,
    new_hand_page,
)

pytestmark = pytest.mark.django_db
PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]
HX = {"HTTP_HX_REQUEST": "true"}
HAND = {
    "dealer": "Dóra",
    "all_pass": False,
    "declarer": "Anna",
    "contract": "hivas",
    "called_king": "clubs",
    "called_king_location": "player",
    "partner": "Csaba",
    "game_contra": 0,
    "announcements": [],
    "result": {"declarer_side_points": 40},
    "irregularity": None,
}
FORM = {
    "declarer": "Anna",
    "contract": "hivas",
    "called_king": "clubs",
    "called_king_location": "player",
    "partner": "Csaba",
    "result.declarer_side_points:int": "40",
}


def night_with_a_hand(user, **rules):
    night = make_night(user, "kiralyhivo", PLAYERS, first_dealer="Dóra", **rules)
    services.record_hand(night=night, record=HAND)
    return night


def pages(client, night) -> dict[str, str]:
    token = services.share_night(night=night).token
    anyone = Client()
    got = {
        "night": client.get(reverse("night", args=[night.pk])),
        "print": client.get(reverse("print", args=[night.pk])),
        "settle": client.get(reverse("settle", args=[night.pk])),
        "table": client.get(reverse("table", args=[night.pk])),
        "shared": anyone.get(reverse("shared", args=[token])),
        "shared table": anyone.get(reverse("shared_table", args=[token])),
        "csv": client.get(reverse("sheet_csv", args=[night.pk])),
    }
    assert all(r.status_code == 200 for r in got.values())
    return {name: r.content.decode() for name, r in got.items()}


def preview_pots(client, night) -> list:
    data = browser_data(new_hand_page(client, night).content.decode()) | FORM
    response = client.post(reverse("preview", args=[night.pk]), data, **HX)
    assert response.status_code == 200
    return response.context["preview"]["pots"]


def test_a_night_without_the_ultimokassza_shows_no_pot(client_in, user):
    night = night_with_a_hand(user)
    for name, html in pages(client_in, night).items():
        assert 'class="num pot"' not in html, name
        assert '<li class="pot">' not in html, name
        assert "ultimokassza" not in html, name
        assert "ultimókassza" not in html, name  # the pot's title (the rule is "Ultimókassza")
    assert preview_pots(client_in, night) == []


def test_a_night_with_the_ultimokassza_shows_it_everywhere(client_in, user):
    night = night_with_a_hand(user, ultimo_kassza=True)
    shown = pages(client_in, night)
    for name in ("night", "print", "shared"):
        assert 'class="num pot"' in shown[name], name
    for name in ("table", "shared table"):
        assert '<li class="pot">' in shown[name], name
    assert "Pots" in shown["settle"]
    assert [pot for pot, _ in preview_pots(client_in, night)] == ["ultimokassza"]


def test_an_opening_balance_keeps_the_pot_even_with_the_rule_off(user):
    from scorebook import nightview

    night = services.create_night(
        owner=user,
        variant_key="kiralyhivo",
        house_rules={},
        per_point="1",
        currency="HUF",
        players=PLAYERS,
        first_dealer="Dóra",
        opening_pots={"ultimokassza": 12},
    )
    assert nightview.night_view(night).pot_names == ("ultimokassza",)


def test_ultimos_money_row_has_the_pool_shares_and_the_pools_their_balance(client_in, user):
    """Issue 23 item 13: ultimo.md §11.10 with three seats (pools of 65 and 65 open, the void
    hand's penalties and foundations bring them to 135 and 130, the end pays them out:
    A 85, B 90, C 90). The night page's money row is the settle-up's, pool shares
    included; each pool's cell shows its change and its balance after the hand."""
    import json

    from tests import factories
    from tests.browser.taps import CASES

    cases = json.loads((CASES / "ultimo.json").read_text())["cases"]
    sheet = next(c for c in cases if c["id"] == "11.10-3")["sheet"]
    night = factories.make_night(
        user,
        "ultimo",
        sheet["players"],
        "A",
        currency="DKK",
        opening_pots=sheet["pots"],
        hands=sheet["hands"],
    )
    page = client_in.get(reverse("night", args=[night.pk]))
    settle = client_in.get(reverse("settle", args=[night.pk]))
    money = page.context["totals"]["money"]
    assert money == [str(m) for _p, m in settle.context["balances"]] == ["100.00", "25.00", "5.00"]
    assert page.context["totals"]["pots"] == ["135", "130"]
    last = page.context["rows"][-1]
    assert [r for _change, r in last.pot_cells] == ["135", "130"]
    assert [c for c, _r in last.pot_cells] == ["+70", "+65"]
