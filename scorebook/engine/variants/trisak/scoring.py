"""Trisák tarokk's payments for a read hand: the game, the pagát ultimó, the trisákolás,
the hand bonuses or an irregularity's penalty, and the hand's summary.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.payments import book_payment as _distribute
from scorebook.engine.payments import contra_multiplier
from scorebook.engine.types import Line
from scorebook.engine.variants._tarokk54 import (
    CONTRAS,
    LOST,
    WON,
    contra_game,
    names,
    offender_pays_each,
    times,
)
from scorebook.engine.variants.trisak.record import Hand, Ultimo
from scorebook.engine.variants.trisak.tariffs import (
    BETTLIS,
    BONUS_NAMES,
    BONUS_VALUE,
    GAME_VALUE,
    IRREGULARITY_NAMES,
    NAMES,
    TO_WIN,
    TRISAK_EACH,
    TRISAK_NO_TRICK,
    ULTIMO_VALUE,
)


def score(hand: Hand, players: tuple[str, ...], rules: Mapping[str, Any]) -> tuple[list[Line], Msg]:
    """The hand's lines and summary."""
    lines: list[Line] = []
    if hand.contract == "no_game":
        lines.append(Line(msg("all passed: no game, the next dealer deals")))
        return lines, NAMES["no_game"]
    if hand.settled:
        return lines, _settlement(lines, players, rules["settlement_per_player"], hand)
    if hand.irregular is not None:
        summary = _penalty(lines, players, hand, hand.irregular)
        if rules["penalty_includes_bonuses"]:
            _pay_bonuses(lines, players, rules, hand)
        return lines, summary
    if hand.contract == "trisakolas":
        assert hand.trisak is not None
        summary = _trisak(lines, players, *hand.trisak)
    else:
        assert hand.declarer is not None
        booked, summary = _game(
            hand.contract,
            hand.declarer,
            hand.partner,
            hand.side,
            hand.opponents,
            hand.game_contra,
            hand.ultimo,
            hand.outcome,
        )
        lines.extend(booked)
    _pay_bonuses(lines, players, rules, hand)
    return lines, summary


def _settlement(lines: list[Line], players: tuple[str, ...], fee: int, hand: Hand) -> Msg:
    """Tr12: the declarer pays the agreed half fee to each other player."""
    declarer = hand.declarer
    assert declarer is not None
    offender_pays_each(
        lines,
        players,
        declarer,
        fee,
        msg(
            "{declarer}: ultimóhívás, called tarokk not held, settled for half fee "
            "(game and ultimó): {fee} to each other player",
            declarer=declarer,
            fee=fee,
        ),
    )
    return msg("{declarer}: ultimóhívás settled (−{total})", declarer=declarer, total=3 * fee)


@lru_cache(maxsize=4096)
def _game(
    contract: str,
    declarer: str,
    partner: str | None,
    members: tuple[str, ...],
    opponents: tuple[str, ...],
    game_contra: int,
    ultimo: Ultimo | None,
    outcome: int | bool | None,
) -> tuple[tuple[Line, ...], Msg]:
    """The game and ultimó lines of a card game or bettli. `outcome` is the declarer side's
    card points, or for a bettli whether the declarer took a trick. Cached: a night repeats
    the same outcomes, and lines are immutable."""
    lines: list[Line] = []
    game = contra_game(game_contra, NAMES[contract])
    who = f"{declarer} + {partner}" if partner else declarer
    value = GAME_VALUE[contract]
    if contract in BETTLIS:
        won = not outcome
        why = (
            pmsg("trisak bettli", "no trick taken")
            if won
            else pmsg("trisak bettli", "took a trick")
        )
    else:
        assert isinstance(outcome, int)
        won = outcome >= TO_WIN
        why = msg(
            "{points} {relation} 54 card points", points=outcome, relation="≥" if won else "<"
        )
    result = WON if won else LOST
    winners, losers = (members, opponents) if won else (opponents, members)
    _distribute(
        winners,
        losers,
        value * contra_multiplier(game_contra),
        lines,
        msg(
            "{who}: {game} {result} ({why}): {arithmetic}",
            who=who,
            game=game,
            result=result,
            why=why,
            arithmetic=times(value, game_contra),
        ),
    )
    if ultimo is None:
        return tuple(lines), msg("{who}: {game} {result}", who=who, game=game, result=result)
    made = _ultimo_line(lines, contract, members, opponents, ultimo)
    return tuple(lines), msg(
        "{who}: {game} {result}, ultimó ({by}) {made}",
        who=who,
        game=game,
        result=result,
        by=ultimo.by,
        made=made,
    )


def _ultimo_line(
    lines: list[Line],
    contract: str,
    members: tuple[str, ...],
    opponents: tuple[str, ...],
    ultimo: Ultimo,
) -> Msg:
    """The pagát ultimó's line, paid between the sides apart from the game; 'made' or not."""
    silent, loud = ULTIMO_VALUE[contract]
    base = loud if ultimo.announced else silent
    ours, theirs = (members, opponents) if ultimo.side == "declarer" else (opponents, members)
    winners, losers = (ours, theirs) if ultimo.made else (theirs, ours)
    if not ultimo.announced:
        kind = pmsg("trisak ultimó, of a player", "silent ultimó")
    elif ultimo.contra:
        kind = pmsg(
            "trisak ultimó, of a player",
            "{contra} announced ultimó",
            contra=CONTRAS[ultimo.contra],
        )
    else:
        kind = pmsg("trisak ultimó, of a player", "announced ultimó")
    made = pmsg("trisak ultimó", "made") if ultimo.made else pmsg("trisak ultimó", "failed")
    _distribute(
        winners,
        losers,
        base * contra_multiplier(ultimo.contra),
        lines,
        msg(
            "{ultimo} of {who} {made}: {arithmetic}",
            ultimo=kind,
            who=ultimo.by,
            made=made,
            arithmetic=times(base, ultimo.contra),
        ),
    )
    return made


