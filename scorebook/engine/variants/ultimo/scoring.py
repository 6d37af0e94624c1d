"""Scoring one Ultimo hand (spec §6): its lines and payments, and the King and Pagat pools."""

from __future__ import annotations

from functools import lru_cache

from scorebook.engine.messages import NO_MSG, Msg, msg, nmsg, pmsg
from scorebook.engine.types import Amount, Line, Session
from scorebook.engine.variants.ultimo.hand import Declaration, Hand
from scorebook.engine.variants.ultimo.state import UltimoState
from scorebook.engine.variants.ultimo.tariffs import (
    CARD_WITHOUT,
    DEALER_FEE,
    FOUNDATION,
    IN_PLAY,
    KING,
    KING_PRZYDUPEK,
    KING_ULTIMO,
    NOLO,
    PAGAT,
    PAGAT_PRZYDUPEK,
    PAGAT_ULTIMO,
    PENALTY_AMOUNT,
    PENALTY_TEXT,
    PLAIN_LAST_TRICK,
    POT_NAMES,
    POT_OF,
    POT_TEXT,
    REASON_TEXT,
    SUIT_TEXT,
    card_point_amount,
    declaration_value,
)

# The last-trick prizes and outcomes, as the lines and the summary name them
TOUT = pmsg("ultimo prize", "Tout")
NOLO_TEXT = pmsg("ultimo prize", "Nolo")
PAGAT_ULTIMO_TEXT = pmsg("ultimo prize", "Pagat Ultimo")
KING_ULTIMO_TEXT = pmsg("ultimo prize", "King Ultimo")
KINGS_DECLARED = {
    "rich": pmsg("ultimo declaration", "rich king"),
    "full": pmsg("ultimo declaration", "full king"),
    "half": pmsg("ultimo declaration", "half king"),
}


def joined(parts: list[Msg]) -> Msg:
    """Parts said one after another, separated by "; " (a summary, the card-point parts)."""
    if not parts:
        return NO_MSG
    result = parts[0]
    for part in parts[1:]:
        result = pmsg("ultimo list", "{first}; {next}", first=result, next=part)
    return result


def _pay_each(payer: str, payees: tuple[str, ...], amount: int) -> dict[str, Amount]:
    deltas: dict[str, Amount] = dict.fromkeys(payees, amount)
    deltas[payer] = -amount * len(payees)
    return deltas


def _each_pays(payers: tuple[str, ...], payee: str, amount: int) -> dict[str, Amount]:
    deltas: dict[str, Amount] = dict.fromkeys(payers, -amount)
    deltas[payee] = amount * len(payers)
    return deltas


def refill_lines(pools: dict[str, int], seated: tuple[str, ...]) -> list[Line]:
    """§6.5: every seated person pays 20 into each empty pool (seed 001 §15 "Fundamenty")."""
    lines = []
    n = len(seated)
    for pot in POT_NAMES:
        if pools[pot] == 0:
            lines.append(_refill_line(pot, seated))
            pools[pot] = n * FOUNDATION
    return lines


@lru_cache(maxsize=256)
def _refill_line(pot: str, seated: tuple[str, ...]) -> Line:
    """One pool's refill: built once per pool and table (its deltas are only ever read)."""
    n = len(seated)
    return Line(
        msg(
            "{pool} empty, refilled: {n} × {foundation} = {total}",
            pool=POT_TEXT[pot],
            n=n,
            foundation=FOUNDATION,
            total=n * FOUNDATION,
        ),
        dict.fromkeys(seated, -FOUNDATION),
        {pot: n * FOUNDATION},
    )


def _cavalry(level: str, suit: Msg) -> Msg:
    if level == "rich":
        return pmsg("ultimo declaration", "rich cavalry of {suit}", suit=suit)
    if level == "full":
        return pmsg("ultimo declaration", "full cavalry of {suit}", suit=suit)
    return pmsg("ultimo declaration", "half cavalry of {suit}", suit=suit)


