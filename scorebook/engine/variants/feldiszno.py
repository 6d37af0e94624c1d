"""Féldisznó (32-card Hungarian pack, no trumps): spec `two_player_games.md`.

Taking 11 of the 20 colour cards (Á, K, F, A, X) wins the deal, worth 1; at 10–10 the taker
of the last colour card wins (seed 003 "Féldisznó"). The variant without the tens needs 9 of
16. Open-ended by default (§10).
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

# seed 003 "Féldisznó": 20 colour cards, 11 win, "10-10 lap esetén az utolsó színes lapot
# elvivő fél a győztes"; "Variáns: … 16 lapunk lesz csak értékes … 9 (8+1)".
COLOUR_CARDS = 20
COLOUR_CARDS_NO_TENS = 16
DEAL_WON = 1  # §6
RESULT = fields(colour_cards=by_player(INT), last_colour_card=PLAYER)

RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "feldiszno_variant_no_tens",
        False,
        "bool",
        Text(
            "the tens are no colour cards: 9 of 16 win",
            "a tízes nem színes lap: 16-ból 9 nyer",
        ),
    ),
    optional_target(
        "target_wins",
        "deals won that win the match (empty: open-ended, the session decides)",
        "ennyi nyert leosztás nyeri a játszmát (üres: nyílt végű, az ülés dönt)",
    ),
)


def read(session: Session, res: Reader) -> Deal | None:
    players = session.players
    a, b = players
    total = (
        COLOUR_CARDS_NO_TENS if session.house_rules["feldiszno_variant_no_tens"] else COLOUR_CARDS
    )
    half = total // 2
    cards = pair_map(res, "colour_cards", players, total=total)
    if cards is None:
        return None
    shown = f"{a} {cards[a]} – {b} {cards[b]}"
    if cards[a] == cards[b]:
        # Tie: the last colour card decides (required only then, ignored otherwise).
        last = res.player("last_colour_card", players)
        if last is None:
            return None
        winner = last
        how = Text(
            f"colour cards {shown}, a tie: {last} took the last colour card",
            f"színes lapok {shown}, döntetlen: {last} vitte az utolsó színes lapot",
        )
    else:
        winner = a if cards[a] > cards[b] else b
        how = Text(
            f"colour cards {shown}, {winner} took {cards[winner]} (≥ {half + 1} of {total})",
            f"színes lapok {shown}, {winner} {cards[winner]} lapot vitt (legalább {half + 1} kell a {total} közül)",
        )
    why = Text(
        f"féldisznó: {how.en} → {DEAL_WON} point to {winner}",
        f"féldisznó: {how.hu} → {winner} kap {DEAL_WON} pontot",
    )
    return Deal(
        [(winner, DEAL_WON, why)],
        winner,
        Text(f"{shown}: {winner} wins", f"{shown}: {winner} nyer"),
    )


def match_rule(session: Session) -> MatchRule:
    target: Any = session.house_rules["target_wins"]
    return ToTarget(target)


VARIANT = TwoPlayerGame(
    key="feldiszno",
    title=Text("Féldisznó", "Féldisznó"),
    rules=RULES,
    result=RESULT,
    read=read,
    match_rule=match_rule,
)
