"""The moves of fast hand entry (issue 12) on a phone: a chosen chip untaps, a self-call is
one tap and clears the partner, changing the outcome hides what no longer applies and does
not send it, and "+ another …" adds a row at once, without a round trip, keeping what was
typed."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser import table

pytestmark = [*table.MARKS, pytest.mark.usefixtures("static_files_from_finders")]
PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]


def checked(page, field_id, value):
    return page.locator(f'fieldset#{field_id} input[value="{value}"]').is_checked()


def made_by(page, field, side):
    return page.locator(f'[data-path="{field}"] input[value="{side}"]')


@pytest.mark.quick
def test_chips_outcomes_and_rows(browser, live_server, django_user_model):
    night = table.start_night(django_user_model, "paskievics", PLAYERS, "Dóra")
    context, page, errors = table.phone_page(browser, live_server, night=night)
    table.new_hand(page, "Dóra")
    assert page.locator('[name="called_card"][value="XX"]').is_checked()

    # A tapped chip untaps.
    table.chip(page, "f-bid-declarer", "Anna")
    assert checked(page, "f-bid-declarer", "Anna")
    table.chip(page, "f-bid-declarer", "Anna")
    expect(page.locator('fieldset#f-bid-declarer input[value="Anna"]')).not_to_be_checked()

    # A self-call is one tap and clears the partner chosen before; a partner clears it again.
    table.chip(page, "f-bid-declarer", "Anna")
    table.chip(page, "f-bid-level", "two")
    table.chip(page, "f-partner", "Csaba")
    table.chip(page, "f-alone-reason", "self_call")
    expect(page.locator('fieldset#f-partner input[value="Csaba"]')).not_to_be_checked()
    table.chip(page, "f-partner", "Béla")
    expect(page.locator('fieldset#f-alone-reason input[value="self_call"]')).not_to_be_checked()

    # Adding a row: at once, no request, what was typed stays.
    table.chip(page, "f-tarokk-counts-0--seat", "Anna")
    table.chip(page, "f-tarokk-counts-0--count", "8")
    page.fill('[name="result.declarer_card_points"]', "52")
    page.locator('[name="result.declarer_card_points"]').blur()  # its change: a preview
    expect(page.locator("#preview-line")).to_contain_text("Anna")
    page.wait_for_timeout(700)  # past the typing delay of the preview
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.click("button[data-add=tarokk-counts]")
    expect(page.locator("[data-rows=tarokk-counts] > .rowbox")).to_have_count(2)
    page.wait_for_timeout(300)
    assert requests == []
    assert checked(page, "f-tarokk-counts-0--seat", "Anna")
    assert page.locator('[name="result.declarer_card_points"]').input_value() == "52"
    table.chip(page, "f-tarokk-counts-1--seat", "Csaba")
    table.chip(page, "f-tarokk-counts-1--count", "9")
    expect(page.locator("#preview")).to_contain_text("nine tarokks")

    # A volát's side also took the trull and the four kings (data-implies): the side is
    # filled in where none is chosen yet, and a side already chosen stays.
    table.made(page, "result.four_kings_side", "opponents")
    table.made(page, "result.all_tricks_side", "declarer")
    expect(made_by(page, "result.trull_side", "declarer")).to_be_checked()
    expect(made_by(page, "result.four_kings_side", "opponents")).to_be_checked()
    expect(made_by(page, "result.four_kings_side", "declarer")).not_to_be_checked()

    # All pass: the played hand's fields hide and are not sent; the hand saves as an all-pass.
    table.chip(page, "f-outcome", "all_pass")
    expect(page.locator('[name="called_card"]').first).to_be_hidden()
    expect(page.locator('[name="called_card"]').first).to_be_disabled()
    expect(page.locator("#f-bid-declarer")).to_be_hidden()
    expect(page.locator("#preview-line")).to_have_class(re.compile(r"\bready\b"))
    table.save(page)
    record = night.hands.get().record
    assert record == {"dealer": "Dóra", "outcome": "all_pass"} | {
        k: v for k, v in record.items() if k not in ("dealer", "outcome") and not v
    }
    assert "called_card" not in record
    assert "bid" not in record
    context.close()
    assert errors == []


# The tarokk counts are asked only on a night that plays the tarokk-count bonus.
RULES = {
    "magyar": {"tarokk_count_bonus": {"min_tarokks": 9, "value": 2}},
    "tapper": {"tarokk_count_bonus": [{"min_tarokks": 10, "value": 2}]},
}


# Every form that still has list rows (Királyhívó, Trisák and Strómann have none left).
@pytest.mark.parametrize(
    ("key", "rows", "players"),
    [
        # magyar's and királyhívó's announcements, tapper's and trisák's held bonuses and
        # Strómann's bonuses are grids of chips (no rows to add)
        ("magyar", "tarokk-counts", PLAYERS[:3]),
        ("tapper", "tarokk-count", PLAYERS[:3]),
        ("strohmandli", "irregularities", PLAYERS[:2]),
        ("trappola", "result-declarations", PLAYERS[:2]),
        ("ultimo", "penalties", PLAYERS),
    ],
)
def test_every_form_adds_a_row_in_one_tap_without_a_round_trip(
    browser, live_server, django_user_model, key, rows, players
):
    night = table.start_night(django_user_model, key, players, players[-1], **RULES.get(key, {}))
    context, page, errors = table.phone_page(browser, live_server, night=night)
    table.new_hand(page, players[-1])
    box = page.locator(f"[data-rows={rows}]")
    before = box.locator(":scope > *").count()
    for details in page.locator("#hand-form details").all():  # rows may sit in a closed section
        details.evaluate("d => d.open = true")
    page.wait_for_timeout(700)  # past any preview started by opening the page
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.click(f"button[data-add={rows}]")
    expect(box.locator(":scope > *")).to_have_count(before + 1)
    page.wait_for_timeout(300)
    assert requests == []
    names = (
        box.locator(":scope > *").last.locator("[name]").evaluate_all("els => els.map(e => e.name)")
    )
    assert names
    assert all("__i__" not in n and "999" not in n for n in names), names
    context.close()
    assert errors == []


HAND_JS = Path(__file__).resolve().parents[2] / "static" / "scorebook" / "hand.js"


@pytest.mark.quick
def test_a_rule_hides_and_disables_and_a_chain_of_rules_settles(browser):
    """hand.js alone, on a page of its own: `data-when="name:v"` shows an element while the
    input `name` holds v (a yes/no chip "0" or "1"), `data-after="name"` while it holds
    anything; what is hidden is disabled (not sent); a chain of rules (d after c on b on a)
    settles however long it is; a name with a colon (a page saved with `old:bool`) still reads."""
    context = browser.new_context()
    page = context.new_page()
    page.set_content(
        """<form id="hand-form">
        <input type="radio" name="closed" value="0" checked>
        <input type="radio" name="closed" value="1">
        <div id="open" data-when="closed:0"><input name="points" value="3"></div>
        <div id="shut" data-when="closed:1"><input name="closer" value="Anna"></div>
        <input type="checkbox" name="a" value="1" checked>
        <div data-when="a:1"><input type="radio" name="b" value="x" checked></div>
        <div data-when="b:x"><input type="radio" name="c" value="y" checked></div>
        <div id="last" data-after="c"><input name="d" value="z"></div>
        <input type="radio" name="old:bool" value="1" checked>
        <div id="old" data-when="old:bool:1"><input name="e" value="1"></div>
        </form>"""
    )
    page.add_script_tag(path=str(HAND_JS))
    expect(page.locator("#open")).to_be_visible()
    expect(page.locator("#shut")).to_be_hidden()
    expect(page.locator('[name="closer"]')).to_be_disabled()
    page.check('[name="closed"][value="1"]')
    expect(page.locator("#open")).to_be_hidden()
    expect(page.locator('[name="points"]')).to_be_disabled()
    expect(page.locator("#shut")).to_be_visible()
    expect(page.locator("#last")).to_be_visible()
    # a page saved before names lost their markers: the name is the part that names an input
    expect(page.locator("#old")).to_be_visible()
    page.uncheck('[name="a"]')
    expect(page.locator("#last")).to_be_hidden()
    expect(page.locator('[name="d"]')).to_be_disabled()
    context.close()
