"""Two-player games in a real browser (issue 6): a snapszer match to its end, and a scopa
deal with a primiera."""

import pytest
from playwright.sync_api import expect

from tests.browser import table

pytestmark = table.MARKS


@pytest.fixture
def contexts():
    """Browser contexts opened by a test with their page errors, closed before the live server
    stops (an open page could still be talking to it while the test database is torn down);
    no page may have raised an error."""
    opened = []
    yield opened
    for context, _ in opened:
        context.close()
    assert [error for _, errors in opened for error in errors] == []


def logged_in_page(browser, live_server, django_user_model, variant, first_dealer, contexts):
    night = table.start_night(
        django_user_model, variant, ["Anna", "Béla"], first_dealer, per_point="10"
    )
    context, page, errors = table.phone_page(browser, live_server, night=night)
    contexts.append((context, errors))
    return page, night


def choose(page, name, value):
    """Pick `value` for the input called `name`, whether a select or radio chips."""
    field = page.locator(f'[name="{name}"]').first
    if field.evaluate("e => e.tagName") == "SELECT":
        page.select_option(f'select[name="{name}"]', value)
    else:
        page.locator(f'label:has(input[name="{name}"][value="{value}"])').first.click()


def test_a_snapszer_match_to_its_end(browser, live_server, django_user_model, contexts):
    page, _ = logged_in_page(browser, live_server, django_user_model, "snapszer", "Béla", contexts)
    for shown in ("Bummerl 1: Anna 3 – Béla 0", "Bummerl 1: Anna 6 – Béla 0", "Bummerl 2"):
        table.new_hand(page)
        choose(page, "result.winner", "Anna")
        page.fill('input[name="result.loser_points"]', "0")
        choose(page, "result.loser_took_trick", "0")  # Béla took no trick: 3 points
        expect(page.locator("#preview")).to_contain_text("3 game points to Anna")
        table.save(page)
        expect(page.locator("body")).to_contain_text(shown)
    # 9 game points ≥ 7: Anna won the first Bummerl and a new one started by itself.
    body = page.locator("body")
    expect(body).to_contain_text("Bummerl 2: Anna 0 – Béla 0 (to 7)")
    expect(body).to_contain_text("won Anna 1 – Béla 0")
    expect(table.settle(page)).to_contain_text("Béla → Anna")


def test_a_scopa_deal_with_a_primiera(browser, live_server, django_user_model, contexts):
    page, night = logged_in_page(browser, live_server, django_user_model, "scopa", "Anna", contexts)
    table.new_hand(page)
    for name, value in {
        "result.cards.@0": "22",
        "result.cards.@1": "18",
        "result.coins.@0": "6",
        "result.coins.@1": "4",
        "result.scopas.@0": "1",
        "result.scopas.@1": "2",
    }.items():
        page.fill(f'input[name="{name}"]', value)
    choose(page, "result.settebello", "Anna")
    choose(page, "result.primiera_winner", "Béla")
    preview = page.locator("#preview")
    expect(preview).to_contain_text("primiera")
    table.save(page)
    stored = night.hands.get().record["result"]
    assert stored["primiera_winner"] == "Béla"
    expect(page.locator("#ledger tbody tr")).to_have_count(1)
