"""Négyes tarokk 54 lappal's payments for a read hand: the bid's parts (a combined bid's
two judged separately), betli, the trisákolás in its three forms, or an irregularity's
penalty, and the hand's summary. Cached where a night repeats the same outcomes (pure
functions of hashable arguments; lines are immutable), so a replay books each of them once.
"""

from __future__ import annotations

from functools import lru_cache

from scorebook.engine.messages import Msg, msg, nmsg, pmsg
from scorebook.engine.payments import book_payment as _distribute
from scorebook.engine.payments import contra_multiplier
from scorebook.engine.types import Line
from scorebook.engine.variants._tarokk54 import LOST, WON, contra_game, offender_pays_each, times
from scorebook.engine.variants.negyes54.record import Hand
from scorebook.engine.variants.negyes54.tariffs import (
    ALL_PASS,
    BETLI,
    GAME_PART,
    IRREGULARITY_NAMES,
    NAMES,
    TO_WIN,
    TRISAK,
    ULTIMO,
    ULTIMO_BIDS,
    bid_value,
)


def score(hand: Hand, players: tuple[str, ...]) -> tuple[list[Line], Msg]:
    """The hand's lines and summary."""
    lines: list[Line] = []
    if hand.unpenalised is not None:
        lines.append(_unpenalised_line(*hand.unpenalised))
    if hand.penalty is not None:
        return lines, _penalty(lines, players, hand.contract, hand.contra, hand.penalty)
    if hand.contract == ALL_PASS:
        assert hand.tricks is not None
        booked, summary = _all_pass(players, tuple(hand.tricks[p] for p in players))
    elif hand.contract == "trisakolas":
        assert hand.declarer is not None
        assert hand.tricks is not None
        booked, summary = _trisak(
            hand.declarer,
            hand.helper,
            hand.side,
            hand.opponents,
            hand.contra,
            tuple(sorted(hand.tricks.items())),
        )
    else:
        booked, summary = _bid(
            hand.contract,
            hand.side,
            hand.opponents,
            hand.contra,
            hand.took_trick,
            hand.points,
            hand.ultimo_won,
        )
    lines.extend(booked)
    return lines, summary


def _unpenalised_line(kind: str, offender: str) -> Line:
    """An irregularity the house rules (N6, N7) leave unpunished, noted on the hand."""
    return Line(
        msg(
            "{irregularity} by {offender}: the house rules do not penalise it, the hand is "
            "scored from its results",
            irregularity=IRREGULARITY_NAMES[kind],
            offender=offender,
        )
    )


@lru_cache(maxsize=4096)
def _all_pass(players: tuple[str, ...], tricks: tuple[int, ...]) -> tuple[tuple[Line, ...], Msg]:
    """Form 1 (seed 000 "Trisákolás"): each pays each other player one unit per trick."""
    lines: list[Line] = []
    for p, t in zip(players, tricks, strict=True):
        if t == 0:
            lines.append(Line(msg("{who} took no trick: pays nothing", who=p)))
            continue
        offender_pays_each(
            lines,
            players,
            p,
            t,
            nmsg(
                "trisákolás after an all-pass: {who} took {count} trick, pays {count} to each "
                "other player",
                "trisákolás after an all-pass: {who} took {count} tricks, pays {count} to each "
                "other player",
                t,
                who=p,
            ),
        )
    shown = ", ".join(f"{p} {t}" for p, t in zip(players, tricks, strict=True))
    return tuple(lines), msg("trisákolás, all passed: tricks {shown}", shown=shown)


@lru_cache(maxsize=4096)
def _trisak(
    declarer: str,
    helper: str | None,
    side: tuple[str, ...],
    opponents: tuple[str, ...],
    contra: int,
    tricks_by_player: tuple[tuple[str, int], ...],
) -> tuple[tuple[Line, ...], Msg]:
    """Forms 2 and 3: the bidder (with a helper) must take the fewest tricks; 3 units."""
    tricks = dict(tricks_by_player)
    who: str | Msg
    if helper is None:
        won, why = _alone_fewest(tricks[declarer], min(tricks[p] for p in opponents))
        who = declarer
    else:
        # Form 3: bidder and helper together take fewer tricks than the other pair.
        ours = sum(tricks[p] for p in side)
        theirs = sum(tricks[p] for p in opponents)
        won = ours < theirs
        why = pmsg(
            "negyes54 trisákolás",
            "{ours} {relation} {theirs} tricks",
            ours=ours,
            relation="<" if won else "≥",
            theirs=theirs,
        )
        who = msg("{declarer} + {helper} (segítek)", declarer=declarer, helper=helper)
    game = contra_game(contra, NAMES["trisakolas"])
    outcome = WON if won else LOST
    winners, losers = (side, opponents) if won else (opponents, side)
    lines: list[Line] = []
    _distribute(
        winners,
        losers,
        TRISAK * contra_multiplier(contra),
        lines,
        msg(
            "{who}: {game} {result} ({why}): {arithmetic}",
            who=who,
            game=game,
            result=outcome,
            why=why,
            arithmetic=times(TRISAK, contra),
        ),
    )
    summary = msg("{who}: {game} {result}", who=who, game=game, result=outcome)
    return tuple(lines), summary


