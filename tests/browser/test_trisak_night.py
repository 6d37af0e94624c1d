"""A Trisák night in a real browser on a phone (issue 5): a called game with a kontra'd
ultimó, a lost nyílt bettli and a bettli ended by a revoke are recorded through the form,
each checked in the live preview, and the night settles.

Expected payments from /work/shared/rules/trisak.md (default house rules):
  1. Tr5: Anna plays level 1 with partner Béla (called XVIII), Csaba's announced ultimó is
     kontra'd and fails, declarer side 50 → Anna +36, Béla +36, Csaba −36, Dóra −36.
  2. Tr9: Csaba's nyílt bettli, he takes a trick: a = −15 → +15, +15, −45, +15.
  3. §9: Dóra's bettli (value 8), Anna revokes: she pays each other player 8 → −24, +8, +8, +8.
  Totals: Anna +27, Béla +59, Csaba −73, Dóra −13; settled by
  Csaba → Anna 14, Csaba → Béla 59, Dóra → Anna 13 (largest debtor pays largest creditor).
"""

from playwright.sync_api import expect

from tests.browser import table

pytestmark = table.MARKS

PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]


def test_a_trisak_night(browser, live_server, django_user_model):
    night = table.start_night(django_user_model, "trisak", PLAYERS, "Dóra")
    context, page, errors = table.phone_page(browser, live_server, night=night)

    # Hand 1 (Tr5): a called game; Csaba's announced ultimó, kontra'd by Anna, fails.
    table.new_hand(page, "Dóra")
    table.chip(page, "f-contract", "jatek")
    table.chip(page, "f-declarer", "Anna")
    page.select_option('[name="called_tarokk"]', "18")
    table.chip(page, "f-partner", "Béla")
    page.fill('[name="result.declarer_side_points"]', "50")
    table.chip(page, "f-ultimo-by", "Csaba")
    table.chip(page, "f-ultimo-side", "opponents")
    table.chip(page, "f-ultimo-announced", "1")
    table.chip(page, "f-ultimo-contra", "1")
    table.chip(page, "f-ultimo-made", "0")
    table.expect_preview(page, ["+36", "+36", "−36", "−36"])
    table.shot(page, "trisak-hand1-kontra-ultimo-390")
    table.save(page)
    table.expect_totals(page, ["+36", "+36", "−36", "−36"])
    first = night.hands.get(number=1).record
    assert first["ultimo"] == {
        "side": "opponents",
        "by": "Csaba",
        "announced": True,
        "contra": 1,
        "made": False,
    }

    # Hand 2 (Tr9): Csaba's nyílt bettli, lost.
    table.new_hand(page, "Anna")
    table.chip(page, "f-contract", "nyilt_bettli")
    table.chip(page, "f-declarer", "Csaba")
    table.chip(page, "f-result-declarer-took-trick", "1")
    table.expect_preview(page, ["+15", "+15", "−45", "+15"])
    table.save(page)
    table.expect_totals(page, ["+51", "+51", "−81", "−21"])

    # Hand 3: Dóra's bettli ends with Anna's revoke (§9: the revoker pays the game value).
    table.new_hand(page, "Béla")
    table.chip(page, "f-contract", "bettli")
    table.chip(page, "f-declarer", "Dóra")
    table.revoke(page, "Anna")
    table.expect_preview(page, ["−24", "+8", "+8", "+8"])
    table.shot(page, "trisak-hand3-revoke-390")
    table.save(page)
    expect(page.locator("#ledger tbody tr")).to_have_count(3)
    table.expect_totals(page, ["+27", "+59", "−73", "−13"])
    third = night.hands.get(number=3).record
    assert third["irregularity"] == {"type": "revoke", "player": "Anna"}
    assert third.get("result") is None  # its fields did not apply, so none were sent
    table.shot(page, "trisak-ledger-390")

    table.expect_transfers(page, ["Csaba → Anna 14", "Csaba → Béla 59", "Dóra → Anna 13"])
    table.shot(page, "trisak-settle-390")
    context.close()  # before the live server stops
    assert errors == []
