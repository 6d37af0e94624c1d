"""Paskievics tariffs and vocabulary: bid values, figure values, fees and card-point bounds.

Each tariff row cites the seed section it comes from (seed 004 = Tolnai 1930, by its own
paragraph numbers; spec = shared/rules/paskievics.md).
"""

from __future__ import annotations

from scorebook.engine.messages import msg, pmsg
from scorebook.engine.payments import CONTRA_NAMES

POT = "ultimokassza"
DECL, OPP = "declarer", "opponents"
SIDES = (DECL, OPP)
SIDE_FIELDS = (
    "all_tricks_side",
    "trull_side",
    "four_kings_side",
    "pagat_ultimo_side",
    "xxi_catch_side",
    "pagat_lost_last_trick_side",
)
OUTCOMES = ("played", "all_pass", "honourless_fail", "declined_three", "thrown_in")

# --- Tariffs ----------------------------------------------------------------------------
# Bid value G (seed 004 §23, §64 line 1) and talon cards the declarer takes (seed 004 §36).
LEVEL_VALUE = {"three": 1, "two": 2, "one": 3, "solo": 4}
LEVEL_TALON = {"three": 3, "two": 2, "one": 1, "solo": 0}
LEVEL_NAME = {
    "three": pmsg("paskievics bid", "three"),
    "two": pmsg("paskievics bid", "two"),
    "one": pmsg("paskievics bid", "one"),
    "solo": pmsg("paskievics bid", "solo"),
}
# Game tier as multiples of G: double game 2/4, volát 3/6 (seed 004 §64 lines 2–5).
GAME_TIER = {"double_game": (2, 4), "volat": (3, 6)}
# Figures (silent, announced), independent of the bid (seed 004 §64 lines 6–13).
FIGURE_VALUE = {
    "trull": (1, 2),
    "four_kings": (1, 2),
    "pagat_ultimo": (5, 10),
    "xxi_catch": (21, 42),
}
FIGURES = ("trull", "four_kings", "pagat_ultimo", "xxi_catch")
ANNOUNCEABLE = ("double_game", "volat", *FIGURES)
FIGURE_NAME = {
    "double_game": msg("double game"),
    "volat": msg("volát"),
    "trull": msg("trull"),
    "four_kings": msg("four kings"),
    "pagat_ultimo": msg("pagát ultimó"),
    "xxi_catch": msg("XXI-catch"),
}
COUNT_VALUE = {8: 1, 9: 2}  # eight / nine tarokks (seed 004 §45, §64 lines 14–17)
KASSZA_NO_GAME = 5  # "5-5 pontot" into the ultimókassza on any no-game (seed 004 §26, §38)
UJLAK_LOST_THREE = 10  # Újlak: a lost three pays 10 into the kassza (seed 004 §31)
TALON_HONOUR_FEE = {"skiz": 3, "xxi": 2, "pagat": 1}  # Újlak, to the dealer (seed 004 §40)
HONOUR_NAME = {
    "skiz": msg("skíz"),
    "xxi": msg("XXI"),
    "pagat": msg("pagát"),
}
HONOURS = tuple(HONOUR_NAME)
LEVELS = tuple(LEVEL_VALUE)
SILENT_ULTIMO_FAILURE = 5  # modern custom, spec §12 #13 (no seed)
TOTAL_POINTS, WIN_POINTS, DOUBLE_POINTS = 94, 48, 71  # card points (seed 004 §7, §9, §52)
TALON_CARDS = 6  # the talon: all six end in the discards (seed 004 §20, §37)
TRICK_CARDS = 4  # a trick: four cards of at least 1 card point each (seed 004 §7)
# The card points of the cards that may be discarded, highest first: kings and honours may
# not be (seed 004 §37), so queens 4, knights 3, jacks 2, then aces/tens and tarokks 1
# (seed 004 §7); MOST_IN_DISCARDS[n] is the most n discarded cards can hold (six: 22).
DISCARDABLE_POINTS = (4,) * 4 + (3,) * 4 + (2,) * 4 + (1,) * TALON_CARDS
MOST_IN_DISCARDS = tuple(sum(DISCARDABLE_POINTS[:n]) for n in range(TALON_CARDS + 1))
HONOUR_POINTS, KINGS_POINTS = 5, 20  # seed 004 §7
# Any tarokk but an honour may be called (seed 004 §46).
CALLED_CARDS: tuple[str, ...] = ("XX", "XIX", "XVIII", "XVII", "XVI", "XV", "XIV", "XIII", "XII", "XI", "X", "IX", "VIII", "VII", "VI", "V", "IV", "III", "II")  # fmt: skip
COUNT_NAME = {
    8: msg("eight tarokks"),
    9: pmsg("paskievics count", "nine tarokks"),
}
SIDE_NAME = {
    DECL: pmsg("paskievics side", "declarer side"),  # hu: plural, the sentences agree with it
    OPP: msg("opponents"),
}
# A side inside a sentence: languages may add an article or a case here.
SIDE_IN_SENTENCE = {
    DECL: pmsg("paskievics side, in a sentence", "declarer side"),
    OPP: pmsg("paskievics side, in a sentence", "opponents"),
}
# The contra levels by name, 0 = no contra.
MAX_CONTRA = 5  # mordkontra
CONTRA_NAME = CONTRA_NAMES
IRREGULARITY_NAME = {
    "renonsz": pmsg("paskievics irregularity", "renonsz (revoke)"),
    "wrong_discard": msg("wrong discard"),
}


def other(side: str) -> str:
    return OPP if side == DECL else DECL
