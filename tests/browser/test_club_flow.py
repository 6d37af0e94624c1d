"""A club on two phones that speak Hungarian (390 px): Anna creates the club from the menu
and invites Béla by his user name; Béla starts a Paskievics night for the club, records a
hand, and both see it in the season's standings."""

import datetime
import os
import re

from playwright.sync_api import expect

from tests.browser import table
from tests.browser.test_hungarian_night import hu_catalogue  # noqa: F401 - a fixture

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

pytestmark = table.MARKS
PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]


def hungarian_phone(browser, live_server, username):
    context = browser.new_context(viewport={"width": 390, "height": 900}, locale="hu-HU")
    table.sign_in(context, live_server, username)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


def test_a_club_on_two_phones(browser, live_server, django_user_model):
    django_user_model.objects.create_user("anna", password="pw-anna-123")
    django_user_model.objects.create_user("bela", password="pw-bela-123")
    base = live_server.url
    anna, page, errors = hungarian_phone(browser, live_server, "anna")
    bela, phone, bela_errors = hungarian_phone(browser, live_server, "bela")
    try:
        # Anna: the menu's Klubok, a new club, Béla invited as írnok
        page.goto(base)
        page.click("#site-menu summary")
        page.click("#site-menu >> text=Klubok")
        page.fill("#id_name", "Kedd esti tarokk")
        page.click("text=Klub létrehozása")
        page.wait_for_url(re.compile(r"/clubs/\d+/$"))
        club_url = page.url
        page.click("text=Tagok meghívása és kezelése")
        page.fill("#id_username", "bela")
        expect(page.locator("#id_role")).to_have_value("scorer")
        page.click("#invite button[type=submit]")
        expect(page.locator("#members")).to_contain_text("bela")
        table.shot(page, "club-members-hu")

        # Béla: the club, a new night for it, one hand
        phone.goto(f"{base}/clubs/")
        phone.click("text=Kedd esti tarokk")
        phone.click("text=Új klubeste")
        phone.click("text=Paskievics")
        expect(phone.locator("main")).to_contain_text("Klubest: Kedd esti tarokk")
        inputs = phone.locator("ol.seats input[type=text]")
        for i, name in enumerate(PLAYERS):
            inputs.nth(i).fill(name)
        phone.locator("ol.seats li").nth(3).locator("label.chip").click()  # Dóra deals
        phone.fill("#id_per_point", "2")
        phone.click("text=Az este indítása")
        phone.wait_for_url(re.compile(r"/nights/\d+/$"))
        phone.click("text=Leosztás felírása")
        table.chip(phone, "f-bid-declarer", "Anna")
        table.chip(phone, "f-bid-level", "two")
        table.chip(phone, "f-partner", "Csaba")
        phone.fill("#f-result-declarer-card-points", "52")
        phone.click("text=Leosztás mentése")
        phone.wait_for_url(re.compile(r"/nights/\d+/$"))
        table.expect_totals(phone, ["+2", "−2", "+2", "−2"])

        # Both: the season's standings (this year): Anna and Csaba +2 points, +4 Ft
        year = datetime.date.today().year
        for screen in (phone, page):
            screen.goto(f"{club_url}standings/?year={year}")
            expect(screen.locator("main h1")).to_have_text(f"Állás: {year}")
            rows = screen.locator("#standings tbody tr")
            expect(rows).to_have_count(4)
            expect(rows.first.locator("th")).to_have_text("Anna")
            expect(rows.first.locator("td.num").nth(3)).to_have_text("+2")
            expect(rows.first.locator("td.num").nth(4)).to_have_text("4,00")
            expect(screen.locator("svg.chart polyline")).to_have_count(4)
        table.shot(page, "club-standings-hu")
        overflow = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
        assert not overflow
        wrap = page.locator(".table-wrap:has(#standings)")
        assert wrap.evaluate("w => w.scrollWidth <= w.clientWidth")  # no column cut off
        assert errors == []
        assert bela_errors == []
    finally:
        anna.close()
        bela.close()
