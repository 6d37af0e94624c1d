"""The night as a whole on a 390 px phone (issue 13): the standings stay in view while the
ledger scrolls, a long night shows its latest hands and brings earlier ones on demand, the
table view follows hands recorded on another phone, the share page's copy button and QR
code, the shared page fits the phone, a join asks where the player sits by name, and the
printable summary reads on a phone with no header cut."""

import re
import xml.etree.ElementTree as ET

import pytest
from playwright.sync_api import expect

from scorebook import ledger, nightview, services
from tests.browser import table

pytestmark = table.MARKS
PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]


def plain_hand(dealer, n):
    """A plain two-bid hand: the player after the dealer declares with the next one."""
    declarer = PLAYERS[(PLAYERS.index(dealer) + 1) % 4]
    partner = PLAYERS[(PLAYERS.index(dealer) + 2) % 4]
    return {
        "dealer": dealer,
        "outcome": "played",
        "bid": {"declarer": declarer, "level": "two"},
        "called_card": "XX",
        "partner": partner,
        "game_contra": 0,
        "announcements": [],
        "result": {"declarer_card_points": 30 + n % 40},
    }


def night_of(user_model, hands):
    night = table.start_night(user_model, "paskievics", PLAYERS, "Dóra", per_point="2")
    for n in range(hands):
        services.record_hand(night=night, record=plain_hand(PLAYERS[(3 + n) % 4], n))
    return night


def fits(page, width=390):
    return page.evaluate("document.scrollingElement.scrollWidth") <= width


def test_standings_stay_in_view_and_earlier_hands_load(browser, live_server, django_user_model):
    night = night_of(django_user_model, 40)
    totals = ledger.ledger(nightview.night_view(night))[1]["units"]
    context, page, errors = table.phone_page(browser, live_server, night=night)
    standings = page.locator("#standings")
    # four players; Paskievics keeps no ultimókassza unless the house rule says so
    expect(standings.locator(".pts")).to_have_text(totals)
    expect(standings).to_contain_text("next: #41")
    table.shot(page, "night-standings-top", full_page=False)
    # Scrolled to the end of the ledger, the standings are still on screen, at the top.
    page.locator("#ledger tfoot").scroll_into_view_if_needed()
    box = standings.bounding_box()
    assert page.evaluate("window.scrollY") > 1000
    assert box is not None
    assert 0 <= box["y"] <= 2
    assert box["height"] < 120
    table.shot(page, "night-standings-scrolled", full_page=False)
    # The latest 25 rows are shown; the rest come on demand, without a reload.
    rows = page.locator("#ledger tbody tr:not(.earlier)")
    expect(rows).to_have_count(25)
    expect(rows.first.locator("td").first).to_have_text("16")
    page.locator("#earlier a").click()
    expect(rows).to_have_count(40)
    expect(rows.first.locator("td").first).to_have_text("1")
    expect(page.locator("#earlier")).to_have_count(0)
    assert page.url.endswith(f"/nights/{night.pk}/")  # htmx: no navigation
    assert fits(page)
    table.shot(page, "night-long-all-rows")
    context.close()
    assert errors == []


@pytest.mark.quick
def test_delete_and_restore_from_the_one_row_form(browser, live_server, django_user_model):
    night = night_of(django_user_model, 3)
    context, page, errors = table.phone_page(browser, live_server, night=night)
    last = page.locator("#ledger tbody tr").nth(2)
    last.locator("button:has-text('Delete')").click()
    expect(page.locator("#ledger tbody tr.deleted")).to_have_count(1)
    expect(page.locator("#standings")).to_contain_text("next: #3")
    page.locator("#ledger tbody tr.deleted button:has-text('Restore')").click()
    expect(page.locator("#ledger tbody tr.deleted")).to_have_count(0)
    expect(page.locator("#standings")).to_contain_text("next: #4")
    context.close()
    assert errors == []


def test_table_view_follows_a_hand_recorded_on_another_phone(
    browser, live_server, django_user_model
):
    night = night_of(django_user_model, 2)
    token = services.share_night(night=night).token
    tablet = browser.new_context(viewport={"width": 390, "height": 800})  # no account
    board = tablet.new_page()
    board_errors = []
    board.on("pageerror", lambda e: board_errors.append(str(e)))
    board.goto(f"{live_server.url}/s/{token}/table/")
    expect(board.locator("#next-up")).to_contain_text("Hand 3")
    expect(board.locator("#last-hand")).to_contain_text("#2")
    assert fits(board)
    table.shot(board, "table-view-before")

    context, page, errors = table.phone_page(browser, live_server, night=night)
    table.new_hand(page, dealer="Béla")
    table.chip(page, "f-bid-declarer", "Csaba")
    table.chip(page, "f-bid-level", "two")
    table.set_field(page, "called_card", "XX")  # preselected: no tap
    table.chip(page, "f-partner", "Dóra")
    page.fill("#f-result-declarer-card-points", "52")
    table.expect_preview(page, {"Anna": "−2", "Béla": "−2", "Csaba": "+2", "Dóra": "+2"})
    table.save(page)
    # The board polls: the new hand and the new totals show up without a reload.
    expect(board.locator("#next-up")).to_contain_text("Hand 4", timeout=15_000)
    expect(board.locator("#last-hand")).to_contain_text("#3")
    expect(board.locator("#last-hand .payments-list strong")).to_have_text(["−2", "−2", "+2", "+2"])
    totals = ledger.ledger(nightview.night_view(night))[1]["units"]
    expect(board.locator(".big-standings .pts")).to_have_text(totals)
    table.shot(board, "table-view-after")
    # The owner's own table view, on a laptop.
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{live_server.url}/nights/{night.pk}/table/")
    expect(page.locator("#next-up")).to_contain_text("Hand 4")
    table.shot(page, "table-view-owner-laptop")
    context.close()
    tablet.close()
    assert errors == []
    assert board_errors == []


