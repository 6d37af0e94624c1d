"""Durák (36 French cards, two players): spec `two_player_games.md`.

The first player to shed all his cards wins the deal, worth 1 (§4, §6; the seed states no
scoring). Open-ended by default: the session counts deals won (§10).
"""

from __future__ import annotations

from typing import Any

from scorebook.engine.messages import msg, pmsg
from scorebook.engine.record import Reader
from scorebook.engine.shape import BOOL, PLAYER, fields
from scorebook.engine.types import HouseRule, Session
from scorebook.engine.variants._match import (
    Deal,
    MatchRule,
    ToTarget,
    TwoPlayerGame,
    optional_target,
    other,
)

DEAL_WON = 1  # §6: s_winner = 1 (seed 003 "Durák" gives no scoring)
RESULT = fields(
    winner=PLAYER.but(label=pmsg("durak field", "Won (the other is the durák)")),
    defender_covered_last=BOOL.but(
        label=pmsg("durak field", "the defender covered the last attack card (for the record only)")
    ),
)

RULES: tuple[HouseRule, ...] = (
    optional_target(
        "target_wins",
        msg("deals won that win the match (empty: open-ended, the session decides)"),
        label=pmsg("durak house rule", "Match target (deals won)"),
    ),
)


def read(session: Session, res: Reader) -> Deal | None:
    players = session.players
    before = len(res.problems.items)
    winner = res.player("winner", players)
    covered = res.raw("defender_covered_last")
    if covered is not None and not isinstance(covered, bool):
        res.problems.add(
            res.path("defender_covered_last"),
            msg("{value} is not true, false or null", value=repr(covered)),
        )
    if winner is None or len(res.problems.items) > before:
        return None
    loser = other(players, winner)
    if covered:
        # §7 item 9 (seed 003 "Durák"): both out at once, the defender who covered wins.
        how = msg("both ran out and {winner} covered the last attack card", winner=winner)
    else:
        how = msg("{winner} shed his cards first", winner=winner)
    why = msg(
        "durák: {how}, {loser} is the durák → {points} point to {winner}",
        how=how,
        loser=loser,
        points=DEAL_WON,
        winner=winner,
    )
    return Deal([(winner, DEAL_WON, why)], winner, msg("{winner} wins", winner=winner))


def match_rule(session: Session) -> MatchRule:
    target: Any = session.house_rules["target_wins"]
    return ToTarget(target)


VARIANT = TwoPlayerGame(
    key="durak",
    title=pmsg("game title", "Durák"),
    rules=RULES,
    result=RESULT,
    read=read,
    match_rule=match_rule,
)
