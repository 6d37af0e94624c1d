"""Counting taps on the hand form (issue 12): the phone that counts, the worked examples it
enters, and the table it prints. Each variant's tap test (tests/browser/test_taps*.py) tells
its own hands with these.

A dropdown counts 2 taps, a chip, button or checkbox 1, Save 1; numbers typed are counted
apart."""

import json
import re
from decimal import Decimal
from pathlib import Path

from playwright.sync_api import expect

from tests.browser import table
from tests.factories import make_night

CASES = Path(__file__).resolve().parents[1] / "engine" / "cases"
REPORTS = table.SCREENS.parent
PREVIEW_WAIT_MS = 15_000


def case(variant, case_id):
    """The worked example `case_id` of `variant` (tests/engine/cases/<variant>.json)."""
    cases = json.loads((CASES / f"{variant}.json").read_text())["cases"]
    return next(c for c in cases if c["id"] == case_id)


class Tapper:
    """The phone, counting: tap() a chip/button/checkbox, pick() a dropdown, type() a number;
    set() an input by its name, however the form shows it."""

    def __init__(self, page):
        self.page = page
        self.taps = 0
        self.typed = 0

    def tap(self, locator):
        locator.click()
        self.taps += 1

    def pick(self, name, value):
        self.page.select_option(f'[name="{name}"]', value)
        self.taps += 2

    def type(self, locator, number):
        locator.fill(str(number))
        self.typed += 1

    def chip(self, field_id, value, scope=None):
        """Tap the chip `value` of the group `field_id`, unless it is already chosen."""
        root = scope or self.page
        box = root.locator(f'fieldset#{field_id} input[value="{value}"]')
        if not box.is_checked():
            self.tap(root.locator(f'fieldset#{field_id} label.chip:has(input[value="{value}"])'))

    def set(self, name, value, scope=None):
        """Give the input `name` the value `value` as a player would: tap its chip (or tick
        its box), pick it in its dropdown, or type it; nothing when it already holds it."""
        root = scope or self.page
        inputs = root.locator(f'[name="{name}"]:not([disabled])')
        first = inputs.first
        tag = first.evaluate("el => el.tagName.toLowerCase() + ':' + (el.type || '')")
        value = str(value)
        if tag.startswith("select"):
            if first.input_value() != value:
                self.pick(name, value)
        elif tag in ("input:radio", "input:checkbox"):
            box = root.locator(f'[name="{name}"][value="{value}"]')
            if not box.is_checked():
                self.tap(root.locator(f'label:has(> input[name="{name}"][value="{value}"])'))
        elif first.input_value() != value:
            self.type(first, value)

    def unfold(self, name):
        """Open the folded section holding the input `name` (a tap), if it is shut."""
        section = self.page.locator(f"details:has([name='{name}'])")
        if section.get_attribute("open") is None:
            self.tap(section.locator("summary"))

    def grid_chip(self, line, player):
        """Tap `player`'s chip on the grid line `line` (an announced figure, a held bonus);
        returns the name of the list row it records (`announcements[12]`)."""
        block = self.page.locator(f'.figure[data-figure="{line}"]')
        box = f'input[type=checkbox][value="{player}"]'
        self.tap(block.locator(f"label.chip:has({box})"))
        return block.locator(box).get_attribute("name").rsplit(".", 1)[0]

    def ready(self):
        """Wait until the one-line result beside Save shows the hand's payments. A busy machine
        (the suite on every core, PostgreSQL) can take more than Playwright's 5 s for the
        last tap's preview, which htmx sends only when the one before it has come back."""
        line = self.page.locator("#preview-line")
        expect(line).to_have_class(re.compile(r"\bready\b"), timeout=PREVIEW_WAIT_MS)

    def save(self):
        self.tap(self.page.locator("text=Save hand"))
        self.page.wait_for_url(re.compile(r"/nights/\d+/$"))


def hand_form(page, live_server, user, sheet, dealer):
    """A new night of `sheet` (see open_night) open on its new-hand form, proposing `dealer`;
    returns the Tapper that counts what is entered there."""
    night = open_night(user, sheet, dealer)
    page.goto(f"{live_server.url}/nights/{night.pk}/")
    table.new_hand(page, dealer)
    return Tapper(page)


def shown(units):
    """Units as the ledger shows them (+3, −2, 0)."""
    return f"+{units}" if units > 0 else (f"−{-units}" if units < 0 else "0")


def open_night(user, sheet, first_dealer):
    """A night of the worked example's scoresheet `sheet` (its players, house rules, stake
    and pots), dealt first by `first_dealer`."""
    return make_night(
        user,
        sheet["variant"],
        sheet["players"],
        first_dealer,
        house_rules=sheet.get("house_rules", {}),
        per_point=Decimal(sheet.get("stake", {}).get("per_point", "1")),
        opening_pots=sheet.get("pots"),
    )


def report(rows, title):
    """Print the table of (hand, taps, typed numbers) and write it to
    artifacts/taps-<title>.md (README quotes it)."""
    lines = [f"### {title}", "", "| hand | taps | typed numbers |", "|---|---:|---:|"]
    lines += [f"| {name} | {taps} | {typed} |" for name, taps, typed in rows]
    text = "\n".join(lines) + "\n"
    print("\n" + text)
    REPORTS.mkdir(parents=True, exist_ok=True)
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    (REPORTS / f"taps-{slug}.md").write_text(text)
