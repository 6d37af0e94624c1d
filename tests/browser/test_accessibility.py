"""axe-core (vendored for the tests, tests/browser/vendor/README.md) on every page type of
the app at phone width, logged in and not: no violation of its default rules (WCAG 2 A and
AA and its best practices) is allowed."""

from pathlib import Path

import pytest

from scorebook import services
from tests.browser import table
from tests.browser.test_night_as_a_whole import PLAYERS, plain_hand

pytestmark = table.MARKS
AXE = Path(__file__).parent / "vendor" / "axe-core-4.14.1" / "axe.min.js"
NIGHT_PAGES = [
    "",
    "hands/new/",
    "hands/{hand}/",
    "settle/",
    "print/",
    "share/",
    "table/",
    "history/",
    "edit/",
    "rules/",
    "scorers/",
]
OTHER_PAGES = [
    "/",
    "/nights/",
    "/nights/new/",
    "/nights/new/paskievics/",
    "/nights/import/",
    "/nights/deleted/",
    "/players/",
    "/accounts/",
]
ANONYMOUS_PAGES = ["/accounts/login/", "/accounts/signup/", "/s/{token}/", "/s/{token}/table/"]


def violations(page):
    """axe's violations on the page as it stands, one line each: rule, impact, where."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run(document)).violations")
    return [
        f"{v['id']} ({v['impact']}): {node['target']} {node['failureSummary'][:120]!r}"
        for v in found
        for node in v["nodes"]
    ]


def night_with_hands(user_model):
    night = table.start_night(user_model, "paskievics", PLAYERS, "Dóra", per_point="2")
    hands = [
        services.record_hand(night=night, record=plain_hand(PLAYERS[(3 + n) % 4], n))
        for n in range(3)
    ]
    services.delete_hand(hand=hands[-1], version=hands[-1].version)
    return night, hands[0], services.share_night(night=night).token


@pytest.mark.parametrize(("language", "width"), [("en", 390), ("hu", 390), ("pl", 1280)])
def test_no_axe_violation_on_any_page(browser, live_server, django_user_model, language, width):
    night, hand, token = night_with_hands(django_user_model)
    context = browser.new_context(viewport={"width": width, "height": 844}, bypass_csp=True)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = context.new_page()
    found = {}
    try:
        for path in ANONYMOUS_PAGES:
            page.goto(live_server.url + path.format(token=token))
            found.update(dict.fromkeys(f"{path}: {v}" for v in violations(page)))
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("input[name=username]", table.USERNAME)
        page.fill("input[name=password]", table.PASSWORD)
        page.click("main button[type=submit]")
        page.wait_for_url(f"{live_server.url}/")
        paths = OTHER_PAGES + [f"/nights/{night.pk}/{p}" for p in NIGHT_PAGES]
        for path in paths:
            page.goto(live_server.url + path.format(hand=hand.pk))
            found.update(dict.fromkeys(f"{path}: {v}" for v in violations(page)))
        if width < 640:
            page.click("#site-menu summary")  # the phone's menu, open
        found.update(dict.fromkeys(f"menu: {v}" for v in violations(page)))
    finally:
        context.close()
    report = table.SCREENS.parent / f"axe-{language}-{width}.txt"  # the whole list, to read
    report.parent.mkdir(parents=True, exist_ok=True)
    report.write_text("\n".join(found) + "\n", encoding="utf-8")
    assert "\n".join(found) == ""