def _declaration_name(decl: Declaration) -> Msg:
    if decl.kind == "trumps":
        n = decl.number
        if decl.with_pagat:
            return nmsg(
                "{count} trump (triumfy) with the Pagat",
                "{count} trumps (triumfy) with the Pagat",
                n,
            )
        return nmsg("{count} trump (triumfy)", "{count} trumps (triumfy)", n)
    if decl.kind == "matadors":
        return nmsg("{count} matador (matadorzy)", "{count} matadors (matadorzy)", decl.number)
    level, missing = decl.level, decl.missing
    if decl.kind == "kings":
        name = KINGS_DECLARED[level]
        if missing:
            return pmsg(
                "ultimo declaration",
                "{declaration} without {suit}",
                declaration=name,
                suit=SUIT_TEXT[missing],
            )
        return name
    name = _cavalry(level, SUIT_TEXT[decl.suit])
    if missing:
        return pmsg(
            "ultimo declaration",
            "{declaration} without the {card}",
            declaration=name,
            card=CARD_WITHOUT[missing],
        )
    return name


def _declaration_value(decl: Declaration) -> int:
    return declaration_value(decl.kind, decl.number, decl.level)


# Line builders. A hand's lines repeat from hand to hand (same names, same amounts), so they are
# built once and cached: a Line is an immutable value (its deltas are only ever read), and the
# cache keeps a full replay well above the 20,000 hands/s the benchmark asks for.
_cached = lru_cache(maxsize=4096)


@_cached
def _others(active: tuple[str, ...], who: str) -> tuple[str, ...]:
    return tuple(p for p in active if p != who)


@_cached
def _fee_line(d: str) -> Line:
    return Line(
        msg("Dealer fee: {dealer} pays {fee} into each pool", dealer=d, fee=DEALER_FEE),
        {d: -2 * DEALER_FEE},
        {KING: DEALER_FEE, PAGAT: DEALER_FEE},
    )


@_cached
def _redeal_line(who: str, d: str, reversed_: bool) -> Line:
    if reversed_:
        return Line(
            msg(
                "Redeal asked by {who} (no trump): {dealer} deals again, no fee;"
                " any declarations of the first deal were reversed",
                who=who,
                dealer=d,
            )
        )
    return Line(
        msg("Redeal asked by {who} (no trump): {dealer} deals again, no fee", who=who, dealer=d)
    )


@_cached
def _declaration_line(decl: Declaration, others: tuple[str, ...]) -> Line:
    who = decl.player
    v, name = _declaration_value(decl), _declaration_name(decl)
    names, n = ", ".join(others), len(others)
    return Line(
        msg(
            "{who} declares {declaration}: {value} from each of {names} = {total}",
            who=who,
            declaration=name,
            value=v,
            names=names,
            total=v * n,
        ),
        _each_pays(others, who, v),
    )


@_cached
def _king_lost_line(who: str, others: tuple[str, ...], n: int) -> Line:
    names = ", ".join(others)
    deltas = _pay_each(who, others, IN_PLAY * n)
    deltas[who] -= IN_PLAY * n
    return Line(
        nmsg(
            "{who} lost a king in play:"
            " {count} × {fee} to each of {names} and {count} × {fee} into the King pool",
            "{who} lost {count} kings in play:"
            " {count} × {fee} to each of {names} and {count} × {fee} into the King pool",
            n,
            who=who,
            fee=IN_PLAY,
            names=names,
        ),
        deltas,
        {KING: IN_PLAY * n},
    )


@_cached
def _pagat_line(who: str, others: tuple[str, ...], result: str) -> Line:
    names = ", ".join(others)
    if result == "lost":
        deltas = _pay_each(who, others, IN_PLAY)
        deltas[who] -= IN_PLAY
        return Line(
            msg(
                "{who} lost the Pagat in play: {fee} to each of {names}"
                " and {fee} into the Pagat pool",
                who=who,
                fee=IN_PLAY,
                names=names,
            ),
            deltas,
            {PAGAT: IN_PLAY},
        )
    return Line(
        msg(
            "{who} won a trick with the Pagat: {fee} from each of {names} (nothing from the pool)",
            who=who,
            fee=IN_PLAY,
            names=names,
        ),
        _each_pays(others, who, IN_PLAY),
    )


@_cached
def _penalty_line(who: str, reason: str, cls: str, voids: bool) -> Line:
    a = PENALTY_AMOUNT[cls]
    args: dict[str, str | int | Msg] = {
        "penalty": PENALTY_TEXT[cls],
        "who": who,
        "reason": REASON_TEXT[reason],
        "amount": a,
    }
    text = (
        msg("{penalty}, {who} ({reason}): {amount} into each pool; the hand is void", **args)
        if voids
        else msg("{penalty}, {who} ({reason}): {amount} into each pool", **args)
    )
    return Line(text, {who: -2 * a} if a else {}, {KING: a, PAGAT: a} if a else {})


