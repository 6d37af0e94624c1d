"""The language switch in a real browser: Hungarian from the browser's language, then HU/EN
buttons (a plain form, no script) that the next pages remember."""

import os
import subprocess

import pytest
from playwright.sync_api import expect

from tests.web.test_i18n import PO, msgfmt

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def hu_catalogue(settings, tmp_path_factory):
    locale = tmp_path_factory.mktemp("locale")
    mo = locale / "hu" / "LC_MESSAGES" / "django.mo"
    mo.parent.mkdir(parents=True)
    subprocess.run([msgfmt(), "-o", str(mo), str(PO)], check=True)
    settings.LOCALE_PATHS = [locale]
    settings.WHITENOISE_AUTOREFRESH = True


def test_language_from_the_browser_and_the_switch(browser, live_server):
    context = browser.new_context(locale="hu-HU")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)

    page.goto(f"{live_server.url}/accounts/login/")
    expect(page.locator("html")).to_have_attribute("lang", "hu")
    expect(page.locator("main h1")).to_have_text("Bejelentkezés")

    page.click(".lang-switch button[value=en]")
    page.wait_for_url(f"{live_server.url}/accounts/login/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("main h1")).to_have_text("Log in")
    expect(page.locator(".lang-switch button[value=en]")).to_have_attribute("aria-pressed", "true")

    page.goto(f"{live_server.url}/accounts/signup/")  # remembered, whatever the browser says
    expect(page.locator("main h1")).to_have_text("Sign up")

    page.click(".lang-switch button[value=hu]")
    expect(page.locator("main h1")).to_have_text("Regisztráció")
    page.goto(f"{live_server.url}/accounts/login/")
    expect(page.locator("main h1")).to_have_text("Bejelentkezés")
    assert errors == []  # no CSP violation, no script error
    context.close()
