"""Strohmandli's house rules (spec strohmandli.md §12)."""

from __future__ import annotations

from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.types import HouseRule

RULES_SCORING = msg("Scoring")
# The dealer rotations by the words the house rules page shows for them.
ROTATION_NAMES: dict[str, Msg] = {
    "alternate": msg("alternate"),
    "loser_deals": msg("loser deals"),
    "winner_deals": pmsg("strohmandli dealer rotation", "winner deals"),
}
RULES_PENALTIES = msg("Penalties")
RULES_DEALS = msg("Dealer and matches")

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "ruleset",
        "base",
        "choice",
        msg("The base rules, or the 'Strohmandli-változat' table (no announcements)."),
        choices=("base", "house_variant"),
        group=RULES_SCORING,
        choice_labels=(
            pmsg("strohmandli ruleset", "base rules"),
            pmsg("strohmandli ruleset", "house variant"),
        ),
        label=pmsg("strohmandli house rule", "Rule set"),
    ),
    HouseRule(
        "figure_scoring",
        "all",
        "choice",
        msg("Several figures in one deal: every figure counts, or only the highest."),
        choices=("all", "highest_only"),
        group=RULES_SCORING,
        choice_labels=(
            pmsg("strohmandli figure scoring", "every figure"),
            pmsg("strohmandli figure scoring", "highest only"),
        ),
        label=pmsg("strohmandli house rule", "Several figures"),
    ),
    HouseRule(
        "highest_only_scope",
        "threshold_chain",
        "choice",
        msg(
            "With 'highest only': the highest of játék/kassza/duplajáték/volát, or of all figures."
        ),
        choices=("threshold_chain", "all_figures"),
        group=RULES_SCORING,
        choice_labels=(
            pmsg("strohmandli highest only scope", "point figures only"),
            pmsg("strohmandli highest only scope", "all figures"),
        ),
        label=pmsg("strohmandli house rule", "Highest figure among"),
    ),
    HouseRule(
        "allow_fej_and_tuletroa",
        False,
        "bool",
        msg("One player may score both fej and tulétroá in the same deal."),
        group=RULES_SCORING,
        label=pmsg("strohmandli house rule", "Fej and tulétroá together"),
    ),
    HouseRule(
        "failed_ulti_penalty",
        0,
        "int",
        msg("Result points credited to the opponent for a failed pagátulti or uhu (0 = none)."),
        group=RULES_PENALTIES,
        minimum=0,
        label=pmsg("strohmandli house rule", "Failed ulti penalty"),
    ),
    HouseRule(
        "revoke_penalty_points",
        None,
        "optional_int",
        msg(
            "Result points credited to the opponent per revoke or false announcement (empty = none)."
        ),
        group=RULES_PENALTIES,
        minimum=1,
        label=msg("Revoke penalty"),
    ),
    HouseRule(
        "dealer_rotation",
        "alternate",
        "choice",
        msg(
            "Who deals next: alternately, the loser of the deal, or its winner (equal RP: alternate)."
        ),
        choices=tuple(ROTATION_NAMES),
        group=RULES_DEALS,
        choice_labels=tuple(ROTATION_NAMES.values()),
        label=msg("Dealer rotation"),
    ),
    HouseRule(
        "target_points",
        None,
        "optional_int",
        msg("A match ends when a player's match score reaches this (empty = no target)."),
        group=RULES_DEALS,
        minimum=1,
        label=msg("Match target"),
    ),
    HouseRule(
        "match_deals",
        None,
        "optional_int",
        msg("A match ends after this many deals (empty = no fixed length)."),
        group=RULES_DEALS,
        minimum=1,
        label=pmsg("strohmandli house rule", "Deals per match"),
    ),
)