@_cached
def _snapshot_line(k_star: int, p_star: int) -> Line:
    return Line(
        msg(
            "Pools counted before the last trick: King {king}, Pagat {pagat}",
            king=k_star,
            pagat=p_star,
        )
    )


@_cached
def _prize_line(name: Msg, who: str, value: int, group: tuple[str, ...]) -> Line:
    names, n = ", ".join(group), len(group)
    return Line(
        msg(
            "{prize} by {who}: {value} × {n} = {total} from {names}",
            prize=name,
            who=who,
            value=value,
            n=n,
            total=value * n,
            names=names,
        ),
        _each_pays(group, who, value),
    )


@_cached
def _take_line(who: str, pot: str, amount: int) -> Line:
    return Line(
        msg("{pool} taken by {who}: {amount}", pool=POT_OF[pot], who=who, amount=amount),
        {who: amount},
        {pot: -amount},
    )


@_cached
def _nolo_line(who: str, group: tuple[str, ...]) -> Line:
    n = len(group)
    return Line(
        msg(
            "Nolo by {who}: {value} × {n} = {total} from {names};"
            " it cancels every last-trick reward",
            who=who,
            value=NOLO,
            n=n,
            total=NOLO * n,
            names=", ".join(group),
        ),
        _each_pays(group, who, NOLO),
    )


@_cached
def _plain_line(who: str, group: tuple[str, ...], przydupek: bool) -> Line:
    if przydupek:
        return Line(
            msg(
                "Last trick by {who} with a plain card: nothing, because of the Przydupek",
                who=who,
            )
        )
    names, n = ", ".join(group), len(group)
    return Line(
        msg(
            "Last trick by {who}: {value} × {n} = {total} from {names}",
            who=who,
            value=PLAIN_LAST_TRICK,
            n=n,
            total=PLAIN_LAST_TRICK * n,
            names=names,
        ),
        _each_pays(group, who, PLAIN_LAST_TRICK),
    )


@_cached
def _przydupek_line(who: str, others: tuple[str, ...], pot: str, star: int) -> Line:
    names = ", ".join(others)
    each = KING_PRZYDUPEK if pot == KING else PAGAT_PRZYDUPEK
    deltas = _pay_each(who, others, each)
    deltas[who] -= star
    args: dict[str, str | int | Msg] = {"who": who, "each": each, "names": names, "amount": star}
    text = (
        msg(
            "King Przydupek by {who}: {each} to each of {names},"
            " and {amount} into the King pool (its contents when counted)",
            **args,
        )
        if pot == KING
        else msg(
            "Pagat Przydupek by {who}: {each} to each of {names},"
            " and {amount} into the Pagat pool (its contents when counted)",
            **args,
        )
    )
    return Line(text, deltas, {pot: star})


@_cached
def _card_points_part(nd: str, who: str, p: int, cap: int | None) -> tuple[Msg, int]:
    """One player's part of the card-point line, and the amount the next dealer pays him
    (a > 0) or he pays the next dealer (a < 0), table D. Cached on its own: whole card-point
    lines rarely repeat, one player's part very often does."""
    a = card_point_amount(p, cap)
    if a > 0:
        return msg(
            "{who} {points} → {nd} pays {who} {amount}", who=who, points=p, nd=nd, amount=a
        ), a
    if a < 0:
        return (
            msg("{who} {points} → {who} pays {nd} {amount}", who=who, points=p, nd=nd, amount=-a),
            a,
        )
    return msg("{who} {points} → 0", who=who, points=p), a


@_cached
def _card_points_line(nd: str, points: tuple[tuple[str, int], ...], cap: int | None) -> Line:
    parts: list[Msg] = []
    settle: dict[str, Amount] = {}
    for who, p in points:
        part, a = _card_points_part(nd, who, p, cap)
        parts.append(part)
        if a:
            settle[who] = a
            settle[nd] = settle.get(nd, 0) - a
    if cap is None:
        text = msg(
            "Card points against 26, rounded to 5, settled with the next dealer {nd}: {parts}",
            nd=nd,
            parts=joined(parts),
        )
    else:
        text = msg(
            "Card points against 26, rounded to 5, at most {cap}, settled with the next dealer"
            " {nd}: {parts}",
            cap=cap,
            nd=nd,
            parts=joined(parts),
        )
    return Line(text, settle)


