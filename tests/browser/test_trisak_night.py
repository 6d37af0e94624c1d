"""A Trisák night in a real browser on a phone (issue 5): a called game with a kontra'd
ultimó, a lost nyílt bettli and a bettli ended by a revoke are recorded through the form,
each checked in the live preview, and the night settles.

Expected payments from /work/shared/rules/trisak.md (default house rules):
  1. Tr5: Anna plays level 1 with partner Béla (called XVIII), Csaba's announced ultimó is
     kontra'd and fails, declarer side 50 → Anna +36, Béla +36, Csaba −36, Dóra −36.
  2. Tr9: Csaba's nyílt bettli, he takes a trick: a = −15 → +15, +15, −45, +15.
  3. §9: Dóra's bettli (value 8), Anna revokes: she pays each other player 8 → −24, +8, +8, +8.
  Totals: Anna +27, Béla +59, Csaba −73, Dóra −13; settled by
  Csaba → Anna 14, Csaba → Béla 59, Dóra → Anna 13 (largest debtor pays largest creditor).
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
    page.screenshot(path=str(SCREENS / f"trisak-{name}.png"), full_page=True)


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


def test_a_trisak_night(browser, live_server, django_user_model):
    user = django_user_model.objects.create_user("anna", password="pw-anna-123")
    night = services.create_night(
        owner=user,
        variant_key="trisak",
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

    # Hand 1 (Tr5): a called game; Csaba's announced ultimó, kontra'd by Anna, fails.
    new_hand(page, "Dóra")
    chip(page, "f-contract", "jatek")
    chip(page, "f-declarer", "Anna")
    page.select_option('[name="called_tarokk:int"]', "18")
    page.select_option('[name="partner"]', "Béla")
    page.fill('[name="result.declarer_side_points:int"]', "50")
    page.locator("details:has([name='ultimo.by']) summary").click()
    page.select_option('[name="ultimo.by"]', "Csaba")
    page.select_option('[name="ultimo.side"]', "opponents")
    page.select_option('[name="ultimo.announced:bool"]', "1")
    page.select_option('[name="ultimo.made:bool"]', "")
    page.select_option('[name="ultimo.contra:int"]', "1")
    expect_preview(page, ["+36", "+36", "−36", "−36"])
    shot(page, "hand1-kontra-ultimo-390")
    save(page)
    expect_totals(page, ["+36", "+36", "−36", "−36"])
    first = night.hands.get(number=1).record
    assert first["ultimo"] == {
        "side": "opponents",
        "by": "Csaba",
        "announced": True,
        "contra": 1,
        "made": False,
    }

    # Hand 2 (Tr9): Csaba's nyílt bettli, lost.
    new_hand(page, "Anna")
    chip(page, "f-contract", "nyilt_bettli")
    chip(page, "f-declarer", "Csaba")
    chip(page, "f-result-declarer-took-trick", "1")
    expect_preview(page, ["+15", "+15", "−45", "+15"])
    save(page)
    expect_totals(page, ["+51", "+51", "−81", "−21"])

    # Hand 3: Dóra's bettli ends with Anna's revoke (§9: the revoker pays the game value).
    new_hand(page, "Béla")
    chip(page, "f-contract", "bettli")
    chip(page, "f-declarer", "Dóra")
    page.locator("details:has([name='irregularity.type']) summary").click()
    page.select_option('[name="irregularity.type"]', "revoke")
    page.select_option('[name="irregularity.player"]', "Anna")
    expect_preview(page, ["−24", "+8", "+8", "+8"])
    shot(page, "hand3-revoke-390")
    save(page)
    expect(page.locator("#ledger tbody tr")).to_have_count(3)
    expect_totals(page, ["+27", "+59", "−73", "−13"])
    third = night.hands.get(number=3).record
    assert third["irregularity"] == {"type": "revoke", "player": "Anna"}
    assert third["result"] is None
    shot(page, "ledger-390")

    page.click("text=Settle up")
    transfers = page.locator("#transfers li .transfer")
    expect(transfers).to_have_count(3)
    expect(transfers.nth(0)).to_contain_text("Csaba → Anna 14")
    expect(transfers.nth(1)).to_contain_text("Csaba → Béla 59")
    expect(transfers.nth(2)).to_contain_text("Dóra → Anna 13")
    shot(page, "settle-390")
    context.close()  # before the live server stops
    assert errors == []
