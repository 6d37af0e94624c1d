"""Ultimo's session events (spec §10, §13.2): the foundations, a fourth person joining, a
person leaving, and the end-of-session split of the pools."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from scorebook.engine.errors import Problems
from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.record import Reader
from scorebook.engine.types import Amount, EndOfSession, Entry, Line, Session
from scorebook.engine.variants.ultimo.house_rules import ROUNDING_NAMES
from scorebook.engine.variants.ultimo.scoring import refill_lines
from scorebook.engine.variants.ultimo.state import UltimoState
from scorebook.engine.variants.ultimo.tariffs import KING, PAGAT, POT_NAMES, POT_OF, POT_TEXT


def _round5_nearest(num: int, den: int) -> int:
    """num/den to the nearest multiple of 5; an exact half-way value goes down."""
    return 5 * -((5 * den - 2 * num) // (10 * den))


def _round5(num: int, den: int, how: str) -> int:
    if how == "up":
        return 5 * -(-num // (5 * den))
    if how == "down":
        return 5 * (num // (5 * den))
    return _round5_nearest(num, den)


def _event_entry(session: Session, kind: str, lines: list[Line], summary: Msg) -> Entry:
    return Entry.from_lines(
        kind=kind,
        number=None,
        dealer=None,
        players=session.players,
        pot_names=POT_NAMES,
        lines=lines,
        summary=summary,
    )


def foundations(session: Session, pools: dict[str, int], seated: tuple[str, ...]) -> list[Entry]:
    """§15 "Fundamenty": each seated person pays 20 into each empty pool."""
    lines = refill_lines(pools, seated)
    if not lines:
        return []
    return [_event_entry(session, "foundations", lines, pmsg("ultimo event", "Foundations"))]


def _joiner(session: Session, state: UltimoState, event: Mapping[str, Any]) -> str:
    """Who joins: a late joiner not seated yet, at his place, with the house rounding."""
    problems = Problems()
    r = Reader(event, problems)
    unseated = [p for p in session.players if p not in state.seated and p in session.late_joiners]
    who = r.player("player", unseated)
    how = session.house_rules["join_fee_rounding"]
    if len(state.seated) >= 4:
        problems.add("player", msg("four are seated already"))
    if who is not None and r.has("seat_index"):
        index = session.players.index(who)
        if r.integer("seat_index") != index:
            problems.add(
                "seat_index",
                msg("{who} sits at index {index} of the players", who=who, index=index),
            )
    if r.has("rounding") and r.raw("rounding") != how:
        problems.add(
            "rounding",
            msg("the house rules round the joining fee: {how}", how=ROUNDING_NAMES[how]),
        )
    problems.raise_if_any()
    assert who is not None
    return who


def join(
    session: Session, state: UltimoState, event: Mapping[str, Any]
) -> tuple[UltimoState, list[Entry]]:
    """§10.4 (seed 001 §17): the fourth person pays a third of each pool, rounded to 5."""
    who = _joiner(session, state, event)
    how = session.house_rules["join_fee_rounding"]
    n = len(state.seated)
    pools = {KING: state.king, PAGAT: state.pagat}
    lines = []
    for pot in POT_NAMES:
        # §17: a third of the pool (one equal claim of the three seated), rounded to 5
        fee = _round5(pools[pot], n, how)
        lines.append(
            Line(
                msg(
                    "{who} joins: {pool} {amount} / {n} → {fee} ({rounding})",
                    who=who,
                    pool=POT_TEXT[pot],
                    amount=pools[pot],
                    n=n,
                    fee=fee,
                    rounding=ROUNDING_NAMES[how],
                ),
                {who: -fee} if fee else {},
                {pot: fee} if fee else {},
            )
        )
        pools[pot] += fee
    seated = tuple(p for p in session.players if p in state.seated or p == who)
    entries = [_event_entry(session, "join", lines, pmsg("ultimo event", "{who} joins", who=who))]
    entries += foundations(session, pools, seated)
    return UltimoState(pools[KING], pools[PAGAT], seated, state.next_dealer), entries


def _leaver(state: UltimoState, event: Mapping[str, Any]) -> str:
    problems = Problems()
    who = Reader(event, problems).player("player", state.seated)
    if len(state.seated) <= 3:
        problems.add("player", msg("only two would remain: end the session instead (spec §10.5)"))
    problems.raise_if_any()
    assert who is not None
    return who


def _leaving_share(session: Session, who: str, pot: str, pools: dict[str, int], n: int) -> Line:
    """§10.5 (seed silent): the person leaving takes 1/N of the pool, or nothing by house rule."""
    if session.house_rules["leaving_share"] == "none":
        return Line(msg("{who} leaves: no share of the {pool}", who=who, pool=POT_OF[pot]))
    # spec §10.5: 1/N of the pool, rounded to the nearest 5 (a tie goes down)
    before = pools[pot]
    share = _round5_nearest(before, n)
    pools[pot] = before - share
    return Line(
        msg(
            "{who} leaves: {pool} {amount} / {n} → {share}",
            who=who,
            pool=POT_TEXT[pot],
            amount=before,
            n=n,
            share=share,
        ),
        {who: share} if share else {},
        {pot: -share} if share else {},
    )


def leave(
    session: Session, state: UltimoState, event: Mapping[str, Any]
) -> tuple[UltimoState, list[Entry]]:
    who = _leaver(state, event)
    n = len(state.seated)
    pools = {KING: state.king, PAGAT: state.pagat}
    lines = [_leaving_share(session, who, pot, pools, n) for pot in POT_NAMES]
    seated = tuple(p for p in state.seated if p != who)
    next_dealer = state.next_dealer
    if next_dealer == who:  # the deal passes on to the right
        next_dealer = state.seated[(state.seated.index(who) + 1) % n]
    entries = [_event_entry(session, "leave", lines, pmsg("ultimo event", "{who} leaves", who=who))]
    entries += foundations(session, pools, seated)
    return UltimoState(pools[KING], pools[PAGAT], seated, next_dealer), entries


def _exact_split(total: int, order: list[str], payouts: dict[str, Amount]) -> list[Line]:
    """House rule "exact": each gets T / N, a fraction if need be."""
    n = len(order)
    share = Fraction(total, n)
    for who in order:
        payouts[who] = share if share.denominator != 1 else int(share)
    return [Line(pmsg("ultimo split", "Each gets {total} / {n}", total=total, n=n))]


def _chip_split(
    rule: str, total: int, order: list[str], payouts: dict[str, Amount]
) -> tuple[list[Line], int]:
    """§10.6: chips of 5 split equally; the leftover chips go one each from the next dealer
    on, or stay in the pools. Returns the lines and what stays."""
    n = len(order)
    chips, odd = divmod(total, 5)
    each, extra = divmod(chips, n)
    for who in order:
        payouts[who] = 5 * each
    lines = [
        Line(
            msg(
                "{chips} chips of 5 = {n} × {each} + {extra}: each gets {amount}",
                chips=chips,
                n=n,
                each=each,
                extra=extra,
                amount=5 * each,
            )
        )
    ]
    if rule != "chips_from_next_dealer":
        left = 5 * extra + odd
        lines.append(Line(msg("{amount} stays in the pools for the next session", amount=left)))
        return lines, left
    for who in order[:extra]:
        payouts[who] += 5
    if odd:  # only with odd opening pots: the units go with the first chip
        payouts[order[0]] += odd
    if extra or odd:
        names = ", ".join(order[:extra] or order[:1])
        lines.append(
            Line(msg("Leftover chips, one each from the next dealer on: {names}", names=names))
        )
    return lines, 0


def split_pools(session: Session, state: UltimoState) -> EndOfSession:
    """§10.6 (seed 001 §15 "Po ostatnim rozdaniu sesji"): split both pools equally."""
    seated = state.seated
    n = len(seated)
    total = state.king + state.pagat
    nd = state.next_dealer
    start = seated.index(nd) if nd is not None and nd in seated else 0
    order = [seated[(start + k) % n] for k in range(n)]
    rule = session.house_rules["pool_split_remainder"]
    payouts: dict[str, Amount] = dict.fromkeys(session.players, 0)
    lines = [
        Line(
            msg(
                "Pools: King {king} + Pagat {pagat} = {total}, split among {n}",
                king=state.king,
                pagat=state.pagat,
                total=total,
                n=n,
            )
        )
    ]
    left = 0
    if rule == "exact":
        lines += _exact_split(total, order, payouts)
    else:
        split, left = _chip_split(rule, total, order, payouts)
        lines += split
    # What is carried over stays in the King pool first, then the Pagat pool.
    king_left = min(state.king, left)
    pots_left: dict[str, Amount] = {KING: king_left, PAGAT: left - king_left}
    for who in order:
        lines.append(
            Line(pmsg("ultimo split", "{who} receives {amount}", who=who, amount=str(payouts[who])))
        )
    return EndOfSession(payouts, pots_left, tuple(lines))
