"""A hand is never lost or doubled (issue 19), on a 390 px phone in Chromium: a hand saved
with no connection survives the tab being closed and arrives once when the connection is
back; a save whose answer is lost is sent again as the same save; two phones offline each
keep a hand and both arrive, the second shown as a conflict that one tap resolves; a
co-scorer's hand appears on the other scorer's night page by itself; the payment line says
when it is offline; an unchanged save leaves version 1; a stale Delete is refused.
Screenshots: artifacts/screens/never-lost-*.png."""

import re
import time

import pytest
from playwright.sync_api import expect

from scorebook import services
from scorebook.models import Hand, NightScorer
from tests.browser import table

pytestmark = [*table.MARKS, pytest.mark.usefixtures("static_files_from_finders")]

PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]
# Hand 1 as another phone records it: Béla's "two" with Dóra, dealt by Anna.
PLAYED = {
    "dealer": "Anna",
    "outcome": "played",
    "bid": {"declarer": "Béla", "level": "two"},
    "called_card": "XX",
    "partner": "Dóra",
    "game_contra": 0,
    "announcements": [],
    "tarokk_counts": [],
    "result": {"declarer_card_points": 52},
}


def controlled(page):
    """Wait for the service worker, then reload so that it serves (and keeps) the page."""
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def plain_hand(page, declarer="Béla", partner="Dóra", points="52"):
    """A plain "two" with the XX called (the form's default) and card points."""
    table.chip(page, "f-bid-declarer", declarer)
    table.chip(page, "f-bid-level", "two")
    table.chip(page, "f-partner", partner)
    page.fill("#f-result-declarer-card-points", points)


def hands(night):
    return list(Hand.objects.filter(night=night, deleted=False).order_by("position"))


def wait_for_hands(night, count, seconds=5.0):
    """Poll the database until the night has `count` hands; the seconds it took."""
    began = time.monotonic()
    while time.monotonic() - began < seconds:
        if len(hands(night)) >= count:
            return time.monotonic() - began
        time.sleep(0.1)
    raise AssertionError(f"{len(hands(night))} hands after {seconds} s, wanted {count}")


# In `make test` (quick): hand.js's offline payment line and its move to the next hand.
@pytest.mark.quick
def test_a_hand_saved_offline_survives_a_closed_tab_and_arrives_once(
    browser, live_server, django_user_model
):
    night = table.start_night(django_user_model, "paskievics", PLAYERS, "Anna")
    context, page, errors = table.phone_page(browser, live_server, night=night)
    controlled(page)
    table.new_hand(page, "Anna")
    plain_hand(page)
    table.expect_preview(page, ["−2", "+2", "−2", "+2"])
    context.set_offline(True)
    page.fill("#f-result-declarer-card-points", "30")  # now the declarer side loses
    line = page.locator("#preview-line")
    expect(line).to_have_class(re.compile(r"\boffline\b"))
    expect(line).not_to_contain_text("+2")
    table.shot(page, "never-lost-offline-line", full_page=False)
    page.click("text=Save hand")
    page.wait_for_url(re.compile(r"/nights/\d+/$"))  # the night page, kept by the worker
    expect(page.locator("#outbox")).to_contain_text("not sent yet")
    table.shot(page, "never-lost-kept")
    page.close()
    assert hands(night) == []

    page = context.new_page()  # the tab was closed; the night is opened again, still offline
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server.url}/nights/{night.pk}/")
    expect(page.locator("#outbox")).to_contain_text("Hand 1")
    context.set_offline(False)
    took = wait_for_hands(night, 1)
    print(f"reconnect → saved: {took:.2f} s")
    expect(page.locator("#outbox")).to_be_hidden()
    expect(page.locator("#ledger tbody tr")).to_have_count(1, timeout=10_000)
    (saved,) = hands(night)
    assert saved.record["result"]["declarer_card_points"] == 30
    page.wait_for_timeout(1500)  # nothing else arrives
    assert len(hands(night)) == 1
    context.close()
    assert errors == []


