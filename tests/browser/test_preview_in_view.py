"""On a phone the hand's payments stay in view beside the Save button while the hand is
entered, a word typed into a number field is named at once, and a tap opens the breakdown."""

import pytest
from playwright.sync_api import expect

from tests.browser.table import MARKS, chip, new_hand, phone_page, shot, start_night

pytestmark = [*MARKS, pytest.mark.usefixtures("static_files_from_finders")]
PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]


def in_viewport(page, selector):
    box = page.locator(selector).bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


@pytest.mark.quick
def test_the_payment_line_stays_beside_save_on_a_phone(browser, live_server, django_user_model):
    night = start_night(django_user_model, "paskievics", PLAYERS, "Dóra")
    context, page, errors = phone_page(browser, live_server, night=night)
    new_hand(page, "Dóra")
    line = page.locator("#preview-line")
    expect(line).to_contain_text("Payments appear here as you fill in the hand.")
    assert in_viewport(page, "#preview-line")
    assert in_viewport(page, "text=Save hand")

    chip(page, "f-bid-declarer", "Anna")
    chip(page, "f-bid-level", "two")
    assert page.locator("#f-called-card input[value=XX]").is_checked()  # preselected
    chip(page, "f-partner", "Csaba")
    points = page.locator('[name="result.declarer_card_points"]')
    points.fill("5x2")
    expect(line).to_contain_text("Cannot compute:")
    expect(line).to_contain_text("'5x2' is not a whole number")
    expect(page.locator("#preview table.payments")).to_have_count(0)

    points.fill("52")
    for text in ("Anna +2", "Béla −2", "Csaba +2", "Dóra −2"):
        expect(line).to_contain_text(text)
    # The card-points input the player just typed in is not under the Save bar.
    bar = page.locator(".form-actions").bounding_box()
    box = points.bounding_box()
    assert box["y"] + box["height"] <= bar["y"] + 1
    assert in_viewport(page, "#preview-line")
    shot(page, "preview-line-390", full_page=False)

    line.click()  # one tap: the full breakdown
    expect(page.locator("#preview .lines")).to_be_in_viewport()
    expect(page.locator("#preview .lines")).to_contain_text("S = 2")
    context.close()
    assert errors == []