def _alone_fewest(t: int, fewest: int) -> tuple[bool, Msg]:
    """Form 2: fewer tricks than each other player (a tie with anyone loses)."""
    if t < fewest:
        return True, msg(
            "{tricks} tricks, fewer than each opponent (fewest {fewest})", tricks=t, fewest=fewest
        )
    return False, msg(
        "{tricks} tricks, not fewer than an opponent's {fewest}", tricks=t, fewest=fewest
    )


@lru_cache(maxsize=4096)
def _bid(
    contract: str,
    side: tuple[str, ...],
    opponents: tuple[str, ...],
    contra: int,
    took_trick: bool | None,
    points: int | None,
    ultimo_won: bool | None,
) -> tuple[tuple[Line, ...], Msg]:
    """A betli or card-point bid, each part of a combined bid judged on its own."""
    game = contra_game(contra, NAMES[contract])
    who = " + ".join(side)
    mult = contra_multiplier(contra)
    parts = _bid_parts(contract, took_trick, points, ultimo_won)
    net = sum(v for _, v in parts)
    winners, losers = (side, opponents) if net > 0 else (opponents, side)
    expr = _arithmetic([v for _, v in parts], mult)
    if len(parts) == 1:
        # a single-element bid: "szólóhármas won (44 ≥ 33 points)"
        what = msg(
            "{who}: {game} {part}; a = {arithmetic}",
            who=who,
            game=game,
            part=parts[0][0],
            arithmetic=expr,
        )
    else:
        what = msg(
            "{who}: {game}: {first}, {second}; a = {arithmetic}",
            who=who,
            game=game,
            first=parts[0][0],
            second=parts[1][0],
            arithmetic=expr,
        )
    lines: list[Line] = []
    _distribute(winners, losers, abs(net) * mult, lines, what)
    summary = msg("{who}: {game} {net}", who=who, game=game, net=f"{net * mult:+d}")
    return tuple(lines), summary


def _bid_parts(
    contract: str, took_trick: bool | None, points: int | None, ultimo_won: bool | None
) -> list[tuple[Msg, int]]:
    """(what, signed units) per part of the bid; a part alone does not name itself."""
    parts: list[tuple[Msg, int]] = []
    combined = contract in GAME_PART and contract in ULTIMO_BIDS
    if contract in BETLI:
        value = BETLI[contract]
        if not took_trick:
            parts.append((pmsg("negyes54 betli", "won, no trick taken"), value))
        else:
            parts.append((pmsg("negyes54 betli", "lost, took a trick"), -value))
    if contract in GAME_PART:
        assert points is not None
        parts.append(_game_part(GAME_PART[contract], points, combined))
    if contract in ULTIMO_BIDS:
        won = bool(ultimo_won)
        if combined:
            part = (
                pmsg("negyes54 bid part", "ultimó won")
                if won
                else pmsg("negyes54 bid part", "ultimó lost")
            )
        else:
            part = (
                pmsg("negyes54 ultimóhívás", "won") if won else pmsg("negyes54 ultimóhívás", "lost")
            )
        parts.append((part, ULTIMO if won else -ULTIMO))
    return parts


def _game_part(value: int, points: int, combined: bool) -> tuple[Msg, int]:
    """The card-point part: 'game won (44 ≥ 33 points)', or without 'game' alone."""
    won = points >= TO_WIN
    rel = "≥" if won else "<"
    if combined and won:
        part = pmsg(
            "negyes54 bid part",
            "game won ({points} {relation} 33 points)",
            points=points,
            relation=rel,
        )
    elif combined:
        part = pmsg(
            "negyes54 bid part",
            "game lost ({points} {relation} 33 points)",
            points=points,
            relation=rel,
        )
    elif won:
        part = pmsg(
            "negyes54 bid part", "won ({points} {relation} 33 points)", points=points, relation=rel
        )
    else:
        part = pmsg(
            "negyes54 bid part", "lost ({points} {relation} 33 points)", points=points, relation=rel
        )
    return part, value if won else -value


def _arithmetic(values: list[int], mult: int) -> str:
    """'+4 - 6 = -2', '(+4 - 6) × 2 = -4' or '+8 × 2 = +16'."""
    net = sum(values)
    expr = f"{values[0]:+d}" + "".join(f" {'+' if v >= 0 else '-'} {abs(v)}" for v in values[1:])
    if len(values) > 1:
        expr = f"({expr})" if mult > 1 else f"{expr} = {net:+d}"
    if mult > 1:
        expr += f" × {mult} = {net * mult:+d}"
    return expr


def _penalty(
    lines: list[Line],
    players: tuple[str, ...],
    contract: str,
    contra: int,
    penalty: tuple[str, str],
) -> Msg:
    """Seed 004 §62*/§38 style (section 9): the offender pays the bid value × contra to each
    other player; the all-pass trisákolás has no bid: 3."""
    kind, offender = penalty
    value = bid_value(contract)
    level = 0 if contract == ALL_PASS else contra
    x = value * contra_multiplier(level)
    offender_pays_each(
        lines,
        players,
        offender,
        x,
        pmsg(
            "negyes54 penalty",
            "{irregularity} by {offender}, nothing else is scored: X = {game} {arithmetic}; "
            "{offender} pays X to each other player",
            irregularity=IRREGULARITY_NAMES[kind],
            offender=offender,
            game=contra_game(level, NAMES[contract]),
            arithmetic=times(value, level),
        ),
    )
    return msg(
        "{irregularity} by {offender} (−{total})",
        irregularity=IRREGULARITY_NAMES[kind],
        offender=offender,
        total=3 * x,
    )
