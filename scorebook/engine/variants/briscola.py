"""Briscola (40 Latin cards, two players): spec `two_player_games.md`.

A deal is won with 61 or more of the 120 card points; 60–60 is a draw (§4, seed 003
"Briscola"). A match is a series of 3 or 5 deals (§10).
"""

from __future__ import annotations

from scorebook.engine.record import Reader
from scorebook.engine.shape import INT, by_player, fields
from scorebook.engine.types import HouseRule, Session, Text
from scorebook.engine.variants._match import (
    MATCH_GROUP,
    Deal,
    MatchRule,
    Series,
    TwoPlayerGame,
    Words,
    pair_map,
)

# seed 003 "Briscola": A 11, 3 10, K 4, horse 3, jack 2 per suit = 120; 61 wins, 60–60 draws.
CARD_POINTS = 120
WINNING = 61
SERIES = Words("series", "series", "sorozat", "sorozatok", "sorozatot")
RESULT = fields(card_points=by_player(INT))

RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "briscola_series",
        3,
        "choice",
        Text("deals in a series (a match)", "leosztások száma egy sorozatban (játszmában)"),
        choices=(3, 5),
        choice_labels=(Text("3 deals", "3 leosztás"), Text("5 deals", "5 leosztás")),
        group=MATCH_GROUP,
    ),
    HouseRule(
        "briscola_series_mode",
        "deals_won",
        "choice",
        Text(
            "a series is won by deals won (ties: card points), or by total card points",
            "a sorozatot a nyert leosztások (egyenlőnél a kártyapontok), vagy az összes kártyapont dönti el",
        ),
        choices=("deals_won", "total_points"),
        group=MATCH_GROUP,
        choice_labels=(
            Text("deals won", "nyert leosztások"),
            Text("total card points", "összes kártyapont"),
        ),
    ),
)


def read(session: Session, res: Reader) -> Deal | None:
    players = session.players
    a, b = players
    points = pair_map(res, "card_points", players, hi=CARD_POINTS, total=CARD_POINTS)
    if points is None:
        return None
    shown = f"{a} {points[a]} – {b} {points[b]}"
    summary = Text(f"card points {shown}", f"kártyapont: {shown}")
    for p in players:
        if points[p] >= WINNING:
            why = Text(
                f"briscola: card points {shown}, {p} has {points[p]} (≥ {WINNING}) → 1 point to {p}",
                f"briscola: kártyapont {shown}, {p} {points[p]} pontos (≥ {WINNING}) → {p} kap 1 pontot",
            )
            return Deal([(p, 1, why)], p, summary, secondary=points)
    why = Text(
        f"briscola: card points {shown}: a draw, no point",
        f"briscola: kártyapont {shown}: döntetlen, nincs pont",
    )
    return Deal([(None, 0, why)], None, summary, secondary=points)


def match_rule(session: Session) -> MatchRule:
    rules = session.house_rules
    return Series(
        rules["briscola_series"],
        rules["briscola_series_mode"] == "deals_won",
        "card_points",
        Text("card points", "kártyapont"),
        word=SERIES,
    )


VARIANT = TwoPlayerGame(
    key="briscola",
    title=Text("Briscola", "Briscola"),
    rules=RULES,
    result=RESULT,
    read=read,
    match_rule=match_rule,
)
