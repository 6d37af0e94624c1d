"""A Négyes (54 cards) night in a real browser on a phone (issue 5): a rekontra'd játék, an
all-pass trisákolás and a kontra'd játék és ultimó ended by a revoke are recorded through the
form, each checked in the live preview, and the night settles.

Expected payments from /work/shared/rules/negyes54.md (default house rules):
  1. N5: Anna plays játék, calls XVIII held by Dóra; kontra and rekontra (×4); declarer side
     33 of 64 → a = 4 × 4 = 16: Anna +16, Béla −16, Csaba −16, Dóra +16.
  2. N1: all pass, tricks 0, 3, 4, 5 → 12 − 4t each: +12, 0, −4, −8.
  3. §9: Anna's játék és ultimó (partner Csaba, kontra), Béla revokes: he pays each other
     player the full bid value × contra, (4 + 6) × 2 = 20 → +20, −60, +20, +20.
  Totals: Anna +48, Béla −76, Csaba 0, Dóra +28; settled by Béla → Anna 48, Béla → Dóra 28.
"""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorebook import services

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]
SCREENS = Path(__file__).resolve().parents[2] / "artifacts" / "screens"


def shot(page, name):
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")  # else the sticky header lands mid-page
    page.screenshot(path=str(SCREENS / f"negyes54-{name}.png"), full_page=True)


def chip(page, fieldset, value):
    """Tap the chip of a radio group by its value (the input itself is styled away)."""
    page.locator(f'fieldset#{fieldset} label:has(input[value="{value}"])').click()


def expect_preview(page, payments):
    cells = page.locator("#preview table.payments tbody tr:not(.pot) td.num:not(.muted)")
    expect(cells).to_have_text(payments)


def expect_totals(page, units):
    expect(page.locator("#ledger tfoot tr.totals th.num")).to_have_text(units)


def new_hand(page, dealer):
    page.click("text=Record hand")
    page.wait_for_url(re.compile(r"/hands/new/$"))
    assert page.locator('[name="dealer"]').input_value() == dealer


def save(page):
    page.click("text=Save hand")
    page.wait_for_url(re.compile(r"/nights/\d+/$"))


def test_a_negyes54_night(browser, live_server, django_user_model):
    user = django_user_model.objects.create_user("anna", password="pw-anna-123")
    night = services.create_night(
        owner=user,
        variant_key="negyes54",
        house_rules={},
        per_point="1",
        currency="HUF",
        players=PLAYERS,
        first_dealer="Dóra",
    )
    context = browser.new_context(viewport={"width": 390, "height": 900}, locale="en-GB")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "anna")
    page.fill("input[name=password]", "pw-anna-123")
    page.click("main button[type=submit]")
    page.goto(f"{live_server.url}/nights/{night.pk}/")

    # Hand 1 (N5): játék with kontra and rekontra, won.
    new_hand(page, "Dóra")
    chip(page, "f-contract", "jatek")
    chip(page, "f-declarer", "Anna")
    page.select_option('[name="called_tarokk:int"]', "18")
    page.select_option('[name="partner"]', "Dóra")
    page.fill('[name="result.declarer_side_points:int"]', "33")
    page.select_option('[name="contra:int"]', "2")
    expect_preview(page, ["+16", "−16", "−16", "+16"])
    shot(page, "hand1-rekontra-390")
    save(page)
    expect_totals(page, ["+16", "−16", "−16", "+16"])
    first = night.hands.get(number=1).record
    assert (first["contra"], first["partner"], first["called_tarokk"]) == (2, "Dóra", 18)

    # Hand 2 (N1): all four pass, trisákolás on the tricks.
    new_hand(page, "Anna")
    chip(page, "f-contract", "trisakolas_all_pass")
    page.locator("details:has([name='helper']) summary").click()
    for seat, tricks in enumerate(("0", "3", "4", "5")):
        page.fill(f'[name="result.tricks.@{seat}:int"]', tricks)
    expect_preview(page, ["+12", "0", "−4", "−8"])
    shot(page, "hand2-trisakolas-390")
    save(page)
    expect_totals(page, ["+28", "−16", "−20", "+8"])

    # Hand 3: Anna's kontra'd játék és ultimó ends with Béla's revoke (§9).
    new_hand(page, "Béla")
    chip(page, "f-contract", "jatek_es_ultimo")
    chip(page, "f-declarer", "Anna")
    page.select_option('[name="called_tarokk:int"]', "19")
    page.select_option('[name="partner"]', "Csaba")
    page.select_option('[name="contra:int"]', "1")
    page.locator("details:has([name='irregularity.type']) summary").click()
    page.select_option('[name="irregularity.type"]', "revoke")
    page.select_option('[name="irregularity.player"]', "Béla")
    expect_preview(page, ["+20", "−60", "+20", "+20"])
    save(page)
    expect(page.locator("#ledger tbody tr")).to_have_count(3)
    expect_totals(page, ["+48", "−76", "0", "+28"])
    third = night.hands.get(number=3).record
    assert third["irregularity"] == {"type": "revoke", "player": "Béla"}
    assert third["result"] is None
    shot(page, "ledger-390")

    page.click("text=Settle up")
    transfers = page.locator("#transfers li .transfer")
    expect(transfers).to_have_count(2)
    expect(transfers.nth(0)).to_contain_text("Béla → Anna 48")
    expect(transfers.nth(1)).to_contain_text("Béla → Dóra 28")
    shot(page, "settle-390")
    context.close()  # before the live server stops
    assert errors == []
