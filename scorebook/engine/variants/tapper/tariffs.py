"""Tapper tarokk's numbers and names: contracts, game values, card points, figures and
hand bonuses, each citing its section (spec `rules/tapper.md`; source: seed 004, Tolnai
1930, §70–§71).
"""

from __future__ import annotations

from scorebook.engine.messages import Msg, msg, pmsg

KEY = "tapper"
CONTRACTS = ("harmas", "also_harmas", "felso_harmas", "szolo")
# Contract values, seed 004 §70: hármas 3, alsó hármas 4, felső hármas 5, szóló 8.
GAME_VALUE = {"harmas": 3, "also_harmas": 4, "felso_harmas": 5, "szolo": 8}
CONTRACT_NAMES = {
    "harmas": pmsg("tapper tarokk contract", "hármas"),
    "also_harmas": msg("alsó hármas"),
    "felso_harmas": msg("felső hármas"),
    "szolo": msg("szóló"),
}
# Card-point totals and thresholds, seed 004 §67, §70: 54 cards 70 / 36, 42 cards 66 / 34.
TOTAL = {54: 70, 42: 66}
THRESHOLD = {54: 36, 42: 34}
# Trick figures (silent, announced) in the hármas games, seed 004 §70; doubled in szóló
# ("szólónál ennek kétszerese").
FIGURES: dict[str, tuple[int, int, Msg]] = {
    "pagat_ultimo": (3, 6, msg("pagát ultimó")),
    "volat": (12, 24, msg("volát")),
}
# Hand-held bonuses, seed 004 §71: four kings 3, tulétroá 3, fejek 1; doubled in szóló.
BONUSES: dict[str, tuple[int, Msg]] = {
    "four_kings": (3, msg("four kings")),
    "trull": (3, msg("tulétroá (three honours)")),
    "heads": (1, msg("fejek (two honours)")),
}
IRREGULARITIES = ("revoke", "wrong_discard", "no_tarokk_annulment")
