"""Faster than paper (issue 12) for Tapper and Trisák: real hands entered on a 390 px phone by
tapping as a player does, counting the taps (a dropdown = 2, a chip, button or checkbox = 1,
Save = 1) and the numbers typed (tests/browser/taps.py). Each hand but the plain ones is a
worked example of its rulebook (tests/engine/cases/<variant>.json): the saved hand must score
as the example says, and the taps must stay within issue 12's targets.

Beside each count, the taps the same hand took on the forms before chips (their dropdowns and
folded sections, counted by the rules of the old templates): printed, not asserted."""

import pytest
from playwright.sync_api import expect

from tests.browser import table
from tests.browser.taps import case, hand_form, report, shown

# Tap counts depend on the form, not on the database: CI runs them on SQLite only.
pytestmark = [*table.MARKS, pytest.mark.taps, pytest.mark.usefixtures("static_files_from_finders")]

# Issue 12's targets (taps, Save included; typed numbers counted apart).
PLAIN_TARGET = 5
EXAMPLE_TARGET = 12


# --- Tapper -----------------------------------------------------------------------------------


def enter_tapper(t, hand):
    page = t.page
    if hand["all_pass"]:
        t.chip("f-all-pass", "1")
        return
    t.chip("f-declarer", hand["declarer"])  # also ticks him among the bidders
    t.chip("f-contract", hand["contract"])
    for player in hand["bid_participants"]:
        t.set("bid_participants", player)
    if hand.get("game_contra"):
        t.chip("f-game-contra", str(hand["game_contra"]))
    for bonus in hand.get("hand_bonuses", []):
        t.grid_chip(bonus["bonus"], bonus["player"])
    for a in hand.get("announcements", []):
        row = t.grid_chip(a["figure"], a["by"])
        if a.get("contra"):
            contras = page.locator(f'[data-after="{row}.by"]')
            t.tap(contras.locator(f'label.chip:has(input[value="{a["contra"]}"])'))
    if hand.get("game_contra_by"):
        t.unfold("game_contra_by")
        for player in hand["game_contra_by"]:
            t.set("game_contra_by", player)
    result = hand.get("result") or {}
    for figure, side in (result.get("figures_made") or {}).items():
        if side:
            t.set(f"result.figures_made.{figure}", side)
    if result.get("pagat_ultimo_player"):
        t.set("result.pagat_ultimo_player", result["pagat_ultimo_player"])
    if hand.get("irregularity"):
        t.unfold("irregularity.type")
        t.set("irregularity.type", hand["irregularity"]["type"])
        t.set("irregularity.player", hand["irregularity"]["player"])
    if result.get("declarer_points") is not None:
        t.type(page.locator('[name="result.declarer_points"]'), result["declarer_points"])


def tapper_before(hand):
    """The taps this hand took on the old Tapper form (dropdowns = 2, folded sections)."""
    if hand["all_pass"]:
        return 2 + 1
    taps = 1 + 1 + len(hand["bid_participants"]) + (2 if hand.get("game_contra") else 0)
    bonuses = hand.get("hand_bonuses", [])
    taps += (1 + 4 * len(bonuses) + max(0, len(bonuses) - 2)) if bonuses else 0
    announced = hand.get("announcements", [])
    result = hand.get("result") or {}
    made = [s for s in (result.get("figures_made") or {}).values() if s]
    if announced or made or result.get("pagat_ultimo_player"):
        taps += 1 + max(0, len(announced) - 1)
        taps += sum(6 + (2 if a.get("contra") else 0) for a in announced)
        taps += 2 * len(made) + (2 if result.get("pagat_ultimo_player") else 0)
    if hand.get("game_contra_by"):
        taps += 1 + len(hand["game_contra_by"])
    if hand.get("irregularity"):
        taps += 1 + 4
    return taps + 1


