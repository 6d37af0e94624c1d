"""A Stromann night in a real browser (issue 5): a kontra'd játék lost with the opponent's
silent ultimó (stromann.md S4), a simple game (mehet), and a revoke against a játék with an
announced bonus, then settle-up."""

import pytest
from playwright.sync_api import expect

from tests.browser import table

pytestmark = [*table.MARKS, pytest.mark.usefixtures("static_files_from_finders")]

PLAYERS = ["Anna", "Béla"]


def test_a_stromann_night_with_a_kontra_and_a_revoke(browser, live_server, django_user_model):
    night = table.start_night(django_user_model, "stromann", PLAYERS, "Béla")
    context, page, errors = table.phone_page(browser, live_server, night=night)

    # Hand 1 (S4): Anna says játék, Béla kontras; Anna has 30 card points and Béla's pagát
    # wins the last trick alone: game −4 × 2 = −8, silent ultimó in játék 2.
    table.new_hand(page, "Béla")
    table.chip(page, "f-bid", "jatek")
    table.chip(page, "f-declarer", "Anna")
    page.fill('[name="declarer_points"]', "30")
    table.chip(page, "f-contra", "1")
    table.chip(page, "f-silent-ultimo-by", "Béla")
    table.expect_preview(page, {"Anna": "−10", "Béla": "+10"})
    table.shot(page, "stromann-hand-kontra-390")
    table.save(page)
    assert table.ledger_row(page, 0) == ["−10", "+10"]

    # Hand 2 (as S1): both say mehet; Anna deals, the non-dealer Béla has 40 card points and
    # wins the simple game, 2.
    table.new_hand(page, "Anna")
    table.chip(page, "f-bid", "mehet")
    page.fill('[name="non_dealer_points"]', "40")
    table.expect_preview(page, {"Anna": "−2", "Béla": "+2"})
    table.save(page)
    assert table.ledger_row(page, 1) == ["−2", "+2"]

    # Hand 3: Anna says játék and announces four kings; Béla revokes and pays the game, 3,
    # and Anna's announced bonus, 1 × 2 in játék: 5.
    table.new_hand(page, "Béla")
    table.chip(page, "f-bid", "jatek")
    table.chip(page, "f-declarer", "Anna")
    table.announce(page, "four_kings", "Anna")
    table.revoke(page, "Béla")
    table.expect_preview(page, {"Anna": "+5", "Béla": "−5"})
    table.shot(page, "stromann-hand-revoke-390")
    table.save(page)
    assert table.ledger_row(page, 2) == ["+5", "−5"]
    expect(page.locator("#ledger tbody tr")).to_have_count(3)
    table.expect_totals(page, ["−7", "+7"])
    table.shot(page, "stromann-ledger-390")

    table.expect_transfers(page, ["Anna → Béla 7.00 HUF"])
    table.shot(page, "stromann-settle-390")
    context.close()  # before the live server stops
    assert errors == []
