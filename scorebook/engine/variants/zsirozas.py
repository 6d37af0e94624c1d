"""Zsírozás (32-card Hungarian pack, two players): spec `two_player_games.md`.

Each ace and ten taken ("zsír") is 1 point and the last trick 1 more, 9 in all (seed 003
"Zsírozás"); by default the deal is worth 1 to the player with 5 or more (§6, §12 item 15).
Open-ended by default (§10).
"""

from __future__ import annotations

from typing import Any

from scorebook.engine.record import Reader
from scorebook.engine.shape import INT, PLAYER, by_player, fields
from scorebook.engine.types import HouseRule, Session, Text
from scorebook.engine.variants._match import (
    Deal,
    MatchRule,
    ToTarget,
    TwoPlayerGame,
    optional_target,
    pair_map,
)

# seed 003 "Zsírozás": "legfeljebb 8 pont … 1 pontot kap az a játékos, aki az utolsó ütést
# elviszi": 8 aces and tens plus the last trick = 9, so 5 wins.
ACES_TENS = 8
LAST_TRICK = 1
WINNING = 5
DEAL_WON = 1  # §6 zsirozas_score "deal_win"
RESULT = fields(aces_tens=by_player(INT), last_trick=PLAYER)

RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "zsirozas_score",
        "deal_win",
        "choice",
        Text(
            "a deal is worth 1 to its winner (deal_win), or each player's points (points)",
            "a leosztás 1 pontot ér a nyertesnek (deal_win), vagy mindenki a saját pontjait kapja (points)",
        ),
        choices=("deal_win", "points"),
        choice_labels=(Text("1 per deal", "leosztásonként 1"), Text("points", "pontok")),
    ),
    optional_target(
        "target",
        "the match target (empty: open-ended, the session decides)",
        "a játszma célja (üres: nyílt végű, az ülés dönt)",
    ),
)


def read(session: Session, res: Reader) -> Deal | None:
    players = session.players
    a, b = players
    zsir = pair_map(res, "aces_tens", players, hi=ACES_TENS, total=ACES_TENS)
    last = res.player("last_trick", players)
    if zsir is None or last is None:
        return None
    p = {x: zsir[x] + (LAST_TRICK if x == last else 0) for x in players}
    winner = a if p[a] >= WINNING else b
    shown = Text(
        f"aces and tens {a} {zsir[a]} – {b} {zsir[b]}, last trick {last} +{LAST_TRICK}: {a} {p[a]} – {b} {p[b]}",
        f"ászok és tízesek {a} {zsir[a]} – {b} {zsir[b]}, utolsó ütés {last} +{LAST_TRICK}: {a} {p[a]} – {b} {p[b]}",
    )
    items: list[tuple[str | None, int, Text]] = []
    if session.house_rules["zsirozas_score"] == "points":
        items.append((None, 0, Text(f"zsírozás: {shown.en}", f"zsírozás: {shown.hu}")))
        for x in players:
            if p[x]:
                items.append((x, p[x], Text(f"points of {x}: {p[x]}", f"{x} pontjai: {p[x]}")))
    else:
        items.append(
            (
                winner,
                DEAL_WON,
                Text(
                    f"zsírozás: {shown.en}; {winner} has {p[winner]} (≥ {WINNING}) → {DEAL_WON} point",
                    f"zsírozás: {shown.hu}; {winner} {p[winner]} pontos (≥ {WINNING}) → {DEAL_WON} pont",
                ),
            )
        )
    summary = Text(
        f"{a} {p[a]} – {b} {p[b]}: {winner} wins", f"{a} {p[a]} – {b} {p[b]}: {winner} nyer"
    )
    return Deal(items, winner, summary)


def match_rule(session: Session) -> MatchRule:
    target: Any = session.house_rules["target"]
    return ToTarget(target)


VARIANT = TwoPlayerGame(
    key="zsirozas",
    title=Text("Zsírozás", "Zsírozás"),
    rules=RULES,
    result=RESULT,
    read=read,
    match_rule=match_rule,
)
