"""A Tapper night in a real browser (issue 5): an alsó hármas with a four-kings hand bonus
(tapper.md T1), a kontra'd hármas lost, and a revoke, then settle-up."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorebook import services

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENS = Path(__file__).resolve().parents[2] / "artifacts" / "screens"
PLAYERS = ["Anna", "Béla", "Csaba"]


@pytest.fixture(autouse=True)
def static_files_from_finders(settings):
    settings.WHITENOISE_AUTOREFRESH = True


def shot(page, name):
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"tapper-{name}.png"), full_page=True)


def chip(page, field_id, value):
    page.locator(f'fieldset#{field_id} label:has(input[value="{value}"])').click()


def open_section(page, field_name):
    section = page.locator(f"details:has([name='{field_name}'])")
    if section.get_attribute("open") is None:
        section.locator("summary").click()


def preview_shows(page, payments):
    """Wait until the htmx preview shows exactly these payments (player → units)."""
    rows = page.locator("#preview table.payments tr:not(.pot)")
    expect(rows).to_have_count(len(payments))
    for name, units in payments.items():
        cell = rows.filter(has_text=name).locator("td.num").first
        expect(cell).to_have_text(units)


def save(page):
    page.click("text=Save hand")
    page.wait_for_url(re.compile(r"/nights/\d+/$"))


def ledger_row(page, index):
    cells = page.locator("#ledger tbody tr").nth(index).locator("td.num:not(.pot)")
    return [text.split("\n")[0].strip() for text in cells.all_inner_texts()]


def totals(page):
    return page.locator("#ledger tfoot tr.totals th.num:not(.pot)").all_inner_texts()


def game(page, declarer, contract, bidders):
    chip(page, "f-declarer", declarer)
    chip(page, "f-contract", contract)
    for name in bidders:
        chip(page, "f-bid-participants-list", name)


def test_a_tapper_night_with_a_bonus_a_kontra_and_a_revoke(browser, live_server, django_user_model):
    user = django_user_model.objects.create_user("anna", password="pw-anna-123")
    night = services.create_night(
        owner=user,
        variant_key="tapper",
        house_rules={},
        per_point="1",
        currency="HUF",
        players=PLAYERS,
        first_dealer="Csaba",
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

    # Hand 1 (T1): Anna holds alsó hármas (4) against Béla and wins with 37 card points; Béla
    # bid and holds the four kings (3 from each of the others).
    page.click("text=Record hand")
    assert page.locator('[name="dealer"]').input_value() == "Csaba"
    game(page, "Anna", "also_harmas", ["Anna", "Béla"])
    # A slip first: 73 card points is refused, the message sits next to its field and what
    # was entered is kept.
    page.fill('[name="result.declarer_points:int"]', "73")
    page.click("text=Save hand")
    points = page.locator('.field.has-error[data-path="result.declarer_points"]')
    expect(points.locator("p.error")).to_be_visible()
    expect(page.locator('fieldset#f-contract input[value="also_harmas"]')).to_be_checked()
    points.evaluate("el => el.scrollIntoView({block: 'center'})")
    page.screenshot(path=str(SCREENS / "tapper-hand-error-390.png"))
    assert night.hands.count() == 0
    page.fill('[name="result.declarer_points:int"]', "37")
    open_section(page, "hand_bonuses[0].player")
    page.select_option('[name="hand_bonuses[0].player"]', "Béla")
    page.select_option('[name="hand_bonuses[0].bonus"]', "four_kings")
    preview_shows(page, {"Anna": "+5", "Béla": "+2", "Csaba": "−7"})
    shot(page, "hand-bonus-390")
    save(page)
    assert ledger_row(page, 0) == ["+5", "+2", "−7"]

    # Hand 2: Béla plays hármas (3), Csaba kontras the game, Béla takes only 30 card points:
    # a = −3 × 2 = −6 to each opponent.
    page.click("text=Record hand")
    assert page.locator('[name="dealer"]').input_value() == "Anna"
    game(page, "Béla", "harmas", ["Béla"])
    page.fill('[name="result.declarer_points:int"]', "30")
    page.select_option('[name="game_contra:int"]', "1")
    preview_shows(page, {"Anna": "+6", "Béla": "−12", "Csaba": "+6"})
    shot(page, "hand-kontra-390")
    save(page)
    assert ledger_row(page, 1) == ["+6", "−12", "+6"]

    # Hand 3: Csaba plays felső hármas (5); Anna revokes and pays the game value, 5, to each
    # of the other two.
    page.click("text=Record hand")
    assert page.locator('[name="dealer"]').input_value() == "Béla"
    game(page, "Csaba", "felso_harmas", ["Csaba"])
    open_section(page, "irregularity.type")
    page.select_option('[name="irregularity.type"]', "revoke")
    page.select_option('[name="irregularity.player"]', "Anna")
    preview_shows(page, {"Anna": "−10", "Béla": "+5", "Csaba": "+5"})
    save(page)
    assert ledger_row(page, 2) == ["−10", "+5", "+5"]
    expect(page.locator("#ledger tbody tr")).to_have_count(3)
    assert totals(page) == ["+1", "−5", "+4"]
    shot(page, "ledger-390")

    page.click("text=Settle up")
    transfers = page.locator("#transfers")
    expect(transfers).to_contain_text("Béla → Csaba 4.00 HUF")
    expect(transfers).to_contain_text("Béla → Anna 1.00 HUF")
    expect(transfers.locator("li")).to_have_count(2)
    shot(page, "settle-390")
    context.close()  # before the live server stops
    assert errors == []
