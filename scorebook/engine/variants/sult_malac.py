"""Sült malac (32 cards, a single trick): spec `two_player_games.md`.

The winner of the one trick wins the deal's stake at once (seed 003 "Sült malac": "ha volt
tét, azt a győztes rögtön megnyeri"), booked as a transfer, not a pot (§8). Deals may be
chained; open-ended by default (§10). Two players only (§12 item 19).
"""

from __future__ import annotations

from scorebook.engine.messages import msg, pmsg
from scorebook.engine.record import Reader
from scorebook.engine.shape import INT, PLAYER, fields
from scorebook.engine.types import HouseRule, Session
from scorebook.engine.variants._match import (
    MATCH_GROUP,
    Deal,
    TwoPlayerGame,
    optional_target,
    read_winner,
    to_target,
)

MIN_STAKE = 1
RESULT = fields(
    winner=PLAYER.but(label=msg("Won the deal")),
    stake=INT.but(
        label=msg("Stake"),
        help=pmsg("sult_malac field", "empty = the night's stake (house rule)"),
        lo=MIN_STAKE,
    ),
)

RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "sult_malac_stake",
        1,  # §12 item 19: stake 1 per deal
        "int",
        msg("the stake of a deal whose record gives none"),
        group=MATCH_GROUP,
        minimum=MIN_STAKE,
        label=pmsg("sult_malac house rule", "Stake per deal"),
    ),
    optional_target(
        "target",
        msg("the match target (empty: open-ended, the session decides)"),
        label=msg("Match target"),
    ),
)


def _stake(res: Reader) -> int | None:
    """The deal's own stake, if its record gives one."""
    return res.integer("stake", lo=MIN_STAKE, optional=True)


def read(session: Session, res: Reader) -> Deal | None:
    won = read_winner(res, session.players, _stake)
    if won is None:
        return None
    winner, loser, stake = won
    if stake is None:
        stake = session.house_rules["sult_malac_stake"]
        source = pmsg("sult_malac stake", "the house stake")
    else:
        source = pmsg("sult_malac stake", "the deal's stake")
    why = msg(
        "sült malac: {winner} takes the trick → {loser} pays {stake} ({source})",
        winner=winner,
        loser=loser,
        stake=stake,
        source=source,
    )
    return Deal(
        [(winner, stake, why)], winner, msg("{winner} +{points}", winner=winner, points=stake)
    )


VARIANT = TwoPlayerGame(
    key="sult_malac",
    title=pmsg("game title", "Sült malac"),
    rules=RULES,
    result=RESULT,
    read=read,
    match_rule=to_target("target"),
)
