"""How long the hand form is on a 390 × 844 phone (issue 23): a plain Paskievics hand fits in
two screens (≤ 1,700 px), and every variant's new-hand form is measured; on each, every chip
takes taps over 44 px and one bar of at most 64 px stays on screen while scrolling; Ultimo's
third card-point count and a Királyhívó announcement's side show the value they follow to.
The table is printed and written to artifacts/form-heights.md (README quotes it)."""

import re

import pytest
from playwright.sync_api import expect

from scorebook import services
from scorebook.engine import registry
from tests.browser import table
from tests.browser.taps import PREVIEW_WAIT_MS, REPORTS, Tapper
from tests.browser.test_taps import PLAIN_THREE, enter_paskievics

pytestmark = [*table.MARKS, pytest.mark.usefixtures("static_files_from_finders")]
PHONE = {"width": 390, "height": 844}
TWO_SCREENS = 1_700
NAMES = ["A", "B", "C", "D", "E", "F"]
# A Királyhívó call whose teams are known (A with C, who holds the called king), won.
CALL = {
    "declarer": "A",
    "contract": "hivas",
    "called_king": "clubs",
    "called_king_location": "player",
    "partner": "C",
    "result.declarer_side_points": "40",
}


def height(page):
    return page.evaluate("document.documentElement.scrollHeight")


def open_form(page, live_server, user, variant):
    """The new-hand form of a fresh night of `variant` (four players where it takes four)."""
    players = NAMES[: max(variant.min_players, min(4, variant.max_players))]
    night = services.create_night(
        owner=user,
        variant_key=variant.key,
        house_rules={},
        per_point="1",
        currency="HUF",
        players=players,
        first_dealer=players[-1],
    )
    page.goto(f"{live_server.url}/nights/{night.pk}/hands/new/")


# Every chip's tap target as the phone lays it out (its invisible input takes the taps).
CHIP_HEIGHTS = """() => [...document.querySelectorAll('#hand-form label.chip input')]
    .map((i) => i.getBoundingClientRect())
    .filter((r) => r.width > 0).map((r) => Math.round(r.height))"""
# What stays on screen however far the page scrolls: sticky or fixed boxes in the viewport.
STUCK = """() => [...document.querySelectorAll('body *')].filter((e) => {
    const p = getComputedStyle(e).position, r = e.getBoundingClientRect();
    return (p === 'sticky' || p === 'fixed') && r.height > 0 && r.bottom > 0 && r.top < innerHeight;
  }).map((e) => Math.round(e.getBoundingClientRect().height))"""


def check_taps_and_bars(page, key):
    """Touch targets of at least 44 px; scrolled into the form, one bar of at most 64 px."""
    chips = page.evaluate(CHIP_HEIGHTS)
    assert min(chips, default=44) >= 44, (key, sorted(set(chips)))
    page.evaluate("window.scrollTo(0, 600)")
    stuck = page.evaluate(STUCK)
    assert len(stuck) <= 1, (key, stuck)
    assert all(h <= 64 for h in stuck), (key, stuck)
    page.evaluate("window.scrollTo(0, 0)")


def check_ultimo_shows_the_count_it_infers(page):
    """Two card-point counts typed: the third shows 78 minus them (hand.js, from the
    breakdown the server answers), and the breakdown says it was filled in."""
    counts = page.locator('input[name^="card_points."]')  # the three players in the hand
    counts.nth(0).fill("30")
    counts.nth(1).fill("27")
    Tapper(page).set("last_trick.winner", "A")
    Tapper(page).set("last_trick.winning_card", "other")
    third = counts.nth(2)
    expect(third).to_have_attribute("placeholder", "21", timeout=PREVIEW_WAIT_MS)
    expect(third).to_have_class(re.compile(r"\binferred\b"))
    expect(page.locator("#preview .inferred-note")).to_contain_text("21")


def check_kiralyhivo_shows_the_side_it_infers(page):
    """With the teams known, B's announced four kings are the opponents' without a tap: the
    chip is outlined in the grid and the breakdown names the figure it belongs to."""
    t = Tapper(page)
    for name, value in CALL.items():
        t.set(name, value)
    row = t.grid_chip("four_kings", "B")
    side = page.locator(f'label.chip:has(> input[name="{row}.side"][value="opponents"])')
    expect(side).to_have_class(re.compile(r"\binferred\b"), timeout=PREVIEW_WAIT_MS)
    note = page.locator("#preview .inferred-note")
    expect(note).to_contain_text(re.compile(r"four kings.* · B: opponents"))


def test_form_heights(browser, live_server, django_user_model):
    user = django_user_model.objects.create_user(table.USERNAME, password=table.PASSWORD)
    context, page, errors = table.phone_page(browser, live_server)
    page.set_viewport_size(PHONE)
    rows = []
    for variant in registry.all_variants():
        open_form(page, live_server, user, variant)
        rows.append((variant.key, "new form", height(page)))
        table.shot(page, f"form-height-{variant.key}")
        check_taps_and_bars(page, variant.key)
        if variant.key == "ultimo":
            check_ultimo_shows_the_count_it_infers(page)
        if variant.key == "kiralyhivo":
            check_kiralyhivo_shows_the_side_it_infers(page)
        if variant.key == "paskievics":
            t = Tapper(page)
            enter_paskievics(t, PLAIN_THREE)
            t.ready()
            plain = height(page)
            rows.append((variant.key, 'plain "three" entered', plain))
            table.shot(page, "form-height-paskievics-plain")
            # Scrolled halfway, one bar stays on screen (the Save bar), at most 64 px tall.
            page.evaluate("window.scrollTo(0, 600)")
            assert page.locator("header.top").bounding_box()["y"] < 0
            bar = page.locator(".form-actions").bounding_box()
            assert bar["height"] <= 64
            assert bar["y"] + bar["height"] == pytest.approx(PHONE["height"], abs=1)
            # Every chip takes taps over at least 44 px (a grid's small chips too).
            small = page.locator(".figure label.chip input").first.bounding_box()
            assert small["height"] >= 44
    context.close()
    assert errors == []
    lines = ["| variant | form | height (px) | screens of 844 px |", "|---|---|---:|---:|"]
    lines += [f"| {k} | {what} | {h} | {h / PHONE['height']:.1f} |" for k, what, h in rows]
    text = "\n".join(lines) + "\n"
    print("\n" + text)
    REPORTS.mkdir(parents=True, exist_ok=True)
    (REPORTS / "form-heights.md").write_text(text)
    assert plain <= TWO_SCREENS
