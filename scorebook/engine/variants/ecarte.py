"""Écarté (32 cards, two players): spec `two_player_games.md`.

The player with 3 or more of the 5 tricks wins the deal: 1 point, or 2 for all five tricks
(the vole); a match is played to 7 (seed 003 "Ékarté"). Two non-seed extras of standard
écarté can be switched on (§12 item 5).
"""

from __future__ import annotations

from typing import Any

from scorebook.engine.record import Reader
from scorebook.engine.shape import INT, PLAYER, by_player, fields
from scorebook.engine.types import HouseRule, Session, Text
from scorebook.engine.variants._match import (
    MATCH_GROUP,
    Deal,
    MatchRule,
    ToTarget,
    TwoPlayerGame,
    other,
    pair_map,
)

# seed 003 "Ékarté": "Ha a győztes minden ütést vitt, 2 pontot kap, egyébként 1-et. A játék 7
# pontig tart." Five tricks a deal; 3 win it.
TRICKS = 5
WINNING = 3
POINT = 1
VOLE = 2
KING_BONUS = 1  # §6, §12 item 5 (standard écarté, not in the seed)
REFUSAL_SCORE = 2  # §6, §12 item 5: the winner scores 2 against a player who refused
RESULT = fields(tricks=by_player(INT), king_of_trumps=PLAYER, no_exchange_by=PLAYER)

RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "ecarte_target",
        7,
        "int",
        Text(
            "points that win the match (standard French écarté: 5)",
            "ennyi pont nyeri a játszmát (a francia écarté: 5)",
        ),
        group=MATCH_GROUP,
        minimum=1,
    ),
    HouseRule(
        "ecarte_king_bonus",
        False,
        "bool",
        Text(
            "the player who turns up or declares the king of trumps scores 1",
            "aki felfordítja vagy bemondja az adukirályt, 1 pontot kap",
        ),
    ),
    HouseRule(
        "ecarte_refusal_penalty",
        False,
        "bool",
        Text(
            "playing without proposing, or refusing a proposal, and losing gives the winner 2",
            "aki ajánlat nélkül játszik vagy ajánlatot utasít el és veszít, annak ellenfele 2 pontot kap",
        ),
    ),
)


def _switch_field(
    res: Reader, name: str, rule: str, on: bool, players: tuple[str, ...]
) -> str | None:
    """A player field that only its house rule allows (§13.3 ecarte)."""
    if not on:
        if res.has(name):
            res.problems.add(
                res.path(name),
                f"is recorded only with the house rule {rule}",
                f"csak a(z) {rule} házszabállyal adható meg",
            )
        return None
    return res.player(name, players, optional=True)


def _deal_item(
    winner: str, loser: str, tricks: dict[str, int], shown: str, refused: str | None
) -> tuple[str | None, int, Text]:
    """The winner's points: 2 for the vole, 2 against a refusing loser (house rule), else 1."""
    if tricks[winner] == TRICKS:
        return (
            winner,
            VOLE,
            Text(
                f"écarté: tricks {shown}, {winner} took all five (vole) → {VOLE} points",
                f"écarté: ütések {shown}, {winner} mind az ötöt vitte → {VOLE} pont",
            ),
        )
    if refused == loser:
        return (
            winner,
            REFUSAL_SCORE,
            Text(
                f"écarté: tricks {shown}; {loser} played without exchange and lost → {REFUSAL_SCORE} points to {winner}",
                f"écarté: ütések {shown}; {loser} csere nélkül játszott és veszített → {winner} kap {REFUSAL_SCORE} pontot",
            ),
        )
    return (
        winner,
        POINT,
        Text(
            f"écarté: tricks {shown}, {winner} took {tricks[winner]} (≥ {WINNING}) → {POINT} point",
            f"écarté: ütések {shown}, {winner} {tricks[winner]} ütést vitt (≥ {WINNING}) → {POINT} pont",
        ),
    )


def read(session: Session, res: Reader) -> Deal | None:
    """Read → check → score one deal; None after a problem (all of them named)."""
    players = session.players
    a, b = players
    rules = session.house_rules
    before = len(res.problems.items)
    tricks = pair_map(res, "tricks", players, hi=TRICKS, total=TRICKS)
    king = _switch_field(
        res, "king_of_trumps", "ecarte_king_bonus", rules["ecarte_king_bonus"], players
    )
    refused = _switch_field(
        res, "no_exchange_by", "ecarte_refusal_penalty", rules["ecarte_refusal_penalty"], players
    )
    if tricks is None or len(res.problems.items) > before:
        return None
    winner = a if tricks[a] >= WINNING else b
    shown = f"{a} {tricks[a]} – {b} {tricks[b]}"
    items = [_deal_item(winner, other(players, winner), tricks, shown, refused)]
    if king is not None:
        items.append(
            (
                king,
                KING_BONUS,
                Text(
                    f"king of trumps: {king} → {KING_BONUS} point",
                    f"adukirály: {king} → {KING_BONUS} pont",
                ),
            )
        )
    summary = Text(f"tricks {shown}: {winner} wins", f"ütések {shown}: {winner} nyer")
    return Deal(items, winner, summary)


def match_rule(session: Session) -> MatchRule:
    target: Any = session.house_rules["ecarte_target"]
    return ToTarget(target)


VARIANT = TwoPlayerGame(
    key="ecarte",
    title=Text("Écarté", "Ékarté"),
    rules=RULES,
    result=RESULT,
    read=read,
    match_rule=match_rule,
)
