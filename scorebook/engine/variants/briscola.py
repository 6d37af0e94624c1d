"""Briscola (40 Latin cards, two players): spec `two_player_games.md`.

A deal is won with 61 or more of the 120 card points; 60–60 is a draw (§4, seed 003
"Briscola"). A match is a series of 3 or 5 deals (§10).
"""

from __future__ import annotations

from scorebook.engine.messages import msg, pmsg
from scorebook.engine.record import Reader
from scorebook.engine.shape import INT, by_player, fields
from scorebook.engine.types import HouseRule, Session
from scorebook.engine.variants._match import (
    MATCH_GROUP,
    Deal,
    MatchRule,
    Series,
    TwoPlayerGame,
    read_pair,
)

# seed 003 "Briscola": A 11, 3 10, K 4, horse 3, jack 2 per suit = 120; 61 wins, 60–60 draws.
CARD_POINTS = 120
WINNING = 61
RESULT = fields(
    card_points=by_player(INT.but(label=msg("Card points (sum 120)"), lo=0, hi=CARD_POINTS))
)

RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "briscola_series",
        3,
        "choice",
        msg("deals in a series (a match)"),
        choices=(3, 5),
        choice_labels=(msg("3 deals"), msg("5 deals")),
        group=MATCH_GROUP,
        label=pmsg("briscola house rule", "Deals per series"),
    ),
    HouseRule(
        "briscola_series_mode",
        "deals_won",
        "choice",
        msg("a series is won by deals won (ties: card points), or by total card points"),
        choices=("deals_won", "total_points"),
        group=MATCH_GROUP,
        choice_labels=(
            pmsg("briscola series mode", "deals won"),
            pmsg("briscola series mode", "total card points"),
        ),
        label=pmsg("briscola house rule", "Series won by"),
    ),
)


def read(session: Session, res: Reader) -> Deal | None:
    players = session.players
    pair = read_pair(res, "card_points", players, hi=CARD_POINTS, total=CARD_POINTS)
    if pair is None:
        return None
    points, shown = pair
    summary = msg("card points {shown}", shown=shown)
    for p in players:
        if points[p] >= WINNING:
            why = msg(
                "briscola: card points {shown}, {player} has {points} (≥ {winning}) → 1 point to {player}",
                shown=shown,
                player=p,
                points=points[p],
                winning=WINNING,
            )
            return Deal([(p, 1, why)], p, summary, secondary=points)
    why = msg("briscola: card points {shown}: a draw, no point", shown=shown)
    return Deal([(None, 0, why)], None, summary, secondary=points)


def match_rule(session: Session) -> MatchRule:
    rules = session.house_rules
    return Series(
        rules["briscola_series"],
        rules["briscola_series_mode"] == "deals_won",
        "card_points",
        pmsg("briscola series tie-break", "card points"),
    )


VARIANT = TwoPlayerGame(
    key="briscola",
    title=pmsg("game title", "Briscola"),
    rules=RULES,
    result=RESULT,
    read=read,
    match_rule=match_rule,
)
