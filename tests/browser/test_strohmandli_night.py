"""A Strohmandli night in a real browser on a phone (issue 5): the two deals of examples
11.2 and 11.3, then a deal in which nobody captured anything and Béla revoked, are recorded
through the form, each checked in the live preview, and the night settles.

Strohmandli has no contras (strohmandli.md §5) and no penalty by default (§9); the night
sets the house rule `revoke_penalty_points` = 2 so that the revoke is scored. Expected:
  1. §11.2 (Béla deals): Anna 52, Béla 42; Anna announced fej, Béla made pagátulti
     → Anna 1 + 1 = 2, Béla 5: Anna −3, Béla +3.
  2. §11.3 (Anna deals): Anna 64, Béla 30; Béla announced tulétroá, Anna négy király;
     Anna made pagátfogás and uhu → Anna 1 + 2 + 4 + 5 + 5 = 17, Béla 2: +15, −15.
  3. Béla deals: Anna 60, Béla 34, no capture at all (captures = an object of nulls, §13.2);
     Béla revoked → Anna játék 1 + kassza 2 + credit 2 = 5, Béla 0: +5, −5.
  Totals: Anna +17, Béla −17; settled by Béla → Anna 17.
"""

from playwright.sync_api import expect

from tests.browser import table
from tests.web.test_hand_form_strohmandli import NO_CAPTURES

pytestmark = table.MARKS

PLAYERS = ["Anna", "Béla"]


def card_points(page, anna, bela):
    page.fill('[name="card_points.@0"]', str(anna))
    page.fill('[name="card_points.@1"]', str(bela))


def announce(page, player, kind, trick):
    """Tap the player's chip on the line of `kind`, then type the trick shown under it."""
    table.announce(page, kind, player)
    by = page.locator(f'.figure[data-figure="{kind}"] input[type=checkbox][value="{player}"]')
    row = by.get_attribute("name").removesuffix(".player")
    page.fill(f'[name="{row}.trick"]', str(trick))


def test_a_strohmandli_night(browser, live_server, django_user_model):
    night = table.start_night(
        django_user_model, "strohmandli", PLAYERS, "Béla", revoke_penalty_points=2
    )
    context, page, errors = table.phone_page(browser, live_server, night=night)

    # Deal 1 (§11.2): Anna's fej against Béla's pagátulti.
    table.new_hand(page, "Béla")
    card_points(page, 52, 42)
    table.chip(page, "f-captures-pagatulti", "Béla")
    announce(page, "Anna", "fej", 4)
    table.expect_preview(page, ["−3", "+3"])
    table.save(page)
    table.expect_totals(page, ["−3", "+3"])

    # Deal 2 (§11.3): two announcements, two captures.
    table.new_hand(page, "Anna")
    card_points(page, 64, 30)
    table.chip(page, "f-captures-pagatfogas", "Anna")
    table.chip(page, "f-captures-uhu", "Anna")
    announce(page, "Béla", "tuletroa", 1)
    announce(page, "Anna", "negy_kiraly", 6)
    table.expect_preview(page, ["+15", "−15"])
    table.shot(page, "strohmandli-deal2-captures-390")
    table.save(page)
    table.expect_totals(page, ["+12", "−12"])

    # Deal 3: nobody captured anything (every capture left at "nobody"); Béla revoked.
    table.new_hand(page, "Béla")
    card_points(page, 60, 34)
    table.open_section(page, "irregularities[0].player")
    table.chip(page, "f-irregularities-0--player", "Béla")
    table.chip(page, "f-irregularities-0--kind", "revoke")
    table.expect_preview(page, ["+5", "−5"])
    table.shot(page, "strohmandli-deal3-no-captures-390")
    page.evaluate("window.scrollTo(0, 0)")
    table.shot(page, "strohmandli-deal3-phone-viewport-390", full_page=False)
    table.save(page)
    expect(page.locator("#ledger tbody tr")).to_have_count(3)
    table.expect_totals(page, ["+17", "−17"])
    third = night.hands.get(number=3).record
    assert third["captures"] == NO_CAPTURES
    assert third["irregularities"] == [{"player": "Béla", "kind": "revoke"}]
    table.shot(page, "strohmandli-ledger-390")

    table.expect_transfers(page, ["Béla → Anna 17"])
    table.shot(page, "strohmandli-settle-390")
    context.close()  # before the live server stops
    assert errors == []
