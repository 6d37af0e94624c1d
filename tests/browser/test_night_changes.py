"""The night as a whole on a 390 px phone: fix the stake and a misspelt name, hand the pen to
a second phone that records a hand the owner then sees, change a house rule after its
preview, look at the night's history, delete the night and undo it. The numbers are those
of tests/web/test_night_changes.py (a magyar night of three, worked out by hand there).
Screenshots go to artifacts/screens/night-*.png."""

import re

import pytest
from playwright.sync_api import expect

from scorebook import services
from tests.browser import table
from tests.web.test_night_changes import H1, H2, H3

pytestmark = [*table.MARKS, pytest.mark.usefixtures("static_files_from_finders")]

PLAYERS = ["Anna", "Béla", "Csaba"]


def night_menu(page, link):
    page.locator("#night-menu summary").click()
    page.locator("#night-menu").get_by_text(link).click()


def test_fix_a_night_hand_the_pen_over_change_a_rule_delete_and_undo(
    browser, live_server, django_user_model
):
    night = table.start_night(django_user_model, "magyar", PLAYERS, "Csaba", per_point="2")
    for record in (H1, H2, H3):
        services.record_hand(night=night, record=record, author=night.owner)
    django_user_model.objects.create_user("mallory", password="pw-mallory-123")
    base = f"{live_server.url}/nights/{night.pk}/"
    context, page, errors = table.phone_page(browser, live_server, night=night)
    table.expect_totals(page, ["+10", "+10", "−20"])

    # The stake was 5 HUF a point, and Béla is Bela.
    night_menu(page, "Change date, place, stake, names")
    page.fill('[name="per_point"]', "5")
    page.fill('[name="name_1"]', "Bela")
    table.shot(page, "night-edit-390")
    page.get_by_role("button", name="Save changes").click()
    page.wait_for_url(base)
    expect(page.locator("#ledger thead")).to_contain_text("Bela")
    expect(page.locator("#ledger tfoot tr.money th.num")).to_have_text(
        ["50.00", "50.00", "−100.00"]
    )

    # The pen goes to mallory's phone, which records hand 4: Bela wins a hármas with silent
    # four kings, S = 2 from each opponent.
    night_menu(page, "Hand the pen over")
    page.fill('[name="username"]', "mallory")
    page.get_by_role("button", name="Invite").click()
    expect(page.locator("#scorers")).to_contain_text("mallory")
    table.shot(page, "night-scorers-390")
    context2, page2, errors2 = table.phone_page(browser, live_server, "mallory", night=night)
    table.new_hand(page2, "Csaba")
    table.chip(page2, "f-declarer", "Bela")
    table.chip(page2, "f-level", "three")
    table.set_field(page2, "talon_step", "1")
    table.made(page2, "result.four_kings_side", "declarer")
    table.set_field(page2, "result.declarer_card_points", "48")
    table.expect_preview(page2, {"Anna": "−2", "Bela": "+4", "Csaba": "−2"})
    table.save(page2)
    table.shot(page2, "night-co-scorer-390")
    page.goto(base)
    assert table.ledger_row(page, 3) == ["−2", "+4", "−2"]
    table.expect_totals(page, ["+8", "+14", "−22"])
    page.locator("#ledger tbody tr").nth(3).get_by_role("link", name="Edit").click()
    expect(page.locator(".revisions")).to_contain_text("written by mallory")
    table.shot(page, "night-hand-by-co-scorer-390")
    page.goto(base)

    # Each opponent pays half instead of the full tariff: the preview first, then saved.
    night_menu(page, "Change house rules")
    page.uncheck('[name="hr_tariff_per_opponent"]')
    page.locator("#rules-form button.secondary").click()
    rows = page.locator("#rules-totals tbody tr:not(.pot)")
    expect(rows.locator("th")).to_have_text(["Anna", "Bela", "Csaba"])
    expect(rows.locator("td:nth-child(2)")).to_have_text(["+8", "+14", "−22"])
    expect(rows.locator("td:nth-child(3)")).to_have_text(["+4", "+7", "−11"])
    page.locator("#rules-preview").scroll_into_view_if_needed()
    table.shot(page, "night-rules-preview-390", full_page=False)
    page.click("#confirm-rules")
    page.wait_for_url(base)
    table.expect_totals(page, ["+4", "+7", "−11"])
    table.shot(page, "night-after-rules-390")

    night_menu(page, "History of the night")
    history = page.locator("#night-history")
    expect(history).to_contain_text("Full tariff from each opponent")
    expect(history).to_contain_text("Béla")
    table.shot(page, "night-history-390")

    # Deleted by mistake, and back.
    page.goto(base)
    night_menu(page, "Delete the night")
    page.wait_for_url(re.compile(r"/nights/deleted/"))
    expect(page.locator("#deleted-nights li")).to_have_count(1)
    table.shot(page, "night-deleted-390")
    page.get_by_role("button", name="Undo").click()
    page.wait_for_url(base)
    table.expect_totals(page, ["+4", "+7", "−11"])

    context2.close()
    context.close()  # before the live server stops
    assert errors == []
    assert errors2 == []
