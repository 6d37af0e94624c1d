"""Two phones at one table: the same next hand and the same edit saved at once (the second
is refused, keeps what was typed, and goes through when saved again); a refused delete
says why in the ledger htmx swaps in. Screenshots go to artifacts/screens/edge-*.png."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorebook import services
from scorebook.models import Hand

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENS = Path(__file__).resolve().parents[2] / "artifacts" / "screens"
PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]


@pytest.fixture(autouse=True)
def static_files_from_finders(settings):
    settings.WHITENOISE_AUTOREFRESH = True
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def shot(page, name):
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"edge-{name}.png"), full_page=True)


def pask(dealer, declarer, partner, points):
    return {
        "dealer": dealer,
        "outcome": "played",
        "bid": {"declarer": declarer, "level": "three"},
        "called_card": "XX",
        "partner": partner,
        "alone_reason": None,
        "game_contra": 0,
        "announcements": [],
        "tarokk_counts": [],
        "result": {"declarer_card_points": points},
    }


@pytest.fixture
def night(django_user_model):
    owner = django_user_model.objects.create_user("anna", password="pw-anna-123")
    return services.create_night(
        owner=owner,
        variant_key="paskievics",
        house_rules={},
        per_point="1",
        currency="HUF",
        players=PLAYERS,
        first_dealer="Dóra",
    )


def phone(browser, base):
    context = browser.new_context(viewport={"width": 390, "height": 900}, locale="en-GB")
    page = context.new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "anna")
    page.fill("#id_password", "pw-anna-123")
    page.click("button[type=submit]")
    page.wait_for_url(f"{base}/")
    return context, page


def chip(page, field, text):
    page.locator(f'fieldset#{field} label:has-text("{text}")').first.click()


def fill(page, declarer, partner, points):
    chip(page, "f-bid-declarer", declarer)
    chip(page, "f-bid-level", "three")
    page.select_option("#f-called-card", "XX")
    chip(page, "f-partner", partner)
    page.fill("#f-result-declarer-card-points-int", str(points))


def test_two_phones_record_and_edit_the_same_hand(browser, live_server, night):
    base = live_server.url
    (one, p1), (two, p2) = phone(browser, base), phone(browser, base)
    ledger = re.compile(rf"/nights/{night.pk}/$")
    try:
        # Both open hand 1; the first saves, the second is refused and keeps its input
        p1.goto(f"{base}/nights/{night.pk}/hands/new/")
        p2.goto(f"{base}/nights/{night.pk}/hands/new/")
        fill(p1, "Anna", "Csaba", 52)
        fill(p2, "Béla", "Dóra", 33)
        p1.click("text=Save hand")
        p1.wait_for_url(ledger)
        p2.click("text=Save hand")
        expect(p2.locator(".conflict")).to_contain_text("Hand 1 was already recorded")
        expect(p2.locator("#f-result-declarer-card-points-int")).to_have_value("33")
        shot(p2, "browser-conflict-new")
        p2.click("text=Save hand")  # saved as hand 2
        p2.wait_for_url(ledger)
        assert Hand.objects.filter(night=night, deleted=False).count() == 2

        # Both edit hand 1; the second save is refused, then saved again on purpose
        h1 = Hand.objects.get(night=night, number=1)
        url = f"{base}/nights/{night.pk}/hands/{h1.pk}/"
        p1.goto(url)
        p2.goto(url)
        p1.fill("#f-result-declarer-card-points-int", "20")
        p2.fill("#f-result-declarer-card-points-int", "70")
        p1.click("text=Save changes")
        p1.wait_for_url(ledger)
        p2.click("text=Save changes")
        expect(p2.locator(".conflict")).to_contain_text("changed by someone else")
        expect(p2.locator(".conflict")).to_contain_text("20")
        expect(p2.locator("#f-result-declarer-card-points-int")).to_have_value("70")
        shot(p2, "browser-conflict-edit")
        p2.click("text=Save changes")
        p2.wait_for_url(ledger)
        h1.refresh_from_db()
        assert h1.record["result"]["declarer_card_points"] == 70
        assert h1.version == 3
    finally:
        one.close()
        two.close()


def test_a_refused_delete_of_a_join_says_why(browser, live_server, night):
    services.record_hand(night=night, record=pask("Dóra", "Anna", "Csaba", 52))
    services.record_hand(night=night, record={"event": "join", "player": "Ede"})
    services.record_hand(night=night, record=pask("Anna", "Ede", "Béla", 60))
    context, page = phone(browser, live_server.url)
    try:
        page.goto(f"{live_server.url}/nights/{night.pk}/")
        page.locator("#ledger tbody tr.event button:has-text('Delete')").click()
        expect(page.locator("#ledger .flash-error")).to_contain_text("Ede")
        shot(page, "browser-delete-join-refused")
        assert not Hand.objects.get(night=night, record__event="join").deleted
    finally:
        context.close()
