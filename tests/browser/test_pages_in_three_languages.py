"""Every page of a night on a 390 px phone in English, Hungarian and Polish (issue 23): no
two texts drawn over each other, no button wrapped away from the row it acts on, and the
site's header in one line."""

import pytest
from playwright.sync_api import expect

from scorebook import services
from tests.browser import layout, table
from tests.browser.test_night_as_a_whole import PLAYERS, plain_hand

pytestmark = table.MARKS
PAGES = ["", "hands/new/", "settle/", "print/", "share/", "table/", "history/"]


def night_with_a_deleted_hand(user_model):
    night = table.start_night(user_model, "paskievics", PLAYERS, "Dóra", per_point="2")
    hands = [
        services.record_hand(night=night, record=plain_hand(PLAYERS[(3 + n) % 4], n))
        for n in range(4)
    ]
    services.delete_hand(hand=hands[-1], version=hands[-1].version)
    services.share_night(night=night)
    return night


@pytest.mark.parametrize("language", ["en", "hu", "pl"])
def test_every_page_of_a_night_reads_whole(browser, live_server, django_user_model, language):
    night = night_with_a_deleted_hand(django_user_model)
    context, page, errors = table.phone_page(browser, live_server)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    found = {}
    try:
        for path in PAGES:
            page.goto(f"{live_server.url}/nights/{night.pk}/{path}")
            name = f"lang-{language}-{path.strip('/').replace('/', '-') or 'night'}"
            table.shot(page, name)
            header = page.locator("header.top").evaluate("e => e.offsetHeight")
            if header > 56:  # one line of menu
                found[f"{name}: the header is {header} px tall"] = 1
            found.update({f"{name}: {p}": 1 for p in layout.problems(page)})
        # The folded menu opens under the header, every link a full-width tap.
        page.click("#site-menu summary")
        links = page.locator("#site-menu nav a, #site-menu nav button")
        expect(links).to_have_count(7)  # … Clubs, Players, Account, Log out
        for link in links.all():
            box = link.bounding_box()
            assert box is not None
            assert box["height"] >= 44
        table.shot(page, f"lang-{language}-menu", full_page=False)
    finally:
        context.close()
    assert not found, "\n".join(found)
    assert errors == []
