"""Faster than paper (issue 12) for négyes 54, Strohmandli and Strómann: a plain hand and
worked examples of each rulebook (tests/engine/cases/<variant>.json) entered on a 390 px
phone by tapping as a player does, counting the taps (a dropdown = 2, a chip, button,
checkbox or folded section = 1, Save = 1) and the numbers typed. Each saved hand must score
as its example says, and the taps must stay within issue 12's targets. The tables are
printed and written to artifacts/taps-*.md; beside each, the taps the same hands cost on the
forms before (their dropdowns counted, tests/browser/taps.py's rules), for comparison."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser import table
from tests.browser.taps import case, hand_form, report, shown

# Tap counts depend on the form, not on the database: CI runs them on SQLite only.
pytestmark = [*table.MARKS, pytest.mark.taps, pytest.mark.usefixtures("static_files_from_finders")]

# Issue 12's targets (taps, Save included; typed numbers counted apart).
PLAIN_TARGET = 5
EXAMPLE_TARGET = 12


def saved_as(t, deltas, players):
    """Save the hand and check its ledger row against the example's deltas."""
    t.ready()
    t.save()
    expect(t.page.locator("#ledger tbody tr")).to_have_count(1)
    assert table.ledger_row(t.page, 0)[: len(players)] == [shown(deltas[p]) for p in players]


def run(browser, live_server, user, variant, hands, enter, before, title):
    """Enter each (name, hand, deltas, sheet) by tapping; report and check the taps."""
    context, page, errors = table.phone_page(browser, live_server)
    rows, old = [], []
    for n, (name, hand, deltas, sheet) in enumerate(hands):
        t = hand_form(page, live_server, user, {"variant": variant, **sheet}, hand["dealer"])
        if n == 0:
            table.shot(page, f"taps-{variant}-form-390", full_page=False)
        enter(t, hand, sheet["players"])
        t.ready()
        if n == len(hands) - 1:
            table.shot(page, f"taps-{variant}-{re.sub(r'[^a-z0-9]+', '-', name.lower())}-390")
        saved_as(t, deltas, sheet["players"])
        rows.append((name, t.taps, t.typed))
        old.append((name, before(hand), t.typed))
    report(rows, title)
    report(old, f"{title} (forms before issue 12)")
    context.close()
    assert errors == []
    for (name, taps, _typed), (_name, was, _) in zip(rows, old, strict=True):
        target = PLAIN_TARGET if name.startswith("plain") else EXAMPLE_TARGET
        assert taps <= target, f"{name}: {taps} taps (target ≤ {target})"
        assert taps <= was, f"{name}: {taps} taps, more than the {was} before"


def examples(variant, ids):
    """(name, hand, deltas, sheet) of the worked examples `ids` (one hand each)."""
    out = []
    for c in (case(variant, i) for i in ids):
        sheet = c["sheet"]
        out.append((f"§ {c['id']}", sheet["hands"][0], c["expect"]["entries"][0]["deltas"], sheet))
    return out


# --- négyes 54 --------------------------------------------------------------------------------

CALLING = ("jatek", "ultimohivas", "jatek_es_ultimo")
FOUR = {"players": ["A", "B", "C", "D"]}


def enter_negyes54(t, hand, players):
    page = t.page
    t.chip("f-contract", hand["contract"])
    if hand.get("declarer"):
        t.chip("f-declarer", hand["declarer"])
    if hand["contract"] in CALLING:
        t.set("called_tarokk", hand["called_tarokk"])  # starts at XIX
    if hand.get("partner"):
        t.chip("f-partner", hand["partner"])
    if hand.get("alone"):
        t.tap(page.locator('label:has(> input[name="alone"])'))
    if hand.get("contra"):
        t.chip("f-contra", str(hand["contra"]))
    if hand.get("helper"):
        t.chip("f-helper", hand["helper"])
    result = hand.get("result") or {}
    for player, tricks in (result.get("tricks") or {}).items():
        t.type(page.locator(f'[name="result.tricks.@{players.index(player)}"]'), tricks)
    if result.get("declarer_side_points") is not None:
        points = result["declarer_side_points"]
        t.type(page.locator('[name="result.declarer_side_points"]'), points)
    if result.get("ultimo_won") is not None:
        t.chip("f-result-ultimo-won", "1" if result["ultimo_won"] else "0")
    if result.get("declarer_took_trick") is not None:
        t.chip("f-result-declarer-took-trick", "1" if result["declarer_took_trick"] else "0")
    if hand.get("irregularity"):
        t.unfold("irregularity.type")
        t.chip("f-irregularity-type", hand["irregularity"]["type"])
        t.chip("f-irregularity-player", hand["irregularity"]["player"])


def negyes54_before(hand):
    """The old form: called tarokk, partner, contra, helper and irregularity were dropdowns
    (2 each), the trisákolás tricks and helper and the irregularity folded (1 to open)."""
    taps = 2  # contract, Save
    taps += bool(hand.get("declarer"))
    taps += 2 * (hand["contract"] in CALLING) + 2 * bool(hand.get("partner"))
    taps += bool(hand.get("alone")) + 2 * bool(hand.get("contra"))
    taps += hand["contract"].startswith("trisakolas") + 2 * bool(hand.get("helper"))
    result = hand.get("result") or {}
    taps += (result.get("ultimo_won") is not None) + (result.get("declarer_took_trick") is not None)
    return taps + 5 * bool(hand.get("irregularity"))


PLAIN_JATEK = {  # D deals; A plays játék, calls the XIX (C holds it); A–C take 40: +4 each
    "dealer": "D",
    "contract": "jatek",
    "declarer": "A",
    "called_tarokk": 19,
    "partner": "C",
    "result": {"declarer_side_points": 40},
}
NEGYES54 = [
    ("plain játék", PLAIN_JATEK, {"A": 4, "B": -4, "C": 4, "D": -4}, FOUR),
    *examples("negyes54", ("N2", "N4", "N5", "N6", "N7", "N11", "H7")),
]


