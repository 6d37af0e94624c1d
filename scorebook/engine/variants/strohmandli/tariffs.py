"""Strohmandli's numbers and names: the card points, the threshold chain (játék, kassza,
duplajáték, volát), the figures' result points in the base rules and the variant, each
citing its section (spec shared/rules/strohmandli.md, seed 003).
"""

from __future__ import annotations

from collections.abc import Mapping

from scorebook.engine.messages import Msg, msg, pmsg

TOTAL_CARD_POINTS = 94  # 42-card pack, seed 004 §7 (spec §1)
TRICKS = 21  # 42 cards, two players
ANNOUNCEMENT_TYPES = ("fej", "tuletroa", "negy_kiraly")
IRREGULARITY_KINDS = ("revoke", "false_announcement")

# Point figures: (code, card points needed). Seed 003 "Strohmandli › Figurák" (játék 48,
# kassza 60, duplajáték 71, volát = every trick ⇔ 94).
CHAIN: tuple[tuple[str, int], ...] = (
    ("jatek", 48),
    ("kassza", 60),
    ("duplajatek", 71),
    ("volat", TOTAL_CARD_POINTS),
)
CHAIN_CODES = frozenset(code for code, _ in CHAIN)
THRESHOLDS: Mapping[str, int] = dict(CHAIN)

# Base rules: seed 003 "Strohmandli › Figurák" and "› Bejelentések".
BASE_VALUES: Mapping[str, int] = {
    "jatek": 1,
    "kassza": 2,
    "duplajatek": 4,
    "volat": 6,
    "pagatfogas": 5,
    "uhu": 5,
    "pagatulti": 5,
    "fej": 1,  # announcement (Bejelentések)
    "tuletroa": 2,  # announcement (Bejelentések)
    "negy_kiraly": 4,  # announcement (Bejelentések)
}
# House variant: seed 003 "Strohmandli-változat" table ("Pagátulti … 6Briscola" = 6).
VARIANT_VALUES: Mapping[str, int] = {
    "jatek": 1,
    "kassza": 2,
    "duplajatek": 4,
    "volat": 8,
    "pagatfogas": 3,
    "uhu": 4,
    "pagatulti": 6,
    "xxi_fogas": 5,
    "tuletroa_captured": 2,  # "volátban nem számít"
    "negy_kiraly_captured": 3,  # "volátban nem számít"
}

# Captures made in play, in the order of spec §13.4 item 1.
CAPTURES_BASE = ("pagatfogas", "uhu", "pagatulti")
CAPTURES_VARIANT = ("xxi_fogas", "tuletroa_captured", "negy_kiraly_captured")
CAPTURES_FAILED = ("pagatulti_failed", "uhu_failed")
CAPTURE_KEYS = CAPTURES_BASE + CAPTURES_VARIANT + CAPTURES_FAILED
# Each figure's name, and the reason shown after it (a point figure shows its threshold).
FIGURE_NAMES: Mapping[str, Msg] = {
    "jatek": msg("játék"),
    "kassza": msg("kassza"),
    "duplajatek": pmsg("strohmandli figure", "duplajáték"),
    "volat": msg("volát"),
    "pagatfogas": pmsg("strohmandli figure", "pagátfogás"),
    "uhu": msg("uhu"),
    "pagatulti": pmsg("strohmandli figure", "pagátulti"),
    "xxi_fogas": msg("XXI-fogás"),
    "tuletroa_captured": msg("tulétroá"),
    "negy_kiraly_captured": msg("négy király"),
    "fej": msg("fej"),
    "tuletroa": msg("tulétroá"),
    "negy_kiraly": msg("négy király"),
}
FIGURE_WHY: Mapping[str, Msg | str] = {
    "jatek": f"≥ {THRESHOLDS['jatek']}",
    "kassza": f"≥ {THRESHOLDS['kassza']}",
    "duplajatek": f"≥ {THRESHOLDS['duplajatek']}",
    "volat": msg("all 21 tricks"),
    "pagatfogas": msg("took the opponent's pagát"),
    "uhu": msg("won trick 20 with the II"),
    "pagatulti": msg("won trick 21 with his pagát"),
    "xxi_fogas": msg("took the opponent's XXI"),
    "tuletroa_captured": msg("took all three honours"),
    "negy_kiraly_captured": msg("took all four kings"),
    "fej": msg("announced, two honours"),
    "tuletroa": msg("announced, three honours"),
    "negy_kiraly": msg("announced, four kings"),
}


def _labels(values: Mapping[str, int]) -> dict[str, tuple[Msg, Msg]]:
    """Per figure: "name (why) value", then "name value"."""
    return {
        code: (
            msg(
                "{figure} ({why}) {value}",
                figure=FIGURE_NAMES[code],
                why=FIGURE_WHY[code],
                value=value,
            ),
            msg("{figure} {value}", figure=FIGURE_NAMES[code], value=value),
        )
        for code, value in values.items()
    }


# Not counted in a volát: "volátban nem számít" (seed 003 "Strohmandli-változat").
VOLAT_EXCLUDED = frozenset({"tuletroa_captured", "negy_kiraly_captured"})
# Keyed by "is the house variant" (ruleset).
LABELS = {False: _labels(BASE_VALUES), True: _labels(VARIANT_VALUES)}
# The chain figures made with n card points, for n = 0..94.
CHAIN_MADE: tuple[tuple[str, ...], ...] = tuple(
    tuple(code for code, need in CHAIN if n >= need) for n in range(TOTAL_CARD_POINTS + 1)
)
OFFENCE_NAMES = {
    "revoke": msg("revoke"),
    "false_announcement": msg("false announcement"),
}
