"""Labels for the values hand records use, shared by every variant's form.

Keyed by the record's own value (never by the variant): a value with no label here is shown
as it is written. The players' own terms (kontra, volát, ultimó, …) stay as they are.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from scorebook.engine.errors import Problem
from scorebook.engine.messages import msg
from scorebook.engine.types import HouseRule
from scorebook.speech import say

LABELS: dict[str, str | Promise] = {
    "played": _("played"),
    "all_pass": _("all pass"),
    "honourless_fail": _("honour-less failure"),
    "declined_three": _("declined three"),
    "thrown_in": _("thrown in"),
    "three": _("three (hármas)"),
    "two": _("two (kettős)"),
    "one": _("one (egyes)"),
    "solo": _("solo (szóló)"),
    "declarer": _("declarer side"),
    "opponents": _("opponents"),
    "self_call": _("self-call (önhívás)"),
    "called_card_discarded": _("called card discarded"),
    "double_game": _("double game (duplajáték)"),
    "volat": "volát",
    "trull": _("trull (tuli)"),
    "four_kings": _("four kings (négy király)"),
    "pagat_ultimo": "pagátultimó",
    "xxi_catch": _("XXI-catch (huszonegyfogás)"),
    "renonsz": _("revoke (renonsz)"),
    "wrong_discard": _("wrong discard"),
    "none": _("none"),
    "yielded": _("yielded game (engedett)"),
    "invit_xix": "invit XIX",
    "invit_xviii": "invit XVIII",
    "skiz": "skíz",
    "xxi": "XXI",
    "pagat": "pagát",
    "king": _("king"),
    "other": _("other card"),
    "won": _("won"),
    "lost": _("lost"),
    "trumps": _("trumps"),
    "matadors": _("matadors"),
    "kings": _("kings"),
    "cavalry": _("cavalry"),
    "rich": _("rich"),
    "full": _("full"),
    "half": _("half"),
    "hearts": _("hearts"),
    "diamonds": _("diamonds"),
    "spades": _("spades"),
    "clubs": _("clubs"),
    "queen": _("queen"),
    "cavalier": _("cavalier"),
    "jack": _("jack"),
    "superficial": _("superficial"),
    "small": _("small"),
    "large": _("large"),
    "irreparable": _("irreparable"),
    "join": _("joins"),
    "leave": _("leaves"),
    # the opening bookings of a night (a ledger row of their own)
    "kassza_stake": _("stake"),
    "foundations": _("foundations"),
}

CONTRA_LEVELS = ("—", "kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra")


def label(value: str) -> str:
    found = LABELS.get(value)
    return str(found) if found is not None else value.replace("_", " ")


# Pots by their stored key, as the players name them.
POT_TITLES: dict[str, str | Promise] = {
    "ultimokassza": "ultimókassza",
    "king": _("King pool"),
    "pagat": _("Pagat pool"),
}


def pot_title(key: str) -> str:
    """A pot by the players' name for it (an unknown key in words, never as stored)."""
    found = POT_TITLES.get(key)
    return str(found) if found is not None else words(key)


# --- house rules and record fields, as the players read them ---------------------------------


def words(key: str) -> str:
    """An identifier as words: its label where the app has one, else its parts spaced out
    (`min_tarokks` → "min tarokks"); never the identifier itself."""
    found = LABELS.get(key)
    return str(found) if found is not None else key.replace("_", " ").strip()


def key_words(key: str) -> str:
    """A key of a list or object house rule as words (its own label first)."""
    found = KEY_LABELS.get(key)
    return str(found) if found is not None else words(key)


# Keys of list or object house rules (their inputs are labelled with these).
KEY_LABELS: dict[str, str | Promise] = {
    "min_tarokks": _("at least this many tarokks"),
    "value": _("pays"),
    "card": _("card values"),
    "three": _("three of a kind"),
    "four_factor": _("four of a kind: factor"),
    "two_trick": _("trick with a two"),
    "last_trick": _("last trick"),
    "final_two_run": _("run of twos at the end"),
    "ace": _("ace"),
    "cavall": _("cavall"),
    "fante": _("fante"),
    "two": _("two"),
}


def rule_label(rule: HouseRule) -> str:
    """A house rule as the players name it: its label, else its name in words."""
    if rule.label is not None:
        return say(rule.label)
    text = rule.name.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def rule_value(rule: HouseRule, value: Any) -> str:
    """A house rule's value in words: yes / no, a choice by its label, a list or an object
    spelt out (`min tarokks 9, value 2`), "none" for none."""
    if value is None:
        return str(_("none"))
    if rule.kind == "bool" or isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    if rule.kind == "choice":
        for choice, text in zip(rule.choices, rule.choice_labels, strict=False):
            if choice == value and type(choice) is type(value):
                return say(text)
    return value_words(value)


def value_words(value: Any) -> str:
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    if value is None:
        return "—"
    if isinstance(value, list | tuple):
        return "; ".join(value_words(v) for v in value) if value else "—"
    if isinstance(value, dict):
        return ", ".join(f"{key_words(str(k))} {value_words(v)}" for k, v in value.items())
    if isinstance(value, str):
        return words(value)
    return str(value)


def field_words(path: str) -> str:
    """A record field path as a player reads it: `announcements[1].contra` → "announcements
    2 · contra", `result.declarer_card_points` → "declarer card points" (the top object of
    a hand, `result`, `bid`, …, is left out where a deeper name says more)."""
    parts: list[str] = []
    for key, index in _PATH_TOKEN.findall(path):
        if index and parts:
            parts[-1] += f" {int(index) + 1}"
        elif key:
            parts.append(key.replace("_", " "))
    return " · ".join(parts) or path


_PATH_TOKEN = re.compile(r"([^.\[\]]+)|\[(\d{1,3})\]")


def problem_line(problem: Problem) -> str:
    """A problem on one line in the page's language, its field in words."""
    field = field_words(problem.field)
    message = say(problem.message)
    if problem.hand is None:
        return say(msg("{field}: {message}", field=field, message=message))
    return say(
        msg("hand {hand}: {field}: {message}", hand=problem.hand, field=field, message=message)
    )
