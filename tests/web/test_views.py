"""Every view: happy path, htmx fragment, 405, 403 without CSRF, another user's 404."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from scorebook import services
from scorebook.models import Hand, Night, PaidTransfer
from tests.factories import make_night
from tests.web.conftest import PLAYERS, hand

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def played(night):
    h1 = services.record_hand(night=night, record=hand("Dóra", "Anna", 3))
    services.record_hand(night=night, record=hand("Anna", "Béla", 1, to_kitty=True))
    return night, h1


def urls(night, h):
    return {
        "night": (reverse("night", args=[night.pk]), "GET", {}),
        "sheet": (reverse("sheet", args=[night.pk]), "GET", {}),
        "new_hand": (
            reverse("new_hand", args=[night.pk]),
            "POST",
            {"dealer": "Béla"},
        ),
        "preview": (
            reverse("preview", args=[night.pk]),
            "POST",
            {"dealer": "Béla"},
        ),
        "edit_hand": (
            reverse("edit_hand", args=[night.pk, h.pk]),
            "POST",
            {"dealer": "Dóra", "_version": "1"},
        ),
        "preview_edit": (
            reverse("preview_edit", args=[night.pk, h.pk]),
            "POST",
            {"dealer": "Dóra"},
        ),
        "delete_hand": (reverse("delete_hand", args=[night.pk, h.pk]), "POST", {"_version": "1"}),
        "restore_hand": (reverse("restore_hand", args=[night.pk, h.pk]), "POST", {"_version": "1"}),
        "event": (reverse("event", args=[night.pk]), "POST", {"event": "join", "player": "Ede"}),
        "settle": (reverse("settle", args=[night.pk]), "GET", {}),
        "mark_paid": (
            reverse("mark_paid", args=[night.pk]),
            "POST",
            {"payer": "Béla", "payee": "Anna", "amount": "2.00"},
        ),
        "print": (reverse("print", args=[night.pk]), "GET", {}),
    }


NIGHT_VIEWS = [
    "night",
    "sheet",
    "new_hand",
    "preview",
    "edit_hand",
    "preview_edit",
    "delete_hand",
    "restore_hand",
    "event",
    "settle",
    "mark_paid",
    "print",
]


@pytest.mark.parametrize("name", NIGHT_VIEWS)
def test_another_user_gets_404_and_changes_nothing(name, played, other_client):
    night, h1 = played
    url, method, data = urls(night, h1)[name]
    before = list(Hand.objects.values_list("pk", "version", "deleted", "record"))
    response = other_client.get(url) if method == "GET" else other_client.post(url, data)
    assert response.status_code == 404
    if method == "POST":
        response = other_client.post(url, data, **HX)
        assert response.status_code == 404
    assert list(Hand.objects.values_list("pk", "version", "deleted", "record")) == before
    assert not PaidTransfer.objects.exists()


@pytest.mark.parametrize("name", NIGHT_VIEWS)
def test_anonymous_is_sent_to_login(name, played, client):
    night, h1 = played
    url, method, data = urls(night, h1)[name]
    response = client.get(url) if method == "GET" else client.post(url, data)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("name", [n for n in NIGHT_VIEWS if urls.__name__])
def test_wrong_method_is_405(name, played, client_in):
    night, h1 = played
    url, method, _data = urls(night, h1)[name]
    response = client_in.post(url) if method == "GET" else client_in.put(url)
    assert response.status_code == 405


@pytest.mark.parametrize(
    "name", [n for n in NIGHT_VIEWS if n not in ("night", "sheet", "settle", "print")]
)
def test_post_without_csrf_is_403(name, played, user):
    night, h1 = played
    url, _method, data = urls(night, h1)[name]
    c = Client(enforce_csrf_checks=True)
    c.force_login(user)
    assert c.post(url, data).status_code == 403


def test_home_lists_only_my_nights(client_in, night, other):
    make_night(other, players=["X", "Y", "Z"], currency="EUR")
    response = client_in.get(reverse("home"))
    assert response.status_code == 200
    assert list(response.context["nights"]) == [night]
    assert client_in.post(reverse("home")).status_code == 405


def test_signup_login_logout(client, django_user_model):
    response = client.get(reverse("signup"))
    assert response.status_code == 200
    response = client.post(
        reverse("signup"),
        {"username": "béla", "password1": "tarokk-1930-x", "password2": "tarokk-1930-x"},
    )
    assert response.status_code == 302
    assert django_user_model.objects.filter(username="béla").exists()
    assert client.get(reverse("home")).status_code == 200
    assert client.post(reverse("logout")).status_code == 302
    assert client.get(reverse("home")).status_code == 302
    response = client.post(reverse("login"), {"username": "béla", "password": "tarokk-1930-x"})
    assert response.status_code == 302
    assert client.get(reverse("home")).status_code == 200
    bad = client.post(reverse("signup"), {"username": "x", "password1": "a", "password2": "b"})
    assert bad.status_code == 302  # already logged in: back home
    assert Client().post(reverse("signup"), {"username": "", "password1": "a"}).status_code == 200


def test_signup_needs_csrf():
    c = Client(enforce_csrf_checks=True)
    assert c.post(reverse("signup"), {"username": "z"}).status_code == 403


def test_new_night_lists_variants_including_new_ones(client_in):
    response = client_in.get(reverse("new_night"))
    assert response.status_code == 200
    keys = [v[0] for v in response.context["variants"]]
    assert "toy" in keys
    assert client_in.post(reverse("new_night")).status_code == 405


def test_setup_form_is_generic_from_house_rules(client_in):
    response = client_in.get(reverse("setup", args=["toy"]))
    assert response.status_code == 200
    html = response.content.decode()
    for name in ("hr_double_wins", "hr_base", "hr_kitty_rule", "hr_cap", "pot_kitty"):
        assert f'name="{name}"' in html
    assert "Scoring" in html
    assert "Pots" in html
    assert "Winner is paid double (default: no)" in html
    assert client_in.get(reverse("setup", args=["nope"])).status_code == 404


def setup_post(**overrides):
    data = {
        "players": ["Anna", "Béla", "Csaba", ""],
        "first_dealer": "2",
        "per_point": "2",
        "currency": "HUF",
        "date": "2026-11-21",
        "place": "Kávéház",
        "hr_base": "2",
        "hr_kitty_rule": "none",
        "hr_cap": "",
        "pot_kitty": "",
    }
    data.update(overrides)
    return data


def test_setup_creates_the_night(client_in, user):
    response = client_in.post(reverse("setup", args=["toy"]), setup_post(hr_double_wins="on"))
    night = Night.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("night", args=[night.pk])
    assert night.owner == user
    assert night.first_dealer.name == "Csaba"
    assert night.house_rules == {"double_wins": True, "base": 2, "kitty_rule": "none", "cap": None}
    assert night.opening_pots is None
    page = client_in.get(reverse("night", args=[night.pk]))
    assert page.context["hint"].next_dealer == "Csaba"
    assert [r[0] for r in page.context["rules"]] == [
        "Double wins",
        "Base",
    ]  # only non-defaults, in words


def test_setup_errors_keep_the_input(client_in):
    response = client_in.post(
        reverse("setup", args=["toy"]),
        setup_post(players=["Anna", "Anna"], hr_base="99", pot_kitty="5"),
    )
    assert response.status_code == 200
    assert not Night.objects.exists()
    assert response.context["form"].errors["hr_base"]
    response = client_in.post(
        reverse("setup", args=["toy"]), setup_post(players=["Anna", "Anna", "Béla"])
    )
    assert response.context["form"].non_field_errors() == ["“Anna” is there twice."]
    assert 'value="Anna"' in response.content.decode()


def test_setup_with_opening_pots(client_in):
    client_in.post(reverse("setup", args=["toy"]), setup_post(pot_kitty="7"))
    assert Night.objects.get().opening_pots == {"kitty": 7}


def test_night_page_and_ledger_fragment(client_in, played):
    night, _h1 = played
    url = reverse("night", args=[night.pk])
    response = client_in.get(url)
    assert response.status_code == 200
    assert response.template_name == "scorebook/night.html"
    assert response.context["totals"]["units"] == ["+7", "−1", "−5", "−5"]
    assert response.context["totals"]["pots"] == ["4"]
    fragment = client_in.get(url, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="ledger")
    assert fragment.template_name == "scorebook/night.html#ledger"
    assert "<html" not in fragment.content.decode()
    assert response["Vary"]
    assert "HX-Request" in response["Vary"]


def test_new_hand_form_prefills_the_dealer(client_in, played):
    night, _ = played
    response = client_in.get(reverse("new_hand", args=[night.pk]))
    assert response.status_code == 200
    assert response.context["number"] == 3
    assert response.context["hint"].next_dealer == "Béla"
    assert response.context["form"].value("dealer") == "Béla"
    page = response.content.decode()
    assert '<option value="Béla" selected>Béla</option>' in page
    assert 'name="hand_json"' not in page


def test_a_variant_without_a_form_of_its_own_gets_an_input_per_record_field(client_in, played):
    """The toy game has no template: `_generic.html` builds its inputs from its RECORD."""
    night, _ = played
    response = client_in.get(reverse("new_hand", args=[night.pk]))
    assert response.context["hand_template"] == "scorebook/hands/_generic.html"
    names = [i.name for i in response.context["form"].generic_inputs]
    assert names == [
        "dealer",
        "winner",
        "points",
        "bonuses[0].who",
        "bonuses[0].amount",
        "to_kitty",
        "tricks.@0",
        "tricks.@1",
        "tricks.@2",
        "tricks.@3",
    ]
    page = response.content.decode()
    assert 'name="bonuses[0].amount"' in page
    assert 'name="to_kitty"' in page


def test_new_hand_saves_by_field_paths(client_in, night):
    url = reverse("new_hand", args=[night.pk])
    data = {
        "_expected_number": "1",
        "dealer": "Dóra",
        "winner": "Anna",
        "points:int": "2",
        "to_kitty:bool": "1",
        "bonuses[0].who": "",
        "bonuses[0].amount:int": "",
        "bonuses[1].who": "Béla",
        "bonuses[1].amount:int": "1",
        "tricks.@1:int": "3",
        "tricks.@2:int": "",
    }
    response = client_in.post(url, data)
    assert response.status_code == 302
    h = Hand.objects.get()
    assert h.record == {
        "dealer": "Dóra",
        "winner": "Anna",
        "points": 2,
        "to_kitty": True,
        "bonuses": [{"who": "Béla", "amount": 1}],
        "tricks": {"Béla": 3},
    }


def test_new_hand_errors_are_shown_next_to_the_field_and_input_kept(client_in, night):
    url = reverse("new_hand", args=[night.pk])
    data = {
        "_expected_number": "1",
        "dealer": "Dóra",
        "winner": "Anna",
        "points:int": "abc",
        "bonuses[0].who": "",
        "bonuses[1].who": "Zoé",
        "bonuses[1].amount:int": "9",
    }
    response = client_in.post(url, data)
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert "'abc' is not a whole number" in errors["points"][0]
    assert "bonuses[1].who" in errors
    assert "bonuses[1].amount" in errors
    assert response.context["form"].values["points"] == ["abc"]
    assert not Hand.objects.exists()


def test_new_hand_conflict_keeps_input_and_offers_the_next_number(client_in, night):
    services.record_hand(night=night, record=hand("Dóra", "Anna", 3))
    url = reverse("new_hand", args=[night.pk])
    response = client_in.post(
        url,
        {"_expected_number": "1", "dealer": "Anna", "winner": "Béla", "points:int": "1"},
    )
    assert response.status_code == 200
    assert "already recorded" in response.content.decode()
    assert response.context["expected_number"] == 2
    assert Hand.objects.count() == 1
    assert client_in.post(url, {"_expected_number": "2", "dealer": "Anna"}).status_code == 302


def test_preview_fragment_shows_payments_and_lines(client_in, night):
    url = reverse("preview", args=[night.pk])
    response = client_in.post(
        url,
        {"dealer": "Dóra", "winner": "Anna", "points:int": "2", "to_kitty:bool": "1"},
        **HX,
    )
    assert response.status_code == 200
    assert response.template_name == "scorebook/hand.html#preview"
    preview = response.context["preview"]
    assert preview["payments"][0][:2] == ("Anna", "+5")
    assert preview["pots"] == [("kitty", "+4")]
    assert "Anna wins 2 from each" in preview["lines"]
    assert not Hand.objects.exists()
    full = client_in.post(url, {"dealer": "Dóra", "points:int": "2", "note": "x"})
    assert full.template_name == "scorebook/hand.html"
    assert "is not a field of a Toy game hand" in full.content.decode()


def test_edit_hand_get_post_and_history(client_in, played):
    night, h1 = played
    url = reverse("edit_hand", args=[night.pk, h1.pk])
    page = client_in.get(url)
    assert page.status_code == 200
    assert page.context["hand"] == h1
    response = client_in.post(
        url, {"_version": "1", "dealer": "Dóra", "winner": "Csaba", "points:int": "4"}
    )
    assert response.status_code == 302
    h1.refresh_from_db()
    assert h1.version == 2
    assert h1.record["winner"] == "Csaba"
    page = client_in.get(url)
    (change,) = page.context["changes"]
    assert (change.version, change.fields) == (2, [("points", 3, 4), ("winner", "Anna", "Csaba")])
    stale = client_in.post(url, {"_version": "1", "dealer": "Dóra"})
    assert stale.status_code == 200
    assert stale.context["conflict"].changes
    assert "changed by someone else" in stale.content.decode()


def test_delete_and_restore_with_htmx_fragment(client_in, played):
    night, h1 = played
    response = client_in.post(
        reverse("delete_hand", args=[night.pk, h1.pk]), {"_version": "1"}, **HX
    )
    assert response.status_code == 200
    assert response.template_name == "scorebook/night.html#ledger"
    assert json.loads(response["HX-Trigger"]) == {"ledger-changed": {}}
    h1.refresh_from_db()
    assert h1.deleted
    response = client_in.post(reverse("restore_hand", args=[night.pk, h1.pk]), {"_version": "2"})
    assert response.status_code == 302
    h1.refresh_from_db()
    assert not h1.deleted
    stale = client_in.post(
        reverse("delete_hand", args=[night.pk, h1.pk]), {"_version": "1"}, follow=True
    )
    assert "changed by someone else" in stale.content.decode()


def test_event_join(client_in, night):
    response = client_in.post(
        reverse("event", args=[night.pk]), {"event": "join", "player": "Ede", "seat_index:int": "1"}
    )
    assert response.status_code == 302
    assert list(night.seats.values_list("player__name", flat=True)) == [
        "Anna",
        "Ede",
        "Béla",
        "Csaba",
        "Dóra",
    ]
    bad = client_in.post(
        reverse("event", args=[night.pk]), {"event": "dance", "player": "Anna"}, follow=True
    )
    assert "not possible here" in bad.content.decode()


def test_settle_and_mark_paid(client_in, played):
    night, _ = played
    response = client_in.get(reverse("settle", args=[night.pk]))
    assert response.status_code == 200
    transfers = response.context["transfers"]
    assert transfers[0].payee == "Anna"
    t = transfers[0]
    response = client_in.post(
        reverse("mark_paid", args=[night.pk]),
        {"payer": t.payer, "payee": t.payee, "amount": str(t.amount)},
        **HX,
    )
    assert response.template_name == "scorebook/settle.html#transfers"
    assert json.loads(response["HX-Trigger"]) == {"transfers-changed": {}}
    assert response.context["transfers"][0].paid
    response = client_in.post(
        reverse("mark_paid", args=[night.pk]),
        {"payer": t.payer, "payee": t.payee, "amount": str(t.amount), "paid": "0"},
    )
    assert response.status_code == 302
    assert not PaidTransfer.objects.exists()
    assert (
        client_in.post(
            reverse("mark_paid", args=[night.pk]), {"payer": "a", "payee": "b", "amount": "x"}
        ).status_code
        == 400
    )
    frag = client_in.get(
        reverse("settle", args=[night.pk]), HTTP_HX_REQUEST="true", HTTP_HX_TARGET="transfers"
    )
    assert frag.template_name == "scorebook/settle.html#transfers"


def test_print_summary(client_in, played):
    night, _ = played
    response = client_in.get(reverse("print", args=[night.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<svg" in html
    assert "<polyline" in html
    assert "print.css" in html
    assert "Kávéház" in html
    assert "→" in html


def test_sheet_export_scores_like_the_ledger(client_in, played):
    night, _ = played
    data = client_in.get(reverse("sheet", args=[night.pk])).json()
    assert data["format"] == "scorebook/1"
    assert data["players"] == PLAYERS
    assert len(data["hands"]) == 2
