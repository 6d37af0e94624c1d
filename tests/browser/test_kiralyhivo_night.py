"""A Királyhívás night in a real browser (issue 5): a kontra'd call with a kontra'd
pagátultimó (kiralyhivo.md K2), a revoke (K11) and a call with silent four kings (K1), then
settle-up."""

import pytest
from playwright.sync_api import expect

from tests.browser import table

pytestmark = [*table.MARKS, pytest.mark.usefixtures("static_files_from_finders")]

PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]


def announce(page, figure, player, side, contra=0):
    """Tap `player`'s chip on the `figure` line, then the announcing side and the contra."""
    table.announce(page, figure, player)
    k = page.locator(f'.figure[data-figure="{figure}"] input[type=checkbox][value="{player}"]')
    row = k.get_attribute("name").removesuffix(".by")
    table.set_field(page, f"{row}.side", side)
    if contra:
        table.set_field(page, f"{row}.contra", contra)


def call(page, declarer, king, partner):
    table.chip(page, "f-declarer", declarer)
    table.chip(page, "f-contract", "hivas")
    table.chip(page, "f-called-king", king)
    table.chip(page, "f-called-king-location", "player")
    table.chip(page, "f-partner", partner)


def test_a_kiralyhivo_night_with_kontras_and_a_revoke(browser, live_server, django_user_model):
    night = table.start_night(django_user_model, "kiralyhivo", PLAYERS, "Dóra")
    context, page, errors = table.phone_page(browser, live_server, night=night)

    # Hand 1 (K2): Anna calls ♠K, held by Béla; Anna announces pagátultimó; kontra on the game
    # and on the ultimó. 33 card points; the ultimó is made. a = −6 × 2 + 4 × 2 = −4.
    table.new_hand(page, "Dóra")
    call(page, "Anna", "spades", "Béla")
    table.set_field(page, "result.declarer_side_points", "33")
    table.set_field(page, "game_contra", "1")
    announce(page, "pagat_ultimo", "Anna", "declarer", contra=1)
    table.made(page, "result.figures_made.pagat_ultimo", "declarer")
    table.expect_preview(page, {"Anna": "−4", "Béla": "−4", "Csaba": "+4", "Dóra": "+4"})
    table.shot(page, "kiralyhivo-hand-kontra-390")
    table.save(page)
    assert table.ledger_row(page, 0) == ["−4", "−4", "+4", "+4"]

    # Hand 2 (K11): Anna calls ♣K, held by Csaba; kontra on the game; Anna announces
    # pagátultimó; Béla revokes: X = 6 × 2 + 4 = 16 to each of the other three.
    table.new_hand(page, "Anna")
    call(page, "Anna", "clubs", "Csaba")
    table.set_field(page, "game_contra", "1")
    announce(page, "pagat_ultimo", "Anna", "declarer")
    table.open_section(page, "irregularity.type")
    table.set_field(page, "irregularity.type", "revoke")
    table.set_field(page, "irregularity.player", "Béla")
    table.expect_preview(page, {"Anna": "+16", "Béla": "−48", "Csaba": "+16", "Dóra": "+16"})
    table.shot(page, "kiralyhivo-hand-revoke-390")
    table.save(page)
    assert table.ledger_row(page, 1) == ["+16", "−48", "+16", "+16"]

    # Hand 3 (K1, Dóra declaring): Dóra calls ♥K, held by Béla; 41 card points and all four
    # kings, silent: a = 6 + 2 = 8.
    table.new_hand(page, "Béla")
    call(page, "Dóra", "hearts", "Béla")
    table.set_field(page, "result.declarer_side_points", "41")
    table.made(page, "result.figures_made.four_kings", "declarer")
    table.expect_preview(page, {"Anna": "−8", "Béla": "+8", "Csaba": "−8", "Dóra": "+8"})
    table.save(page)
    assert table.ledger_row(page, 2) == ["−8", "+8", "−8", "+8"]
    expect(page.locator("#ledger tbody tr")).to_have_count(3)
    table.expect_totals(page, ["+4", "−44", "+12", "+28"])
    table.shot(page, "kiralyhivo-ledger-390")

    # Béla alone is down, so he pays each of the others.
    table.expect_transfers(
        page,
        ["Béla → Dóra 28.00 HUF", "Béla → Csaba 12.00 HUF", "Béla → Anna 4.00 HUF"],
        in_order=False,
    )
    table.shot(page, "kiralyhivo-settle-390")
    context.close()  # before the live server stops
    assert errors == []


@pytest.mark.quick
def test_all_pass_hides_the_played_hand_and_played_shows_it_again(
    browser, live_server, django_user_model
):
    """Tapping "all pass" hides every field of a played hand (the game, the called king and
    its partner after it, the figures, the card points, the irregularity) and does not send
    them; tapping "played" shows them again as they were."""
    night = table.start_night(django_user_model, "kiralyhivo", PLAYERS, "Dóra")
    context, page, errors = table.phone_page(browser, live_server, night=night)
    table.new_hand(page, "Dóra")
    played_only = [
        page.locator("#f-declarer"),
        page.locator("#f-partner"),  # hangs on the king's place, on the game, on all pass
        page.locator("section.figures"),
        page.locator('[name="result.declarer_side_points"]'),
        page.locator("details:has([name='irregularity.type'])"),
    ]
    call(page, "Anna", "spades", "Béla")
    announce(page, "pagat_ultimo", "Anna", "declarer")
    table.set_field(page, "result.declarer_side_points", "33")
    for shown in played_only:
        expect(shown).to_be_visible()

    table.chip(page, "f-all-pass", "1")
    for hidden in played_only:
        expect(hidden).to_be_hidden()
    expect(page.locator('[name="result.declarer_side_points"]')).to_be_disabled()
    expect(page.locator('fieldset#f-partner input[value="Béla"]')).to_be_disabled()
    table.shot(page, "kiralyhivo-all-pass-390")

    table.chip(page, "f-all-pass", "0")
    for shown in played_only:
        expect(shown).to_be_visible()
    expect(page.locator('fieldset#f-partner input[value="Béla"]')).to_be_checked()
    table.shot(page, "kiralyhivo-played-again-390")

    table.chip(page, "f-all-pass", "1")
    table.save(page)
    assert night.hands.get().record == {"dealer": "Dóra", "all_pass": True}
    context.close()  # before the live server stops
    assert errors == []
