"""Two phones at one table: the same next hand and the same edit saved at once (the second
is refused, keeps what was typed, and goes through when saved again); a refused delete
says why in the ledger htmx swaps in. Screenshots go to artifacts/screens/edge-*.png."""

import re

import pytest
from playwright.sync_api import expect

from scorebook import services
from scorebook.models import Hand
from tests.browser import table

pytestmark = [*table.MARKS, pytest.mark.usefixtures("static_files_from_finders")]
PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]


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
    return table.start_night(django_user_model, "paskievics", PLAYERS, "Dóra")


def phone(browser, live_server):
    context, page, _errors = table.phone_page(browser, live_server)
    page.wait_for_url(f"{live_server.url}/")
    return context, page


def points_typed(page, points):
    """Type the card points and wait for the live preview they start, so each phone's
    steps are done before the other phone's next one."""
    page.fill("#f-result-declarer-card-points", str(points))
    expect(page.locator("#preview")).to_contain_text(f" {points}")


def fill(page, declarer, partner, points):
    table.chip(page, "f-bid-declarer", declarer)
    table.chip(page, "f-bid-level", "three")
    table.set_field(page, "called_card", "XX")  # preselected: no tap
    table.chip(page, "f-partner", partner)
    points_typed(page, points)


def test_two_phones_record_and_edit_the_same_hand(browser, live_server, night):
    base = live_server.url
    (one, p1), (two, p2) = phone(browser, live_server), phone(browser, live_server)
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
        expect(p2.locator("#f-result-declarer-card-points")).to_have_value("33")
        table.shot(p2, "edge-browser-conflict-new")
        p2.click("text=Save hand")  # saved as hand 2
        p2.wait_for_url(ledger)
        assert Hand.objects.filter(night=night, deleted=False).count() == 2

        # Both edit hand 1; the second save is refused, then saved again on purpose
        h1 = Hand.objects.get(night=night, number=1)
        url = f"{base}/nights/{night.pk}/hands/{h1.pk}/"
        p1.goto(url)
        p2.goto(url)
        points_typed(p1, 20)
        points_typed(p2, 70)
        p1.click("text=Save changes")
        p1.wait_for_url(ledger)
        p2.click("text=Save changes")
        expect(p2.locator(".conflict")).to_contain_text("changed by someone else")
        expect(p2.locator(".conflict")).to_contain_text("20")
        expect(p2.locator("#f-result-declarer-card-points")).to_have_value("70")
        table.shot(p2, "edge-browser-conflict-edit")
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
    context, page = phone(browser, live_server)
    try:
        page.goto(f"{live_server.url}/nights/{night.pk}/")
        page.locator("#ledger tbody tr.event button:has-text('Delete')").click()
        expect(page.locator("#ledger-flash .flash-error")).to_contain_text("Ede")
        table.shot(page, "edge-browser-delete-join-refused")
        assert not Hand.objects.get(night=night, record__event="join").deleted
    finally:
        context.close()
