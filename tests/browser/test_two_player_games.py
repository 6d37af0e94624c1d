"""Two-player games in a real browser (issue 6): a snapszer match to its end, and a scopa
deal with a primiera."""

import os
import re

import pytest
from playwright.sync_api import expect

from scorebook import services

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def contexts():
    """Browser contexts opened by a test, closed before the live server stops (an open page
    could still be talking to it while the test database is torn down)."""
    opened = []
    yield opened
    for context in opened:
        context.close()


def logged_in_page(browser, live_server, django_user_model, variant, first_dealer, contexts):
    user = django_user_model.objects.create_user("anna", password="pw-anna-123")
    night = services.create_night(
        owner=user,
        variant_key=variant,
        house_rules={},
        per_point="10",
        currency="HUF",
        players=["Anna", "Béla"],
        first_dealer=first_dealer,
    )
    context = browser.new_context(viewport={"width": 390, "height": 900})
    contexts.append(context)
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "anna")
    page.fill("input[name=password]", "pw-anna-123")
    page.click("main button[type=submit]")
    page.goto(f"{live_server.url}/nights/{night.pk}/")
    return page, night


def choose(page, name, value):
    """Pick `value` for the input called `name`, whether a select or radio chips."""
    field = page.locator(f'[name="{name}"]').first
    if field.evaluate("e => e.tagName") == "SELECT":
        page.select_option(f'select[name="{name}"]', value)
    else:
        page.locator(f'label:has(input[name="{name}"][value="{value}"])').first.click()


def save(page):
    page.click("text=Save hand")
    page.wait_for_url(re.compile(r"/nights/\d+/$"))


def test_a_snapszer_match_to_its_end(browser, live_server, django_user_model, contexts):
    page, _ = logged_in_page(browser, live_server, django_user_model, "snapszer", "Béla", contexts)
    for shown in ("Bummerl 1: Anna 3 – Béla 0", "Bummerl 1: Anna 6 – Béla 0", "Bummerl 2"):
        page.click("text=Record hand")
        choose(page, "result.winner", "Anna")
        page.fill('input[name="result.loser_points:int"]', "0")
        choose(page, "result.loser_took_trick:bool", "")  # Béla took no trick: 3 points
        expect(page.locator("#preview")).to_contain_text("3 game points to Anna")
        save(page)
        expect(page.locator("body")).to_contain_text(shown)
    # 9 game points ≥ 7: Anna won the first Bummerl and a new one started by itself.
    body = page.locator("body")
    expect(body).to_contain_text("Bummerl 2: Anna 0 – Béla 0 (to 7)")
    expect(body).to_contain_text("won Anna 1 – Béla 0")
    page.click("text=Settle up")
    expect(page.locator("#transfers")).to_contain_text("Béla → Anna")


def test_a_scopa_deal_with_a_primiera(browser, live_server, django_user_model, contexts):
    page, night = logged_in_page(browser, live_server, django_user_model, "scopa", "Anna", contexts)
    page.click("text=Record hand")
    for name, value in {
        "result.cards.@0:int": "22",
        "result.cards.@1:int": "18",
        "result.coins.@0:int": "6",
        "result.coins.@1:int": "4",
        "result.scopas.@0:int": "1",
        "result.scopas.@1:int": "2",
    }.items():
        page.fill(f'input[name="{name}"]', value)
    choose(page, "result.settebello", "Anna")
    choose(page, "result.primiera_winner", "Béla")
    preview = page.locator("#preview")
    expect(preview).to_contain_text("primiera")
    save(page)
    stored = night.hands.get().record["result"]
    assert stored["primiera_winner"] == "Béla"
    expect(page.locator("#ledger tbody tr")).to_have_count(1)
