"""A Paskievics hand recorded on a phone whose browser speaks Hungarian: the form's labels, the
engine's breakdown lines in the preview and the night page's numbers are all Hungarian. The
one browser test that signs in through the log-in form (the others use a session cookie,
table.sign_in)."""

import os
import re
import subprocess

import pytest
from playwright.sync_api import expect

from tests.browser import table
from tests.web.test_i18n import PO, msgfmt

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]


@pytest.fixture(autouse=True)
def hu_catalogue(settings, tmp_path_factory):
    """The .po as it is in the tree, compiled afresh (the .mo is not committed)."""
    locale = tmp_path_factory.mktemp("locale")
    mo = locale / "hu" / "LC_MESSAGES" / "django.mo"
    mo.parent.mkdir(parents=True)
    subprocess.run([msgfmt(), "-o", str(mo), str(PO)], check=True)
    settings.LOCALE_PATHS = [locale]
    settings.WHITENOISE_AUTOREFRESH = True


def test_a_paskievics_hand_in_hungarian(browser, live_server, django_user_model):
    night = table.start_night(
        django_user_model, "paskievics", PLAYERS, "Dóra", per_point="0.5", currency="EUR"
    )
    context = browser.new_context(viewport={"width": 390, "height": 900}, locale="hu-HU")
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        base = live_server.url

        page.goto(f"{base}/accounts/login/")
        expect(page.locator("html")).to_have_attribute("lang", "hu")
        page.fill("input[name=username]", table.USERNAME)
        page.fill("input[name=password]", table.PASSWORD)
        page.click("main button[type=submit]")
        page.wait_for_url(f"{base}/")
        page.goto(f"{base}/nights/{night.pk}/")
        expect(page.locator("main")).to_contain_text("pontonként 0,5 EUR")

        page.click("text=Leosztás felírása")
        page.wait_for_url(re.compile(r"/hands/new/$"))
        expect(page.locator("main h1")).to_have_text("1. leosztás")
        expect(page.locator("fieldset#f-bid-declarer legend")).to_have_text("Felvevő")
        expect(page.locator("fieldset#f-bid-level legend")).to_have_text("Licit")
        # the bid two is "kettős", as in Tolnai and in the engine's own lines
        expect(page.locator("fieldset#f-bid-level label.chip span")).to_have_text(
            ["hármas", "kettős", "egyes", "szóló"]
        )
        expect(page.locator("#f-called-card legend")).to_have_text("Hívott lap")
        expect(page.locator("#f-game-contra legend")).to_have_text("Játékkontra")
        assert page.locator("main").get_by_text("Declarer", exact=False).count() == 0

        # Béla bids three, calls the XX (Dóra), kontra on the game, announced tulétroá kontrázva
        table.chip(page, "f-bid-declarer", "Béla")
        table.chip(page, "f-bid-level", "three")
        table.chip(page, "f-partner", "Dóra")
        table.chip(page, "f-game-contra", "1")
        table.announce(page, "trull", "Béla", contra=1)
        table.made(page, "result.trull_side", "declarer")
        page.fill("#f-result-declarer-card-points", "60")

        preview = page.locator("#preview")
        expect(preview).to_contain_text("kontra játék (hármas), felvevők nyerték: 1 × 2 = 2")
        expect(preview).to_contain_text("kontra bemondott tulétroá (felvevők), sikerült")
        expect(preview).to_contain_text("3,00 EUR")  # 6 units at 0,5 EUR, decimal comma
        expect(preview).to_contain_text("−3,00 EUR")
        assert "won" not in preview.inner_text()
        table.shot(page, "hu-browser-preview")

        page.click("text=Leosztás mentése")
        page.wait_for_url(re.compile(r"/nights/\d+/$"))
        expect(page.locator("#ledger tbody tr")).to_have_count(1)
        expect(page.locator("#ledger tbody tr").first).to_contain_text(
            "Béla kontra hármas, XX→Dóra, nyert 60"
        )
        totals = page.locator("#ledger tfoot tr.totals th.num")
        expect(totals.nth(0)).to_have_text("−6")
        expect(totals.nth(1)).to_have_text("+6")
        money = page.locator("#ledger tfoot tr.money th.num")
        expect(money).to_have_text(["−3,00", "3,00", "−3,00", "3,00"])
        expect(page.locator("main")).to_contain_text("2. leosztás · osztó: Anna")
        table.shot(page, "hu-browser-night")
        assert errors == []
    finally:
        context.close()