def test_a_lost_answer_is_sent_again_as_the_same_save(browser, live_server, django_user_model):
    night = table.start_night(django_user_model, "paskievics", PLAYERS, "Anna")
    context, page, errors = table.phone_page(browser, live_server, night=night)
    controlled(page)
    table.new_hand(page, "Anna")
    plain_hand(page)
    table.expect_preview(page, ["−2", "+2", "−2", "+2"])
    lost = []

    def reach_server_then_drop(route):
        route.fetch()  # the server saves the hand ...
        lost.append(route.request.url)
        route.abort("connectionreset")  # ... and its answer never reaches the phone

    page.route(re.compile(r"/hands/new/$"), reach_server_then_drop)
    page.click("text=Save hand")
    # No answer: the phone keeps the hand and goes to the night page, which sends it again:
    # the server knows the key, so it is the same save, not another phone's hand.
    page.wait_for_url(re.compile(r"/nights/\d+/$"))
    page.unroute(re.compile(r"/hands/new/$"))
    assert len(lost) == 1
    expect(page.locator("#outbox")).to_be_hidden(timeout=10_000)
    expect(page.locator("#ledger tbody tr")).to_have_count(1, timeout=10_000)
    page.wait_for_timeout(500)
    assert len(hands(night)) == 1
    expect(page.locator("body")).not_to_contain_text("already recorded")
    context.close()
    assert errors == []


def test_two_phones_offline_both_arrive_and_the_conflict_is_one_tap(
    browser, live_server, django_user_model
):
    night = table.start_night(django_user_model, "paskievics", PLAYERS, "Anna")
    mallory = django_user_model.objects.create_user("mallory", password="pw-mallory-123")
    NightScorer.objects.create(night=night, user=mallory)
    phones = [
        table.phone_page(browser, live_server, night=night),
        table.phone_page(browser, live_server, "mallory", night=night),
    ]
    for context, page, _errors in phones:
        controlled(page)
        table.new_hand(page, "Anna")
        context.set_offline(True)
    (c1, p1, _), (c2, p2, _) = phones
    plain_hand(p1, "Béla", "Dóra", "52")
    plain_hand(p2, "Csaba", "Anna", "30")
    for _context, page, _errors in phones:
        page.click("text=Save hand")
        page.wait_for_url(re.compile(r"/nights/\d+/$"))
        expect(page.locator("#outbox")).to_contain_text("not sent yet")
    c1.set_offline(False)
    wait_for_hands(night, 1)
    c2.set_offline(False)
    kept = p2.locator("#outbox li.conflict")
    expect(kept).to_contain_text("Hand 1 was already recorded by anna", timeout=10_000)
    table.shot(p2, "never-lost-conflict")
    kept.get_by_role("button", name="Save as hand 2").click()
    wait_for_hands(night, 2)
    expect(p2.locator("#outbox")).to_be_hidden()
    first, second = hands(night)
    assert (first.number, first.record["bid"]["declarer"], first.author.username) == (
        1,
        "Béla",
        "anna",
    )
    assert (second.number, second.record["bid"]["declarer"]) == (2, "Csaba")
    assert second.record["dealer"] == "Béla"  # the dealer of hand 2, not hand 1's
    for context, _page, errors in phones:
        context.close()
        assert errors == []


# In `make test` (quick): hand.js's offline payment line and its move to the next hand.
@pytest.mark.quick
def test_another_scorers_hand_appears_and_moves_an_open_form_on(
    browser, live_server, django_user_model
):
    night = table.start_night(django_user_model, "paskievics", PLAYERS, "Anna")
    csaba = django_user_model.objects.create_user("csaba", password="pw-csaba-123")
    NightScorer.objects.create(night=night, user=csaba)
    context, page, errors = table.phone_page(browser, live_server, night=night)
    context2, form_page, errors2 = table.phone_page(browser, live_server, "csaba", night=night)
    table.new_hand(form_page, "Anna")
    table.chip(form_page, "f-bid-declarer", "Csaba")  # csaba starts entering a hand
    services.record_hand(night=night, record=PLAYED, expected_number=1, author=night.owner)
    began = time.monotonic()
    expect(page.locator("#ledger tbody tr")).to_have_count(1, timeout=5_000)
    expect(page.locator("#next")).to_contain_text("Hand 2")
    print(f"the owner's page showed the other hand after {time.monotonic() - began:.2f} s")
    note = form_page.locator("#live-note")
    expect(note).to_contain_text("Hand 1 was just recorded by anna", timeout=5_000)
    expect(form_page.locator("#hand-heading")).to_have_text("Hand 2")
    assert form_page.locator("#f-dealer").input_value() == "Béla"  # the next dealer
    assert form_page.locator('#f-bid-declarer input[value="Csaba"]').is_checked()  # kept
    table.shot(form_page, "never-lost-moved-on")
    table.chip(form_page, "f-bid-level", "two")  # the declarer is already tapped
    table.chip(form_page, "f-partner", "Anna")
    form_page.fill("#f-result-declarer-card-points", "52")
    table.save(form_page)
    assert [h.number for h in hands(night)] == [1, 2]
    for c, e in ((context, errors), (context2, errors2)):
        c.close()
        assert e == []


