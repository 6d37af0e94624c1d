"""Tapper tarokk's payments for a read hand: the game, the figures, the hand bonuses, the
ultimókassza, or an irregularity's penalty, and the hand's summary.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from scorebook.engine import pots
from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.types import Amount, Line, Session
from scorebook.engine.variants._hungarian import (
    DECLARER,
    GAME,
    OPPONENTS,
    POT,
    Scored,
    contra_of,
    kassza_fee,
    next_dealer,
    other,
    penalty_sum,
    signed,
    ultimo_failed,
)
from scorebook.engine.variants.tapper.record import Announcement, Hand, Played, Result
from scorebook.engine.variants.tapper.tariffs import (
    BONUSES,
    CONTRACT_NAMES,
    FIGURES,
    GAME_VALUE,
    THRESHOLD,
)


def _payment(declarer: str, opponents: tuple[str, ...], amounts: Mapping[str, int]) -> str | Msg:
    """Who pays whom for one item, `amounts` per opponent from the declarer's view."""
    first = amounts[opponents[0]]
    if all(amounts[o] == first for o in opponents) and first != 0:
        v = abs(first)
        if first > 0:
            return pmsg(
                "tapper tarokk", "each opponent pays {declarer} {value}", declarer=declarer, value=v
            )
        return pmsg(
            "tapper tarokk", "{declarer} pays each opponent {value}", declarer=declarer, value=v
        )
    parts = []
    for o in opponents:
        a = amounts[o]
        if a:
            parts.append(f"{o} → {declarer} {a}" if a > 0 else f"{declarer} → {o} {-a}")
    return ", ".join(parts) or "0"


def _booked(declarer: str, text: Msg, amounts: dict[str, int]) -> Line:
    """An item paid per opponent: each opponent pays the declarer his amount (or is paid)."""
    deltas: dict[str, Amount] = {declarer: sum(amounts.values())}
    for o, a in amounts.items():
        deltas[o] = -a
    return Line(text, deltas)


def _multiplied(
    base: int, level: int, bound: tuple[str, ...], opponents: tuple[str, ...], sign: int
) -> dict[str, int]:
    """`base` per opponent, × 2^level for the opponents the contra binds, signed."""
    m = 2**level
    return {o: sign * base * (m if o in bound else 1) for o in opponents}


def _contra_arith(
    base: int, level: int, bound: tuple[str, ...], opponents: tuple[str, ...]
) -> str | Msg:
    m = 2**level
    arith = f"{base} × {m} = {base * m}" if m > 1 else f"{base}"
    if m > 1 and len(bound) < len(opponents):
        return pmsg(
            "tapper tarokk", "{arith} ({who} only)", arith=arith, who=", ".join(bound) or "—"
        )
    return arith


@lru_cache(maxsize=4096)
def _game_text(
    name: Msg,
    game_base: int,
    game_contra: int,
    game_contra_by: tuple[str, ...],
    points: int,
    threshold: int,
    declarer: str,
    opponents: tuple[str, ...],
    amounts: tuple[int, ...],
) -> Msg:
    """§6 the game's line: its value (× contra), won or lost, and who pays whom."""
    args: dict[str, str | int | Msg] = {
        "game": contra_of(game_contra, pmsg("tapper tarokk", "game {contract}", contract=name)),
        "arith": _contra_arith(game_base, game_contra, game_contra_by, opponents),
        "points": points,
        "threshold": threshold,
        "each": _payment(declarer, opponents, dict(zip(opponents, amounts, strict=True))),
    }
    if points >= threshold:
        return pmsg(
            "tapper tarokk", "{game}: {arith}, won ({points} ≥ {threshold}): {each}", **args
        )
    return pmsg("tapper tarokk", "{game}: {arith}, lost ({points} < {threshold}): {each}", **args)


def _game_value(session: Session, p: Played) -> int:
    base = GAME_VALUE[p.contract]
    if p.contract == "szolo" and session.house_rules["solo_doubles_game_value"]:
        return base * 2
    return base


def _game_line(session: Session, p: Played, res: Result, game_base: int) -> Line:
    """§6 the game, unless a volát (made or announced) replaces it (seed 004 §53)."""
    name = CONTRACT_NAMES[p.contract]
    volat = res.made["volat"] is not None or any(a.figure == "volat" for a in p.announcements)
    if session.house_rules["volat_replaces_game"] and volat:
        return Line(
            pmsg(
                "tapper tarokk",
                "game ({contract}) not scored: a volát replaces it",
                contract=name,
            )
        )
    threshold = THRESHOLD[session.house_rules["deck_size"]]
    sign = 1 if res.points >= threshold else -1
    amounts = _multiplied(game_base, p.game_contra, p.game_contra_by, p.opponents, sign)
    text = _game_text(
        name,
        game_base,
        p.game_contra,
        p.game_contra_by,
        res.points,
        threshold,
        p.declarer,
        p.opponents,
        tuple(amounts.values()),
    )
    return _booked(p.declarer, text, amounts)


