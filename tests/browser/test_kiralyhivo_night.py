"""A Királyhívás night in a real browser (issue 5): a kontra'd call with a kontra'd
pagátultimó (kiralyhivo.md K2), a revoke (K11) and a call with silent four kings (K1), then
settle-up."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorebook import services

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENS = Path(__file__).resolve().parents[2] / "artifacts" / "screens"
PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]


@pytest.fixture(autouse=True)
def static_files_from_finders(settings):
    settings.WHITENOISE_AUTOREFRESH = True


def shot(page, name):
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"kiralyhivo-{name}.png"), full_page=True)


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


def call(page, declarer, king, partner):
    chip(page, "f-declarer", declarer)
    chip(page, "f-contract", "hivas")
    chip(page, "f-called-king", king)
    chip(page, "f-called-king-location", "player")
    chip(page, "f-partner", partner)


def test_a_kiralyhivo_night_with_kontras_and_a_revoke(browser, live_server, django_user_model):
    user = django_user_model.objects.create_user("anna", password="pw-anna-123")
    night = services.create_night(
        owner=user,
        variant_key="kiralyhivo",
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

    # Hand 1 (K2): Anna calls ♠K, held by Béla; Anna announces pagátultimó; kontra on the game
    # and on the ultimó. 33 card points; the ultimó is made. a = −6 × 2 + 4 × 2 = −4.
    page.click("text=Record hand")
    assert page.locator('[name="dealer"]').input_value() == "Dóra"
    call(page, "Anna", "spades", "Béla")
    page.fill('[name="result.declarer_side_points:int"]', "33")
    page.select_option('[name="game_contra:int"]', "1")
    open_section(page, "announcements[0].figure")
    page.select_option('[name="announcements[0].figure"]', "pagat_ultimo")
    page.select_option('[name="announcements[0].by"]', "Anna")
    page.select_option('[name="announcements[0].side"]', "declarer")
    page.select_option('[name="announcements[0].contra:int"]', "1")
    open_section(page, "result.figures_made.pagat_ultimo")
    page.select_option('[name="result.figures_made.pagat_ultimo"]', "declarer")
    preview_shows(page, {"Anna": "−4", "Béla": "−4", "Csaba": "+4", "Dóra": "+4"})
    shot(page, "hand-kontra-390")
    save(page)
    assert ledger_row(page, 0) == ["−4", "−4", "+4", "+4"]

    # Hand 2 (K11): Anna calls ♣K, held by Csaba; kontra on the game; Anna announces
    # pagátultimó; Béla revokes: X = 6 × 2 + 4 = 16 to each of the other three.
    page.click("text=Record hand")
    assert page.locator('[name="dealer"]').input_value() == "Anna"
    call(page, "Anna", "clubs", "Csaba")
    page.select_option('[name="game_contra:int"]', "1")
    open_section(page, "announcements[0].figure")
    page.select_option('[name="announcements[0].figure"]', "pagat_ultimo")
    page.select_option('[name="announcements[0].by"]', "Anna")
    page.select_option('[name="announcements[0].side"]', "declarer")
    open_section(page, "irregularity.type")
    page.select_option('[name="irregularity.type"]', "revoke")
    page.select_option('[name="irregularity.player"]', "Béla")
    preview_shows(page, {"Anna": "+16", "Béla": "−48", "Csaba": "+16", "Dóra": "+16"})
    shot(page, "hand-revoke-390")
    save(page)
    assert ledger_row(page, 1) == ["+16", "−48", "+16", "+16"]

    # Hand 3 (K1, Dóra declaring): Dóra calls ♥K, held by Béla; 41 card points and all four
    # kings, silent: a = 6 + 2 = 8.
    page.click("text=Record hand")
    assert page.locator('[name="dealer"]').input_value() == "Béla"
    call(page, "Dóra", "hearts", "Béla")
    page.fill('[name="result.declarer_side_points:int"]', "41")
    open_section(page, "result.figures_made.four_kings")
    page.select_option('[name="result.figures_made.four_kings"]', "declarer")
    preview_shows(page, {"Anna": "−8", "Béla": "+8", "Csaba": "−8", "Dóra": "+8"})
    save(page)
    assert ledger_row(page, 2) == ["−8", "+8", "−8", "+8"]
    expect(page.locator("#ledger tbody tr")).to_have_count(3)
    assert totals(page) == ["+4", "−44", "+12", "+28"]
    shot(page, "ledger-390")

    # Béla alone is down, so he pays each of the others.
    page.click("text=Settle up")
    transfers = page.locator("#transfers")
    expect(transfers).to_contain_text("Béla → Dóra 28.00 HUF")
    expect(transfers).to_contain_text("Béla → Csaba 12.00 HUF")
    expect(transfers).to_contain_text("Béla → Anna 4.00 HUF")
    expect(transfers.locator("li")).to_have_count(3)
    shot(page, "settle-390")
    context.close()  # before the live server stops
    assert errors == []