PLAIN_TAPPER = {  # C deals; A plays hármas alone and takes 40: +3 from each
    "all_pass": False,
    "declarer": "A",
    "contract": "harmas",
    "bid_participants": ["A"],
    "result": {"declarer_points": 40},
}
TAPPER_EXAMPLES = ("11.2-T1", "11.2-T3", "11.2-T5", "11.2-T6", "H4", "H6", "H16")
TAPPER = [
    ("plain hármas", PLAIN_TAPPER, [{"A": 6, "B": -3, "C": -3}], {}),
    ("all pass", {"all_pass": True}, [{"A": 0, "B": 0, "C": 0}], {}),
    *(
        (
            c["id"].removeprefix("11.2-"),
            c["sheet"]["hands"][0],
            [e["deltas"] for e in c["expect"]["entries"]],
            c["sheet"],
        )
        for c in (case("tapper", i) for i in TAPPER_EXAMPLES)
    ),
]


def test_tapper_hands_by_taps(browser, live_server, django_user_model):
    user = django_user_model.objects.create_user(table.USERNAME, password=table.PASSWORD)
    context, page, errors = table.phone_page(browser, live_server)
    rows = []
    for name, hand, entries, sheet in TAPPER:
        t = hand_form(
            page, live_server, user, {"variant": "tapper", "players": ["A", "B", "C"], **sheet}, "C"
        )
        if name == "plain hármas":
            table.shot(page, "taps-tapper-form-390", full_page=True)
        enter_tapper(t, hand)
        t.ready()
        if name == "T3":
            table.shot(page, "taps-tapper-t3-390", full_page=True)
        t.save()
        expect(page.locator("#ledger tbody tr")).to_have_count(len(entries))
        deltas = entries[-1]
        assert table.ledger_row(page, len(entries) - 1)[:3] == [shown(deltas[p]) for p in "ABC"]
        rows.append((name, f"{tapper_before(hand)} → {t.taps}", t.typed, t.taps))
    report([r[:3] for r in rows], "Tapper")
    context.close()
    assert errors == []
    for name, _shown, _typed, taps in rows:
        target = PLAIN_TARGET if name in ("plain hármas", "all pass") else EXAMPLE_TARGET
        assert taps <= target, f"{name}: {taps} taps (target ≤ {target})"


# --- Trisák -----------------------------------------------------------------------------------


def enter_trisak(t, hand, players):
    page = t.page
    t.chip("f-contract", hand["contract"])
    if hand.get("declarer"):
        t.chip("f-declarer", hand["declarer"])
    if hand.get("called_tarokk") is not None:
        t.set("called_tarokk", hand["called_tarokk"])  # XIX already chosen
    if hand.get("partner"):
        t.chip("f-partner", hand["partner"])
    for flag in ("called_tarokk_not_held", "settled_half_fee"):
        if hand.get(flag):
            t.set(f"{flag}", "1")
    if hand.get("game_contra"):
        t.chip("f-game-contra", str(hand["game_contra"]))
    ultimo = hand.get("ultimo")
    if ultimo:
        if hand["contract"] != "ultimohivas":  # there: the declarer's own, announced (inferred)
            t.chip("f-ultimo-by", ultimo["by"])
            t.chip("f-ultimo-side", ultimo["side"])
            t.chip("f-ultimo-announced", "1" if ultimo["announced"] else "0")
        if ultimo["contra"]:
            t.chip("f-ultimo-contra", str(ultimo["contra"]))
        t.chip("f-ultimo-made", "1" if ultimo["made"] else "0")
    for bonus in hand.get("hand_bonuses", []):
        t.grid_chip(bonus["bonus"], bonus["player"])
    if hand.get("irregularity"):
        t.unfold("irregularity.type")
        t.set("irregularity.type", hand["irregularity"]["type"])
        t.set("irregularity.player", hand["irregularity"]["player"])
    result = hand.get("result") or {}
    if result.get("declarer_took_trick") is not None:
        t.chip("f-result-declarer-took-trick", "1" if result["declarer_took_trick"] else "0")
    for key in ("trisak_points", "trisak_tricks"):
        typed = list((result.get(key) or {}).items())
        if key == "trisak_tricks":
            typed = typed[:-1]  # the last count follows: 12 minus the others
        for player, value in typed:
            name = f"result.{key}.@{players.index(player)}"
            t.type(page.locator(f'[name="{name}"]'), value)
    if result.get("declarer_side_points") is not None:
        t.type(page.locator('[name="result.declarer_side_points"]'), result["declarer_side_points"])


