"""Ultimo's house rules (spec `rules/ultimo.md` §12), grouped as the set-up form shows them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.types import HouseRule
from scorebook.engine.variants.ultimo.tariffs import TOUT_DEFAULT

# How the joining fee is rounded (house rule `join_fee_rounding`), as the rules page and the
# joining fee's line say it.
ROUNDING_NAMES = {
    "nearest": msg("nearest"),
    "up": msg("up"),
    "down": msg("down"),
}


@dataclass(frozen=True, slots=True)
class _NullableChoice(HouseRule):
    """A choice whose default is null: HouseRule.check compares types with the default."""

    def check(self, value: Any) -> Msg | None:
        if value is None or (isinstance(value, str) and value in self.choices):
            return None
        allowed = ", ".join(repr(c) for c in self.choices)
        return msg("{value} is not one of {allowed}", value=repr(value), allowed=allowed)


PAYMENTS = pmsg("ultimo house rules", "Payments")
PENALTIES = pmsg("ultimo house rules", "Penalties and void hands")
SESSION = pmsg("ultimo house rules", "Pools and session")

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "fourth_player_pays_ultimo",
        False,
        "bool",
        msg(
            "The person sitting out also pays Pagat Ultimo, King Ultimo and Tout (not recommended)"
        ),
        group=PAYMENTS,
        label=pmsg("ultimo house rule", "The player sitting out pays too"),
    ),
    HouseRule(
        "tout_value",
        TOUT_DEFAULT,
        "int",
        msg("Tout: units from each other player (Polish rules 85; pagat.com 135)"),
        group=PAYMENTS,
        minimum=0,
        label=pmsg("ultimo house rule", "Tout value"),
    ),
    HouseRule(
        "tout_cancels_card_points",
        False,
        "bool",
        msg("No card-point settlement after a Tout"),
        group=PAYMENTS,
        label=pmsg("ultimo house rule", "Tout cancels card points"),
    ),
    HouseRule(
        "card_points_cap",
        None,
        "optional_int",
        msg("Cap on one card-point settlement (empty = no cap)"),
        group=PAYMENTS,
        minimum=0,
        label=pmsg("ultimo house rule", "Card-point cap"),
    ),
    HouseRule(
        "skat_points_to",
        "dealer",
        "choice",
        msg("Who counts the Skat point"),
        choices=("dealer",),
        group=PAYMENTS,
        choice_labels=(pmsg("ultimo house rule skat points to", "the dealer"),),
        label=pmsg("ultimo house rule", "Skat point"),
    ),
    HouseRule(
        "void_hand_reverses_payments",
        False,
        "bool",
        msg("A void hand reverses its declarations and in-play payments too"),
        group=PENALTIES,
        label=pmsg("ultimo house rule", "Void hand reverses payments"),
    ),
    HouseRule(
        "redeal_allowed_after_declarations",
        True,
        "bool",
        msg("A no-trump redeal may be asked after declarations (they are reversed)"),
        group=PENALTIES,
        label=pmsg("ultimo house rule", "Redeal after declarations"),
    ),
    HouseRule(
        "failed_tout_joker_penalty",
        "large",
        "choice",
        msg("Penalty for a failed Tout after discarding the Joker"),
        choices=("small", "large", "irreparable_amount"),
        group=PENALTIES,
        choice_labels=(
            pmsg("ultimo house rule failed tout joker penalty", "small (5 into each pool)"),
            pmsg("ultimo house rule failed tout joker penalty", "large (20 into each pool)"),
            pmsg("ultimo house rule failed tout joker penalty", "40 into each pool, hand stands"),
        ),
        label=pmsg("ultimo house rule", "Failed Tout after discarding the Joker"),
    ),
    _NullableChoice(
        "revoke_penalty_class",
        None,
        "choice",
        msg("Penalty for a revoke (empty = none)"),
        choices=(None, "large", "irreparable"),
        group=PENALTIES,
        choice_labels=(
            pmsg("ultimo house rule revoke penalty class", "none"),
            msg("large"),
            pmsg("ultimo house rule revoke penalty class", "irreparable (hand void)"),
        ),
        label=msg("Revoke penalty"),
    ),
    HouseRule(
        "misdeal_offender",
        "holder",
        "choice",
        msg("Who pays for a wrong number of cards found in play"),
        choices=("holder", "dealer"),
        group=PENALTIES,
        choice_labels=(
            pmsg("ultimo house rule misdeal offender", "the holder"),
            pmsg("ultimo house rule misdeal offender", "the dealer"),
        ),
        label=pmsg("ultimo house rule", "Wrong number of cards: who pays"),
    ),
    HouseRule(
        "pool_split_remainder",
        "chips_from_next_dealer",
        "choice",
        msg("End of session: what happens to the chips that do not split evenly"),
        choices=("chips_from_next_dealer", "exact", "carry_over"),
        group=SESSION,
        choice_labels=(
            pmsg("ultimo house rule pool split remainder", "one chip each from the next dealer on"),
            pmsg("ultimo house rule pool split remainder", "exact shares"),
            pmsg("ultimo house rule pool split remainder", "stay in the pools"),
        ),
        label=pmsg("ultimo house rule", "Pools: the remainder at the end"),
    ),
    HouseRule(
        "join_fee_rounding",
        "nearest",
        "choice",
        msg("Joining fee (a third of each pool): rounding to 5"),
        choices=("nearest", "up", "down"),
        group=SESSION,
        choice_labels=tuple(ROUNDING_NAMES.values()),
        label=pmsg("ultimo house rule", "Joining fee rounding"),
    ),
    HouseRule(
        "leaving_share",
        "equal_share",
        "choice",
        msg("A person leaving takes his equal share of each pool"),
        choices=("equal_share", "none"),
        group=SESSION,
        choice_labels=(
            pmsg("ultimo house rule leaving share", "equal share"),
            pmsg("ultimo house rule leaving share", "nothing"),
        ),
        label=pmsg("ultimo house rule", "Share of a player leaving"),
    ),
)
