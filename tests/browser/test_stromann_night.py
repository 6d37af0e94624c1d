"""A Stromann night in a real browser (issue 5): a kontra'd játék lost with the opponent's
silent ultimó (stromann.md S4), a simple game (mehet), and a revoke against a játék with an
announced bonus, then settle-up."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorebook import services

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENS = Path(__file__).resolve().parents[2] / "artifacts" / "screens"
PLAYERS = ["Anna", "Béla"]


@pytest.fixture(autouse=True)
def static_files_from_finders(settings):
    settings.WHITENOISE_AUTOREFRESH = True


def shot(page, name):
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"stromann-{name}.png"), full_page=True)


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


def test_a_stromann_night_with_a_kontra_and_a_revoke(browser, live_server, django_user_model):
    user = django_user_model.objects.create_user("anna", password="pw-anna-123")
    night = services.create_night(
        owner=user,
        variant_key="stromann",
        house_rules={},
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

    # Hand 1 (S4): Anna says játék, Béla kontras; Anna has 30 card points and Béla's pagát
    # wins the last trick alone: game −4 × 2 = −8, silent ultimó in játék 2.
    page.click("text=Record hand")
    assert page.locator('[name="dealer"]').input_value() == "Béla"
    chip(page, "f-bid", "jatek")
    chip(page, "f-declarer", "Anna")
    page.fill('[name="declarer_points:int"]', "30")
    page.select_option('[name="contra:int"]', "1")
    open_section(page, "silent_ultimo_by")
    page.select_option('[name="silent_ultimo_by"]', "Béla")
    preview_shows(page, {"Anna": "−10", "Béla": "+10"})
    shot(page, "hand-kontra-390")
    save(page)
    assert ledger_row(page, 0) == ["−10", "+10"]

    # Hand 2 (as S1): both say mehet; Anna deals, the non-dealer Béla has 40 card points and
    # wins the simple game, 2.
    page.click("text=Record hand")
    assert page.locator('[name="dealer"]').input_value() == "Anna"
    chip(page, "f-bid", "mehet")
    page.fill('[name="non_dealer_points:int"]', "40")
    preview_shows(page, {"Anna": "−2", "Béla": "+2"})
    save(page)
    assert ledger_row(page, 1) == ["−2", "+2"]

    # Hand 3: Anna says játék and announces four kings; Béla revokes and pays the game, 3,
    # and Anna's announced bonus, 1 × 2 in játék: 5.
    page.click("text=Record hand")
    assert page.locator('[name="dealer"]').input_value() == "Béla"
    chip(page, "f-bid", "jatek")
    chip(page, "f-declarer", "Anna")
    open_section(page, "announcements[0].player")
    page.select_option('[name="announcements[0].player"]', "Anna")
    page.select_option('[name="announcements[0].bonus"]', "four_kings")
    open_section(page, "irregularity.type")
    page.select_option('[name="irregularity.type"]', "revoke")
    page.select_option('[name="irregularity.player"]', "Béla")
    preview_shows(page, {"Anna": "+5", "Béla": "−5"})
    shot(page, "hand-revoke-390")
    save(page)
    assert ledger_row(page, 2) == ["+5", "−5"]
    expect(page.locator("#ledger tbody tr")).to_have_count(3)
    assert totals(page) == ["−7", "+7"]
    shot(page, "ledger-390")

    page.click("text=Settle up")
    transfers = page.locator("#transfers")
    expect(transfers).to_contain_text("Anna → Béla 7.00 HUF")
    expect(transfers.locator("li")).to_have_count(1)
    shot(page, "settle-390")
    context.close()  # before the live server stops
    assert errors == []
