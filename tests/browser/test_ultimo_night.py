"""An Ultimo night with four seats in a real browser (issue 3): the seat opposite the dealer
sits out, a penalty and a King Ultimo are recorded through the form (a refund's chip follows the
declarations tapped), and the night settles."""

from playwright.sync_api import expect

from tests.browser import table

pytestmark = table.MARKS

PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]


def test_an_ultimo_night_with_four_seats(browser, live_server, django_user_model):
    night = table.start_night(django_user_model, "ultimo", PLAYERS, "Anna", currency="DKK")
    context, page, errors = table.phone_page(browser, live_server, night=night)
    # The foundations were booked automatically: 4 × 20 into each pool.
    expect(page.locator("#ledger")).to_contain_text("4 × 20 = 80")

    table.new_hand(page, "Anna")
    expect(page.locator("main")).to_contain_text("Csaba")  # shown as sitting out
    table.open_section(page, "penalties[0].player")
    page.select_option('[name="penalties[0].player"]', "Béla")
    page.select_option('[name="penalties[0].class"]', "large")
    page.select_option('[name="penalties[0].reason"]', "lead_out_of_turn")
    page.fill('[name="penalties[0].trick"]', "2")
    table.chip(page, "f-last-trick-winner", "Dóra")
    table.chip(page, "f-last-trick-winning-card", "king")
    for seat, points in ((0, "22"), (1, "26"), (3, "30")):
        page.fill(f'[name="card_points.@{seat}"]', points)
    preview = page.locator("#preview")
    expect(preview).to_contain_text("King")
    table.save(page)
    expect(page.locator("#ledger tbody")).to_contain_text("Dóra")
    stored = night.hands.filter(record__has_key="last_trick").get().record
    assert stored["last_trick"]["winning_card"] == "king"
    assert stored["penalties"][0]["class"] == "large"

    # Hand 2: Béla deals, so Dóra (opposite) sits out; a plain last trick. A penalty's
    # refund is a chip per declaration, there once the declaration has its type.
    table.new_hand(page, "Béla")
    table.open_section(page, "penalties[0].player")
    refund = page.locator("#f-penalties-0--refund-declarations label.chip")
    expect(refund.filter(has_text="Anna")).to_be_hidden()
    table.chip(page, "f-declarations-100--type", "matadors")
    expect(refund.filter(has_text="Anna: matadors")).to_be_visible()
    page.click("button[data-add=declarations-0]")  # a row added at once has its chip too
    table.chip(page, "f-declarations-101--type", "trumps")
    expect(refund.filter(has_text="Anna: trumps")).to_be_visible()
    for row in (100, 101):  # untapped: the chips go again, and the declarations with them
        table.chip(page, f"f-declarations-{row}--type", "matadors" if row == 100 else "trumps")
    expect(refund.filter(has_text="Anna")).to_have_count(2)
    expect(page.locator("#at-penalties-0--refund-declarations")).to_be_hidden()
    table.chip(page, "f-last-trick-winner", "Anna")
    table.chip(page, "f-last-trick-winning-card", "other")
    for seat, points in ((0, "31"), (1, "26"), (2, "21")):
        page.fill(f'[name="card_points.@{seat}"]', points)
    expect(page.locator("#preview")).to_contain_text("Anna")
    table.save(page)
    expect(page.locator("#ledger tbody tr")).to_have_count(3)  # foundations + 2 hands
    table.shot(page, "ultimo-ledger-390")

    expect(table.settle(page)).to_contain_text("→ Dóra")
    context.close()  # before the live server stops
    assert errors == []
