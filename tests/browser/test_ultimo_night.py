"""An Ultimo night with four seats in a real browser (issue 3): the seat opposite the dealer
sits out, a penalty and a King Ultimo are recorded through the form, and the night settles."""

import os
import re

import pytest
from playwright.sync_api import expect

from scorebook import services

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]


def test_an_ultimo_night_with_four_seats(browser, live_server, django_user_model):
    user = django_user_model.objects.create_user("anna", password="pw-anna-123")
    night = services.create_night(
        owner=user,
        variant_key="ultimo",
        house_rules={},
        per_point="1",
        currency="DKK",
        players=PLAYERS,
        first_dealer="Anna",
    )
    context = browser.new_context(viewport={"width": 390, "height": 900})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "anna")
    page.fill("input[name=password]", "pw-anna-123")
    page.click("main button[type=submit]")
    page.goto(f"{live_server.url}/nights/{night.pk}/")
    # The foundations were booked automatically: 4 × 20 into each pool.
    expect(page.locator("#ledger")).to_contain_text("4 × 20 = 80")

    page.click("text=Record hand")
    assert page.locator('[name="dealer"]').input_value() == "Anna"
    expect(page.locator("main")).to_contain_text("Csaba")  # shown as sitting out
    page.locator("details:has([name='penalties[0].player'])").locator("summary").click()
    page.select_option('[name="penalties[0].player"]', "Béla")
    page.select_option('[name="penalties[0].class"]', "large")
    page.select_option('[name="penalties[0].reason"]', "lead_out_of_turn")
    page.fill('[name="penalties[0].trick:int"]', "2")
    page.select_option('[name="last_trick.winner"]', "Dóra")
    page.select_option('[name="last_trick.winning_card"]', "king")
    for seat, points in ((0, "22"), (1, "26"), (3, "30")):
        page.fill(f'[name="card_points.@{seat}:int"]', points)
    preview = page.locator("#preview")
    expect(preview).to_contain_text("King")
    page.click("text=Save hand")
    page.wait_for_url(re.compile(r"/nights/\d+/$"))
    expect(page.locator("#ledger tbody")).to_contain_text("Dóra")
    stored = night.hands.filter(record__has_key="last_trick").get().record
    assert stored["last_trick"]["winning_card"] == "king"
    assert stored["penalties"][0]["class"] == "large"

    # Hand 2: Béla deals, so Dóra (opposite) sits out; a plain last trick.
    page.click("text=Record hand")
    assert page.locator('[name="dealer"]').input_value() == "Béla"
    page.select_option('[name="last_trick.winner"]', "Anna")
    page.select_option('[name="last_trick.winning_card"]', "other")
    for seat, points in ((0, "31"), (1, "26"), (2, "21")):
        page.fill(f'[name="card_points.@{seat}:int"]', points)
    expect(page.locator("#preview")).to_contain_text("Anna")
    page.click("text=Save hand")
    page.wait_for_url(re.compile(r"/nights/\d+/$"))
    expect(page.locator("#ledger tbody tr")).to_have_count(3)  # foundations + 2 hands
    page.screenshot(path="artifacts/screens/ultimo-ledger-390.png", full_page=True)

    page.click("text=Settle up")
    expect(page.locator("#transfers")).to_contain_text("→ Dóra")
    context.close()  # before the live server stops
    assert errors == []
