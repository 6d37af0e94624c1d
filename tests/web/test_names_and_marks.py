"""Player names wherever typed, the set-up's stake and pot bounds, and paid marks."""

import pytest
from django.urls import reverse

from scorebook import names, services
from scorebook.engine.errors import InvalidHand
from scorebook.models import Hand, Night, PaidTransfer, Player

pytestmark = pytest.mark.django_db

BAD_NAMES = [
    pytest.param("x" * 61, "is longer than 60 characters (61)", id="long"),
    pytest.param("Anna\x00", "control or invisible character (U+0000)", id="nul"),
    pytest.param("An\u200bna", "(U+200B)", id="zero-width"),
    pytest.param("\u202eanna", "(U+202E)", id="bidi-override"),
    pytest.param("\u2066Béla\u2069", "U+2066, U+2069", id="isolate"),
    pytest.param("\ufeffCsaba", "(U+FEFF)", id="bom"),
    pytest.param("\u00ad", "(U+00AD)", id="soft-hyphen-only"),
    pytest.param("\u3164", "shows no letter or sign", id="hangul-filler"),
]


def setup_post(client, players, **extra):
    data = {
        "per_point": "1", "currency": "HUF", "date": "2026-11-25", "first_dealer": "0",
        "hr_base": "1", "hr_kitty_rule": "none", "players": players, **extra,
    }  # fmt: skip
    return client.post(reverse("setup", args=["toy"]), data)


@pytest.mark.parametrize(("name", "message"), BAD_NAMES)
def test_the_set_up_form_refuses_a_bad_name_and_shows_it(client_in, name, message):
    response = setup_post(client_in, ["Anna", "Béla", name])
    assert response.status_code == 200
    errors = " ".join(response.context["form"].non_field_errors())
    assert message in errors
    assert names.shown(name) in errors
    assert Night.objects.count() == 0


@pytest.mark.parametrize(("name", "message"), BAD_NAMES)
def test_a_join_refuses_a_bad_name_and_saves_nothing(client_in, night, name, message):
    response = client_in.post(
        reverse("event", args=[night.pk]), {"event": "join", "player": name}, follow=True
    )
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Hand.objects.filter(night=night).exists()
    assert Night.objects.get(pk=night.pk).seating == ["Anna", "Béla", "Csaba", "Dóra"]
    with pytest.raises(InvalidHand):
        services.record_hand(night=night, record={"event": "join", "player": name})


def test_names_are_trimmed_and_duplicates_refused(client_in, user):
    response = setup_post(client_in, ["Anna", " Anna ", "Béla"])
    assert "“Anna” is there twice." in " ".join(response.context["form"].non_field_errors())
    response = setup_post(client_in, ["  Anna ", "Béla", "Csaba\t"])
    assert response.status_code == 302, response.context["form"].errors
    night = Night.objects.get()
    assert night.seating == ["Anna", "Béla", "Csaba"]
    assert sorted(Player.objects.values_list("name", flat=True)) == ["Anna", "Béla", "Csaba"]


def test_an_imported_sheet_with_a_bad_name_is_refused(client_in):
    doc = (
        '{"format": "scorebook/1", "variant": "toy", "players": ["Anna", "B\\u200bla",'
        ' "Csaba"], "hands": []}'
    )
    response = client_in.post(reverse("import_night"), {"text": doc})
    assert response.status_code == 200
    assert any("players[1]" in p and "U+200B" in p for p in response.context["problems"])
    assert Night.objects.count() == 0


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("per_point", "1000001", "The stake per point can be at most 1000000."),
        ("per_point", "0.00001", "The stake per point can have at most 4 decimals."),
        ("per_point", "1e30", "The stake per point can be at most 1000000."),
        ("pot_kitty", str(10**26), "can open with at most 1 000 000 000 000."),
        ("pot_kitty", "-1", "cannot open below 0."),
    ],
)
def test_absurd_stakes_and_pots_are_refused_naming_the_field(client_in, field, value, message):
    response = setup_post(client_in, ["Anna", "Béla", "Csaba"], **{field: value})
    assert response.status_code == 200
    assert any(message in e for e in response.context["form"].errors[field])
    assert Night.objects.count() == 0


def test_the_services_bound_stakes_and_pots_too(user):
    common = {"owner": user, "variant_key": "toy", "house_rules": {}, "currency": "HUF"}
    with pytest.raises(InvalidHand, match="per_point"):
        services.create_night(**common, per_point="10000000", players=["A", "B", "C"])
    with pytest.raises(InvalidHand, match=r"pots\.kitty"):
        services.create_night(
            **common, per_point="1", players=["A", "B", "C"], opening_pots={"kitty": 10**13}
        )
    assert Night.objects.count() == 0


# --- paid marks -----------------------------------------------------------------------------


def mark(client, night, payer, payee, amount="2"):
    return client.post(
        reverse("mark_paid", args=[night.pk]),
        {"payer": payer, "payee": payee, "amount": amount, "paid": "1"},
    )


@pytest.mark.parametrize(
    ("payer", "payee", "amount", "message"),
    [
        ("Anna", "Mallory", "2", "payee: is not a player or a pot of this night"),
        ("Anna\x00", "Béla", "2", "payer: is not a player or a pot of this night"),
        ("x" * 81 + "a", "x" * 81 + "b", "2", "payer: is not a player"),
        ("Anna", "Anna", "2", "payee: must differ from the payer"),
        ("kitty", "pot:kitty", "2", "payee: must differ from the payer"),
        ("Anna", "Béla", "1e12", "amount: must be above 0 and below 10¹⁰"),
        ("Anna", "Béla", "0.00001", "amount: at most 4 decimals"),
        ("Anna", "Béla", "abc", "The amount is not a number."),
    ],
)
def test_a_bad_paid_mark_is_400_with_a_message(client_in, night, payer, payee, amount, message):
    response = mark(client_in, night, payer, payee, amount)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not PaidTransfer.objects.exists()


def test_players_and_pots_can_be_marked(client_in, night):
    assert mark(client_in, night, "Anna", "Béla").status_code == 302
    assert mark(client_in, night, "Csaba", "kitty").status_code == 302
    assert sorted(PaidTransfer.objects.values_list("payer", "payee")) == [
        ("Anna", "Béla"),
        ("Csaba", "kitty"),
    ]
