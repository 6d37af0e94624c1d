"""A Magyar tarokk night in a real browser (issue 5): a kontra'd game with a failed announced
trull (magyar.md M2), a rekontra'd pagátultimó (M3) and a revoke (M7), then settle-up."""

import pytest
from playwright.sync_api import expect

from tests.browser import table

pytestmark = [*table.MARKS, pytest.mark.usefixtures("static_files_from_finders")]

PLAYERS = ["Anna", "Béla", "Csaba"]


def test_a_magyar_night_with_a_kontra_a_rekontra_and_a_revoke(
    browser, live_server, django_user_model
):
    night = table.start_night(django_user_model, "magyar", PLAYERS, "Csaba")
    context, page, errors = table.phone_page(browser, live_server, night=night)

    # Hand 1 (M2): Anna bids two and keeps the third pair (G = 6); Béla kontras the game; Anna
    # announces trull and loses it; 40 card points. S = −12 − 2 = −14.
    table.new_hand(page, "Csaba")
    table.chip(page, "f-declarer", "Anna")
    table.chip(page, "f-level", "two")
    table.set_field(page, "talon_step", "3")
    table.set_field(page, "game_contra", "1")
    table.announce(page, "trull", "Anna")
    table.set_field(page, "result.declarer_card_points", "40")
    table.expect_preview(page, {"Anna": "−28", "Béla": "+14", "Csaba": "+14"})
    table.shot(page, "magyar-hand-kontra-390")
    table.save(page)
    assert table.ledger_row(page, 0) == ["−28", "+14", "+14"]

    # Hand 2 (M3): Béla plays lower three, keeps the bottom three at step 3 (G = 4), announces
    # pagátultimó, rekontra'd (level 2), and makes it with 49 card points: S = 4 + 40 = 44.
    table.new_hand(page, "Anna")
    table.chip(page, "f-declarer", "Béla")
    table.chip(page, "f-level", "lower_three")
    table.set_field(page, "talon_step", "3")
    table.announce(page, "pagat_ultimo", "Béla", contra=2)
    table.made(page, "result.pagat_ultimo_side", "declarer")
    table.set_field(page, "result.declarer_card_points", "49")
    table.expect_preview(page, {"Anna": "−44", "Béla": "+88", "Csaba": "−44"})
    table.save(page)
    assert table.ledger_row(page, 1) == ["−44", "+88", "−44"]

    # Hand 3 (M7): Csaba plays three and keeps the bottom three (step 2, G = 2); the game is
    # kontra'd, Csaba announces trull; Anna revokes: Q = 2 × 2 + 2 = 6 to each of the others.
    table.new_hand(page, "Béla")
    table.chip(page, "f-declarer", "Csaba")
    table.chip(page, "f-level", "three")
    table.set_field(page, "talon_step", "2")
    table.set_field(page, "game_contra", "1")
    table.announce(page, "trull", "Csaba")
    table.set_field(page, "result.declarer_card_points", "50")
    table.open_section(page, "irregularity.kind")
    table.set_field(page, "irregularity.kind", "renonsz")
    table.set_field(page, "irregularity.seat", "Anna")
    table.expect_preview(page, {"Anna": "−12", "Béla": "+6", "Csaba": "+6"})
    table.shot(page, "magyar-hand-revoke-390")
    table.save(page)
    assert table.ledger_row(page, 2) == ["−12", "+6", "+6"]
    expect(page.locator("#ledger tbody tr")).to_have_count(3)
    table.expect_totals(page, ["−84", "+108", "−24"])
    table.shot(page, "magyar-ledger-390")

    table.expect_transfers(
        page, ["Anna → Béla 84.00 HUF", "Csaba → Béla 24.00 HUF"], in_order=False
    )
    table.shot(page, "magyar-settle-390")
    context.close()  # before the live server stops
    assert errors == []


@pytest.mark.parametrize("double_game", [False, True])
def test_the_double_game_line_only_with_its_house_rule(
    browser, live_server, django_user_model, double_game
):
    """magyar.md §12 #4: the grid offers the double game only on a night with the house rule
    double_game; there, H3 (tests/engine/cases/magyar.json): Anna plays two at step 1 (G = 2),
    announces the double game and takes 75: 4G = 8 from each opponent."""
    night = table.start_night(
        django_user_model, "magyar", PLAYERS, "Csaba", double_game=double_game
    )
    context, page, errors = table.phone_page(browser, live_server, night=night)
    table.new_hand(page, "Csaba")
    line = page.locator('.figure[data-figure="double_game"]')
    expect(page.locator('.figure[data-figure="volat"]')).to_be_visible()
    if not double_game:
        expect(line).to_have_count(0)
        table.shot(page, "magyar-no-double-game-390")
    else:
        expect(line.locator("h3")).to_have_text("double game (duplajáték)")
        table.chip(page, "f-declarer", "Anna")
        table.chip(page, "f-level", "two")
        table.set_field(page, "talon_step", "1")
        table.announce(page, "double_game", "Anna")
        table.set_field(page, "result.declarer_card_points", "75")
        table.expect_preview(page, {"Anna": "+16", "Béla": "−8", "Csaba": "−8"})
        table.shot(page, "magyar-double-game-390")
        table.save(page)
        assert table.ledger_row(page, 0) == ["+16", "−8", "−8"]
    context.close()  # before the live server stops
    assert errors == []