def _trisak(
    lines: list[Line], players: tuple[str, ...], points: dict[str, int], tricks: dict[str, int]
) -> Msg:
    """Trisákolás (seed 004 §73): the top scorer pays 3 to each, or 9 to each without a
    trick."""
    shown = ", ".join(f"{p} {points[p]} ({tricks[p]})" for p in players)
    lines.append(Line(msg("trisákolás: card points (tricks) {shown}", shown=shown)))
    most = max(points.values())
    top = [p for p in players if points[p] == most]
    zero = [p for p in players if tricks[p] == 0]
    for t in top:
        if zero:
            _distribute(
                zero,
                [t],
                TRISAK_NO_TRICK,
                lines,
                msg(
                    "{who} has the most card points ({most}) and pays 9 to each player "
                    "without a trick ({without})",
                    who=t,
                    most=most,
                    without=names(zero),
                ),
            )
        else:
            offender_pays_each(
                lines,
                players,
                t,
                TRISAK_EACH,
                msg(
                    "{who} has the most card points ({most}) and pays 3 to each other player",
                    who=t,
                    most=most,
                ),
            )
    return msg("trisákolás: {who} most points ({most})", who=names(top), most=most)


def _penalty(
    lines: list[Line], players: tuple[str, ...], hand: Hand, irregular: tuple[str, str]
) -> Msg:
    """A revoke or wrong discard (section 9): the offender pays X to each other player."""
    kind, offender = irregular
    x, arith = _penalty_x(hand)
    offender_pays_each(
        lines,
        players,
        offender,
        x,
        pmsg(
            "trisak penalty",
            "{irregularity} by {offender}, nothing else is scored: {x}; "
            "{offender} pays X to each other player",
            irregularity=IRREGULARITY_NAMES[kind],
            offender=offender,
            x=arith,
        ),
    )
    return msg(
        "{irregularity} by {offender} (−{total})",
        irregularity=IRREGULARITY_NAMES[kind],
        offender=offender,
        total=3 * x,
    )


def _penalty_x(hand: Hand) -> tuple[int, Msg]:
    """X: the game's value with its contra, plus an announced ultimó's, and how."""
    contract, level, ultimo = hand.contract, hand.game_contra, hand.ultimo
    if contract == "trisakolas":
        # trisákolás has no game value: its tariff, 3 (seed 004 §73 "3—3 pontot fizet")
        return TRISAK_EACH, msg(
            "X = {game} {arithmetic}", game=NAMES["trisakolas"], arithmetic=TRISAK_EACH
        )
    value = GAME_VALUE[contract]
    x = value * contra_multiplier(level)
    game = contra_game(level, NAMES[contract])
    if ultimo is None or not ultimo.announced:
        return x, msg("X = {game} {arithmetic}", game=game, arithmetic=times(value, level))
    loud = ULTIMO_VALUE[contract][1]
    x += loud * contra_multiplier(ultimo.contra)
    return x, msg(
        "X = {game} {arithmetic} + announced ultimó {ultimo}, X = {x}",
        game=game,
        arithmetic=times(value, level),
        ultimo=times(loud, ultimo.contra),
        x=x,
    )


def _pay_bonuses(
    lines: list[Line], players: tuple[str, ...], rules: Mapping[str, Any], hand: Hand
) -> None:
    """Tr7: every other player pays a hand bonus, or only the holder's opponents."""
    doubled = hand.contract == "harmas_szolo"
    by_side = rules["hand_bonus_payers"] == "opposing_side" and hand.contract != "trisakolas"
    for who, bonus in hand.bonuses:
        if by_side:
            payers = hand.opponents if who not in hand.opponents else hand.side
        else:
            payers = tuple(p for p in players if p != who)
        lines.append(_bonus_line(who, bonus, doubled, payers, by_side))


@lru_cache(maxsize=1024)
def _bonus_line(
    who: str, bonus: str, doubled: bool, payers: tuple[str, ...], by_side: bool
) -> Line:
    """One hand bonus: each payer pays v (10, doubled in hármas szóló) to the holder."""
    v = BONUS_VALUE * 2 if doubled else BONUS_VALUE
    arith = f"{BONUS_VALUE} × 2 = {v}" if doubled else str(v)
    whom = (
        pmsg("trisak hand bonus, paid from", "each opponent")
        if by_side
        else pmsg("trisak hand bonus, paid from", "each other player")
    )
    lines: list[Line] = []
    _distribute(
        [who],
        payers,
        v,
        lines,
        msg(
            "{who}: {bonus}, doubled in hármas szóló: {arithmetic} from {payers}",
            who=who,
            bonus=BONUS_NAMES[bonus],
            arithmetic=arith,
            payers=whom,
        )
        if doubled
        else msg(
            "{who}: {bonus}: {arithmetic} from {payers}",
            who=who,
            bonus=BONUS_NAMES[bonus],
            arithmetic=arith,
            payers=whom,
        ),
    )
    return lines[0]
