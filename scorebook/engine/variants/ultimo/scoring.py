"""Scoring one Ultimo hand (spec §6): its lines and payments, and the King and Pagat pools."""

from __future__ import annotations

from functools import lru_cache

from scorebook.engine.types import NO_TEXT, Amount, Line, Session, Text
from scorebook.engine.variants.ultimo.hand import Declaration, Hand
from scorebook.engine.variants.ultimo.state import UltimoState
from scorebook.engine.variants.ultimo.tariffs import (
    CARD_HU,
    CLASS_HU,
    DEALER_FEE,
    FOUNDATION,
    IN_PLAY,
    KING,
    KING_PRZYDUPEK,
    KING_ULTIMO,
    LEVEL_HU,
    NOLO,
    PAGAT,
    PAGAT_PRZYDUPEK,
    PAGAT_ULTIMO,
    PENALTY_AMOUNT,
    PLAIN_LAST_TRICK,
    POT_INTO_HU,
    POT_NAMES,
    POT_TEXT,
    REASON_TEXT,
    SUIT_HU,
    card_point_amount,
    declaration_value,
)


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
    name = POT_TEXT[pot]
    return Line(
        Text(
            f"{name.en} empty, refilled: {n} × {FOUNDATION} = {n * FOUNDATION}",
            f"Üres a {name.hu}, feltöltés: {n} × {FOUNDATION} = {n * FOUNDATION}",
        ),
        dict.fromkeys(seated, -FOUNDATION),
        {pot: n * FOUNDATION},
    )


def _declaration_name(decl: Declaration) -> Text:
    if decl.kind == "trumps":
        n = decl.number
        pagat = Text(" with the Pagat", " a pagáttal") if decl.with_pagat else NO_TEXT
        return Text(f"{n} trumps (triumfy){pagat.en}", f"{n} tarokk (triumfy){pagat.hu}")
    if decl.kind == "matadors":
        m = decl.number
        return Text(f"{m} matadors (matadorzy)", f"{m} matador (matadorzy)")
    level, missing = decl.level, decl.missing
    if decl.kind == "kings":
        en = f"{level} king"
        hu = f"{LEVEL_HU[level]} király"
        if missing:
            en += f" without {missing}"
            hu += f", {SUIT_HU[missing]} nélkül"
        return Text(en, hu)
    en = f"{level} cavalry of {decl.suit}"
    hu = f"{LEVEL_HU[level]} {SUIT_HU[decl.suit]} lovasság"
    if missing:
        en += f" without the {missing}"
        hu += f", {CARD_HU[missing]} nélkül"
    return Text(en, hu)


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
        Text(
            f"Dealer fee: {d} pays {DEALER_FEE} into each pool",
            f"Osztási díj: {d} {DEALER_FEE}-öt fizet mindkét kasszába",
        ),
        {d: -2 * DEALER_FEE},
        {KING: DEALER_FEE, PAGAT: DEALER_FEE},
    )


@_cached
def _redeal_line(who: str, d: str, reversed_: bool) -> Line:
    return Line(
        Text(
            f"Redeal asked by {who} (no trump): {d} deals again, no fee"
            + ("; any declarations of the first deal were reversed" if reversed_ else ""),
            f"Újraosztást kért {who} (nincs tarokkja): {d} újra oszt, díj nélkül"
            + ("; az első osztás bemondásai visszajártak" if reversed_ else ""),
        )
    )


@_cached
def _declaration_line(decl: Declaration, others: tuple[str, ...]) -> Line:
    who = decl.player
    v, name = _declaration_value(decl), _declaration_name(decl)
    names, n = ", ".join(others), len(others)
    return Line(
        Text(
            f"{who} declares {name.en}: {v} from each of {names} = {v * n}",
            f"{who} bemondása, {name.hu}: {v} a többiektől ({names}) = {v * n}",
        ),
        _each_pays(others, who, v),
    )


