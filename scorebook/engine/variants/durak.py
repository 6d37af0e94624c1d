"""Durák (36 French cards, two players): spec `two_player_games.md`.

The first player to shed all his cards wins the deal, worth 1 (§4, §6; the seed states no
scoring). Open-ended by default: the session counts deals won (§10).
"""

from __future__ import annotations

from scorebook.engine.messages import msg, pmsg
from scorebook.engine.record import Reader
from scorebook.engine.shape import BOOL, PLAYER, fields
from scorebook.engine.types import HouseRule, Session
from scorebook.engine.variants._match import (
    Deal,
    TwoPlayerGame,
    optional_target,
    read_winner,
    to_target,
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
        label=msg("Match target (deals won)"),
    ),
)


def _covered(res: Reader) -> bool | None:
    """Whether the defender covered the last attack card: true, false or null."""
    covered = res.raw("defender_covered_last")
    if isinstance(covered, bool):
        return covered
    if covered is not None:
        res.problems.add(
            res.path("defender_covered_last"),
            msg("{value} is not true, false or null", value=repr(covered)),
        )
    return None


def read(session: Session, res: Reader) -> Deal | None:
    won = read_winner(res, session.players, _covered)
    if won is None:
        return None
    winner, loser, covered = won
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


VARIANT = TwoPlayerGame(
    key="durak",
    title=pmsg("game title", "Durák"),
    rules=RULES,
    result=RESULT,
    read=read,
    match_rule=to_target("target_wins"),
)