def _reversed(line: Line) -> Line:
    assert type(line.text) is Msg
    return Line(
        msg("Void hand, reversed: {line}", line=line.text),
        {k: -v for k, v in line.deltas.items()},
        {k: -v for k, v in line.pots.items()},
    )


def score_hand(session: Session, state: UltimoState, h: Hand) -> tuple[list[Line], dict[str, int]]:
    """The lines of one hand (spec §6) and the pools after it."""
    king, pagat = state.king, state.pagat
    active = h.active
    d = h.dealer

    # 6.1 dealer fee
    lines = [_fee_line(d)]
    king += DEALER_FEE
    pagat += DEALER_FEE
    for who in h.redeals:
        lines.append(_redeal_line(who, d, session.house_rules["redeal_allowed_after_declarations"]))

    # 6.2 declarations
    for decl in h.declarations:
        lines.append(_declaration_line(decl, _others(active, decl.player)))

    # 6.3 in-play events of tricks 1–24
    in_play: list[Line] = []
    for who, n in h.kings_lost.items():
        in_play.append(_king_lost_line(who, _others(active, who), n))
        king += IN_PLAY * n
    if h.pagat is not None:
        who, result = h.pagat
        in_play.append(_pagat_line(who, _others(active, who), result))
        if result == "lost":
            pagat += IN_PLAY
    lines += in_play

    # 6.3a penalties (§18 "Kary"): paid into each pool, before the count of the last trick
    for pen in h.penalties:
        lines.append(_penalty_line(pen.player, pen.reason, pen.cls, pen.voids))
        king += pen.amount
        pagat += pen.amount

    pools = {KING: king, PAGAT: pagat}
    if h.void:
        _void_lines(session, h, pools, lines, in_play)
    else:
        _last_trick(session, h, pools, lines)
    if not (pools[KING] and pools[PAGAT]):
        lines += refill_lines(pools, state.seated)

    # 6.6 card points against 26, settled with the next dealer (table D)
    if h.card_points is not None and not (
        h.tout is not None and session.house_rules["tout_cancels_card_points"]
    ):
        nd = h.next_dealer
        points = tuple((who, h.card_points[who]) for who in active if who != nd)
        lines.append(_card_points_line(nd, points, session.house_rules["card_points_cap"]))
    return lines, pools


def _void_lines(
    session: Session, h: Hand, pools: dict[str, int], lines: list[Line], in_play: list[Line]
) -> None:
    """§9.3: the wrong declarations' money goes back; the rest stands unless the house rule."""
    refunded = [idx for pen in h.penalties for idx in pen.refunds]
    for idx in refunded:
        decl = h.declarations[idx]
        who, v, name = decl.player, _declaration_value(decl), _declaration_name(decl)
        others = _others(h.active, who)
        names = ", ".join(others)
        lines.append(
            Line(
                msg(
                    "{who} returns the wrong declaration {declaration}: {value} to each of {names}",
                    who=who,
                    declaration=name,
                    value=v,
                    names=names,
                ),
                _pay_each(who, others, v),
            )
        )
    if session.house_rules["void_hand_reverses_payments"]:
        _reverse_void_hand(h, set(refunded), pools, lines, in_play)


def _reverse_void_hand(
    h: Hand, refunded: set[int], pools: dict[str, int], lines: list[Line], in_play: list[Line]
) -> None:
    """House rule `void_hand_reverses_payments` (§12 item 9): every other declaration and
    in-play payment of the void hand goes back too."""
    for i, decl in enumerate(h.declarations):
        if i in refunded:
            continue
        who, v = decl.player, _declaration_value(decl)
        others = _others(h.active, who)
        names = ", ".join(others)
        lines.append(
            Line(
                msg(
                    "Void hand: {who}'s declaration reversed, {value} back to each of {names}",
                    who=who,
                    value=v,
                    names=names,
                ),
                _pay_each(who, others, v),
            )
        )
    for line in in_play:
        lines.append(_reversed(line))
        for pot, amount in line.pots.items():
            pools[pot] -= int(amount)


