"""Magyar tarokk's house rules (spec `rules/magyar.md` section 12), and `voids`: whether
an irregularity replaces the normal settlement under them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.types import HouseRule, Session
from scorebook.engine.variants._tarokk_count import bonus_step_problem, is_bonus_step


@dataclass(frozen=True, slots=True)
class CountBonusRule(HouseRule):
    """A house rule whose value is null or {"min_tarokks": n, "value": v} (section 12 #5).

    `HouseRule.check` knows no object-valued kind, so this one checks its own values.
    """

    def check(self, value: Any) -> Msg | None:
        if value is None:
            return None
        if not is_bonus_step(value):
            return msg(
                "{value} is not a tarokk-count bonus (the least number of tarokks and the bonus)",
                value=repr(value),
            )
        return bonus_step_problem(value)


GAME_GROUP = msg("Game and figures")
DEALING_GROUP = pmsg("magyar house rule group", "Bidding and dealing")
KASSZA_GROUP = msg("Ultimókassza")
PENALTY_GROUP = msg("Penalties")

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "tariff_per_opponent",
        True,
        "bool",
        pmsg(
            "magyar tarokk house rule",
            "Each opponent pays the full tariff (off: the amount is split, each opponent "
            "paying half)",
        ),
        group=GAME_GROUP,
        label=pmsg("magyar house rule", "Full tariff from each opponent"),
    ),
    HouseRule(
        "max_talon_step",
        "source",
        "choice",
        pmsg(
            "magyar tarokk house rule",
            "Last talon step: as the source (3rd three, 5th two, 11th one) or unlimited",
        ),
        choices=("source", "unlimited"),
        choice_labels=(
            pmsg("magyar tarokk house rule", "as the source"),
            pmsg("magyar tarokk house rule", "unlimited"),
        ),
        group=DEALING_GROUP,
        label=pmsg("magyar house rule", "Last talon step"),
    ),
    HouseRule(
        "talon_counts_for_figures",
        True,
        "bool",
        pmsg(
            "magyar tarokk house rule",
            "Left-over talon cards complete the opponents' trull or four kings",
        ),
        group=GAME_GROUP,
        label=msg("Talon cards count for figures"),
    ),
    HouseRule(
        "double_game",
        False,
        "bool",
        pmsg(
            "magyar tarokk house rule",
            "Double game (Tolnai 1930, §52): 2G silent, 4G announced, from 71 card points",
        ),
        group=GAME_GROUP,
        label=pmsg("magyar house rule", "Double game"),
    ),
    CountBonusRule(
        "tarokk_count_bonus",
        None,
        "json",
        pmsg(
            "magyar tarokk house rule",
            "A bonus for announcing many tarokks: from the given number of tarokks on, each "
            "other player pays the given amount (none: not played)",
        ),
        group=GAME_GROUP,
        label=msg("Tarokk-count bonus"),
    ),
    HouseRule(
        "all_pass_rule",
        "next_dealer",
        "choice",
        pmsg(
            "magyar tarokk house rule",
            "After an all-pass the next dealer deals (or the same dealer again)",
        ),
        choices=("next_dealer", "same_dealer"),
        choice_labels=(
            msg("the next dealer deals"),
            pmsg("magyar tarokk house rule", "the same dealer again"),
        ),
        group=DEALING_GROUP,
        label=msg("All pass"),
    ),
    HouseRule(
        "ultimo_kassza",
        False,
        "bool",
        pmsg(
            "magyar tarokk house rule",
            "Ultimókassza as in Paskievics: 5 each on a no-game, announced ultimó takes or "
            "doubles it",
        ),
        group=KASSZA_GROUP,
        label=msg("Ultimókassza"),
    ),
    HouseRule(
        "game_tier_rule",
        "announced_else_max",
        "choice",
        pmsg(
            "magyar tarokk house rule",
            "Without a volát announcement: pay the larger of the contra'd game and a silent "
            "volát (or the silent volát replaces the game)",
        ),
        choices=("announced_else_max", "announced_else_replace"),
        choice_labels=(
            pmsg("magyar tarokk house rule", "the larger"),
            pmsg("magyar tarokk house rule", "the silent volát replaces"),
        ),
        group=GAME_GROUP,
        label=pmsg("magyar house rule", "Game vs. silent volát"),
    ),
    HouseRule(
        "volat_voids_silent",
        "trull_four_kings",
        "choice",
        pmsg(
            "magyar tarokk house rule",
            "A volát voids silent trull and four kings (or every silent figure)",
        ),
        choices=("trull_four_kings", "all_silent"),
        choice_labels=(
            msg("trull and four kings"),
            pmsg("magyar tarokk house rule", "every silent figure"),
        ),
        group=GAME_GROUP,
        label=msg("Volát and silent figures"),
    ),
    HouseRule(
        "wrong_discard_penalty",
        "strict",
        "choice",
        pmsg(
            "magyar tarokk house rule",
            "Wrong discard: the declarer pays each opponent Q (strict) or only loses his winnings",
        ),
        choices=("strict", "mild"),
        choice_labels=(
            msg("strict"),
            msg("mild"),
        ),
        group=PENALTY_GROUP,
        label=msg("Wrong discard"),
    ),
    HouseRule(
        "irregularity_voids_hand",
        True,
        "bool",
        pmsg(
            "magyar tarokk house rule",
            "A revoke or strict wrong discard voids the normal settlement (off: penalty on top)",
        ),
        group=PENALTY_GROUP,
        label=msg("Revoke voids the settlement"),
    ),
    HouseRule(
        "silent_ultimo_failure_penalty",
        False,
        "bool",
        pmsg(
            "magyar tarokk house rule",
            "A pagát played to the last trick and beaten costs its side 5",
        ),
        group=GAME_GROUP,
        label=msg("Silent ultimó lost"),
    ),
    HouseRule(
        "max_contra_level",
        5,
        "choice",
        pmsg("magyar tarokk house rule", "Highest contra: mordkontra (5) or rekontra (2)"),
        choices=(5, 2),
        choice_labels=(
            msg("up to mordkontra (5)"),
            msg("up to rekontra (2)"),
        ),
        group=GAME_GROUP,
        label=msg("Highest contra"),
    ),
    HouseRule(
        "no_tarokk_throw_in",
        False,
        "bool",
        pmsg(
            "magyar tarokk house rule",
            "A player with no tarokk or the XXI alone may throw the hand in (a no-game)",
        ),
        group=DEALING_GROUP,
        label=pmsg("magyar house rule", "Throwing in without tarokks"),
    ),
)


def voids(session: Session, kind: str) -> bool:
    """Whether the irregularity replaces the normal settlement (spec §9, §12 #10)."""
    if kind == "wrong_discard" and session.house_rules["wrong_discard_penalty"] == "mild":
        return False
    return bool(session.house_rules["irregularity_voids_hand"])
