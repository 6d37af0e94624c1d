"""Tapper tarokk's house rules (spec `rules/tapper.md` §13), with the list-valued
tarokk-count bonus that checks its own values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.types import HouseRule
from scorebook.engine.variants._tarokk_count import bonus_step_problem, is_bonus_step


@dataclass(frozen=True, slots=True)
class CountBonusListRule(HouseRule):
    """Null or a list of {"min_tarokks": n, "value": v} (spec §4.3, §13).

    `HouseRule.check` knows no list-valued kind, so this one checks its own values.
    """

    def check(self, value: Any) -> Msg | None:
        if value is None:
            return None
        if not isinstance(value, list) or not value:
            return msg(
                "{value} is not a list of tarokk-count bonuses "
                "(each: the least number of tarokks and the bonus)",
                value=repr(value),
            )
        seen: set[int] = set()
        for item in value:
            if not is_bonus_step(item):
                return msg(
                    "{value} is not a tarokk-count bonus "
                    "(the least number of tarokks and the bonus)",
                    value=repr(item),
                )
            problem = bonus_step_problem(item)
            if problem is not None:
                return problem
            least: int = item["min_tarokks"]
            if least in seen:
                return msg("the bonus for {count} tarokks is given twice", count=least)
            seen.add(least)
        return None


KASSZA = msg("Ultimókassza")
BONUS_GROUP = pmsg("tapper tarokk house rule group", "Hand bonuses")

GAME_GROUP = msg("Game and figures")
PENALTY_GROUP = pmsg("tapper house rule group", "Penalties and annulment")

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "deck_size",
        54,
        "choice",
        pmsg(
            "tapper tarokk house rule",
            "Pack: 54 cards (70 card points, 36 wins) or 42 cards (66, 34 wins)",
        ),
        choices=(54, 42),
        choice_labels=(
            msg("54 cards"),
            msg("42 cards"),
        ),
        label=msg("Pack"),
    ),
    HouseRule(
        "ultimo_kassza",
        False,
        "bool",
        pmsg(
            "tapper tarokk house rule",
            "Play with the ultimókassza (an announced ultimó takes or doubles it)",
        ),
        group=KASSZA,
        label=msg("Ultimókassza"),
    ),
    HouseRule(
        "kassza_stake",
        5,
        "int",
        pmsg(
            "tapper tarokk house rule",
            "Stake each player pays into the ultimókassza at the start and whenever it empties",
        ),
        group=KASSZA,
        minimum=0,
        label=msg("Kassza stake"),
    ),
    HouseRule(
        "kassza_end_of_session",
        "split_equally",
        "choice",
        pmsg(
            "tapper tarokk house rule",
            "At the end the ultimókassza is split equally (or carried over)",
        ),
        choices=("split_equally", "carry_over"),
        choice_labels=(
            msg("split equally"),
            msg("carry over"),
        ),
        group=KASSZA,
        label=msg("Kassza at the end of the night"),
    ),
    HouseRule(
        "kassza_shared_by_side",
        False,
        "bool",
        pmsg(
            "tapper tarokk house rule",
            "An opponents' ultimó takes or doubles the kassza for both opponents (half each)",
        ),
        group=KASSZA,
        label=pmsg("tapper house rule", "Kassza shared by the opponents"),
    ),
    HouseRule(
        "all_pass_kassza_payment",
        0,
        "int",
        pmsg(
            "tapper tarokk house rule", "Each player pays this into the ultimókassza when all pass"
        ),
        group=KASSZA,
        minimum=0,
        label=pmsg("tapper house rule", "Kassza payment when all pass"),
    ),
    HouseRule(
        "solo_doubles_game_value",
        False,
        "bool",
        pmsg("tapper tarokk house rule", "Szóló doubles the game value too (8 → 16)"),
        group=GAME_GROUP,
        label=pmsg("tapper house rule", "Szóló doubles the game"),
    ),
    HouseRule(
        "fejek_requires_bidding",
        True,
        "bool",
        pmsg(
            "tapper tarokk house rule",
            "Fejek is paid only to a holder who took part in the bidding",
        ),
        group=BONUS_GROUP,
        label=pmsg("tapper house rule", "Fejek only for bidders"),
    ),
    HouseRule(
        "tuletroa_includes_fejek",
        False,
        "bool",
        pmsg("tapper tarokk house rule", "A tulétroá holder is also paid fejek"),
        group=BONUS_GROUP,
        label=msg("Tulétroá includes fejek"),
    ),
    HouseRule(
        "hand_bonus_basis",
        "after_exchange",
        "choice",
        pmsg(
            "tapper tarokk house rule",
            "Hand bonuses count the hand held at the first lead (or as dealt)",
        ),
        choices=("after_exchange", "as_dealt"),
        choice_labels=(
            pmsg("tapper tarokk house rule", "as held at the first lead"),
            pmsg("tapper tarokk house rule", "as dealt"),
        ),
        group=BONUS_GROUP,
        label=pmsg("tapper house rule", "Hand bonuses: which hand counts"),
    ),
    HouseRule(
        "individual_contras",
        False,
        "bool",
        pmsg("tapper tarokk house rule", "A contra binds only the opponent who said it (not both)"),
        group=GAME_GROUP,
        label=msg("Individual contras"),
    ),
    HouseRule(
        "opponent_figure_payment",
        "side",
        "choice",
        pmsg(
            "tapper tarokk house rule",
            "An opponent's ultimó is paid side against side (or only to/by that opponent)",
        ),
        choices=("side", "individual"),
        choice_labels=(
            pmsg("tapper tarokk house rule", "side against side"),
            pmsg("tapper tarokk house rule", "only with that opponent"),
        ),
        group=GAME_GROUP,
        label=pmsg("tapper house rule", "Settling an opponent's ultimó"),
    ),
    CountBonusListRule(
        "tarokk_count_bonus",
        None,
        "json",
        pmsg(
            "tapper tarokk house rule",
            "A bonus for announcing many tarokks, in steps: from each step's number of "
            "tarokks on, each other player pays its amount (none: not played)",
        ),
        group=BONUS_GROUP,
        label=msg("Tarokk-count bonus"),
    ),
    HouseRule(
        "volat_replaces_game",
        True,
        "bool",
        pmsg(
            "tapper tarokk house rule",
            "A volát (made or announced) replaces the game (Tolnai 1930, §53)",
        ),
        group=GAME_GROUP,
        label=msg("Volát replaces the game"),
    ),
    HouseRule(
        "revoke_penalty",
        True,
        "bool",
        pmsg(
            "tapper tarokk house rule",
            "Revoke / wrong discard: the offender pays each other player, the hand is void",
        ),
        group=PENALTY_GROUP,
        label=pmsg("tapper house rule", "Revoke and wrong discard"),
    ),
    HouseRule(
        "no_tarokk_annulment",
        True,
        "bool",
        pmsg(
            "tapper tarokk house rule",
            "A hand may be annulled when a player has no tarokk or only the XXI",
        ),
        group=PENALTY_GROUP,
        label=pmsg("tapper house rule", "Annulment without tarokks"),
    ),
    HouseRule(
        "volat_by_opponents",
        True,
        "bool",
        pmsg("tapper tarokk house rule", "The opponents may announce a volát too"),
        group=GAME_GROUP,
        label=pmsg("tapper house rule", "Opponents' volát"),
    ),
)