def _last_trick(session: Session, h: Hand, pools: dict[str, int], lines: list[Line]) -> None:
    """§6.4 with the ordering rule: count the pools, the winner takes the count, and each
    Przydupek player pays the count in."""
    k_star, p_star = pools[KING], pools[PAGAT]
    przydupek = bool(h.king_przydupek) or h.pagat_przydupek is not None
    if przydupek:
        # The ordering rule: the winner takes the count and each Przydupek pays the count in
        lines.append(_snapshot_line(k_star, p_star))
    _last_trick_reward(session, h, pools, lines, przydupek)
    for who in h.king_przydupek:
        lines.append(_przydupek_line(who, _others(h.active, who), KING, k_star))
        pools[KING] += k_star
    if h.pagat_przydupek is not None:
        who = h.pagat_przydupek
        lines.append(_przydupek_line(who, _others(h.active, who), PAGAT, p_star))
        pools[PAGAT] += p_star


def _last_trick_reward(
    session: Session, h: Hand, pools: dict[str, int], lines: list[Line], przydupek: bool
) -> None:
    """§6.4 steps 2–4: Tout, else Nolo, else Pagat or King Ultimo, else the plain last trick;
    the pools still hold the count (K*, P*)."""
    active = h.active
    w = h.winner
    assert w is not None
    card = h.winning_card
    # §12 item 1: by default the sitting-out person pays nothing but foundations
    fourth = h.sitting_out if session.house_rules["fourth_player_pays_ultimo"] else None
    if h.tout is not None:
        t = h.tout
        group = _others(active, t) + ((fourth,) if fourth else ())
        lines.append(_prize_line(TOUT, t, session.house_rules["tout_value"], group))
        lines.append(_take_line(t, KING, pools[KING]))
        lines.append(_take_line(t, PAGAT, pools[PAGAT]))
        pools[KING] = pools[PAGAT] = 0
    elif h.nolo is not None:
        lines.append(_nolo_line(h.nolo, _others(active, h.nolo)))
    elif card == "pagat" or card == "king":
        pot, name, value = (
            (PAGAT, PAGAT_ULTIMO_TEXT, PAGAT_ULTIMO)
            if card == "pagat"
            else (KING, KING_ULTIMO_TEXT, KING_ULTIMO)
        )
        group = _others(active, w) + ((fourth,) if fourth else ())
        lines.append(_prize_line(name, w, value, group))
        lines.append(_take_line(w, pot, pools[pot]))
        pools[pot] = 0
    else:
        lines.append(_plain_line(w, _others(active, w), przydupek))


@_cached
def _summary_text(
    dealer: str,
    declarations: int,
    outcome: Msg | None,
    who: str | None,
    king_przydupek: tuple[str, ...],
    pagat_przydupek: str | None,
    penalty: bool,
) -> Msg:
    """The summary's parts; `outcome` is None for a void hand, NO_MSG for a plain last trick."""
    parts = [pmsg("ultimo summary", "{dealer} deals", dealer=dealer)]
    if declarations:
        parts.append(nmsg("{count} declaration", "{count} declarations", declarations))
    if outcome is None:
        parts.append(pmsg("ultimo summary", "void"))
    elif outcome == NO_MSG:
        parts.append(pmsg("ultimo summary", "last trick {who}", who=str(who)))
    else:
        parts.append(pmsg("ultimo summary", "{outcome} by {who}", outcome=outcome, who=str(who)))
    for p in king_przydupek:
        parts.append(pmsg("ultimo summary", "King Przydupek {who}", who=p))
    if pagat_przydupek:
        parts.append(pmsg("ultimo summary", "Pagat Przydupek {who}", who=pagat_przydupek))
    if penalty:
        parts.append(pmsg("ultimo summary", "penalty"))
    return joined(parts)


def summary(h: Hand) -> Msg:
    """The one-line summary of a scored hand."""
    outcome: Msg | None
    if h.void:
        outcome, who = None, None
    elif h.tout:
        outcome, who = TOUT, h.tout
    elif h.nolo:
        outcome, who = NOLO_TEXT, h.nolo
    elif h.winning_card == "pagat":
        outcome, who = PAGAT_ULTIMO_TEXT, h.winner
    elif h.winning_card == "king":
        outcome, who = KING_ULTIMO_TEXT, h.winner
    else:
        outcome, who = NO_MSG, h.winner
    return _summary_text(
        h.dealer,
        len(h.declarations),
        outcome,
        who,
        tuple(h.king_przydupek),
        h.pagat_przydupek,
        any(p.amount for p in h.penalties) if h.penalties else False,
    )
