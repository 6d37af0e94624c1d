"""Écarté (32 cards, two players): spec `two_player_games.md`.

The player with 3 or more of the 5 tricks wins the deal: 1 point, or 2 for all five tricks
(the vole); a match is played to 7 (seed 003 "Ékarté"). Two non-seed extras of standard
écarté can be switched on (§12 item 5).
"""

from __future__ import annotations

from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.record import Reader
from scorebook.engine.shape import INT, PLAYER, by_player, fields
from scorebook.engine.types import HouseRule, Session
from scorebook.engine.variants._match import (
    MATCH_GROUP,
    Deal,
    TwoPlayerGame,
    other,
    pair_map,
    to_target,
)

# seed 003 "Ékarté": "Ha a győztes minden ütést vitt, 2 pontot kap, egyébként 1-et. A játék 7
# pontig tart." Five tricks a deal; 3 win it.
TRICKS = 5
WINNING = 3
POINT = 1
VOLE = 2
KING_BONUS = 1  # §6, §12 item 5 (standard écarté, not in the seed)
REFUSAL_SCORE = 2  # §6, §12 item 5: the winner scores 2 against a player who refused
# The king and the refusal are recorded only with their house rules (`_switch_field`).
RESULT = fields(
    tricks=by_player(INT.but(label=msg("Tricks (sum 5)"), lo=0, hi=TRICKS)),
    king_of_trumps=PLAYER.but(label=pmsg("ecarte field", "King of trumps held or turned up by")),
    no_exchange_by=PLAYER.but(label=pmsg("ecarte field", "Played without exchange (refused)")),
)

# The two house rules a hand field needs, by the players' names for them.
KING_RULE = pmsg("ecarte house rule", "King of trumps bonus")
REFUSAL_RULE = pmsg("ecarte house rule", "Refusal penalty")

RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "ecarte_target",
        7,
        "int",
        msg("points that win the match (standard French écarté: 5)"),
        group=MATCH_GROUP,
        minimum=1,
        label=msg("Match target"),
    ),
    HouseRule(
        "ecarte_king_bonus",
        False,
        "bool",
        msg("the player who turns up or declares the king of trumps scores 1"),
        label=pmsg("ecarte house rule", "King of trumps bonus"),
    ),
    HouseRule(
        "ecarte_refusal_penalty",
        False,
        "bool",
        msg("playing without proposing, or refusing a proposal, and losing gives the winner 2"),
        label=pmsg("ecarte house rule", "Refusal penalty"),
    ),
)


def _switch_field(
    res: Reader, name: str, rule: Msg, on: bool, players: tuple[str, ...]
) -> str | None:
    """A player field that only its house rule allows (§13.3 ecarte)."""
    if not on:
        if res.has(name):
            res.problems.add(
                res.path(name), msg("is recorded only with the house rule ‘{rule}’", rule=rule)
            )
        return None
    return res.player(name, players, optional=True)


def _deal_item(
    winner: str, loser: str, tricks: dict[str, int], shown: str, refused: str | None
) -> tuple[str | None, int, Msg]:
    """The winner's points: 2 for the vole, 2 against a refusing loser (house rule), else 1."""
    if tricks[winner] == TRICKS:
        return (
            winner,
            VOLE,
            msg(
                "écarté: tricks {shown}, {winner} took all five (vole) → {points} points",
                shown=shown,
                winner=winner,
                points=VOLE,
            ),
        )
    if refused == loser:
        return (
            winner,
            REFUSAL_SCORE,
            msg(
                "écarté: tricks {shown}; {loser} played without exchange and lost → {points} points to {winner}",
                shown=shown,
                loser=loser,
                points=REFUSAL_SCORE,
                winner=winner,
            ),
        )
    return (
        winner,
        POINT,
        msg(
            "écarté: tricks {shown}, {winner} took {tricks} (≥ {winning}) → {points} point",
            shown=shown,
            winner=winner,
            tricks=tricks[winner],
            winning=WINNING,
            points=POINT,
        ),
    )


def read(session: Session, res: Reader) -> Deal | None:
    """Read → check → score one deal; None after a problem (all of them named)."""
    players = session.players
    a, b = players
    rules = session.house_rules
    before = len(res.problems.items)
    tricks = pair_map(res, "tricks", players, hi=TRICKS, total=TRICKS)
    king = _switch_field(res, "king_of_trumps", KING_RULE, rules["ecarte_king_bonus"], players)
    refused = _switch_field(
        res, "no_exchange_by", REFUSAL_RULE, rules["ecarte_refusal_penalty"], players
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
                msg("king of trumps: {king} → {points} point", king=king, points=KING_BONUS),
            )
        )
    summary = msg("tricks {shown}: {winner} wins", shown=shown, winner=winner)
    return Deal(items, winner, summary)


VARIANT = TwoPlayerGame(
    key="ecarte",
    title=pmsg("game title", "Écarté"),
    rules=RULES,
    result=RESULT,
    read=read,
    match_rule=to_target("ecarte_target"),
)
