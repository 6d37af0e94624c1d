"""Négyes tarokk 54 lappal's house rules (spec `negyes54.md`)."""

from __future__ import annotations

from scorebook.engine.messages import msg, pmsg
from scorebook.engine.types import HouseRule
from scorebook.engine.variants._tarokk54 import BIDDING, CONTRAS_GROUP, PENALTIES

RECORDING = pmsg("tarokk54 house rule group", "Recording the result")
HOUSE_RULES = (
    HouseRule(
        "dealer_rotation",
        "right",
        "choice",
        msg("N2: the deal passes to the dealer's right (direction of play) or left"),
        choices=("right", "left"),
        choice_labels=(
            pmsg("negyes54 dealer rotation", "right"),
            pmsg("negyes54 dealer rotation", "left"),
        ),
        label=pmsg("negyes54 house rule", "Direction of the deal"),
    ),
    HouseRule(
        "passed_player_may_help",
        False,
        "bool",
        msg("N3: a player who has passed may still say segítek (checked on the bid sequence)"),
        group=BIDDING,
        label=pmsg("negyes54 house rule", "Segítek after a pass"),
    ),
    HouseRule(
        "segitek_must_be_next_call",
        True,
        "bool",
        msg("N4: segítek must be the next non-pass call after the trisákolás bid"),
        group=BIDDING,
        label=pmsg("negyes54 house rule", "Segítek straight after the trisákolás"),
    ),
    HouseRule(
        "contra_on_trisakolas",
        True,
        "bool",
        msg("N5: a trisákolás bid (with or without helper) may be contra'd"),
        group=CONTRAS_GROUP,
        label=pmsg("negyes54 house rule", "Contra on trisákolás"),
    ),
    HouseRule(
        "partner_may_rekontra",
        False,
        "bool",
        msg(
            "N9: the partner (not only the declarer) may say rekontra (checked where the hand "
            "records who said it)"
        ),
        group=CONTRAS_GROUP,
        label=pmsg("negyes54 house rule", "Partner's rekontra"),
    ),
    HouseRule(
        "illegal_ultimo_bid_penalty",
        "as_revoke",
        "choice",
        msg("N6: ultimóhívás without pagát, sas or king: penalised as a revoke, or not at all"),
        choices=("as_revoke", "none"),
        choice_labels=(
            pmsg("negyes54 illegal ultimó bid penalty", "as a revoke"),
            pmsg("negyes54 illegal ultimó bid penalty", "no penalty"),
        ),
        group=PENALTIES,
        label=pmsg("negyes54 house rule", "Ultimóhívás without pagát, sas or king"),
    ),
    HouseRule(
        "revoke_penalty",
        True,
        "bool",
        msg("N7: a revoke or wrong discard costs the bid value to each other player"),
        group=PENALTIES,
        label=msg("Revoke penalty"),
    ),
    HouseRule(
        "king_ultimo_requires_king_win",
        True,
        "bool",
        msg(
            "N8: an ultimó with a king must win the last trick with that king (for whether "
            "the ultimó was won)"
        ),
        group=RECORDING,
        label=pmsg("negyes54 house rule", "King ultimó only with the king's trick"),
    ),
    HouseRule(
        "jatek_all_skart_to_opponents",
        True,
        "bool",
        msg("N10: at játék all six skart cards count for the opponents (for the points)"),
        group=RECORDING,
        label=pmsg("negyes54 house rule", "Játék: the whole skart to the opponents"),
    ),
    HouseRule(
        "partner_card_counts_for_ultimo",
        True,
        "bool",
        msg(
            "N11: the partner's pagát, sas or king also makes the ultimó (for whether the "
            "ultimó was won)"
        ),
        group=RECORDING,
        label=pmsg("negyes54 house rule", "Partner's card makes the ultimó too"),
    ),
)
