"""The statistics' facts of a Strohmandli hand: each for himself; the point figures a
player's card points reach (játék, kassza, duplajáték, volát) and his captures made
silently, his announcements announced (failed when he announced falsely)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorebook.engine.facts import GAME, NO_RULES, Figure, HandFacts, generic_facts
from scorebook.engine.variants.strohmandli.tariffs import CHAIN_MADE, TOTAL_CARD_POINTS

# The statistics' figure of each of the variant's own codes.
FIGURE_OF = {
    "jatek": GAME,
    "kassza": "kassza",
    "duplajatek": "double_game",
    "volat": "volat",
    "pagatfogas": "pagat_catch",
    "uhu": "uhu",
    "pagatulti": "pagat_ultimo",
    "xxi_fogas": "xxi_catch",
    "tuletroa_captured": "trull_captured",
    "negy_kiraly_captured": "four_kings_captured",
    "fej": "heads",
    "tuletroa": "trull",
    "negy_kiraly": "four_kings",
}
FAILED = {"pagatulti_failed": "pagat_ultimo", "uhu_failed": "uhu"}


def hand_facts(
    players: tuple[str, ...], record: Mapping[str, Any], _rules: Mapping[str, Any] = NO_RULES
) -> HandFacts:
    facts = generic_facts(players, record)
    points = record.get("card_points") or {}
    figures = [
        Figure(FIGURE_OF[code], (p,), announced=False, made=True)
        for p in players
        for code in CHAIN_MADE[min(max(int(points.get(p) or 0), 0), TOTAL_CARD_POINTS)]
    ]
    for code, who in (record.get("captures") or {}).items():
        if who in players and (code in FIGURE_OF or code in FAILED):
            made = code in FIGURE_OF
            figures.append(Figure(FIGURE_OF.get(code) or FAILED[code], (who,), False, made))
    false = {
        i.get("player")
        for i in record.get("irregularities") or []
        if isinstance(i, Mapping) and i.get("kind") == "false_announcement"
    }
    figures += [
        Figure(FIGURE_OF[a["type"]], (a["player"],), True, a["player"] not in false)
        for a in record.get("announcements") or []
        if isinstance(a, Mapping) and a.get("player") in players and a.get("type") in FIGURE_OF
    ]
    return HandFacts(facts.roles, figures=tuple(figures))
