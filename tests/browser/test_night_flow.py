"""A whole night in a real browser: sign up, set up Paskievics, record hands with the live
preview, fix a mistake, settle, print. Screenshots go to artifacts/screens/."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser import table
from tests.engine.generators import generated_keys

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("paskievics" not in generated_keys(), reason="paskievics not landed"),
]
SCREENS = Path(__file__).resolve().parents[2] / "artifacts" / "screens"
PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]


@pytest.fixture(autouse=True)
def static_files_from_finders(settings):
    settings.WHITENOISE_AUTOREFRESH = True


def shot(page, name):
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=True)


def chip(page, field, text):
    page.locator(f'fieldset#{field} label:has-text("{text}")').first.click()


def number(text):
    return int(text.replace("−", "-"))


def units(value):
    return f"{value:+d}".replace("-", "−") if value else "0"


def totals(page):
    return page.locator("#ledger tfoot tr.totals th.num").all_inner_texts()


# The phone is in `make test` (quick); the wide screen only in `make test-all`.
@pytest.mark.parametrize("width", [pytest.param(390, marks=pytest.mark.quick), 1280])
def test_a_paskievics_night(browser, live_server, width):
    context = browser.new_context(viewport={"width": width, "height": 900}, locale="en-GB")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    base = live_server.url
    tag = f"{width}"

    # Sign up
    page.goto(f"{base}/accounts/signup/")
    page.fill("#id_username", f"anna{width}")
    page.fill("#id_password1", "tarokk-1930-pw")
    page.fill("#id_password2", "tarokk-1930-pw")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{base}/")

    # Set up the night
    page.click("main >> text=New night")
    page.click("text=Paskievics")
    inputs = page.locator("ol.seats input[type=text]")
    for i, name in enumerate(PLAYERS):
        inputs.nth(i).fill(name)
    page.locator("ol.seats li").nth(3).locator("label.chip").click()  # Dóra deals first
    page.fill("#id_per_point", "2")
    page.fill("#id_place", "Kávéház")
    page.locator("details.group summary").nth(1).click()
    shot(page, f"setup-{tag}")
    page.click("text=Start the night")
    page.wait_for_url(re.compile(r"/nights/\d+/$"))
    assert "Dóra" in page.locator("#next").inner_text()

    # Hand 1: a plain hand in a few taps, with the live preview
    page.click("text=Record hand")
    assert page.locator("#f-dealer").input_value() == "Dóra"
    chip(page, "f-bid-declarer", "Anna")
    chip(page, "f-bid-level", "two")
    table.set_field(page, "called_card", "XX")  # preselected: no tap
    chip(page, "f-partner", "Csaba")
    page.fill("#f-result-declarer-card-points", "52")
    page.locator("#preview table.payments").wait_for(state="attached")  # folded on a phone
    expect(page.locator("#preview")).to_contain_text("+2")
    shot(page, f"hand-preview-{tag}")
    page.click("text=Save hand")
    page.wait_for_url(re.compile(r"/nights/\d+/$"))
    assert totals(page)[:4] == ["+2", "−2", "+2", "−2"]

    # Hand 2: kontra on the game and an announced trull with kontra
    page.click("text=Record hand")
    assert page.locator("#f-dealer").input_value() == "Anna"
    chip(page, "f-bid-declarer", "Béla")
    chip(page, "f-bid-level", "three")
    assert page.locator("#f-called-card input[value=XX]").is_checked()  # preselected
    chip(page, "f-partner", "Dóra")
    table.chip(page, "f-game-contra", "1")
    table.announce(page, "trull", "Béla", contra=1)
    table.made(page, "result.trull_side", "declarer")
    page.fill("#f-result-declarer-card-points", "60")
    expect(page.locator("#preview")).to_contain_text("kontra")
    shot(page, f"hand-contra-{tag}")
    page.click("text=Save hand")
    page.wait_for_url(re.compile(r"/nights/\d+/$"))

    # Hand 3: all pass
    page.click("text=Record hand")
    table.chip(page, "f-outcome", "all_pass")
    page.click("text=Save hand")
    page.wait_for_url(re.compile(r"/nights/\d+/$"))
    assert page.locator("#ledger tbody tr").count() == 3
    before = totals(page)
    shot(page, f"ledger-{tag}")

    # Fix hand 1: the declarer side had 30 card points, not 52
    page.locator("#ledger tbody tr").first.locator("text=Edit").click()
    page.fill("#f-result-declarer-card-points", "30")
    expect(page.locator("#preview")).to_contain_text("−2")
    page.click("text=Save changes")
    page.wait_for_url(re.compile(r"/nights/\d+/$"))
    after = totals(page)
    assert after != before
    assert after[0] == units(number(before[0]) - 4)  # hand 1 lost: Anna +2 → −2
    shot(page, f"ledger-edited-{tag}")

    # Settle up, mark a transfer paid (htmx), print
    page.click("text=Settle up")
    assert "→" in page.locator("#transfers").inner_text()
    page.locator("#transfers button").first.click()
    page.locator("#transfers li.paid").first.wait_for()
    shot(page, f"settle-{tag}")
    page.click("text=Printable summary")
    page.locator("svg.chart polyline").first.wait_for()
    assert "Kávéház" in page.content()
    shot(page, f"print-{tag}")
    page.emulate_media(media="print")
    shot(page, f"print-media-{tag}")
    assert not errors, errors
    context.close()