def _only(amounts: dict[str, int], player: str) -> dict[str, int]:
    """§12 T7: only `player` of the opponents pays or is paid."""
    return {o: (a if o == player else 0) for o, a in amounts.items()}


def _announced_line(
    session: Session, p: Played, res: Result, a: Announcement, value: int, name: Msg
) -> Line:
    """An announced trick figure, × contra for the opponents it binds, made or failed."""
    won = res.made[a.figure] == a.side
    sign = 1 if (a.side if won else other(a.side)) == DECLARER else -1
    amounts = _multiplied(value, a.contra, a.contra_by, p.opponents, sign)
    individual = session.house_rules["opponent_figure_payment"] == "individual"
    if a.figure == "pagat_ultimo" and individual and a.side == OPPONENTS:
        amounts = _only(amounts, res.ultimo_player if won and res.ultimo_player else a.by)
    args: dict[str, str | int | Msg] = {
        "figure": contra_of(a.contra, name),
        "by": a.by,
        "arith": _contra_arith(value, a.contra, a.contra_by, p.opponents),
        "each": _payment(p.declarer, p.opponents, amounts),
    }
    if won:
        text = pmsg("tapper tarokk", "{figure} announced by {by}: {arith}, made: {each}", **args)
    else:
        text = pmsg("tapper tarokk", "{figure} announced by {by}: {arith}, failed: {each}", **args)
    return _booked(p.declarer, text, amounts)


def _silent_line(
    session: Session, p: Played, res: Result, figure: str, value: int, name: Msg
) -> Line:
    """A trick figure made silently, or against the other side's announcement (seed 004 §55)."""
    made_by = res.made[figure]
    assert made_by is not None
    amounts = dict.fromkeys(p.opponents, value if made_by == DECLARER else -value)
    player = res.ultimo_player if made_by == OPPONENTS and figure == "pagat_ultimo" else None
    if player and session.house_rules["opponent_figure_payment"] == "individual":
        amounts = _only(amounts, player)
    who: str | Msg = player or ""
    if not player:
        who = msg("declarer") if made_by == DECLARER else msg("opponents")
    text = pmsg(
        "tapper tarokk",
        "silent {figure} ({who}): {value}: {each}",
        figure=name,
        who=who,
        value=value,
        each=_payment(p.declarer, p.opponents, amounts),
    )
    return _booked(p.declarer, text, amounts)


def _figure_lines(session: Session, p: Played, res: Result) -> list[Line]:
    """§6 the trick figures (pagát ultimó, volát), doubled in szóló (seed 004 §70)."""
    factor = 2 if p.contract == "szolo" else 1  # "szólónál ennek kétszerese"
    lines: list[Line] = []
    announced_by_figure = {a.figure: a for a in p.announcements}  # one per figure
    for figure, (silent, announced, name) in FIGURES.items():
        a = announced_by_figure.get(figure)
        made_by = res.made[figure]
        if a is not None:
            lines.append(_announced_line(session, p, res, a, announced * factor, name))
        if made_by is not None and (a is None or a.side != made_by):
            lines.append(_silent_line(session, p, res, figure, silent * factor, name))
    return lines


def _bonus_line(
    session: Session, who: str, kind: str, participants: tuple[str, ...], solo: bool
) -> Line:
    """One hand-held bonus (§4.2), paid by each other player to a bidder (seed 004 §71)."""
    base, bname = BONUSES[kind]
    needs_bid = kind != "heads" or session.house_rules["fejek_requires_bidding"]
    if needs_bid and who not in participants:
        return Line(
            pmsg(
                "tapper tarokk",
                "{bonus} of {who}: not paid, {who} took no part in the bidding",
                bonus=bname,
                who=who,
            )
        )
    value = base * 2 if solo else base  # "Szólójátékban minden díj kétszeresére"
    arith = f"{base} × 2 = {value}" if solo else f"{value}"
    basis = (
        pmsg("tapper tarokk bonus basis", "held at the first lead")
        if session.house_rules["hand_bonus_basis"] == "after_exchange"
        else pmsg("tapper tarokk bonus basis", "held as dealt")
    )
    players = session.players
    return Line(
        pmsg(
            "tapper tarokk",
            "{bonus} of {who} ({basis}): {arith} from each other player",
            bonus=bname,
            who=who,
            basis=basis,
            arith=arith,
        ),
        {q: (value * (len(players) - 1) if q == who else -value) for q in players},
    )


