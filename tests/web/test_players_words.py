"""Players' words only (issue 12): no page shows a programmer's identifier.

Every page of a night of every variant (its example night, imported), in every language the
app speaks, is rendered and its visible text searched for snake_case words
(`game_tier_rule`) and dotted record paths (`result.declarer_card_points`). Visible text is
what a player reads: the text between the tags, plus the attributes a browser shows (title,
placeholder, aria-label, a text input's value); never scripts, styles or other attributes.

Words the engine's variant modules still say (they are being converted to message ids by
other branches) are listed in `ENGINE_WORDS`, by variant: the test passes while they show and
fails once one no longer does, so that the list only ever shrinks.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from scorebook import labels, services, sheets
from scorebook.engine import registry
from scorebook.engine.errors import Problem
from scorebook.engine.messages import msg
from scorebook.engine.types import HouseRule
from scorebook.models import Hand, Night, Player

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
KEYS = [k for k in registry.VARIANT_KEYS if (ROOT / "examples" / f"{k}.json").exists()]
LANGS = [code for code in ("en", "hu", "pl") if code in dict(settings.LANGUAGES)]

SNAKE = re.compile(r"(?<![\w-])[a-z]+_[a-z_]+(?![\w-])")
# A record path: word.word (at least one side longer than a letter, so "e.g." passes), or
# a word with a row index: `announcements[1].contra`, `result.declarer_card_points`.
PATH = re.compile(r"(?<![\w.@/-])[a-z][a-z_]*(?:\[\d+\])?(?:\.[a-z@][\w@]*(?:\[\d+\])?)+")
NOT_A_PATH = re.compile(
    r"^(?:e\.g|i\.e|[a-z]\.[a-z]|pagat\.com|www\..*|.*\.(?:com|org|hu|pl|net))$"
)
URL = re.compile(r"https?://\S+")

# Words a variant module may still show, by variant: none any more. Should one be needed
# again, list it here; the test then fails as soon as the word no longer shows.
ENGINE_WORDS: dict[str, frozenset[str]] = {}

# Attributes a browser shows to the player.
SHOWN_ATTRIBUTES = ("title", "placeholder", "aria-label", "alt")
HIDDEN_ELEMENTS = ("script", "style", "template")


class Visible(HTMLParser):
    """The text a player sees on a page (and the hand form's inputs, as a browser sends them)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag in HIDDEN_ELEMENTS:
            self.hidden += 1
        self.parts += [a[name] for name in SHOWN_ATTRIBUTES if a.get(name)]
        if tag == "input" and a.get("type", "text") in ("text", "number", "submit", "button"):
            self.parts.append(a.get("value", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag in HIDDEN_ELEMENTS and self.hidden:
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = Visible()
    parser.feed(html)
    return URL.sub(" ", "\n".join(parser.parts))


def identifiers(html: str) -> set[str]:
    """The snake_case words and record paths a player would read on the page."""
    text = visible_text(html)
    found = set(SNAKE.findall(text))
    found |= {p for p in PATH.findall(text) if not NOT_A_PATH.match(p)}
    return found


class FormFields(HTMLParser):
    """What a browser sends for the form `form_id` as it is shown (untouched)."""

    def __init__(self, form_id: str) -> None:
        super().__init__(convert_charrefs=True)
        self.form_id = form_id
        self.inside = False
        self.data: list[tuple[str, str]] = []
        self.select: str | None = None
        self.option: tuple[str, bool] | None = None
        self.chosen: str | None = None
        self.first: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v if v is not None else "" for k, v in attrs}
        if tag == "form":
            self.inside = a.get("id") == self.form_id
        if not self.inside or "disabled" in a:
            return
        if tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self.data.append((a["name"], a.get("value", "on")))
            elif kind not in ("submit", "button", "image", "file", "reset"):
                self.data.append((a["name"], a.get("value", "")))
        elif tag == "textarea" and a.get("name"):
            self.data.append((a["name"], ""))
        elif tag == "select" and a.get("name"):
            self.select, self.chosen, self.first = a["name"], None, None
        elif tag == "option" and self.select is not None:
            value = a.get("value", "")
            if self.first is None:
                self.first = value
            if "selected" in a:
                self.chosen = value

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "select" and self.select is not None:
            picked = self.chosen if self.chosen is not None else self.first
            if picked is not None:
                self.data.append((self.select, picked))
            self.select = None


def untouched(html: str, form_id: str) -> dict[str, list[str]]:
    parser = FormFields(form_id)
    parser.feed(html)
    out: dict[str, list[str]] = {}
    for name, value in parser.data:
        out.setdefault(name, []).append(value)
    return out


class Pages:
    """Renders pages in one language and keeps what each shows that is not players' words."""

    def __init__(self, client, lang: str) -> None:
        self.client, self.lang = client, lang
        self.found: dict[str, set[str]] = {}

    def check(self, name: str, response) -> str:
        assert response.status_code in (200, 302), (name, response.status_code)
        if response.status_code == 302:
            return ""
        html = response.content.decode()
        for word in identifiers(html):
            self.found.setdefault(word, set()).add(f"{self.lang} {name}")
        return html

    def get(self, name: str, url: str) -> str:
        return self.check(name, self.client.get(url, HTTP_ACCEPT_LANGUAGE=self.lang))

    def post(self, name: str, url: str, data: dict) -> str:
        return self.check(name, self.client.post(url, data, HTTP_ACCEPT_LANGUAGE=self.lang))


def imported(user, key: str) -> Night:
    doc = json.loads((ROOT / "examples" / f"{key}.json").read_text(encoding="utf-8"))
    return sheets.create_night_from_sheet(owner=user, data=doc, place="Kávéház")


def night_pages(pages: Pages, night: Night) -> None:
    pk = night.pk
    pages.get("night", reverse("night", args=[pk]) + "?show=9999")
    new = pages.get("new hand", reverse("new_hand", args=[pk]))
    hands = [h for h in Hand.objects.filter(night=night).order_by("position") if not h.is_event]
    # Every hand's form in the first language; the others differ only in the words around.
    for hand in hands if pages.lang == LANGS[0] else hands[:1] + hands[-1:]:
        pages.get(f"edit hand {hand.number}", reverse("edit_hand", args=[pk, hand.pk]))
    pages.post("new hand, empty save", reverse("new_hand", args=[pk]), {})
    pages.post("edit hand, empty save", reverse("edit_hand", args=[pk, hands[0].pk]), {})
    pages.post("new hand, preview", reverse("preview", args=[pk]), untouched(new, "hand-form"))
    for name in ("settle", "print", "share", "table", "night_history", "edit_night"):
        pages.get(name, reverse(name, args=[pk]))
    token = services.share_night(night=night).token
    pages.get("shared page", reverse("shared", args=[token]))
    pages.get("shared table", reverse("shared_table", args=[token]))
    rules = pages.get("house rules", reverse("house_rules", args=[pk]))
    changed = changed_rule(rules)
    pages.post("house rules, preview", reverse("house_rules", args=[pk]), changed)
    # Saved (unless the hands refuse it), the change shows in the night's history.
    pages.post("house rules, save", reverse("house_rules", args=[pk]), changed | {"confirm": "1"})
    pages.get("night history after a rules change", reverse("night_history", args=[pk]))
    # Last, as they may record: the edit form saved as it opens (a second version, shown in
    # the hand's history), the new-hand form saved as it opens.
    edit = reverse("edit_hand", args=[pk, hands[0].pk])
    pages.post(
        "edit hand, untouched save", edit, untouched(pages.get("edit hand", edit), "hand-form")
    )
    pages.get("edit hand after a save", edit)
    pages.post(
        "new hand, untouched save", reverse("new_hand", args=[pk]), untouched(new, "hand-form")
    )


def changed_rule(html: str) -> dict[str, list[str]]:
    """The house rules form as it opens with its first yes/no rule flipped."""
    data = untouched(html, "rules-form")
    boxes = re.findall(r'<input type="checkbox" name="(hr_\w+)"', html)
    if boxes:
        name = boxes[0]
        if name in data:
            del data[name]
        else:
            data[name] = ["on"]
    return data


def offenders(found: dict[str, set[str]], allowed: frozenset[str]) -> list[str]:
    return [
        f"{word!r} on {', '.join(sorted(where))}"
        for word, where in sorted(found.items())
        if word not in allowed
    ]


@pytest.mark.parametrize("key", KEYS)
def test_every_page_of_a_night_speaks_players_words(client_in, user, key):
    night = imported(user, key)
    found: dict[str, set[str]] = {}
    for lang in LANGS:
        pages = Pages(client_in, lang)
        pages.get("set-up", reverse("setup", args=[key]))
        night_pages(pages, night)
        for word, where in pages.found.items():
            found.setdefault(word, set()).update(where)
    allowed = ENGINE_WORDS.get(key, frozenset())
    problems = offenders(found, allowed)
    stale = sorted(allowed - set(found))
    if stale:
        problems.append(f"no longer shown, remove from ENGINE_WORDS[{key!r}]: {stale}")
    assert not problems, f"{key}: identifiers on the pages:\n  " + "\n  ".join(problems)


def test_the_pages_beside_the_nights_speak_players_words(client_in, user):
    for key in KEYS:
        imported(user, key)
    found: dict[str, set[str]] = {}
    for lang in LANGS:
        pages = Pages(client_in, lang)
        pages.get("home", reverse("home"))
        pages.get("new night", reverse("new_night"))
        pages.get("nights", reverse("night_list"))
        pages.get("players", reverse("player_list"))
        for player in Player.objects.filter(owner=user):
            pages.get(f"player {player.name}", reverse("player", args=[player.pk]))
        for word, where in pages.found.items():
            found.setdefault(word, set()).update(where)
    problems = offenders(found, frozenset())
    assert not problems, "identifiers on the pages:\n  " + "\n  ".join(problems)


def test_the_checker_sees_what_a_player_sees():
    html = (
        '<p title="game_tier_rule">x</p><script>var a_b = 1;</script><style>.a_b{}</style>'
        '<input type="hidden" name="hr_x" value="all_pass"><a href="/a_b/">result.points</a>'
        "<p>e.g. pagat.com, Dóra → ultimokassza, https://x.example/s/ab_cd/</p>"
    )
    assert identifiers(html) == {"game_tier_rule", "result.points"}


@pytest.fixture
def english():
    with translation.override("en"):
        yield


def test_a_house_rule_reads_by_its_label_or_its_name_in_words(english):
    plain = HouseRule("kassza_end_of_session", "split_equally", "choice", msg("x"))
    assert labels.rule_label(plain) == "Kassza end of session"
    named = HouseRule("ultimo_kassza", False, "bool", msg("x"), label=msg("Ultimókassza"))
    assert labels.rule_label(named) == "Ultimókassza"
    with translation.override("hu"):
        assert labels.rule_value(named, True) == "igen"
    choice = HouseRule(
        "all_pass_rule",
        "a_b",
        "choice",
        msg("x"),
        choices=("a_b", "c_d"),
        choice_labels=(msg("the next dealer deals"), msg("redeal")),
    )
    assert labels.rule_value(choice, "c_d") == "redeal"
    bonus = HouseRule("tarokk_count_bonus", None, "json", msg("x"))
    assert labels.rule_value(bonus, None) == "none"
    assert labels.rule_value(bonus, {"min_tarokks": 9, "value": 2}) == (
        "at least this many tarokks 9, pays 2"
    )


def test_a_problem_names_its_field_in_words(english):
    problem = Problem(
        "result.declarer_card_points", msg("{value} is above {hi}", value=97, hi=94), 3
    )
    assert labels.problem_line(problem) == "hand 3: result · declarer card points: 97 is above 94"
    assert labels.field_words("announcements[1].contra") == "announcements 2 · contra"
