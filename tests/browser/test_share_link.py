"""A second phone follows the night through the read-only share link and sees a new hand
appear without reloading (issue 4)."""

import os

import pytest
from playwright.sync_api import expect

from scorebook import services
from tests.factories import make_night

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def plain_hand(dealer, declarer, partner, points):
    return {
        "dealer": dealer,
        "outcome": "played",
        "bid": {"declarer": declarer, "level": "two"},
        "called_card": "XX",
        "partner": partner,
        "game_contra": 0,
        "announcements": [],
        "result": {"declarer_card_points": points},
    }


def test_a_shared_night_updates_on_another_phone(browser, live_server, django_user_model):
    owner = django_user_model.objects.create_user("anna", password="pw-anna-123")
    night = make_night(owner, "paskievics", first_dealer="Dóra", per_point="2")
    services.record_hand(night=night, record=plain_hand("Dóra", "Anna", "Csaba", 52))
    token = services.share_night(night=night).token

    phone = browser.new_context(viewport={"width": 390, "height": 800})  # no account
    page = phone.new_page()
    page.goto(f"{live_server.url}/s/{token}/")
    live = page.locator("#live")
    expect(live).to_contain_text("Anna two")
    expect(live).not_to_contain_text("Béla two")

    services.record_hand(night=night, record=plain_hand("Anna", "Béla", "Dóra", 30))
    # The page polls every few seconds: the new hand shows up without a reload.
    expect(live).to_contain_text("Béla two", timeout=15_000)

    services.revoke_share(night=night)
    assert page.goto(f"{live_server.url}/s/{token}/").status == 404
    phone.close()
