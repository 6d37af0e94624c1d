"""A Tapper night in a real browser (issue 5): an alsó hármas with a four-kings hand bonus
(tapper.md T1), a kontra'd hármas lost, and a revoke, then settle-up."""

import pytest
from playwright.sync_api import expect

from tests.browser import table

pytestmark = [*table.MARKS, pytest.mark.usefixtures("static_files_from_finders")]

PLAYERS = ["Anna", "Béla", "Csaba"]


def game(page, declarer, contract, bidders):
    table.chip(page, "f-declarer", declarer)
    table.chip(page, "f-contract", contract)
    for name in bidders:  # the declarer is ticked as he is chosen
        table.set_field(page, "bid_participants", name)


def test_a_tapper_night_with_a_bonus_a_kontra_and_a_revoke(browser, live_server, django_user_model):
    night = table.start_night(django_user_model, "tapper", PLAYERS, "Csaba")
    context, page, errors = table.phone_page(browser, live_server, night=night)

    # Hand 1 (T1): Anna holds alsó hármas (4) against Béla and wins with 37 card points; Béla
    # bid and holds the four kings (3 from each of the others).
    table.new_hand(page, "Csaba")
    game(page, "Anna", "also_harmas", ["Anna", "Béla"])
    # A slip first: 73 card points is refused, the message sits next to its field and what
    # was entered is kept.
    page.fill('[name="result.declarer_points"]', "73")
    page.click("text=Save hand")
    points = page.locator('.field.has-error[data-path="result.declarer_points"]')
    expect(points.locator("p.error")).to_be_visible()
    expect(page.locator('fieldset#f-contract input[value="also_harmas"]')).to_be_checked()
    points.evaluate("el => el.scrollIntoView({block: 'center'})")
    table.shot(page, "tapper-hand-error-390", full_page=False)
    assert night.hands.count() == 0
    page.fill('[name="result.declarer_points"]', "37")
    page.locator('.figure[data-figure="four_kings"] label.chip:has(input[value="Béla"])').click()
    table.expect_preview(page, {"Anna": "+5", "Béla": "+2", "Csaba": "−7"})
    table.shot(page, "tapper-hand-bonus-390")
    table.save(page)
    assert table.ledger_row(page, 0) == ["+5", "+2", "−7"]

    # Hand 2: Béla plays hármas (3), Csaba kontras the game, Béla takes only 30 card points:
    # a = −3 × 2 = −6 to each opponent.
    table.new_hand(page, "Anna")
    game(page, "Béla", "harmas", ["Béla"])
    page.fill('[name="result.declarer_points"]', "30")
    table.chip(page, "f-game-contra", "1")
    table.expect_preview(page, {"Anna": "+6", "Béla": "−12", "Csaba": "+6"})
    table.shot(page, "tapper-hand-kontra-390")
    table.save(page)
    assert table.ledger_row(page, 1) == ["+6", "−12", "+6"]

    # Hand 3: Csaba plays felső hármas (5); Anna revokes and pays the game value, 5, to each
    # of the other two.
    table.new_hand(page, "Béla")
    game(page, "Csaba", "felso_harmas", ["Csaba"])
    table.revoke(page, "Anna")
    table.expect_preview(page, {"Anna": "−10", "Béla": "+5", "Csaba": "+5"})
    table.save(page)
    assert table.ledger_row(page, 2) == ["−10", "+5", "+5"]
    expect(page.locator("#ledger tbody tr")).to_have_count(3)
    table.expect_totals(page, ["+1", "−5", "+4"])
    table.shot(page, "tapper-ledger-390")

    table.expect_transfers(page, ["Béla → Csaba 4.00 HUF", "Béla → Anna 1.00 HUF"], in_order=False)
    table.shot(page, "tapper-settle-390")
    context.close()  # before the live server stops
    assert errors == []


def test_an_announcement_without_javascript_takes_its_side_from_a_chip(
    browser, live_server, django_user_model
):
    """Without JavaScript nothing fills in an announcement's side from the declarer: the side
    chips (in <noscript>) are shown under the announcer's chip, and the hand saves with the
    side tapped there. With JavaScript those chips are not there at all."""
    night = table.start_night(django_user_model, "tapper", PLAYERS, "Csaba")
    context, page, errors = table.phone_page(browser, live_server, night=night, javascript=False)
    table.new_hand(page, "Csaba")
    game(page, "Béla", "szolo", ["Béla"])  # no script ticks the declarer among the bidders
    line = page.locator('.figure[data-figure="pagat_ultimo"]')
    line.locator('label.chip:has(input[type=checkbox][value="Béla"])').click()
    row = line.locator('input[type=checkbox][value="Béla"]').get_attribute("name")
    side = row.removesuffix(".by") + ".side"
    expect(page.locator('input[name$=".side:fixed"]:not([disabled])')).to_have_count(0)
    chips = page.locator(f'fieldset:has(input[name="{side}"])')
    expect(chips.locator("legend")).to_have_text("Béla: Announcing side")
    chips.locator('label.chip:has(input[value="declarer"])').click()
    table.made(page, "result.figures_made.pagat_ultimo", "declarer")
    table.chip(page, "f-result-pagat-ultimo-player", "Béla")
    page.fill('[name="result.declarer_points"]', "40")
    chips.evaluate("el => el.scrollIntoView({block: 'center'})")
    table.shot(page, "tapper-no-javascript-side-390", full_page=False)
    table.save(page)
    record = night.hands.get().record
    assert record["announcements"] == [{"figure": "pagat_ultimo", "side": "declarer", "by": "Béla"}]
    assert record["result"]["figures_made"] == {"pagat_ultimo": "declarer"}
    context.close()

    context, page, errors = table.phone_page(browser, live_server, night=night)
    table.new_hand(page, "Anna")
    page.locator(
        '.figure[data-figure="pagat_ultimo"] label.chip:has(input[type=checkbox][value="Anna"])'
    ).click()
    expect(page.locator('input[type=radio][name$="].side"]')).to_have_count(0)
    context.close()  # before the live server stops
    assert errors == []


def test_all_pass_hides_the_played_hand_and_does_not_send_it(
    browser, live_server, django_user_model
):
    """Tapping "all pass" hides the game, the held bonuses, the figures and the folded
    sections, and the hand saves as nothing but its dealer; "played" shows them again."""
    night = table.start_night(django_user_model, "tapper", PLAYERS, "Csaba")
    context, page, errors = table.phone_page(browser, live_server, night=night)
    table.new_hand(page, "Csaba")
    played_only = [
        page.locator("#f-declarer"),
        page.locator("section.figures").nth(0),
        page.locator("section.figures").nth(1),
        page.locator("details:has([name='irregularity.type'])"),
    ]  # (the individual contras are asked only on nights with that house rule)
    game(page, "Anna", "harmas", [])
    page.locator('.figure[data-figure="four_kings"] label.chip:has(input[value="Béla"])').click()
    for shown in played_only:
        expect(shown).to_be_visible()
    table.chip(page, "f-all-pass", "1")
    for hidden in played_only:
        expect(hidden).to_be_hidden()
    table.shot(page, "tapper-all-pass-390")
    table.chip(page, "f-all-pass", "0")
    for shown in played_only:
        expect(shown).to_be_visible()
    table.chip(page, "f-all-pass", "1")
    table.save(page)
    assert night.hands.get().record == {"dealer": "Csaba", "all_pass": True}
    context.close()  # before the live server stops
    assert errors == []
