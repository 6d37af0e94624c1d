"""Labels for the values hand records use, shared by every variant's form.

Keyed by the record's own value (never by the variant): a value with no label here is shown
as it is written. The players' own terms (kontra, volát, ultimó, …) stay as they are.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

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
    return str(POT_TITLES.get(key, key))
