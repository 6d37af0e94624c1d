"""Trisák tarokk's house rules (spec `trisak.md`)."""

from __future__ import annotations

from scorebook.engine.messages import msg, pmsg
from scorebook.engine.types import HouseRule
from scorebook.engine.variants._tarokk54 import BIDDING, CONTRAS_GROUP, PENALTIES

HAND_BONUSES = pmsg("tarokk54 house rule group", "Hand bonuses")
ULTIMO_GROUP = pmsg("tarokk54 house rule group", "Ultimó")

HOUSE_RULES = (
    HouseRule(
        "level1_first_hand_only",
        True,
        "bool",
        msg("Tr1: only the first hand may bid játék (level 1) and so choose trisákolás"),
        group=BIDDING,
        label=pmsg("trisak house rule", "Játék only from the first hand"),
    ),
    HouseRule(
        "all_pass_action",
        "redeal",
        "choice",
        msg("Tr2: when everybody passes: redeal, or play a trisákolás"),
        choices=("redeal", "trisakolas"),
        choice_labels=(
            pmsg("trisak all-pass action", "redeal"),
            msg("trisákolás"),
        ),
        group=BIDDING,
        label=msg("All pass"),
    ),
    HouseRule(
        "hand_bonuses_in_trisakolas",
        True,
        "bool",
        msg("Tr5: hand bonuses are paid in a trisákolás too"),
        group=HAND_BONUSES,
        label=pmsg("trisak house rule", "Hand bonuses in trisákolás"),
    ),
    HouseRule(
        "kis_honnorok_stacking",
        False,
        "bool",
        msg("Tr6: kis honnörök may be paid beside the same player's négy király or tulétroá"),
        group=HAND_BONUSES,
        label=pmsg("trisak house rule", "Kis honnörök beside bigger bonuses"),
    ),
    HouseRule(
        "hand_bonus_payers",
        "all_others",
        "choice",
        msg("Tr7: who pays a hand bonus: every other player, or only the holder's opponents"),
        choices=("all_others", "opposing_side"),
        choice_labels=(
            pmsg("trisak hand bonus payers", "every other player"),
            pmsg("trisak hand bonus payers", "the opposing side"),
        ),
        group=HAND_BONUSES,
        label=pmsg("trisak house rule", "Who pays a hand bonus"),
    ),
    HouseRule(
        "allow_contra",
        True,
        "bool",
        msg("Tr8: the game and an announced ultimó may be contra'd"),
        group=CONTRAS_GROUP,
        label=pmsg("trisak house rule", "Contras allowed"),
    ),
    HouseRule(
        "max_contra_level",
        "mordkontra",
        "choice",
        msg("Tr8: the highest contra step: mordkontra (×32) or rekontra (×4)"),
        choices=("mordkontra", "rekontra"),
        choice_labels=(
            pmsg("trisak highest contra", "up to mordkontra (×32)"),
            pmsg("trisak highest contra", "up to rekontra (×4)"),
        ),
        group=CONTRAS_GROUP,
        label=msg("Highest contra"),
    ),
    HouseRule(
        "ultimo_declarer_side_only",
        False,
        "bool",
        msg("Tr9: only the declarer's side may announce or make the ultimó"),
        group=ULTIMO_GROUP,
        label=pmsg("trisak house rule", "Ultimó for the declarer's side only"),
    ),
    HouseRule(
        "penalty_includes_bonuses",
        False,
        "bool",
        msg("Tr11: after a revoke or wrong discard the hand bonuses are still paid"),
        group=PENALTIES,
        label=pmsg("trisak house rule", "Bonuses paid after a revoke"),
    ),
    HouseRule(
        "settlement_per_player",
        22,
        "int",
        msg("Tr12: ultimóhívás settled for half fee: what the declarer pays each other player"),
        minimum=0,
        group=ULTIMO_GROUP,
        label=pmsg("trisak house rule", "Ultimóhívás settled for half fee"),
    ),
)