def test_share_page_copy_button_qr_and_the_shared_page_fits(
    browser, live_server, django_user_model
):
    night = night_of(django_user_model, 5)
    token = services.share_night(night=night).token
    context, page, errors = table.phone_page(browser, live_server)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    page.goto(f"{live_server.url}/nights/{night.pk}/share/")
    svg = page.locator("figure.qr-box svg")
    expect(svg).to_be_visible()
    root = ET.fromstring(svg.evaluate("e => e.outerHTML"))
    assert root.tag.endswith("svg")
    assert root.get("viewBox", "").startswith("0 0 ")
    assert len(root.findall(".//{*}path")) == 1
    page.click("#copy-link")
    expect(page.locator("#copy-status")).to_have_text("Copied")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"{live_server.url}/s/{token}/"
    assert fits(page)
    table.shot(page, "share-page-qr")

    page.goto(f"{live_server.url}/s/{token}/")
    totals = ledger.ledger(nightview.night_view(night))[1]
    shared = page.locator("#shared-totals")
    expect(shared.locator(".pts")).to_have_text(totals["units"])
    expect(shared.locator(".cash")).to_have_text(totals["money"])
    for item in shared.locator("li").all():  # every total on screen, none cut off
        box = item.bounding_box()
        assert box is not None
        assert box["x"] >= 0
        assert box["x"] + box["width"] <= 390
    assert fits(page)
    table.shot(page, "shared-page-390")
    context.close()
    assert errors == []


def test_a_player_joins_between_two_players_by_name(browser, live_server, django_user_model):
    night = table.start_night(django_user_model, "ultimo", ["Anna", "Béla", "Csaba"], "Csaba")
    context, page, errors = table.phone_page(browser, live_server, night=night)
    page.click("text=A player joins or leaves")
    seat = page.locator("#ev-seat")
    expect(seat.locator("option")).to_have_text(
        ["between Anna and Béla", "between Béla and Csaba", "after Csaba"]
    )
    expect(seat).to_have_value("3")  # at the end unless told otherwise
    page.fill("#ev-player", "Dóra")
    seat.select_option(label="between Anna and Béla")
    table.shot(page, "join-by-name", full_page=False)
    page.click("form:has(#ev-seat) button[type=submit]")
    page.wait_for_url(re.compile(r"/nights/\d+/$"))
    expect(page.locator("#messages")).to_contain_text("Recorded.")
    night.refresh_from_db()
    assert night.seating == ["Anna", "Dóra", "Béla", "Csaba"]
    expect(page.locator("#standings .who")).to_contain_text(["Anna", "Dóra", "Béla", "Csaba"])
    context.close()
    assert errors == []


def test_print_page_reads_on_a_phone(browser, live_server, django_user_model):
    night = table.start_night(django_user_model, "paskievics", [*PLAYERS, "Ede"], "Dóra")
    for n in range(6):
        hint = nightview.night_view(night).hint()
        active = [p for p in night.seating if p not in hint.sitting_out]
        record = plain_hand(active[0], n) | {"dealer": hint.next_dealer}
        record["bid"] = {"declarer": active[0], "level": "two"}
        record["partner"] = active[1]
        services.record_hand(night=night, record=record)
    context, page, errors = table.phone_page(browser, live_server)
    page.goto(f"{live_server.url}/nights/{night.pk}/print/")
    heads = page.locator("table.print-table thead th:visible")
    expect(heads).to_have_text(["#", *night.seating])  # no ultimókassza on this night
    for head in heads.all():  # no header cut off: its text fits its box, no ellipsis
        cut = head.evaluate(
            "e => getComputedStyle(e).textOverflow === 'ellipsis' || e.scrollWidth > e.clientWidth"
        )
        assert not cut, head.inner_text()
    grid = page.locator("table.print-table")
    assert grid.evaluate("e => e.scrollWidth <= e.clientWidth")
    assert fits(page)
    # Each player's points sit under his name.
    name_x = [h.bounding_box()["x"] for h in heads.all()[1:]]
    first = page.locator("table.print-table tbody tr").first.locator("td.num")
    cell_x = [c.bounding_box()["x"] for c in first.all()]
    assert [round(x) for x in name_x] == [round(x) for x in cell_x]
    table.shot(page, "print-390")
    context.close()
    assert errors == []