@_cached
def _king_lost_line(who: str, others: tuple[str, ...], n: int) -> Line:
    names = ", ".join(others)
    deltas = _pay_each(who, others, IN_PLAY * n)
    deltas[who] -= IN_PLAY * n
    return Line(
        Text(
            f"{who} lost {'a king' if n == 1 else f'{n} kings'} in play:"
            f" {n} × {IN_PLAY} to each of {names} and {n} × {IN_PLAY} into the King pool",
            f"{who} {n} királyt veszített játék közben: {n} × {IN_PLAY} a többieknek"
            f" ({names}) és {n} × {IN_PLAY} a király-kasszába",
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
            Text(
                f"{who} lost the Pagat in play: {IN_PLAY} to each of {names}"
                f" and {IN_PLAY} into the Pagat pool",
                f"{who} elvesztette a pagátot játék közben: {IN_PLAY} a többieknek"
                f" ({names}) és {IN_PLAY} a pagát-kasszába",
            ),
            deltas,
            {PAGAT: IN_PLAY},
        )
    return Line(
        Text(
            f"{who} won a trick with the Pagat: {IN_PLAY} from each of {names}"
            " (nothing from the pool)",
            f"{who} pagáttal ütött: {IN_PLAY} a többiektől ({names}), a kasszából semmi",
        ),
        _each_pays(others, who, IN_PLAY),
    )


@_cached
def _penalty_line(who: str, reason: str, cls: str, voids: bool) -> Line:
    a = PENALTY_AMOUNT[cls]
    why = REASON_TEXT[reason]
    return Line(
        Text(
            f"{cls.capitalize()} penalty, {who} ({why.en}): {a} into each pool"
            + ("; the hand is void" if voids else ""),
            f"{CLASS_HU[cls].capitalize()} büntetés, {who} ({why.hu}):"
            f" {a} mindkét kasszába" + ("; a leosztás érvénytelen" if voids else ""),
        ),
        {who: -2 * a} if a else {},
        {KING: a, PAGAT: a} if a else {},
    )


@_cached
def _snapshot_line(k_star: int, p_star: int) -> Line:
    return Line(
        Text(
            f"Pools counted before the last trick: King {k_star}, Pagat {p_star}",
            f"A kasszák az utolsó ütés előtt: király {k_star}, pagát {p_star}",
        )
    )


@_cached
def _prize_line(name: str, who: str, value: int, group: tuple[str, ...]) -> Line:
    names, n = ", ".join(group), len(group)
    return Line(
        Text(
            f"{name} by {who}: {value} × {n} = {value * n} from {names}",
            f"{name} – {who}: {value} × {n} = {value * n} ({names} fizet)",
        ),
        _each_pays(group, who, value),
    )


@_cached
def _take_line(who: str, pot: str, amount: int) -> Line:
    name = POT_TEXT[pot]
    return Line(
        Text(f"{name.en} taken by {who}: {amount}", f"A {name.hu} tartalmát {who} viszi: {amount}"),
        {who: amount},
        {pot: -amount},
    )


@_cached
def _nolo_line(who: str, group: tuple[str, ...]) -> Line:
    n = len(group)
    return Line(
        Text(
            f"Nolo by {who}: {NOLO} × {n} = {NOLO * n} from {', '.join(group)};"
            " it cancels every last-trick reward",
            f"Nolo – {who}: {NOLO} × {n} = {NOLO * n} ({', '.join(group)} fizet);"
            " az utolsó ütés jutalmai elmaradnak",
        ),
        _each_pays(group, who, NOLO),
    )


@_cached
def _plain_line(who: str, group: tuple[str, ...], przydupek: bool) -> Line:
    if przydupek:
        return Line(
            Text(
                f"Last trick by {who} with a plain card: nothing, because of the Przydupek",
                f"Utolsó ütés – {who}, sima lappal: nem jár érte semmi a Przydupek miatt",
            )
        )
    names, n = ", ".join(group), len(group)
    return Line(
        Text(
            f"Last trick by {who}: {PLAIN_LAST_TRICK} × {n} = {PLAIN_LAST_TRICK * n} from {names}",
            f"Utolsó ütés – {who}: {PLAIN_LAST_TRICK} × {n} = {PLAIN_LAST_TRICK * n}"
            f" ({names} fizet)",
        ),
        _each_pays(group, who, PLAIN_LAST_TRICK),
    )


@_cached
def _przydupek_line(who: str, others: tuple[str, ...], pot: str, star: int) -> Line:
    names = ", ".join(others)
    each = KING_PRZYDUPEK if pot == KING else PAGAT_PRZYDUPEK
    deltas = _pay_each(who, others, each)
    deltas[who] -= star
    en, hu = ("King", "Király") if pot == KING else ("Pagat", "Pagát")
    name = POT_TEXT[pot]
    return Line(
        Text(
            f"{en} Przydupek by {who}: {each} to each of {names},"
            f" and {star} into the {name.en} (its contents when counted)",
            f"{hu}-Przydupek – {who}: {each} a többieknek ({names}),"
            f" és {star} {POT_INTO_HU[pot]} (a számolt tartalma)",
        ),
        deltas,
        {pot: star},
    )


@_cached
def _card_points_part(nd: str, who: str, p: int, cap: int | None) -> tuple[str, str, int]:
    """One player's part of the card-point line: English, Hungarian, and the amount the next
    dealer pays him (a > 0) or he pays the next dealer (a < 0), table D. Cached on its own:
    whole card-point lines rarely repeat, one player's part very often does."""
    a = card_point_amount(p, cap)
    if a > 0:
        return f"{who} {p} → {nd} pays {who} {a}", f"{who} {p} → {nd} fizet {who} részére {a}", a
    if a < 0:
        return (
            f"{who} {p} → {who} pays {nd} {-a}",
            f"{who} {p} → {who} fizet {nd} részére {-a}",
            a,
        )
    return f"{who} {p} → 0", f"{who} {p} → 0", a


@_cached
def _card_points_line(nd: str, points: tuple[tuple[str, int], ...], cap: int | None) -> Line:
    en: list[str] = []
    hu: list[str] = []
    settle: dict[str, Amount] = {}
    for who, p in points:
        part_en, part_hu, a = _card_points_part(nd, who, p, cap)
        en.append(part_en)
        hu.append(part_hu)
        if a:
            settle[who] = a
            settle[nd] = settle.get(nd, 0) - a
    capped = Text(f", at most {cap}", f", legfeljebb {cap}") if cap is not None else NO_TEXT
    return Line(
        Text(
            f"Card points against 26, rounded to 5{capped.en}, settled with the next dealer"
            f" {nd}: {'; '.join(en)}",
            f"Kártyapontok 26-hoz képest, 5-re kerekítve{capped.hu}, a következő osztóval"
            f" ({nd}): {'; '.join(hu)}",
        ),
        settle,
    )


def _reversed(line: Line) -> Line:
    assert type(line.text) is Text  # until Ultimo speaks in messages (issue 11)
    return Line(
        Text(
            f"Void hand, reversed: {line.text.en}",
            f"Érvénytelen leosztás, visszajár: {line.text.hu}",
        ),
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
                Text(
                    f"{who} returns the wrong declaration {name.en}: {v} to each of {names}",
                    f"{who} visszaadja a hibás bemondást ({name.hu}): {v} a többieknek ({names})",
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
                Text(
                    f"Void hand: {who}'s declaration reversed, {v} back to each of {names}",
                    f"Érvénytelen leosztás: {who} bemondása visszajár, {v} a többieknek ({names})",
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
        lines.append(_prize_line("Tout", t, session.house_rules["tout_value"], group))
        lines.append(_take_line(t, KING, pools[KING]))
        lines.append(_take_line(t, PAGAT, pools[PAGAT]))
        pools[KING] = pools[PAGAT] = 0
    elif h.nolo is not None:
        lines.append(_nolo_line(h.nolo, _others(active, h.nolo)))
    elif card == "pagat" or card == "king":
        pot, name, value = (
            (PAGAT, "Pagat Ultimo", PAGAT_ULTIMO)
            if card == "pagat"
            else (KING, "King Ultimo", KING_ULTIMO)
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
    outcome: str,
    who: str | None,
    king_przydupek: tuple[str, ...],
    pagat_przydupek: str | None,
    penalty: bool,
) -> Text:
    en = [f"{dealer} deals"]
    hu = [f"oszt: {dealer}"]
    if declarations:
        en.append(f"{declarations} declaration(s)")
        hu.append(f"{declarations} bemondás")
    if outcome == "void":
        en.append("void")
        hu.append("érvénytelen")
    elif outcome == "last trick":
        en.append(f"last trick {who}")
        hu.append(f"utolsó ütés: {who}")
    else:
        en.append(f"{outcome} by {who}")
        hu.append(f"{outcome}: {who}")
    for p in king_przydupek:
        en.append(f"King Przydupek {p}")
        hu.append(f"király-Przydupek: {p}")
    if pagat_przydupek:
        en.append(f"Pagat Przydupek {pagat_przydupek}")
        hu.append(f"pagát-Przydupek: {pagat_przydupek}")
    if penalty:
        en.append("penalty")
        hu.append("büntetés")
    return Text("; ".join(en), "; ".join(hu))


def summary(h: Hand) -> Text:
    """The one-line summary of a scored hand."""
    if h.void:
        outcome, who = "void", None
    elif h.tout:
        outcome, who = "Tout", h.tout
    elif h.nolo:
        outcome, who = "Nolo", h.nolo
    elif h.winning_card == "pagat":
        outcome, who = "Pagat Ultimo", h.winner
    elif h.winning_card == "king":
        outcome, who = "King Ultimo", h.winner
    else:
        outcome, who = "last trick", h.winner
    return _summary_text(
        h.dealer,
        len(h.declarations),
        outcome,
        who,
        tuple(h.king_przydupek),
        h.pagat_przydupek,
        any(p.amount for p in h.penalties) if h.penalties else False,
    )