def _bonus_lines(session: Session, p: Played) -> list[Line]:
    lines: list[Line] = []
    for who, bonus in p.bonuses:
        kinds = [bonus]
        if bonus == "trull" and session.house_rules["tuletroa_includes_fejek"]:
            kinds.append("heads")
        for kind in kinds:
            lines.append(_bonus_line(session, who, kind, p.participants, p.contract == "szolo"))
    return lines


def stake_line(players: tuple[str, ...], stake: int, *, refill: bool) -> Line:
    n = len(players)
    if refill:
        text = pmsg(
            "tapper tarokk",
            "ultimókassza emptied: each player pays the stake again {stake} "
            "({count} × {stake} = {total})",
            stake=stake,
            count=n,
            total=n * stake,
        )
    else:
        text = pmsg(
            "tapper tarokk",
            "ultimókassza stake: each player pays {stake} ({count} × {stake} = {total})",
            stake=stake,
            count=n,
            total=n * stake,
        )
    return pots.pay_in(players, stake).line(POT, text)


def _failed_text(members: tuple[str, ...], balance: int) -> Callable[[pots.PotMove], Msg]:
    """The failed ultimó's words (the odd unit is added by `ultimo_failed`)."""

    def text(move: pots.PotMove) -> Msg:
        if len(members) > 1:
            return pmsg(
                "tapper tarokk",
                "announced ultimó failed: {who} double the ultimókassza {balance}: {share} each",
                who=pots.names(members),
                balance=balance,
                share=move.share,
            )
        return pmsg(
            "tapper tarokk",
            "announced ultimó failed: {who} doubles the ultimókassza, pays {balance}",
            who=pots.names(members),
            balance=balance,
        )

    return text


def _kassza(session: Session, p: Played, res: Result, pot: int) -> tuple[list[Line], int]:
    """§8: an announced ultimó takes the pot or doubles it; an emptied pot is refilled."""
    a = next((x for x in p.announcements if x.figure == "pagat_ultimo"), None)
    if a is None:
        return [], pot
    members: tuple[str, ...] = (a.by,)
    if session.house_rules["kassza_shared_by_side"] and a.side == OPPONENTS:
        members = p.opponents
    if res.made["pagat_ultimo"] != a.side:
        line, pot = ultimo_failed(pot, members, a.by, _failed_text(members, pot))
        return [line], pot
    if pot <= 0:
        return [Line(pmsg("tapper tarokk", "ultimókassza is empty"))], pot
    line, pot = pots.ultimo_made(POT, pot, members)
    stake = session.house_rules["kassza_stake"]
    if pot == 0 and stake > 0:
        return [line, stake_line(session.players, stake, refill=True)], stake * len(session.players)
    return [line], pot


def _penalty(session: Session, p: Played, game_base: int) -> Line:
    """§9: the offender pays each other player the game and every announced figure."""
    assert p.irregularity is not None
    kind, offender = p.irregularity
    who = offender or p.declarer
    factor = 2 if p.contract == "szolo" else 1
    parts = [(GAME, game_base, 2**p.game_contra)]
    for a in p.announcements:
        _, announced, fname = FIGURES[a.figure]
        parts.append((fname, announced * factor, 2**a.contra))
    q_sum, x = penalty_sum(parts)
    others = [q for q in session.players if q != who]
    return Line(
        pmsg(
            "tapper tarokk",
            "{offence} by {who}: {sum}; {who} pays {x} to each other player "
            "(2 × {x} = {total}); the hand is otherwise void",
            offence=_irregularity_name(kind),
            who=who,
            sum=q_sum,
            x=x,
            total=2 * x,
        ),
        {who: -x * len(others)} | dict.fromkeys(others, x),
    )


