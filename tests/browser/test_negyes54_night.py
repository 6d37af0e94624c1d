"""A Négyes (54 cards) night in a real browser on a phone (issue 5): a rekontra'd játék, an
all-pass trisákolás and a kontra'd játék és ultimó ended by a revoke are recorded through the
form, each checked in the live preview, and the night settles.

Expected payments from /work/shared/rules/negyes54.md (default house rules):
  1. N5: Anna plays játék, calls XVIII held by Dóra; kontra and rekontra (×4); declarer side
     33 of 64 → a = 4 × 4 = 16: Anna +16, Béla −16, Csaba −16, Dóra +16.
  2. N1: all pass, tricks 0, 3, 4, 5 → 12 − 4t each: +12, 0, −4, −8.
  3. §9: Anna's játék és ultimó (partner Csaba, kontra), Béla revokes: he pays each other
     player the full bid value × contra, (4 + 6) × 2 = 20 → +20, −60, +20, +20.
  Totals: Anna +48, Béla −76, Csaba 0, Dóra +28; settled by Béla → Anna 48, Béla → Dóra 28.
"""

from playwright.sync_api import expect

from tests.browser import table

pytestmark = table.MARKS

PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]


def test_a_negyes54_night(browser, live_server, django_user_model):
    night = table.start_night(django_user_model, "negyes54", PLAYERS, "Dóra")
    context, page, errors = table.phone_page(browser, live_server, night=night)

    # Hand 1 (N5): játék with kontra and rekontra, won.
    table.new_hand(page, "Dóra")
    table.chip(page, "f-contract", "jatek")
    table.chip(page, "f-declarer", "Anna")
    table.set_field(page, "called_tarokk", "18")
    table.chip(page, "f-partner", "Dóra")
    page.fill('[name="result.declarer_side_points"]', "33")
    table.chip(page, "f-contra", "2")
    table.expect_preview(page, ["+16", "−16", "−16", "+16"])
    table.shot(page, "negyes54-hand1-rekontra-390")
    table.save(page)
    table.expect_totals(page, ["+16", "−16", "−16", "+16"])
    first = night.hands.get(number=1).record
    assert (first["contra"], first["partner"], first["called_tarokk"]) == (2, "Dóra", 18)

    # Hand 2 (N1): all four pass, trisákolás on the tricks.
    table.new_hand(page, "Anna")
    table.chip(page, "f-contract", "trisakolas_all_pass")
    for seat, tricks in enumerate(("0", "3", "4", "5")):
        page.fill(f'[name="result.tricks.@{seat}"]', tricks)
    table.expect_preview(page, ["+12", "0", "−4", "−8"])
    table.shot(page, "negyes54-hand2-trisakolas-390")
    table.save(page)
    table.expect_totals(page, ["+28", "−16", "−20", "+8"])

    # Hand 3: Anna's kontra'd játék és ultimó ends with Béla's revoke (§9).
    table.new_hand(page, "Béla")
    table.chip(page, "f-contract", "jatek_es_ultimo")
    table.chip(page, "f-declarer", "Anna")
    table.set_field(page, "called_tarokk", "19")
    table.chip(page, "f-partner", "Csaba")
    table.chip(page, "f-contra", "1")
    table.revoke(page, "Béla")
    table.expect_preview(page, ["+20", "−60", "+20", "+20"])
    table.save(page)
    expect(page.locator("#ledger tbody tr")).to_have_count(3)
    table.expect_totals(page, ["+48", "−76", "0", "+28"])
    third = night.hands.get(number=3).record
    assert third["irregularity"] == {"type": "revoke", "player": "Béla"}
    assert third["result"] is None
    table.shot(page, "negyes54-ledger-390")

    table.expect_transfers(page, ["Béla → Anna 48", "Béla → Dóra 28"])
    table.shot(page, "negyes54-settle-390")
    context.close()  # before the live server stops
    assert errors == []
