"""Paskievics house rules: every switch of spec §12, with the spec's names and defaults."""

from __future__ import annotations

from typing import Any

from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.types import HouseRule


def _rule(
    name: str,
    default: Any,
    help: Msg,
    group: Msg,
    choices: tuple[Any, ...] = (),
    labels: tuple[Msg, ...] = (),
    *,
    label: Msg | None = None,
) -> HouseRule:
    kind = "bool" if isinstance(default, bool) else "choice"
    return HouseRule(name, default, kind, help, choices, group, choice_labels=labels, label=label)


GAME_TIER_GROUP = pmsg("paskievics house rule", "Game tier")
KASSZA_GROUP = msg("Ultimókassza")
ROUNDS_GROUP = pmsg("paskievics house rule", "Rounds")
PENALTY_GROUP = msg("Penalties")
LOCAL_GROUP = pmsg("paskievics house rule", "Local customs")

HOUSE_RULES: tuple[HouseRule, ...] = (
    _rule(
        "game_tier_rule",
        "announced_else_max",
        msg("Game vs silent double game/volát: pay the largest, replace, or add (modern)"),
        GAME_TIER_GROUP,
        ("announced_else_max", "announced_else_replace", "modern"),
        (
            pmsg("paskievics house rule", "announced, else the largest"),
            pmsg("paskievics house rule", "announced, else the silent one replaces"),
            pmsg("paskievics house rule", "modern: items added"),
        ),
        label=pmsg("paskievics house rule", "Game vs. silent double game or volát"),
    ),
    _rule(
        "volat_voids_silent",
        "trull_four_kings",
        msg("Which silent figures a volát voids"),
        GAME_TIER_GROUP,
        ("trull_four_kings", "all_silent"),
        (
            msg("trull and four kings"),
            msg("all"),
        ),
        label=msg("Volát and silent figures"),
    ),
    _rule(
        "silent_ultimo_failure_penalty",
        False,
        msg("A pagát beaten in the last trick pays 5 (unless announced)"),
        GAME_TIER_GROUP,
        label=msg("Silent ultimó lost"),
    ),
    HouseRule(
        "max_contra_level",
        5,
        "choice",
        msg("Highest contra level: 5 mordkontra (Tolnai 1930) or 2 rekontra (modern)"),
        (5, 2),
        GAME_TIER_GROUP,
        choice_labels=(
            msg("up to mordkontra (5)"),
            msg("up to rekontra (2)"),
        ),
        label=msg("Highest contra"),
    ),
    _rule(
        "ultimo_kassza",
        False,
        msg("Play with the ultimókassza"),
        KASSZA_GROUP,
        label=msg("Ultimókassza"),
    ),
    _rule(
        "kassza_payers",
        "active_players",
        msg("Who pays the 5 points on a no-game with five players"),
        KASSZA_GROUP,
        ("active_players", "all_seated"),
        (
            pmsg("paskievics house rule", "active players"),
            pmsg("paskievics house rule", "everyone seated"),
        ),
        label=pmsg("paskievics house rule", "Who pays into the kassza"),
    ),
    HouseRule(
        "kassza_stake",
        0,
        "int",
        msg("Stake each seated player pays into the kassza at the start and when it empties"),
        group=KASSZA_GROUP,
        minimum=0,
        maximum=10_000,
        label=msg("Kassza stake"),
    ),
    _rule(
        "kassza_end_of_session",
        "split_equally",
        msg("The kassza at the end of the night: split among the seated players or carried over"),
        KASSZA_GROUP,
        ("split_equally", "carry_over"),
        (
            msg("split equally"),
            msg("carry over"),
        ),
        label=msg("Kassza at the end of the night"),
    ),
    _rule(
        "kassza_split_rounding",
        "floor_remainder_stays",
        msg("Kassza shares: whole points (remainder stays / paid by the announcer) or exact"),
        KASSZA_GROUP,
        ("floor_remainder_stays", "exact_fractions"),
        (
            pmsg("paskievics house rule", "whole points"),
            pmsg("paskievics house rule", "exact fractions"),
        ),
        label=pmsg("paskievics house rule", "Kassza shares: rounding"),
    ),
    _rule(
        "honourless_fail_kassza",
        "all_pay_5",
        msg("Honour-less failure: everybody or only the bidder pays 5 into the kassza"),
        KASSZA_GROUP,
        ("all_pay_5", "bidder_pays_5"),
        (
            pmsg("paskievics house rule", "everybody pays 5"),
            pmsg("paskievics house rule", "only the bidder pays 5"),
        ),
        label=pmsg("paskievics house rule", "Honour-less failure: into the kassza"),
    ),
    _rule(
        "all_pass_rule",
        "next_dealer",
        msg(
            "All pass: the next dealer deals (Tolnai 1930) or the same dealer redeals, double round"
        ),
        ROUNDS_GROUP,
        ("next_dealer", "redeal_double_round"),
        (
            msg("the next dealer deals"),
            pmsg("paskievics house rule", "redeal, double round"),
        ),
        label=msg("All pass"),
    ),
    _rule(
        "double_round_start",
        "immediate",
        msg("A double round starts with the redeal or with the next full round"),
        ROUNDS_GROUP,
        ("immediate", "next_round"),
        (
            pmsg("paskievics house rule", "with the redeal"),
            pmsg("paskievics house rule", "with the next full round"),
        ),
        label=pmsg("paskievics house rule", "Start of a double round"),
    ),
    _rule(
        "double_round_covers_pot",
        False,
        msg("A double round also doubles the fixed kassza payments"),
        ROUNDS_GROUP,
        label=pmsg("paskievics house rule", "Double round doubles the kassza payments"),
    ),
    _rule(
        "honourless_fail_amount",
        "bid_value",
        msg("Honour-less failure pays the bid's value or always 1 to each"),
        PENALTY_GROUP,
        ("bid_value", "always_one"),
        (
            pmsg("paskievics house rule", "the bid's value"),
            pmsg("paskievics house rule", "always 1"),
        ),
        label=pmsg("paskievics house rule", "Honour-less failure: amount"),
    ),
    _rule(
        "wrong_discard_penalty",
        "strict",
        msg("Wrong discard: strict (pays everybody everything) or mild (pays for his side)"),
        PENALTY_GROUP,
        ("strict", "mild"),
        (pmsg("paskievics house rule", "strict"), pmsg("paskievics house rule", "mild")),
        label=msg("Wrong discard"),
    ),
    _rule(
        "irregularity_voids_hand",
        True,
        msg("A revoke / strict wrong discard voids the normal settlement"),
        PENALTY_GROUP,
        label=msg("Revoke voids the settlement"),
    ),
    _rule(
        "silent_count_payers_1v3",
        "all_teammates",
        msg("An opponent's silent tarokk count in one vs three: both teammates pay, or nobody"),
        PENALTY_GROUP,
        ("all_teammates", "none"),
        (
            pmsg("paskievics house rule", "both teammates pay"),
            pmsg("paskievics house rule", "nobody pays"),
        ),
        label=pmsg("paskievics house rule", "Silent tarokk count in one vs three"),
    ),
    _rule(
        "allow_pagat_invit",
        False,
        msg("Allow an invit with the pagát (with a compulsory ultimó)"),
        LOCAL_GROUP,
        label=pmsg("paskievics house rule", "Pagát invit"),
    ),
    _rule(
        "temesvar_declined_three",
        False,
        msg("Temesvár: the winner of a three may decline before seeing the talon"),
        LOCAL_GROUP,
        label=pmsg("paskievics house rule", "Temesvár: declining a three"),
    ),
    _rule(
        "ujlak_lost_three_kassza",
        False,
        msg("Újlak: the declarer of a lost three pays 10 into the kassza"),
        LOCAL_GROUP,
        label=pmsg("paskievics house rule", "Újlak: a lost three pays the kassza"),
    ),
    _rule(
        "ujlak_talon_honours",
        False,
        msg("Újlak (five players): honours from the talon pay the dealer skíz 3, XXI 2, pagát 1"),
        LOCAL_GROUP,
        label=pmsg("paskievics house rule", "Újlak: honours from the talon"),
    ),
    _rule(
        "ujlak_talon_honours_on_no_game",
        False,
        msg("Újlak talon honours are paid on no-game hands too"),
        LOCAL_GROUP,
        label=pmsg("paskievics house rule", "Újlak: talon honours without a game too"),
    ),
    _rule(
        "sir_es_nevet",
        False,
        msg("Sír és nevet (five players): the dealer pays/receives the declarer's result too"),
        LOCAL_GROUP,
        label=pmsg("paskievics house rule", "Sír és nevet"),
    ),
    _rule(
        "sir_es_nevet_counts",
        "declarer_only",
        msg("Sír és nevet: the dealer pays the declarer's announced tarokk count, or everyone's"),
        LOCAL_GROUP,
        ("declarer_only", "all_announcers"),
        (
            pmsg("paskievics house rule", "the declarer's count only"),
            pmsg("paskievics house rule", "every announcer's count"),
        ),
        label=pmsg("paskievics house rule", "Sír és nevet: tarokk counts"),
    ),
)
