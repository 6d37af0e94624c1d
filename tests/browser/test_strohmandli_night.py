"""A Strohmandli night in a real browser on a phone (issue 5): the two deals of examples
11.2 and 11.3, then a deal in which nobody captured anything and Béla revoked, are recorded
through the form, each checked in the live preview, and the night settles.

Strohmandli has no contras (strohmandli.md §5) and no penalty by default (§9); the night
sets the house rule `revoke_penalty_points` = 2 so that the revoke is scored. Expected:
  1. §11.2 (Béla deals): Anna 52, Béla 42; Anna announced fej, Béla made pagátulti
     → Anna 1 + 1 = 2, Béla 5: Anna −3, Béla +3.
  2. §11.3 (Anna deals): Anna 64, Béla 30; Béla announced tulétroá, Anna négy király;
     Anna made pagátfogás and uhu → Anna 1 + 2 + 4 + 5 + 5 = 17, Béla 2: +15, −15.
  3. Béla deals: Anna 60, Béla 34, no capture at all (captures = an object of nulls, §13.2);
     Béla revoked → Anna játék 1 + kassza 2 + credit 2 = 5, Béla 0: +5, −5.
  Totals: Anna +17, Béla −17; settled by Béla → Anna 17.
"""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorebook import services

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anna", "Béla"]
CAPTURE_KEYS = (
    "pagatfogas",
    "uhu",
    "pagatulti",
    "xxi_fogas",
    "tuletroa_captured",
    "negy_kiraly_captured",
    "pagatulti_failed",
    "uhu_failed",
)
SCREENS = Path(__file__).resolve().parents[2] / "artifacts" / "screens"


def shot(page, name):
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")  # else the sticky header lands mid-page
    page.screenshot(path=str(SCREENS / f"strohmandli-{name}.png"), full_page=True)


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


def card_points(page, anna, bela):
    page.fill('[name="card_points.@0:int"]', str(anna))
    page.fill('[name="card_points.@1:int"]', str(bela))


def announce(page, row, player, kind, trick):
    page.select_option(f'[name="announcements[{row}].player"]', player)
    page.select_option(f'[name="announcements[{row}].type"]', kind)
    page.fill(f'[name="announcements[{row}].trick:int"]', str(trick))


def test_a_strohmandli_night(browser, live_server, django_user_model):
    user = django_user_model.objects.create_user("anna", password="pw-anna-123")
    night = services.create_night(
        owner=user,
        variant_key="strohmandli",
        house_rules={"revoke_penalty_points": 2},
        per_point="1",
        currency="HUF",
        players=PLAYERS,
        first_dealer="Béla",
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

    # Deal 1 (§11.2): Anna's fej against Béla's pagátulti.
    new_hand(page, "Béla")
    card_points(page, 52, 42)
    chip(page, "f-captures-pagatulti", "Béla")
    page.locator("details:has([name='announcements[0].player']) summary").click()
    announce(page, 0, "Anna", "fej", 4)
    expect_preview(page, ["−3", "+3"])
    save(page)
    expect_totals(page, ["−3", "+3"])

    # Deal 2 (§11.3): two announcements, two captures.
    new_hand(page, "Anna")
    card_points(page, 64, 30)
    chip(page, "f-captures-pagatfogas", "Anna")
    chip(page, "f-captures-uhu", "Anna")
    page.locator("details:has([name='announcements[0].player']) summary").click()
    announce(page, 0, "Béla", "tuletroa", 1)
    announce(page, 1, "Anna", "negy_kiraly", 6)
    expect_preview(page, ["+15", "−15"])
    shot(page, "deal2-captures-390")
    save(page)
    expect_totals(page, ["+12", "−12"])

    # Deal 3: nobody captured anything (every capture left at "nobody"); Béla revoked.
    new_hand(page, "Béla")
    card_points(page, 60, 34)
    page.locator("details:has([name='irregularities[0].player']) summary").click()
    page.select_option('[name="irregularities[0].player"]', "Béla")
    page.select_option('[name="irregularities[0].kind"]', "revoke")
    expect_preview(page, ["+5", "−5"])
    shot(page, "deal3-no-captures-390")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SCREENS / "strohmandli-deal3-phone-viewport-390.png"))
    save(page)
    expect(page.locator("#ledger tbody tr")).to_have_count(3)
    expect_totals(page, ["+17", "−17"])
    third = night.hands.get(number=3).record
    assert third["captures"] == dict.fromkeys(CAPTURE_KEYS)
    assert third["irregularities"] == [{"player": "Béla", "kind": "revoke"}]
    shot(page, "ledger-390")

    page.click("text=Settle up")
    transfers = page.locator("#transfers li .transfer")
    expect(transfers).to_have_count(1)
    expect(transfers.first).to_contain_text("Béla → Anna 17")
    shot(page, "settle-390")
    context.close()  # before the live server stops
    assert errors == []
