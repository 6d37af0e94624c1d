"""Shared steps for the browser tests: a night at the table, a phone signed in to it, and the
moves on the hand form and the ledger that every variant's story is told with.

Each test keeps its own story and numbers; these functions only say how a step is done.
"""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import expect

from tests.factories import make_night

SCREENS = Path(__file__).resolve().parents[2] / "artifacts" / "screens"
USERNAME = "anna"
PASSWORD = "pw-anna-123"

# Every browser test drives Chromium against the live server, whose database must be real.
MARKS = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def start_night(
    user_model,
    variant,
    players,
    first_dealer,
    *,
    per_point="1",
    currency="HUF",
    **house_rules,
):
    """Create the user `anna` (password PASSWORD) and her night of `variant` with these
    players, dealt first by `first_dealer`; keyword arguments beyond the stake are house
    rules."""
    user = user_model.objects.create_user(USERNAME, password=PASSWORD)
    return make_night(
        user, variant, players, first_dealer, per_point=per_point, currency=currency,
        house_rules=house_rules,
    )  # fmt: skip


def phone_page(browser, live_server, username=USERNAME, *, night=None, javascript=True):
    """Open a 390 px wide phone (British English) signed in as `username`, collecting its page
    errors; it shows `night`'s page when given, else the home page. Returns (context, page,
    errors): close the context before the live server stops, and assert that `errors` is
    empty. `javascript=False`: a browser that runs no script (the pages must work without
    it)."""
    context = browser.new_context(
        viewport={"width": 390, "height": 900}, locale="en-GB", java_script_enabled=javascript
    )
    sign_in(context, live_server, username)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server.url}/nights/{night.pk}/" if night is not None else live_server.url)
    return context, page, errors


def sign_in(context, live_server, username=USERNAME):
    """Sign `username` in on the browser `context` as Django's test client does
    (force_login): a session made on the server, its cookie handed to the browser. Only
    tests/browser/test_hungarian_night.py goes through the log-in form itself."""
    client = Client()
    client.force_login(get_user_model().objects.get(username=username))
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])


def shot(page, name, *, full_page=True):
    """Save artifacts/screens/<name>.png: the whole page from its top (a sticky header would
    otherwise land mid-page), or with full_page=False the viewport as it stands."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    if full_page:
        page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=full_page)


def chip(page, fieldset, value):
    """Tap the chip of a radio group by its value (the input itself is styled away)."""
    page.locator(f'fieldset#{fieldset} label:has(input[value="{value}"])').click()


def set_field(page, name, value, scope=None):
    """Give the input `name` the value `value` however the form shows it: pick it in its
    dropdown, tap its chip or tick its box (once: a tapped chip would untap), or type it."""
    root = scope or page
    first = root.locator(f'[name="{name}"]:not([disabled])').first
    kind = first.evaluate("el => el.tagName.toLowerCase() + ':' + (el.type || '')")
    value = str(value)
    if kind.startswith("select"):
        first.select_option(value)
    elif kind in ("input:radio", "input:checkbox"):
        if not root.locator(f'[name="{name}"][value="{value}"]').is_checked():
            root.locator(f'label:has(> input[name="{name}"][value="{value}"])').click()
    else:
        first.fill(value)


def announce(page, figure, player, contra=0):
    """Paskievics: tap `player`'s chip on the `figure` line, then the contra level if any."""
    by = f'input[type=checkbox][value="{player}"]'
    block = page.locator(f'.figure[data-figure="{figure}"]')
    block.locator(f"label.chip:has({by})").click()
    if contra:
        row = page.locator(f'[data-after="{block.locator(by).get_attribute("name")}"]')
        row.locator(f'label.chip:has(input[value="{contra}"])').click()


def made(page, field, side):
    """Paskievics: tap the side that made a figure (`result.trull_side`, "declarer")."""
    fieldset = page.locator(f'[data-path="{field}"] fieldset')
    fieldset.locator(f'label.chip:has(input[value="{side}"])').click()


def open_section(page, field_name):
    """Open the folded section of the form holding the field `field_name`, if it is shut."""
    section = page.locator(f"details:has([name='{field_name}'])")
    if section.get_attribute("open") is None:
        section.locator("summary").click()


def revoke(page, player):
    """Record that `player` revoked (the irregularity section of most variants' forms)."""
    open_section(page, "irregularity.type")
    set_field(page, "irregularity.type", "revoke")
    set_field(page, "irregularity.player", player)


def new_hand(page, dealer=None):
    """Open the form for the next hand, and check that it proposes `dealer` (when given)."""
    page.click("text=Record hand")
    page.wait_for_url(re.compile(r"/hands/new/$"))
    if dealer is not None:
        assert page.locator('[name="dealer"]').input_value() == dealer


def save(page):
    """Save the hand and wait for the night's page."""
    page.click("text=Save hand")
    page.wait_for_url(re.compile(r"/nights/\d+/$"))


def expect_preview(page, payments):
    """Wait until the live preview shows exactly these payments in seat order: a list of
    units, or a dict player → units (which also checks whose row each is). Pots not counted."""
    rows = page.locator("#preview table.payments tbody tr:not(.pot)")
    if isinstance(payments, dict):
        expect(rows.locator("th")).to_have_text(list(payments))
        payments = list(payments.values())
    expect(rows.locator("td.num:not(.muted)")).to_have_text(payments)


def ledger_row(page, index):
    """The players' units in hand row `index` of the ledger (without pots or notes)."""
    cells = page.locator("#ledger tbody tr").nth(index).locator("td.num:not(.pot)")
    return [text.split("\n")[0].strip() for text in cells.all_inner_texts()]


def expect_totals(page, units):
    """Wait until the ledger's total row shows these units for the players (pots aside)."""
    expect(page.locator("#ledger tfoot tr.totals th.num:not(.pot)")).to_have_text(units)


def settle(page):
    """Open the settle-up page; returns the locator of its transfers."""
    page.click("text=Settle up")
    return page.locator("#transfers")


def expect_transfers(page, transfers, *, in_order=True):
    """Open the settle-up page and wait until it lists exactly these transfers, in this order
    unless in_order=False (each given as the start of its text, e.g. "Béla → Anna 17")."""
    shown = settle(page).locator("li .transfer")
    expect(shown).to_have_count(len(transfers))
    for i, text in enumerate(transfers):
        if in_order:
            expect(shown.nth(i)).to_contain_text(text)
        else:
            expect(shown.filter(has_text=text)).to_have_count(1)
