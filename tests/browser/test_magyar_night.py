"""A Magyar tarokk night in a real browser (issue 5): a kontra'd game with a failed announced
trull (magyar.md M2), a rekontra'd pagátultimó (M3) and a revoke (M7), then settle-up."""

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
    page.screenshot(path=str(SCREENS / f"magyar-{name}.png"), full_page=True)


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
        expect(
            page.locator("#preview table.payments tr", has_text=name)
            .locator("td.num:not(.pot)")
            .first
        ).to_have_text(units)


def save(page):
    page.click("text=Save hand")
    page.wait_for_url(re.compile(r"/nights/\d+/$"))


def ledger_row(page, index):
    cells = page.locator("#ledger tbody tr").nth(index).locator("td.num:not(.pot)")
    return [text.split("\n")[0].strip() for text in cells.all_inner_texts()]


def totals(page):
    return page.locator("#ledger tfoot tr.totals th.num:not(.pot)").all_inner_texts()


def test_a_magyar_night_with_a_kontra_a_rekontra_and_a_revoke(
    browser, live_server, django_user_model
):
    user = django_user_model.objects.create_user("anna", password="pw-anna-123")
    night = services.create_night(
        owner=user,
        variant_key="magyar",
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

    # Hand 1 (M2): Anna bids two and keeps the third pair (G = 6); Béla kontras the game; Anna
    # announces trull and loses it; 40 card points. S = −12 − 2 = −14.
    page.click("text=Record hand")
    assert page.locator('[name="dealer"]').input_value() == "Csaba"
    chip(page, "f-declarer", "Anna")
    chip(page, "f-level", "two")
    page.fill('[name="talon_step:int"]', "3")
    page.select_option('[name="game_contra:int"]', "1")
    open_section(page, "announcements[0].figure")
    page.select_option('[name="announcements[0].figure"]', "trull")
    page.select_option('[name="announcements[0].by"]', "Anna")
    page.fill('[name="result.declarer_card_points:int"]', "40")
    preview_shows(page, {"Anna": "−28", "Béla": "+14", "Csaba": "+14"})
    shot(page, "hand-kontra-390")
    save(page)
    assert ledger_row(page, 0) == ["−28", "+14", "+14"]

    # Hand 2 (M3): Béla plays lower three, keeps the bottom three at step 3 (G = 4), announces
    # pagátultimó, rekontra'd (level 2), and makes it with 49 card points: S = 4 + 40 = 44.
    page.click("text=Record hand")
    assert page.locator('[name="dealer"]').input_value() == "Anna"
    chip(page, "f-declarer", "Béla")
    chip(page, "f-level", "lower_three")
    page.fill('[name="talon_step:int"]', "3")
    open_section(page, "announcements[0].figure")
    page.select_option('[name="announcements[0].figure"]', "pagat_ultimo")
    page.select_option('[name="announcements[0].by"]', "Béla")
    page.select_option('[name="announcements[0].contra:int"]', "2")
    open_section(page, "result.pagat_ultimo_side")
    page.select_option('[name="result.pagat_ultimo_side"]', "declarer")
    page.fill('[name="result.declarer_card_points:int"]', "49")
    preview_shows(page, {"Anna": "−44", "Béla": "+88", "Csaba": "−44"})
    save(page)
    assert ledger_row(page, 1) == ["−44", "+88", "−44"]

    # Hand 3 (M7): Csaba plays three and keeps the bottom three (step 2, G = 2); the game is
    # kontra'd, Csaba announces trull; Anna revokes: Q = 2 × 2 + 2 = 6 to each of the others.
    page.click("text=Record hand")
    assert page.locator('[name="dealer"]').input_value() == "Béla"
    chip(page, "f-declarer", "Csaba")
    chip(page, "f-level", "three")
    page.fill('[name="talon_step:int"]', "2")
    page.select_option('[name="game_contra:int"]', "1")
    open_section(page, "announcements[0].figure")
    page.select_option('[name="announcements[0].figure"]', "trull")
    page.select_option('[name="announcements[0].by"]', "Csaba")
    page.fill('[name="result.declarer_card_points:int"]', "50")
    open_section(page, "irregularity.kind")
    page.select_option('[name="irregularity.kind"]', "renonsz")
    page.select_option('[name="irregularity.seat"]', "Anna")
    preview_shows(page, {"Anna": "−12", "Béla": "+6", "Csaba": "+6"})
    shot(page, "hand-revoke-390")
    save(page)
    assert ledger_row(page, 2) == ["−12", "+6", "+6"]
    expect(page.locator("#ledger tbody tr")).to_have_count(3)
    assert totals(page) == ["−84", "+108", "−24"]
    shot(page, "ledger-390")

    page.click("text=Settle up")
    transfers = page.locator("#transfers")
    expect(transfers).to_contain_text("Anna → Béla 84.00 HUF")
    expect(transfers).to_contain_text("Csaba → Béla 24.00 HUF")
    expect(transfers.locator("li")).to_have_count(2)
    shot(page, "settle-390")
    context.close()  # before the live server stops
    assert errors == []
