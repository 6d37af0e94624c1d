"""Királyhívó's tariffs and house rules: the seed's numbers, each citing its section.

Spec: shared/rules/kiralyhivo.md (sections 3–6 and 12); source: seed 004 (Tolnai 1930)
§66–§69.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.types import HouseRule

KEY = "kiralyhivo"
POT = "ultimokassza"
POTS = (POT,)
DECLARER, OPPONENTS = "declarer", "opponents"
SIDES = (DECLARER, OPPONENTS)

CONTRACTS = ("hivas", "szolo", "harmas", "szolo_harmas")
CONTRACT_NAMES = {
    "hivas": msg("hívás"),
    "szolo": msg("szóló"),
    "harmas": msg("hármas"),
    "szolo_harmas": msg("szólóhármas"),
}
CALLING = ("hivas", "szolo")  # the two contracts with a called king (seed 004 §68–§69)
DISCARDING = ("hivas", "harmas")  # the two contracts with a talon exchange (seed 004 §68–§69)

FIGURES = ("trull", "four_kings", "xxi_catch", "pagat_ultimo", "king_ultimo", "volat")

# Game values: hívás 6, szóló 8, hármas 10, szólóhármas 20 (seed 004 §69).
BASE = {"hivas": 6, "szolo": 8, "harmas": 10, "szolo_harmas": 20}
# Figures (tulétroá, négy király, huszonegyfogás, the ultimós), silent / announced, by
# contract (seed 004 §69: hívás 2/4, szóló 4/8, hármas 6/12, szólóhármas 8/16).
FIGURE_VALUES = {"hivas": (2, 4), "szolo": (4, 8), "harmas": (6, 12), "szolo_harmas": (8, 16)}
# The ultimó values printed for hívás only (seed 004 §69: "ultimó csendesen 2, bemondva 4").
HIVAS_ULTIMO = (2, 4)
# Volát, silent / announced (seed 004 §69: 12/24, 24/48, 24/48, 48/96).
VOLAT_VALUES = {"hivas": (12, 24), "szolo": (24, 48), "harmas": (24, 48), "szolo_harmas": (48, 96)}
# figure → (silent, announced) per (contract, ultimo_values_follow_figures), spec K2.
VALUES = {
    (contract, follow): {
        figure: VOLAT_VALUES[contract]
        if figure == "volat"
        else HIVAS_ULTIMO
        if figure in ("pagat_ultimo", "king_ultimo") and not follow
        else FIGURE_VALUES[contract]
        for figure in FIGURES
    }
    for contract in BASE
    for follow in (True, False)
}
THROW_PAYMENT = 4  # to each of the three others (seed 004 §68: "4—4 pontot fizet")
KING_FINE = 2  # to each opponent (seed 004 §68–§69: "2—2 pontot fizet")
NO_GAME_POT = 5  # each player into the ultimókassza when there is no game (seed 004 §38)
WIN = 36  # of 70 card points (seed 004 §68)
TOTAL = 70  # card points of the 54-card pack (seed 004 §67)

FIGURE_NAMES = {
    "trull": msg("tulétroá"),
    "four_kings": msg("négy király"),
    "xxi_catch": pmsg("kiralyhivo figure", "huszonegyfogás"),
    "pagat_ultimo": msg("pagátultimó"),
    "king_ultimo": msg("királyultimó"),
    "volat": msg("volát"),
}
SIDE_NAMES = {
    DECLARER: msg("declarer side"),
    OPPONENTS: msg("opponents"),
}
# The sides where a sentence needs another form of the name (Polish: the genitive).
SIDE_GENITIVE = {
    DECLARER: pmsg("kiralyhivo side, genitive", "declarer side"),
    OPPONENTS: pmsg("kiralyhivo side, genitive", "opponents"),
}
# Figures that say who won the last trick.
LAST_TRICK_FIGURES = ("volat", "pagat_ultimo", "king_ultimo")
# Silent ones a made volát cancels (seed 004 §53).
VOLAT_CANCELS = ("trull", "four_kings")
# Opponents announcing these must contra the game at once (seed 004 §50, §51).
MUST_CONTRA = ("trull", "four_kings")

SUITS = ("hearts", "diamonds", "clubs", "spades")
KING_NAMES = {
    "hearts": pmsg("kiralyhivo king", "♥K"),
    "diamonds": pmsg("kiralyhivo king", "♦K"),
    "clubs": pmsg("kiralyhivo king", "♣K"),
    "spades": pmsg("kiralyhivo king", "♠K"),
}
LOCATIONS = ("player", "declarer", "talon")
TALON_ACTIONS = ("throw", "play_took_king_half", "play_left_king_half")
IRREGULARITIES = ("revoke", "wrong_discard", "no_tarokk_annulment")
MAX_LEVEL = {"mordkontra": 5, "rekontra": 2}

# Card values counted in threes (seed 004 §66): the integer part of each card's value.
CARD_INTEGER_PARTS = {"honour": 4, "king": 4, "queen": 3, "knight": 2, "jack": 1, "other": 0}


def pile_points(cards: Iterable[str]) -> int:
    """Card points of a pile counted in threes (seed 004 §66).

    Cards are named by kind: honour (skíz, XXI, pagát), king, queen, knight, jack, other.
    Each full group of three is worth 1 plus its integer parts, a final pair 1 plus its
    integer parts, a final single card its integer part only.
    """
    count = parts = 0
    for card in cards:
        parts += CARD_INTEGER_PARTS[card]
        count += 1
    return parts + count // 3 + (1 if count % 3 == 2 else 0)


def _rule(name: str, default: Any, kind: str, help: Msg, **kw: Any) -> HouseRule:
    return HouseRule(name, default, kind, help, **kw)


GAME_GROUP = msg("Game and figures")
CALLING_GROUP = pmsg("kiralyhivo house rule group", "Calling and talon")
PENALTY_GROUP = msg("Penalties")

HOUSE_RULES = (
    _rule(
        "ultimo_values_follow_figures",
        True,
        "bool",
        msg(
            "Ultimós take the figure values of the level (off: 2 silent / 4 announced at every level)"
        ),
        group=GAME_GROUP,
        label=pmsg("kiralyhivo house rule", "Ultimó values follow the contract"),
    ),
    _rule(
        "allow_voluntary_self_call",
        False,
        "bool",
        msg("The declarer may call one of his own kings without holding all four"),
        group=CALLING_GROUP,
        label=pmsg("kiralyhivo house rule", "Self-call"),
    ),
    _rule(
        "talon_king_fine_stacks",
        False,
        "bool",
        msg("Leaving the called king's talon half costs 4 to each opponent instead of 2"),
        group=CALLING_GROUP,
        label=pmsg("kiralyhivo house rule", "Called king left in the talon"),
    ),
    _rule(
        "throw_allowed_at_szolo",
        False,
        "bool",
        msg("At szóló with the called king in the talon the declarer may throw too"),
        group=CALLING_GROUP,
        label=pmsg("kiralyhivo house rule", "Throwing at szóló"),
    ),
    _rule(
        "max_contra_level",
        "mordkontra",
        "choice",
        msg("Highest contra: the full ladder (mordkontra) or only up to rekontra"),
        choices=("mordkontra", "rekontra"),
        choice_labels=(
            pmsg("kiralyhivo house rule", "up to mordkontra"),
            pmsg("kiralyhivo house rule", "up to rekontra"),
        ),
        group=GAME_GROUP,
        label=msg("Highest contra"),
    ),
    _rule(
        "volat_replaces_game",
        True,
        "bool",
        msg("A volát (made or announced) replaces the game"),
        group=GAME_GROUP,
        label=msg("Volát replaces the game"),
    ),
    _rule(
        "volat_cancels_silent_figures",
        True,
        "bool",
        msg("A made volát cancels silent tulétroá and négy király"),
        group=GAME_GROUP,
        label=pmsg("kiralyhivo house rule", "Volát cancels silent figures"),
    ),
    _rule(
        "revoke_penalty",
        True,
        "bool",
        msg("A revoker pays each other player the game and the announced figures"),
        group=PENALTY_GROUP,
        label=msg("Revoke penalty"),
    ),
    _rule(
        "no_tarokk_annulment",
        True,
        "bool",
        msg("A hand where a player has no tarokk (or only the XXI) is annulled"),
        group=CALLING_GROUP,
        label=pmsg("kiralyhivo house rule", "No tarokk: hand annulled"),
    ),
    _rule(
        "wrong_discard_penalty",
        "strict",
        "choice",
        msg(
            "Wrong discard: strict (paid like a revoke) or mild (the discarder bears his side's result)"
        ),
        choices=("strict", "mild"),
        choice_labels=(
            msg("strict"),
            msg("mild"),
        ),
        group=PENALTY_GROUP,
        label=msg("Wrong discard"),
    ),
    _rule(
        "penalty_includes_contras",
        True,
        "bool",
        msg("Revoke and wrong-discard payments include the contra multipliers"),
        group=PENALTY_GROUP,
        label=pmsg("kiralyhivo house rule", "Penalties include contras"),
    ),
    _rule(
        "talon_counts_for_figures",
        True,
        "bool",
        msg("Talon cards count for the figures of the side they count for (recording convention)"),
        group=GAME_GROUP,
        label=msg("Talon cards count for figures"),
    ),
    _rule(
        "silent_ultimo_lost_pays",
        False,
        "bool",
        msg("A pagát beaten in the last trick pays the silent pagátultimó value"),
        group=GAME_GROUP,
        label=msg("Silent ultimó lost"),
    ),
    _rule(
        "allow_reannounce_after_contra",
        True,
        "bool",
        msg("Both sides may announce the same figure (Tolnai 1930, §55)"),
        group=GAME_GROUP,
        label=pmsg("kiralyhivo house rule", "Both sides may announce a figure"),
    ),
    _rule(
        "ultimo_kassza",
        False,
        "bool",
        msg("Play with an ultimókassza (5 each per hand without a game; the pagátultimó takes it)"),
        group=msg("Ultimókassza"),
        label=msg("Ultimókassza"),
    ),
    _rule(
        "kassza_end_of_session",
        "split_equally",
        "choice",
        msg("At the end of the night the kassza is split equally or carried over"),
        choices=("split_equally", "carry_over"),
        choice_labels=(
            msg("split equally"),
            msg("carry over"),
        ),
        group=msg("Ultimókassza"),
        label=msg("Kassza at the end of the night"),
    ),
    _rule(
        "five_players",
        False,
        "choice",
        msg("Five players (dealer sits out): not described for Királyhívó, not supported"),
        choices=(False,),
        choice_labels=(pmsg("kiralyhivo house rule", "not supported"),),
        group=CALLING_GROUP,
        label=pmsg("kiralyhivo house rule", "Five players"),
    ),
)