def test_an_unchanged_save_and_a_stale_delete(browser, live_server, django_user_model):
    night = table.start_night(django_user_model, "paskievics", PLAYERS, "Anna")
    for dealer in PLAYERS[:3]:
        services.record_hand(night=night, record={"dealer": dealer, "outcome": "all_pass"})
    context, page, errors = table.phone_page(browser, live_server, night=night)
    page.locator("#ledger tbody tr").first.get_by_role("link", name="Edit").click()
    page.click("text=Save changes")
    page.wait_for_url(re.compile(r"/nights/\d+/$"))
    expect(page.locator("#messages")).to_contain_text("Nothing changed: hand 1 is as it was.")
    assert hands(night)[0].version == 1
    expect(page.locator("#ledger")).not_to_contain_text("edited")

    # Delete hand 2, then tap the same place again: it is Restore there, not hand 3's Delete.
    row = page.locator("#ledger tbody tr").nth(1)
    box = row.get_by_role("button", name="Delete").bounding_box()
    row.get_by_role("button", name="Delete").click()
    expect(page.locator("#ledger-flash")).to_contain_text("hand 3 is now hand 2")
    expect(page.locator("#ledger tbody tr").nth(1)).to_have_class(re.compile(r"\bdeleted\b"))
    page.wait_for_function("() => !document.querySelector('.htmx-settling, .htmx-swapping')")
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page.locator("#ledger-flash")).to_contain_text("Hand restored.")
    assert [h.number for h in hands(night)] == [1, 2, 3]

    # A second phone changes hand 3 while this page has lost touch (it no longer refreshes):
    # the Delete it still shows for hand 3 (version 1) is stale.
    page.evaluate("document.getElementById('live').remove()")
    third = hands(night)[2]
    services.edit_hand(hand=third, record={**third.record, "dealer": "Dóra"}, version=1)
    page.locator("#ledger tbody tr").nth(2).get_by_role("button", name="Delete").click()
    expect(page.locator("#ledger-flash")).to_contain_text("changed by someone else")
    assert [h.number for h in hands(night)] == [1, 2, 3]
    context.close()
    assert errors == []


def test_hands_kept_offline_keep_their_order_and_logging_out_forgets_them(
    browser, live_server, django_user_model
):
    night = table.start_night(django_user_model, "paskievics", PLAYERS, "Anna")
    context, page, errors = table.phone_page(browser, live_server, night=night)
    controlled(page)
    table.new_hand(page, "Anna")  # online once: the worker keeps the form
    context.set_offline(True)
    plain_hand(page, "Béla", "Dóra", "52")
    page.click("text=Save hand")
    page.wait_for_url(re.compile(r"/nights/\d+/$"))
    # The kept form says hand 1; it moves past the hand kept before it, to the next dealer.
    page.click("text=Record hand")
    expect(page.locator("#hand-heading")).to_have_text("Hand 2")
    expect(page.locator("#f-dealer")).to_have_value("Béla")
    plain_hand(page, "Csaba", "Anna", "30")
    page.click("text=Save hand")
    page.wait_for_url(re.compile(r"/nights/\d+/$"))
    expect(page.locator("#outbox li")).to_have_count(2)
    context.set_offline(False)
    wait_for_hands(night, 2)
    expect(page.locator("#outbox")).to_be_hidden()
    kept = [(h.number, h.record["dealer"], h.record["bid"]["declarer"]) for h in hands(night)]
    assert kept == [(1, "Anna", "Béla"), (2, "Béla", "Csaba")]

    # A hand kept on a shared phone goes with its account when it logs out: one that could
    # not be saved stays on the phone, shown with why, until then.
    context.set_offline(True)
    page.click("text=Record hand")
    table.chip(page, "f-outcome", "played")
    page.click("text=Save hand")
    page.wait_for_url(re.compile(r"/nights/\d+/$"))
    expect(page.locator("#outbox li")).to_have_count(1)
    context.set_offline(False)
    # refused (no declarer), or a conflict if the form the worker kept was an older one
    kept = page.locator("#outbox li.invalid, #outbox li.conflict")
    expect(kept).to_have_count(1, timeout=10_000)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#site-menu summary")  # the phone's folded menu
    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(re.compile(r"/accounts/login/$"))
    left = page.evaluate(
        """async () => {
            const db = await new Promise((ok) => { const r = indexedDB.open("scorebook-outbox"); r.onsuccess = () => ok(r.result); });
            const kept = await new Promise((ok) => {
                const r = db.transaction("hands").objectStore("hands").count();
                r.onsuccess = () => ok(r.result);
            });
            return {kept, pages: (await (await caches.open("scorebook-pages")).keys()).length};
        }"""
    )
    assert left == {"kept": 0, "pages": 0}
    assert len(hands(night)) == 2
    context.close()
    assert errors == []
