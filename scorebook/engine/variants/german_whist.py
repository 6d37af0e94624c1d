"""German whist (Német whist, 52 cards, two players): spec `two_player_games.md`.

Only the 13 tricks played after the talon is exhausted count: each is worth 1 point (seed
003 "Német whist": "minden ütés egy pontot ér"), or the deal is worth 1 to the player with
more of them (house rule). Open-ended by default (§10).
"""

from __future__ import annotations

from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.record import Reader
from scorebook.engine.shape import INT, by_player, fields
from scorebook.engine.types import HouseRule, Session
from scorebook.engine.variants._match import (
    Deal,
    TwoPlayerGame,
    optional_target,
    read_pair,
    to_target,
)

TRICKS = 13  # seed 003 "Német whist": the 13 tricks after the talon is gone
DEAL_WON = 1  # §6 german_whist_score "deal_win"
RESULT = fields(
    tricks=by_player(
        INT.but(
            label=msg("Tricks after the talon ran out (sum 13)"),
            lo=0,
            hi=TRICKS,
        )
    )
)

RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "german_whist_score",
        "tricks",
        "choice",
        msg("a deal scores 1 per trick after the talon, or 1 per deal to its winner"),
        choices=("tricks", "deal_win"),
        choice_labels=(msg("1 per trick"), msg("1 per deal")),
        label=msg("Scoring"),
    ),
    optional_target(
        "target_points",
        msg("points that win the match (empty: open-ended, the session decides)"),
        label=pmsg("german_whist house rule", "Match target (points)"),
    ),
)


def read(session: Session, res: Reader) -> Deal | None:
    players = session.players
    a, b = players
    pair = read_pair(res, "tricks", players, hi=TRICKS, total=TRICKS)
    if pair is None:
        return None
    tricks, shown = pair
    # 13 is odd: never a tie.
    winner = a if tricks[a] > tricks[b] else b
    items: list[tuple[str | None, int, Msg]] = []
    if session.house_rules["german_whist_score"] == "deal_win":
        items.append(
            (
                winner,
                DEAL_WON,
                msg(
                    "German whist: tricks after the talon {shown}, {winner} took more → {points} point",
                    shown=shown,
                    winner=winner,
                    points=DEAL_WON,
                ),
            )
        )
    else:
        for p in players:
            if tricks[p]:
                items.append(
                    (
                        p,
                        tricks[p],
                        msg(
                            "German whist: {player} took {tricks} tricks after the talon × 1 = {tricks} points",
                            player=p,
                            tricks=tricks[p],
                        ),
                    )
                )
    summary = msg("tricks {shown}: {winner} wins", shown=shown, winner=winner)
    return Deal(items, winner, summary)


VARIANT = TwoPlayerGame(
    key="german_whist",
    title=pmsg("game title", "German whist"),
    rules=RULES,
    result=RESULT,
    read=read,
    match_rule=to_target("target_points"),
)
