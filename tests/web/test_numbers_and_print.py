"""Numbers as the reader writes them, points-only nights in words, and the print page's
running title (issue 23 item 13)."""

from fractions import Fraction
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from scorebook import money, services
from scorebook.templatetags.display import css_string
from tests.web.conftest import PLAYERS, hand

pytestmark = pytest.mark.django_db
NBSP = "\xa0"


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def night_of(user, currency="HUF", per_point="100"):
    night = services.create_night(
        owner=user,
        variant_key="toy",
        house_rules={},
        per_point=per_point,
        currency=currency,
        players=PLAYERS,
        first_dealer="Dóra",
        place="Kávéház",
    )
    services.record_hand(night=night, record=hand("Dóra", "Anna", 20))  # Anna +60
    return night


@pytest.mark.parametrize(
    ("lang", "money"),
    [("en", "6,000.00"), ("hu", f"6{NBSP}000,00"), ("pl", f"6{NBSP}000,00")],
)
def test_money_has_thousands_separators_in_the_readers_locale(client_in, user, lang, money):
    night = night_of(user)
    for name in ("night", "settle", "print", "table"):
        page = client_in.get(reverse(name, args=[night.pk]), HTTP_ACCEPT_LANGUAGE=lang).text
        assert money in page, (lang, name)


@pytest.mark.parametrize(
    ("lang", "shown"),
    [
        ("en", ["+1,234", "−12,345,678", "+2.50"]),
        ("hu", [f"+1{NBSP}234", f"−12{NBSP}345{NBSP}678", "+2,50"]),
    ],
)
def test_payment_units_are_grouped_too(lang, shown):
    with translation.override(lang):
        assert [money.units(v) for v in (1234, -12345678, Fraction(5, 2))] == shown
        assert money.units(0) == "0"


def test_a_points_only_night_says_points_not_a_currency_code(client_in, user):
    night = night_of(user, currency="XXX", per_point="1")
    for name in ("night", "settle", "print", "table"):
        page = client_in.get(reverse(name, args=[night.pk])).text
        assert "XXX" not in page, name
    night_page = client_in.get(reverse("night", args=[night.pk])).text
    assert "points only" in night_page
    hu = client_in.get(reverse("settle", args=[night.pk]), HTTP_ACCEPT_LANGUAGE="hu").text
    assert "XXX" not in hu
    assert " pont</strong>" in hu


def test_a_night_with_money_keeps_its_stake_sentence(client_in, user):
    night = night_of(user, currency="EUR", per_point="0.50")
    assert "0.5 EUR per point" in client_in.get(reverse("night", args=[night.pk])).text


def test_the_print_page_has_a_running_title_page_numbers_and_one_total(client_in, user):
    night = night_of(user)
    page = client_in.get(reverse("print", args=[night.pk])).text
    assert "@top-left" in page
    assert 'counter(page) " / " counter(pages)' in page
    assert page.count("Total (points)") == 1
    css = (Path(__file__).resolve().parents[2] / "static/scorebook/print.css").read_text()
    assert "tfoot { display: table-row-group; }" in css


def test_a_css_string_cannot_be_ended_by_a_name():
    assert css_string('Bob "the" </style>\\') == (
        "Bob \\000022the\\000022 \\00003c/style\\00003e\\00005c"
    )
    assert css_string("Kávéház · 2026") == "Kávéház · 2026"