def test_negyes54_hands_by_taps(browser, live_server, django_user_model):
    user = django_user_model.objects.create_user(table.USERNAME, password=table.PASSWORD)
    run(
        browser,
        live_server,
        user,
        "negyes54",
        NEGYES54,
        enter_negyes54,
        negyes54_before,
        "Négyes 54",
    )


# --- Strohmandli ------------------------------------------------------------------------------

CAPTURES_BASE = ("pagatfogas", "uhu", "pagatulti")
CAPTURES_VARIANT = ("xxi_fogas", "tuletroa_captured", "negy_kiraly_captured")
CAPTURES_FAILED = ("pagatulti_failed", "uhu_failed")


def enter_strohmandli(t, hand, players):
    page = t.page
    for player, points in hand["card_points"].items():
        t.type(page.locator(f'[name="card_points.@{players.index(player)}"]'), points)
    captures = hand.get("captures") or {}
    for key in (*CAPTURES_BASE, *CAPTURES_VARIANT, *CAPTURES_FAILED):
        if captures.get(key):
            unfold_if_folded(t, f"captures.{key}")
            t.chip(f"f-captures-{key.replace('_', '-')}", captures[key])
    for a in hand.get("announcements", []):
        row = t.grid_chip(a["type"], a["player"])
        if a.get("trick") is not None:
            t.type(page.locator(f'[name="{row}.trick"]'), a["trick"])
    for j, offence in enumerate(hand.get("irregularities", [])):
        t.unfold("irregularities[0].player")
        if j >= page.locator("[data-rows=irregularities] > .rowbox").count():
            t.tap(page.locator("button[data-add=irregularities]"))
        t.chip(f"f-irregularities-{j}--player", offence["player"])
        t.chip(f"f-irregularities-{j}--kind", offence["kind"])


def unfold_if_folded(t, field_name):
    if t.page.locator(f"details:has([name='{field_name}'])").count():
        t.unfold(field_name)


def strohmandli_before(hand):
    """The old form: announcements folded, two rows of player and kind dropdowns (2 each);
    the house variant's and the failed captures folded, dropdowns; irregularity rows of
    two dropdowns, folded with the failed captures."""
    captures = hand.get("captures") or {}
    taps = 1 + sum(bool(captures.get(k)) for k in CAPTURES_BASE)  # Save, capture chips
    announced = hand.get("announcements", [])
    taps += bool(announced) + 4 * len(announced) + max(0, len(announced) - 2)
    variant = [k for k in CAPTURES_VARIANT if captures.get(k)]
    taps += bool(variant) + 2 * len(variant)
    failed = [k for k in CAPTURES_FAILED if captures.get(k)]
    offences = hand.get("irregularities", [])
    taps += bool(failed or offences) + 2 * len(failed)
    return taps + 4 * len(offences) + max(0, len(offences) - 1)


STROHMANDLI = [
    ("plain deal (§ 11.1)", *examples("strohmandli", ("11.1",))[0][1:]),
    *examples("strohmandli", ("11.2", "11.3", "11.5", "H1b", "H2b")),
]


def test_strohmandli_hands_by_taps(browser, live_server, django_user_model):
    user = django_user_model.objects.create_user(table.USERNAME, password=table.PASSWORD)
    run(
        browser,
        live_server,
        user,
        "strohmandli",
        STROHMANDLI,
        enter_strohmandli,
        strohmandli_before,
        "Strohmandli",
    )


# --- Strómann ---------------------------------------------------------------------------------


def enter_stromann(t, hand, players):
    page = t.page
    t.chip("f-bid", hand["bid"])
    if hand.get("declarer"):
        t.chip("f-declarer", hand["declarer"])
    if hand.get("contra"):
        t.chip("f-contra", str(hand["contra"]))
    for key in ("declarer_points", "non_dealer_points"):
        if hand.get(key) is not None:
            t.type(page.locator(f'[name="{key}"]'), hand[key])
    for a in hand.get("announcements", []):
        t.grid_chip(a["bonus"], a["player"])
    if hand.get("silent_ultimo_by"):
        t.chip("f-silent-ultimo-by", hand["silent_ultimo_by"])
    if hand.get("irregularity"):
        t.unfold("irregularity.type")
        t.chip("f-irregularity-type", hand["irregularity"]["type"])
        t.chip("f-irregularity-player", hand["irregularity"]["player"])


def stromann_before(hand):
    """The old form: contra a dropdown; bonuses (rows of player and bonus dropdowns) and the
    silent ultimó (a dropdown) folded together; the revoke folded, two dropdowns."""
    taps = 2 + bool(hand.get("declarer")) + 2 * bool(hand.get("contra"))  # bid, Save
    announced = hand.get("announcements") or []
    silent = bool(hand.get("silent_ultimo_by"))
    taps += bool(announced or silent) + 4 * len(announced) + max(0, len(announced) - 2)
    return taps + 2 * silent + 5 * bool(hand.get("irregularity"))


STROMANN = [
    ("plain mehet (§ S1)", *examples("stromann", ("S1",))[0][1:]),
    *examples("stromann", ("S3", "S4", "S5", "S7", "H8", "H11")),
]


def test_stromann_hands_by_taps(browser, live_server, django_user_model):
    user = django_user_model.objects.create_user(table.USERNAME, password=table.PASSWORD)
    run(
        browser,
        live_server,
        user,
        "stromann",
        STROMANN,
        enter_stromann,
        stromann_before,
        "Strómann",
    )