def _count_line(players: tuple[str, ...], table: list[Any], who: str, count: int) -> Line:
    """§4.3: a tarokk count is paid the value of the highest bonus step it reaches."""
    reached = [t for t in table if t["min_tarokks"] <= count]
    if not reached:
        return Line(
            pmsg(
                "tapper tarokk",
                "{who} announced {count} tarokks: below every bonus step, nothing",
                who=who,
                count=count,
            )
        )
    step = max(reached, key=lambda t: t["min_tarokks"])
    value, need = step["value"], step["min_tarokks"]
    text = pmsg(
        "tapper tarokk",
        "{who} announced {count} tarokks (≥ {need}): {value} from each other player",
        who=who,
        count=count,
        need=need,
        value=value,
    )
    return Line(text, {q: (value * (len(players) - 1) if q == who else -value) for q in players})


def _count_lines(session: Session, p: Played) -> list[Line]:
    """§4.3: each tarokk count announced, paid by its bonus step."""
    table = session.house_rules["tarokk_count_bonus"]
    if not table or not p.counts:
        return []
    return [_count_line(session.players, table, who, count) for who, count in p.counts]


def _irregularity_name(kind: str) -> Msg:
    if kind == "revoke":
        return msg("revoke")
    return msg("wrong discard")


def score(session: Session, hand: Hand, pot: int) -> Scored:
    """The hand's lines and summary, the ultimókassza after it and the next dealer."""
    p = hand.played
    if p is None:
        return _all_pass(session, hand.dealer, pot)
    name = CONTRACT_NAMES[p.contract]
    if p.annulled:
        lines = [
            Line(
                pmsg(
                    "tapper tarokk",
                    "hand annulled (no tarokk / the XXI alone): no game, nothing paid",
                )
            )
        ]
        summary = pmsg(
            "tapper tarokk",
            "{declarer}: {contract}, annulled",
            declarer=p.declarer,
            contract=name,
        )
    elif p.irregularity is not None and session.house_rules["revoke_penalty"]:
        lines = [_penalty(session, p, _game_value(session, p)), *_count_lines(session, p)]
        summary = pmsg(
            "tapper tarokk",
            "{declarer}: {contract}, {offence} by {who}",
            declarer=p.declarer,
            contract=name,
            offence=_irregularity_name(p.irregularity[0]),
            who=str(p.irregularity[1]),
        )
    else:
        lines, pot = _settled(session, p, pot)
        summary = _summary(session, p, lines)
        lines += _count_lines(session, p)
    return Scored(hand.dealer, lines, summary, pot, next_dealer(session.players, hand.dealer))


def _settled(session: Session, p: Played, pot: int) -> tuple[list[Line], int]:
    """§6–§8: the game, the trick figures, the hand bonuses and the ultimókassza."""
    assert p.result is not None
    lines: list[Line] = []
    if p.irregularity is not None:
        text = pmsg(
            "tapper tarokk",
            "{offence} recorded, no penalty (house rule)",
            offence=_irregularity_name(p.irregularity[0]),
        )
        lines.append(Line(text))
    lines.append(_game_line(session, p, p.result, _game_value(session, p)))
    lines += _figure_lines(session, p, p.result)
    lines += _bonus_lines(session, p)
    if session.house_rules["ultimo_kassza"]:
        kassza_lines, pot = _kassza(session, p, p.result, pot)
        lines += kassza_lines
    return lines, pot


def _summary(session: Session, p: Played, lines: list[Line]) -> Msg:
    """The declarer's game, won or lost, and his net (before the tarokk counts)."""
    assert p.result is not None
    points = p.result.points
    net = sum(line.deltas.get(p.declarer, 0) for line in lines)
    args: dict[str, str | int | Msg] = {
        "declarer": p.declarer,
        "contract": contra_of(p.game_contra, CONTRACT_NAMES[p.contract]),
        "points": points,
        "net": signed(net),
    }
    if points >= THRESHOLD[session.house_rules["deck_size"]]:
        return pmsg("tapper tarokk", "{declarer}: {contract} won ({points}), {net}", **args)
    return pmsg("tapper tarokk", "{declarer}: {contract} lost ({points}), {net}", **args)


def _all_pass(session: Session, dealer: str, pot: int) -> Scored:
    """All pass: no game; each player may pay a fee into the ultimókassza (§8)."""
    players = session.players
    lines = [Line(pmsg("tapper tarokk", "all pass: no game"))]
    fee = session.house_rules["all_pass_kassza_payment"]
    if session.house_rules["ultimo_kassza"] and fee > 0:
        n = len(players)
        text = msg(
            "ultimókassza: {each} from each player ({count} × {each} = {total})",
            each=fee,
            count=n,
            total=n * fee,
        )
        lines.append(kassza_fee(players, fee, text))
        pot += n * fee
    summary = msg("all pass")
    return Scored(dealer, lines, summary, pot, next_dealer(players, dealer))
