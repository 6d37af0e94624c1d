"""Option texts that hand templates write inline: `{% field … choices="value=text|…" %}`.

`{% field %}` passes such a text through gettext, so the English ones need a msgid; they are
listed in TRANSLATED (gettext_noop only marks them for makemessages). The players' own terms
(kontra, hármas, XIX, ♣ treff, …) read the same in both languages and are listed in AS_IS.
tests/web/test_i18n.py checks that every inline text in templates/ is in one of the two.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop

TRANSLATED = frozenset(
    {
        gettext_noop("ace (ász)"),
        gettext_noop("all pass (passz)"),
        gettext_noop("announced"),
        gettext_noop("annulled: no tarokk"),
        gettext_noop("cavall (lovas)"),
        gettext_noop("claimed after the hand"),
        gettext_noop("eight tarokks"),
        gettext_noop("failed"),
        gettext_noop("false announcement"),
        gettext_noop("fante (apród)"),
        gettext_noop("fejek (two honours)"),
        gettext_noop("forfeit (revoke)"),
        gettext_noop("held by a partner"),
        gettext_noop("illegal ultimó bid"),
        gettext_noop("in the talon"),
        gettext_noop("king (király)"),
        gettext_noop("lower three (alsó hármas)"),
        gettext_noop("made"),
        gettext_noop("mehet (simple game)"),
        gettext_noop("no game (abandoned)"),
        gettext_noop("no game (all passed)"),
        gettext_noop("no trick (schwarz)"),
        gettext_noop("none"),
        gettext_noop("played"),
        gettext_noop("played, left the king (half)"),
        gettext_noop("played, took the king (half)"),
        gettext_noop("reached 66"),
        gettext_noop("revoke (renonsz)"),
        gettext_noop("self-call"),
        gettext_noop("silent"),
        gettext_noop("the closer failed"),
        gettext_noop("thrown in"),
        gettext_noop("took a trick"),
        gettext_noop("took the last trick"),
        gettext_noop("trisákolás (all four passed)"),
        gettext_noop("tulétroá (three honours)"),
        gettext_noop("two (kettes)"),
    }
)

ROMAN = [
    "II",
    "III",
    "IV",
    "V",
    "VI",
    "VII",
    "VIII",
    "IX",
    "X",
    "XI",
    "XII",
    "XIII",
    "XIV",
    "XV",
    "XVI",
    "XVII",
    "XVIII",
    "XIX",
    "XX",
    "XXI",
]

AS_IS = frozenset(
    {
        *ROMAN,
        "—",
        "kontra",
        "rekontra",
        "szubkontra",
        "hirskontra",
        "mordkontra",
        "hármas",
        "alsó hármas",
        "felső hármas",
        "szóló",
        "szóló hármas",
        "szóló hármas és ultimó",
        "hármas szóló",
        "hármas játék",
        "hármas játék és ultimó",
        "játék",
        "játék és ultimó",
        "hívás",
        "ultimóhívás",
        "királyultimó",
        "trisákolás",
        "betli",
        "nyílt betli",
        "terített betli",
        "tulétroá",
        "fejek",
        "négy király",
        "kis honnörök",
        "♠ pikk",
        "♣ treff",
        "♥ kőr",
        "♦ káró",
    }
)

# Marked here because makemessages cannot see them where they are used (inside f-strings).
ELSEWHERE = (
    gettext_noop("default"),  # scorebook/forms.py, house-rule help: "… (default: …)"
)
