"""Magyar tarokk's numbers and names: levels, game values, figures, each citing its
section (spec `rules/magyar.md`; source: seed 004, Tolnai 1930, §65 and the Paskievics rules
it refers to).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.types import Amount
from scorebook.engine.variants._hungarian import DECLARER, OPPONENTS

KEY = "magyar"
OUTCOMES = ("played", "all_pass", "no_game")
LEVELS = ("three", "lower_three", "two", "one", "solo")

TOTAL_CARD_POINTS = 94  # seed 004 §7 by reference, §66
WIN_THRESHOLD = 48  # seed 004 §65 ("legalább 48 pontot"); 47–47 the opponents win (§9)
DOUBLE_GAME_THRESHOLD = 71  # seed 004 §52 (only with double_game)
SOLO_VALUE = 10  # seed 004 §65 "Szólójáték 10 pont"
# Talon steps: G for keeping a group at step k (seed 004 §65): three k, lower three k + 1,
# two 2k, one 3k. (unit, offset) per level.
STEP_VALUE = {"three": (1, 0), "lower_three": (1, 1), "two": (2, 0), "one": (3, 0)}
# The source's last named step: 3rd three, 3rd lower three, 5th two, 11th one (seed 004 §65)
SOURCE_MAX_STEP = {"three": 3, "lower_three": 3, "two": 5, "one": 11}
# Talon cards kept per level; the rest of the 6-card talon goes to the opponents (§65)
KEPT = {"three": 3, "lower_three": 3, "two": 2, "one": 1, "solo": 0}
TALON_SIZE = 6
# Figures (silent, announced), seed 004 §65: tulétroá 1/2, négy király 1/2, pagát ultimó
# 5/10, huszonegyfogás 21/42.
FIGURES: dict[str, tuple[int, int, Msg]] = {
    "trull": (1, 2, msg("trull")),
    "four_kings": (1, 2, msg("four kings")),
    "pagat_ultimo": (5, 10, msg("pagát ultimó")),
    "xxi_catch": (21, 42, msg("XXI-catch")),
}
VOLAT = msg("volát")  # silent 3G, announced 6G (seed 004 §65)
# silent 2G, announced 4G (seed 004 §52)
DOUBLE_GAME = msg("double game")
GAME_TIER = ("volat", "double_game")
KASSZA_NO_GAME = 5  # per player on any no-game (seed 004 §26, via paskievics.md §8)
SILENT_ULTIMO_FAILURE = 5  # section 12 #11 (paskievics.md §12 #13)
TALON_FIGURE_CARDS = {"skiz": 1, "xxi": 1, "pagat": 1, "king": 4}
HONOURS = ("skiz", "xxi", "pagat")
EMPTY: Mapping[str, Amount] = MappingProxyType({})  # shared by explanation-only lines
SIDE_NAMES = {
    DECLARER: msg("declarer"),
    OPPONENTS: msg("opponents"),
}
# The side as the subject of a sentence ("silent volát of the declarer").
THE_SIDE = {
    DECLARER: pmsg("magyar tarokk side", "the declarer"),
    OPPONENTS: pmsg("magyar tarokk side", "the opponents"),
}

LEVEL_NAMES = {
    "three": pmsg("magyar tarokk level", "hármas"),
    "lower_three": msg("alsó hármas"),
    "two": pmsg("magyar tarokk level", "kettős"),
    "one": pmsg("magyar tarokk level", "egyes"),
    "solo": msg("szóló"),
}
# The talon step as a kettős or egyes is named by it ("harmadik kettős" in Hungarian): the
# source's steps, one message each, so that a language may name them by ordinal words.
STEP_ORDINALS = (
    pmsg("magyar tarokk talon step, ordinal", "1"),
    pmsg("magyar tarokk talon step, ordinal", "2"),
    pmsg("magyar tarokk talon step, ordinal", "3"),
    pmsg("magyar tarokk talon step, ordinal", "4"),
    pmsg("magyar tarokk talon step, ordinal", "5"),
    pmsg("magyar tarokk talon step, ordinal", "6"),
    pmsg("magyar tarokk talon step, ordinal", "7"),
    pmsg("magyar tarokk talon step, ordinal", "8"),
    pmsg("magyar tarokk talon step, ordinal", "9"),
    pmsg("magyar tarokk talon step, ordinal", "10"),
    pmsg("magyar tarokk talon step, ordinal", "11"),
)


def game_value(level: str, step: int | None) -> int:
    if level == "solo" or step is None:
        return SOLO_VALUE
    unit, offset = STEP_VALUE[level]
    return unit * step + offset
