"""Zsírozás (32-card Hungarian pack, two players): spec `two_player_games.md`.

Each ace and ten taken ("zsír") is 1 point and the last trick 1 more, 9 in all (seed 003
"Zsírozás"); by default the deal is worth 1 to the player with 5 or more (§6, §12 item 15).
Open-ended by default (§10).
"""

from __future__ import annotations

from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.record import Reader
from scorebook.engine.shape import INT, PLAYER, by_player, fields
from scorebook.engine.types import HouseRule, Session
from scorebook.engine.variants._match import (
    Deal,
    TwoPlayerGame,
    optional_target,
    pair_map,
    shown_pair,
    to_target,
)

# seed 003 "Zsírozás": "legfeljebb 8 pont … 1 pontot kap az a játékos, aki az utolsó ütést
# elviszi": 8 aces and tens plus the last trick = 9, so 5 wins.
ACES_TENS = 8
LAST_TRICK = 1
WINNING = 5
DEAL_WON = 1  # §6 zsirozas_score "deal_win"
RESULT = fields(
    aces_tens=by_player(INT.but(label=msg("Aces and tens taken (sum 8)"), lo=0, hi=ACES_TENS)),
    last_trick=PLAYER.but(label=msg("Last trick taken by")),
)

RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "zsirozas_score",
        "deal_win",
        "choice",
        msg("a deal is worth 1 to its winner, or each player's points"),
        choices=("deal_win", "points"),
        choice_labels=(msg("1 per deal"), pmsg("zsirozas score", "points")),
        label=msg("Scoring"),
    ),
    optional_target(
        "target",
        msg("the match target (empty: open-ended, the session decides)"),
        label=msg("Match target"),
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
    shown = msg(
        "aces and tens {a} {zsir_a} – {b} {zsir_b}, last trick {last} +{bonus}: {a} {points_a} – {b} {points_b}",
        a=a,
        zsir_a=zsir[a],
        b=b,
        zsir_b=zsir[b],
        last=last,
        bonus=LAST_TRICK,
        points_a=p[a],
        points_b=p[b],
    )
    items: list[tuple[str | None, int, Msg]] = []
    if session.house_rules["zsirozas_score"] == "points":
        items.append((None, 0, msg("zsírozás: {shown}", shown=shown)))
        for x in players:
            if p[x]:
                items.append((x, p[x], msg("points of {player}: {points}", player=x, points=p[x])))
    else:
        items.append(
            (
                winner,
                DEAL_WON,
                msg(
                    "zsírozás: {shown}; {winner} has {points} (≥ {winning}) → {won} point",
                    shown=shown,
                    winner=winner,
                    points=p[winner],
                    winning=WINNING,
                    won=DEAL_WON,
                ),
            )
        )
    summary = msg("{shown}: {winner} wins", shown=shown_pair(players, p), winner=winner)
    return Deal(items, winner, summary)


VARIANT = TwoPlayerGame(
    key="zsirozas",
    title=pmsg("game title", "Zsírozás"),
    rules=RULES,
    result=RESULT,
    read=read,
    match_rule=to_target("target"),
)