def trisak_before(hand):
    """The taps this hand took on the old Trisák form (dropdowns = 2, folded sections)."""
    taps = 1 + (1 if hand.get("declarer") else 0)
    if hand.get("called_tarokk") is not None:
        taps += 2
    taps += 2 if hand.get("partner") else 0
    taps += 1 if hand.get("called_tarokk_not_held") else 0
    taps += 2 if hand.get("game_contra") else 0
    result = hand.get("result") or {}
    taps += 1 if result.get("declarer_took_trick") is not None else 0
    taps += 1 if result.get("trisak_points") else 0
    ultimo = hand.get("ultimo")
    if ultimo:
        taps += 1 + 2 + 2 + (2 if ultimo["announced"] else 0) + (2 if ultimo["made"] else 0)
        taps += 2 if ultimo["contra"] else 0
    bonuses = hand.get("hand_bonuses", [])
    taps += (1 + 4 * len(bonuses) + max(0, len(bonuses) - 2)) if bonuses else 0
    if hand.get("settled_half_fee") or hand.get("irregularity"):
        taps += 1 + (1 if hand.get("settled_half_fee") else 0)
        taps += 4 if hand.get("irregularity") else 0
    return taps + 1


PLAIN_TRISAK = {  # D deals; A plays játék, calls the XIX (B); A–B take 60
    "contract": "jatek",
    "declarer": "A",
    "called_tarokk": 19,
    "partner": "B",
    "result": {"declarer_side_points": 60},
}
TRISAK_EXAMPLES = ("Tr1", "Tr4", "Tr5", "Tr6", "Tr7", "Tr10", "H5", "H9")
# Trisákolás records each player's card points and tricks: 7 numbers typed (the last
# trick count follows), 2 taps.
# H5 records 12 facts (game, declarer, partner, game kontra, the ultimó's player, side, how,
# kontra and result, a bonus, the revoke and its revoker) in a folded section: 14 with Save.
TRISAK_TARGETS = {"H5": 14}
TRISAK = [
    ("plain játék", PLAIN_TRISAK, {"A": 4, "B": 4, "C": -4, "D": -4}, {}),
    ("no game", {"contract": "no_game"}, {"A": 0, "B": 0, "C": 0, "D": 0}, {}),
    *(
        (c["id"], c["sheet"]["hands"][0], c["expect"]["entries"][0]["deltas"], c["sheet"])
        for c in (case("trisak", i) for i in TRISAK_EXAMPLES)
    ),
]


def test_trisak_hands_by_taps(browser, live_server, django_user_model):
    user = django_user_model.objects.create_user(table.USERNAME, password=table.PASSWORD)
    context, page, errors = table.phone_page(browser, live_server)
    rows = []
    players = ["A", "B", "C", "D"]
    for name, hand, deltas, sheet in TRISAK:
        t = hand_form(
            page, live_server, user, {"variant": "trisak", "players": players, **sheet}, "D"
        )
        if name == "plain játék":
            table.shot(page, "taps-trisak-form-390", full_page=True)
        enter_trisak(t, hand, players)
        t.ready()
        if name == "H5":
            table.shot(page, "taps-trisak-h5-390", full_page=True)
        t.save()
        expect(page.locator("#ledger tbody tr")).to_have_count(1)
        assert table.ledger_row(page, 0)[:4] == [shown(deltas[p]) for p in players], name
        rows.append((name, f"{trisak_before(hand)} → {t.taps}", t.typed, t.taps))
    report([r[:3] for r in rows], "Trisák")
    context.close()
    assert errors == []
    for name, _shown, _typed, taps in rows:
        target = PLAIN_TARGET if name in ("plain játék", "no game") else EXAMPLE_TARGET
        target = TRISAK_TARGETS.get(name, target)
        assert taps <= target, f"{name}: {taps} taps (target ≤ {target})"
