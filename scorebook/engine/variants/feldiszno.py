"""Féldisznó (32-card Hungarian pack, no trumps): spec `two_player_games.md`.

Taking 11 of the 20 colour cards (Á, K, F, A, X) wins the deal, worth 1; at 10–10 the taker
of the last colour card wins (seed 003 "Féldisznó"). The variant without the tens needs 9 of
16. Open-ended by default (§10).
"""

from __future__ import annotations

from scorebook.engine.messages import msg, pmsg
from scorebook.engine.record import Reader
from scorebook.engine.shape import INT, PLAYER, by_player, fields
from scorebook.engine.types import HouseRule, Session
from scorebook.engine.variants._match import (
    Deal,
    TwoPlayerGame,
    optional_target,
    read_pair,
    to_target,
)

# seed 003 "Féldisznó": 20 colour cards, 11 win, "10-10 lap esetén az utolsó színes lapot
# elvivő fél a győztes"; "Variáns: … 16 lapunk lesz csak értékes … 9 (8+1)".
COLOUR_CARDS = 20
COLOUR_CARDS_NO_TENS = 16
DEAL_WON = 1  # §6
RESULT = fields(
    # the sum (20, or 16 without tens) bounds each count; the reader checks the sum
    colour_cards=by_player(
        INT.but(
            label=msg("Colour cards taken (sum 20; 16 without tens)"),
            lo=0,
            hi=COLOUR_CARDS,
        )
    ),
    # read only on a tie of colour cards (a tie is no single value: no `when`)
    last_colour_card=PLAYER.but(
        label=pmsg("feldiszno field", "On a tie: last colour card taken by")
    ),
)

RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "feldiszno_variant_no_tens",
        False,
        "bool",
        msg("the tens are no colour cards: 9 of 16 win"),
        label=pmsg("feldiszno house rule", "Without the tens"),
    ),
    optional_target(
        "target_wins",
        msg("deals won that win the match (empty: open-ended, the session decides)"),
        label=msg("Match target (deals won)"),
    ),
)


def read(session: Session, res: Reader) -> Deal | None:
    players = session.players
    a, b = players
    total = (
        COLOUR_CARDS_NO_TENS if session.house_rules["feldiszno_variant_no_tens"] else COLOUR_CARDS
    )
    half = total // 2
    pair = read_pair(res, "colour_cards", players, total=total)
    if pair is None:
        return None
    cards, shown = pair
    if cards[a] == cards[b]:
        # Tie: the last colour card decides (required only then, ignored otherwise).
        last = res.player("last_colour_card", players)
        if last is None:
            return None
        winner = last
        how = msg(
            "colour cards {shown}, a tie: {last} took the last colour card", shown=shown, last=last
        )
    else:
        winner = a if cards[a] > cards[b] else b
        how = msg(
            "colour cards {shown}, {winner} took {cards} (≥ {needed} of {total})",
            shown=shown,
            winner=winner,
            cards=cards[winner],
            needed=half + 1,
            total=total,
        )
    why = msg(
        "féldisznó: {how} → {points} point to {winner}", how=how, points=DEAL_WON, winner=winner
    )
    return Deal(
        [(winner, DEAL_WON, why)],
        winner,
        msg("{shown}: {winner} wins", shown=shown, winner=winner),
    )


VARIANT = TwoPlayerGame(
    key="feldiszno",
    title=pmsg("game title", "Féldisznó"),
    rules=RULES,
    result=RESULT,
    read=read,
    match_rule=to_target("target_wins"),
)
