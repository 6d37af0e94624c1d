"""Királyhívó's payments for a read and checked hand: its breakdown lines and summary.

Every scored item is an amount `a` per opponent, signed from the declarer side's point of
view (spec section 6). Pair vs pair: declarer and partner +a each, the two opponents −a each.
One vs three (hármas, szólóhármas, self-call, called king in the talon): declarer +3a, each
opponent −a.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from scorebook.engine import pots
from scorebook.engine.payments import CONTRA_NAMES
from scorebook.engine.types import Line, Session, Text
from scorebook.engine.variants.kiralyhivo.record import Announcement, Hand, Result
from scorebook.engine.variants.kiralyhivo.tariffs import (
    BASE,
    CONTRACT_NAMES,
    DECLARER,
    FIGURE_NAMES,
    FIGURES,
    KING_FINE,
    KING_NAMES,
    MUST_CONTRA,
    NO_GAME_POT,
    OPPONENTS,
    POT,
    SIDE_NAMES,
    SIDES,
    THROW_PAYMENT,
    VALUES,
    VOLAT_CANCELS,
    WIN,
)

NO_CALL = Text("", "")


def score(hand: Hand, session: Session, pot: int) -> tuple[list[Line], Text, int]:
    """The hand's lines, its summary and the ultimókassza after it."""
    rules = session.house_rules
    if hand.all_pass or hand.annulled or hand.thrown:
        lines, summary = _no_game(hand)
        if rules["ultimo_kassza"]:
            pot = _no_game_pot(lines, session.players, pot)
        return lines, summary, pot
    if hand.penalised:
        lines, summary = _penalty(hand, rules, session.players)
        return lines, summary, pot
    assert hand.result is not None
    return _played(hand, hand.result, rules, pot)


# --- hands without a game ---------------------------------------------------------------


def _no_game(hand: Hand) -> tuple[list[Line], Text]:
    """All passed (seed 004 §26), annulled (seed 004 §38) or thrown (seed 004 §68)."""
    if hand.all_pass:
        text = Text(
            "all passed: no game (seed 004 §26)",
            "mindenki passzolt: nincs játék (Tolnai, 26. §)",
        )
        return [Line(text)], Text("all passed", "mindenki passz")
    if hand.annulled:
        who = f" ({hand.offender})" if hand.offender else ""
        text = Text(
            f"hand annulled: a player{who} has no tarokk (seed 004 §38); nobody pays",
            f"érvénytelen leosztás: egy játékosnak{who} nincs tarokkja (Tolnai, 38. §); nincs fizetés",
        )
        return [Line(text)], Text("annulled (no tarokk)", "érvénytelen (nincs tarokk)")
    return _thrown(hand)


def _thrown(hand: Hand) -> tuple[list[Line], Text]:
    declarer, opponents = hand.declarer, hand.opponents
    assert declarer is not None
    assert hand.contract is not None
    assert hand.called_king is not None
    king = KING_NAMES[hand.called_king]
    name = CONTRACT_NAMES[hand.contract]
    pay = THROW_PAYMENT
    deltas = dict.fromkeys(opponents, pay)
    deltas[declarer] = -pay * len(opponents)
    line = Line(
        Text(
            f"throw, {king.en} in the talon (seed 004 §68): {declarer} → {_names(opponents)}: {pay} each = {3 * pay}",
            f"dobás, {king.hu} a talonban (Tolnai, 68. §): {declarer} → {_names(opponents)}: fejenként {pay} = {3 * pay}",
        ),
        deltas,
    )
    summary = Text(
        f"{declarer} {name}, {king.en} in the talon: thrown",
        f"{declarer} {name}, {king.hu} a talonban: dobás",
    )
    return [line], summary


def _no_game_pot(lines: list[Line], players: tuple[str, ...], pot: int) -> int:
    move = pots.pay_in(players, NO_GAME_POT)
    lines.append(
        move.line(
            POT,
            Text(
                f"no game: each pays {NO_GAME_POT} into the ultimókassza (seed 004 §38): 4 × {NO_GAME_POT} = {4 * NO_GAME_POT}",
                f"nincs játék: mindenki {NO_GAME_POT}-öt fizet az ultimókasszába (Tolnai, 38. §): 4 × {NO_GAME_POT} = {4 * NO_GAME_POT}",
            ),
        )
    )
    return pot + move.change


# --- penalties --------------------------------------------------------------------------


def _penalty(
    hand: Hand, rules: Mapping[str, Any], players: tuple[str, ...]
) -> tuple[list[Line], Text]:
    """Revoke (seed 004 §62*) or strict wrong discard (seed 004 §38): the offender pays
    each other player the game and every announcement, as they stand."""
    offender, contract = hand.offender, hand.contract
    assert offender is not None
    assert contract is not None
    with_contras = rules["penalty_includes_contras"]
    values = VALUES[contract, rules["ultimo_values_follow_figures"]]
    base = BASE[contract]
    level = hand.game_contra if with_contras else 0
    parts = [f"{base}{_mult(level)}"]
    x = base * 2**level
    for a in hand.announcements:
        value = values[a.figure][1]
        lvl = a.contra if with_contras else 0
        parts.append(f"{value}{_mult(lvl)} ({FIGURE_NAMES[a.figure]})")
        x += value * 2**lvl
    others = tuple(p for p in players if p != offender)
    deltas = dict.fromkeys(others, x)
    deltas[offender] = -x * len(others)
    arith = " + ".join(parts)
    if hand.irregularity == "revoke":
        what = Text("revoke (seed 004 §62*)", "renonsz (Tolnai, 62*. §)")
        kind = Text("revoke", "renonsz")
    else:
        what = Text("wrong discard (seed 004 §38)", "hibás skart (Tolnai, 38. §)")
        kind = Text("wrong discard", "hibás skart")
    head = _hand_head(hand, rules)
    line = Line(
        Text(
            f"{head.en}; {what.en} by {offender}: X = {arith} = {x}; {offender} → {_names(others)}: {x} each = {3 * x}",
            f"{head.hu}; {what.hu}, {offender}: X = {arith} = {x}; {offender} → {_names(others)}: fejenként {x} = {3 * x}",
        ),
        deltas,
    )
    name = CONTRACT_NAMES[contract]
    summary = Text(
        f"{hand.declarer} {name}: {kind.en} by {offender}",
        f"{hand.declarer} {name}: {offender} {kind.hu}",
    )
    return [line], summary


def _mild(net: int, declarer: str, side: tuple[str, ...], opponents: tuple[str, ...]) -> Line:
    """Mild wrong discard (spec K9): the declarer alone bears his side's result."""
    n = abs(net)
    head_en = f"wrong discard by {declarer}, mild (seed 004 §38): he bears the result {net:+} alone"
    head_hu = (
        f"hibás skart ({declarer}), enyhe (Tolnai, 38. §): az eredményt ({net:+}) egyedül viseli"
    )
    if net == 0 or (len(side) == 1 and net < 0):
        return Line(Text(f"{head_en}; nothing changes", f"{head_hu}; nincs változás"))
    if len(side) == 1:  # won alone: nobody pays
        deltas = dict.fromkeys(opponents, n)
        deltas[declarer] = -3 * n
        return Line(Text(f"{head_en}: nobody pays him", f"{head_hu}: senki nem fizet neki"), deltas)
    partner = side[1]
    if net > 0:  # the opponents pay nothing, he pays his partner n
        deltas = dict.fromkeys(opponents, n)
        deltas[declarer] = -2 * n
        return Line(
            Text(
                f"{head_en}: the opponents pay nothing; {declarer} → {partner}: {n}",
                f"{head_hu}: az ellenfelek nem fizetnek; {declarer} → {partner}: {n}",
            ),
            deltas,
        )
    # Lost: he pays 2n, n to each opponent; his partner pays nothing.
    return Line(
        Text(
            f"{head_en}: {declarer} → {_names(opponents)}: {n} each = {2 * n}; {partner} pays nothing",
            f"{head_hu}: {declarer} → {_names(opponents)}: fejenként {n} = {2 * n}; {partner} nem fizet",
        ),
        {declarer: -n, partner: n},
    )


# --- a played hand ----------------------------------------------------------------------


class Tally:
    """The items of a played hand: each spreads an amount `a` per opponent over the sides
    (spec section 6) and says who pays whom; `net` is the sum of the `a`s."""

    __slots__ = ("alone", "lines", "net", "opponents", "side")

    def __init__(self, side: tuple[str, ...], opponents: tuple[str, ...]) -> None:
        self.side = side
        self.opponents = opponents
        self.alone = len(side) == 1
        self.lines: list[Line] = []
        self.net = 0

    def note(self, en: str, hu: str) -> None:
        """A line without amounts."""
        self.lines.append(Line(Text(en, hu)))

    def item(self, en: str, hu: str, a: int) -> None:
        self.net += a
        if a == 0:
            self.note(en, hu)
            return
        o = self.opponents
        if self.alone:  # one vs three: the declarer gets or pays 3a
            deltas = {self.side[0]: 3 * a, o[0]: -a, o[1]: -a, o[2]: -a}
        else:  # pair vs pair: each loser pays one winner
            deltas = {self.side[0]: a, self.side[1]: a, o[0]: -a, o[1]: -a}
        tail_en, tail_hu = _flow_tail(self.side, o, a)
        self.lines.append(Line(Text(en + tail_en, hu + tail_hu), deltas))


def _played(
    hand: Hand, result: Result, rules: Mapping[str, Any], pot: int
) -> tuple[list[Line], Text, int]:
    """A played hand (spec section 6): game, figures, called-king fines, then a not
    penalised irregularity and the ultimókassza."""
    declarer, points = hand.declarer, result.points
    assert declarer is not None
    assert hand.contract is not None
    assert points is not None
    tally = Tally(hand.side, hand.opponents)
    announced = {(a.figure, a.side) for a in hand.announcements}
    _game(tally, hand, result, announced, _hand_head(hand, rules), rules)
    values = VALUES[hand.contract, rules["ultimo_values_follow_figures"]]
    if announced:
        _announced_figures(tally, hand, result.made, values)
    if result.made or result.pagat_lost:
        _silent_figures(tally, announced, result, values, rules)
    _king_fine(tally, hand, result, rules)
    lines = tally.lines
    if hand.irregularity == "revoke":
        lines.append(
            Line(
                Text(
                    f"revoke by {hand.offender}: not penalised (house rule revoke_penalty off)",
                    f"{hand.offender} renonsza: nincs büntetés (revoke_penalty házszabály ki)",
                )
            )
        )
    elif hand.irregularity == "wrong_discard":
        lines.append(_mild(tally.net, declarer, hand.side, hand.opponents))
    if rules["ultimo_kassza"]:
        pot = _kassza(lines, pot, hand.announcements, result.made, hand.members)
    king = KING_NAMES[hand.called_king] if hand.called_king else None
    call = _call(king, hand.partner, hand.location)
    name = CONTRACT_NAMES[hand.contract]
    won = points >= WIN
    summary = Text(
        f"{declarer} {name}{call.en}, {points} card points, {'won' if won else 'lost'}",
        f"{declarer} {name}{call.hu}, {points} pont, {'nyert' if won else 'bukott'}",
    )
    return lines, summary, pot


def _game(
    tally: Tally,
    hand: Hand,
    result: Result,
    announced: set[tuple[str, str]],
    head: Text,
    rules: Mapping[str, Any],
) -> None:
    """The game (seed 004 §68–§69), unless a volát replaces it (seed 004 §53)."""
    points = result.points
    assert points is not None
    assert hand.contract is not None
    volat = (
        "volat" in result.made
        or ("volat", DECLARER) in announced
        or ("volat", OPPONENTS) in announced
    )
    if rules["volat_replaces_game"] and volat:
        tally.note(
            f"{head.en}: game not scored ({points} card points), the volát replaces it (seed 004 §53)",
            f"{head.hu}: a játék nem számít ({points} pont), a volát helyettesíti (Tolnai, 53. §)",
        )
        return
    base = BASE[hand.contract]
    a = base * 2**hand.game_contra
    arith = _arith(base, hand.game_contra)
    if points >= WIN:
        en = f"{head.en}: won, {points} ≥ {WIN} card points: {arith}"
        hu = f"{head.hu}: megnyerve, {points} ≥ {WIN} pont: {arith}"
    else:
        en = f"{head.en}: lost, {points} < {WIN} card points: {arith}"
        hu = f"{head.hu}: elbukva, {points} < {WIN} pont: {arith}"
        a = -a
    tally.item(en, hu, a)


def _announced_figures(
    tally: Tally, hand: Hand, made: Mapping[str, str], values: Mapping[str, tuple[int, int]]
) -> None:
    """Each announced figure on its own, made or failed (seed 004 §53–§55, §68–§69)."""
    for _, figure, s, by, level in hand.announcements:
        value = values[figure][1]
        a = value * 2**level
        fig = FIGURE_NAMES[figure]
        who = SIDE_NAMES[s]
        arith = _arith(value, level)
        if made.get(figure) == s:
            en = f"{fig} announced by {by} ({who.en}), made: {arith}"
            hu = f"bemondott {fig} ({by}, {who.hu}), megcsinálva: {arith}"
            signed = a if s == DECLARER else -a
        else:
            en = f"{fig} announced by {by} ({who.en}), failed: {arith}"
            hu = f"bemondott {fig} ({by}, {who.hu}), elbukva: {arith}"
            signed = -a if s == DECLARER else a
        tally.item(en, hu, signed)
        if s == OPPONENTS and figure in MUST_CONTRA and hand.game_contra == 0:
            tally.note(
                f"note: {by} announced {fig} without a kontra on the game (seed 004 §50, §51 asks for one)",
                f"megjegyzés: {by} kontra nélkül mondta be: {fig} (Tolnai, 50. §; az 51. § szerint kontrázni kell)",
            )


def _silent_figures(
    tally: Tally,
    announced: set[tuple[str, str]],
    result: Result,
    values: Mapping[str, tuple[int, int]],
    rules: Mapping[str, Any],
) -> None:
    """Figures made without the maker's announcement (seed 004 §53, §55), and with
    silent_ultimo_lost_pays a pagát beaten in the last trick (spec K14)."""
    made = result.made
    cancels = "volat" in made and rules["volat_cancels_silent_figures"]
    for figure in FIGURES:
        maker = made.get(figure)
        if maker is None or (figure, maker) in announced:
            continue
        silent = values[figure][0]
        fig = FIGURE_NAMES[figure]
        who = SIDE_NAMES[maker]
        if cancels and figure in VOLAT_CANCELS:
            tally.note(
                f"silent {fig} ({who.en}) not paid: a volát was made (seed 004 §53)",
                f"csendes {fig} ({who.hu}) nem jár: volát lett (Tolnai, 53. §)",
            )
            continue
        tally.item(
            f"silent {fig}, {who.en}: {silent}",
            f"csendes {fig}, {who.hu}: {silent}",
            silent if maker == DECLARER else -silent,
        )
    lost = result.pagat_lost
    if lost is not None and ("pagat_ultimo", lost) not in announced:
        silent = values["pagat_ultimo"][0]
        who = SIDE_NAMES[lost]
        tally.item(
            f"silent pagátultimó lost, {who.en} (house rule silent_ultimo_lost_pays): {silent}",
            f"csendes pagátultimó elbukva, {who.hu} (silent_ultimo_lost_pays házszabály): {silent}",
            -silent if lost == DECLARER else silent,
        )


def _king_fine(tally: Tally, hand: Hand, result: Result, rules: Mapping[str, Any]) -> None:
    """Called-king fines, never multiplied (seed 004 §68–§69), charged once (spec K5)."""
    if hand.action == "play_left_king_half":
        assert hand.called_king is not None
        king = KING_NAMES[hand.called_king]
        fine = KING_FINE * 2 if rules["talon_king_fine_stacks"] else KING_FINE
        arith = f"{KING_FINE} + {KING_FINE} = {fine}" if fine != KING_FINE else f"{fine}"
        tally.item(
            f"{king.en}'s talon half left to the opponents (seed 004 §68): fine {arith}",
            f"a(z) {king.hu} talonfele az ellenfeleknél maradt (Tolnai, 68. §): bírság {arith}",
            -fine,
        )
    elif result.king_taken:
        assert hand.called_king is not None
        king = KING_NAMES[hand.called_king]
        tally.item(
            f"called {king.en} taken home by the opponents (seed 004 §69): fine {KING_FINE}",
            f"a hívott {king.hu} az ellenfélhez került (Tolnai, 69. §): bírság {KING_FINE}",
            -KING_FINE,
        )


def _kassza(
    lines: list[Line],
    pot: int,
    announcements: Iterable[Announcement],
    made: Mapping[str, str],
    members: Mapping[str, tuple[str, ...]],
) -> int:
    """Announced pagátultimó takes or doubles the ultimókassza (seed 004 §54*), the
    declarer side's announcement first (spec section 8)."""
    by_side = {a.side: a.by for a in announcements if a.figure == "pagat_ultimo"}
    for s in SIDES:
        by = by_side.get(s)
        if by is None or pot == 0:
            continue
        team = members[s]
        if made.get("pagat_ultimo") == s:
            move = pots.take(pot, team)
            text = _kassza_taken(pot, team, by, move.share, move.rest)
        else:
            move = pots.double(pot, team, by)
            text = _kassza_doubled(pot, team, by, move.share, move.rest)
        lines.append(move.line(POT, text))
        pot += move.change
    return pot


def _kassza_taken(pot: int, team: tuple[str, ...], by: str, share: int, rest: int) -> Text:
    k = len(team)
    if k == 1:
        return Text(
            f"pagátultimó made (seed 004 §54*): {by} takes the ultimókassza: {pot}",
            f"pagátultimó megcsinálva (Tolnai, 54*. §): {by} viszi az ultimókasszát: {pot}",
        )
    return Text(
        f"pagátultimó made (seed 004 §54*): {_names(team)} take the ultimókassza {pot}: {pot} ÷ {k} = {share} each, {rest} stays",
        f"pagátultimó megcsinálva (Tolnai, 54*. §): {_names(team)} viszik az ultimókasszát ({pot}): {pot} ÷ {k} = fejenként {share}, {rest} marad",
    )


def _kassza_doubled(pot: int, team: tuple[str, ...], by: str, share: int, rest: int) -> Text:
    k = len(team)
    if k == 1:
        return Text(
            f"pagátultimó failed (seed 004 §54*): {by} doubles the ultimókassza: pays {pot}",
            f"pagátultimó elbukva (Tolnai, 54*. §): {by} megduplázza az ultimókasszát: fizet {pot}",
        )
    extra_en = f", {by} also pays the remainder {rest}" if rest else ""
    extra_hu = f", {by} a maradékot ({rest}) is fizeti" if rest else ""
    return Text(
        f"pagátultimó failed (seed 004 §54*): {_names(team)} double the ultimókassza {pot}: {pot} ÷ {k} = {share} each{extra_en}",
        f"pagátultimó elbukva (Tolnai, 54*. §): {_names(team)} megduplázzák az ultimókasszát ({pot}): {pot} ÷ {k} = fejenként {share}{extra_hu}",
    )


# --- words ------------------------------------------------------------------------------


def _names(who: Iterable[str]) -> str:
    return ", ".join(who)


def _mult(level: int) -> str:
    return f" × {2**level} ({CONTRA_NAMES[level]})" if level else ""


@lru_cache(maxsize=256)
def _arith(value: int, level: int) -> str:
    """`6` or `6 × 2 (kontra) = 12`."""
    return (
        f"{value} × {2**level} ({CONTRA_NAMES[level]}) = {value * 2**level}"
        if level
        else str(value)
    )


@lru_cache(maxsize=1024)
def _flow_tail(side: tuple[str, ...], opponents: tuple[str, ...], a: int) -> tuple[str, str]:
    """Who pays whom, appended to an item: `; A, B → C, D: 2 each` (one vs three: `= 3n`);
    the declarer side wins an item with `a` > 0."""
    ours, theirs = _names(side), _names(opponents)
    n, arrow = (a, f"{theirs} → {ours}") if a > 0 else (-a, f"{ours} → {theirs}")
    if len(side) == 1:
        return f"; {arrow}: {n} each = {3 * n}", f"; {arrow}: fejenként {n} = {3 * n}"
    return f"; {arrow}: {n} each", f"; {arrow}: fejenként {n}"


def _hand_head(hand: Hand, rules: Mapping[str, Any]) -> Text:
    assert hand.declarer is not None
    assert hand.contract is not None
    king = KING_NAMES[hand.called_king] if hand.called_king else None
    voluntary = hand.location == "declarer" and bool(rules["allow_voluntary_self_call"])
    return _head(
        hand.declarer, CONTRACT_NAMES[hand.contract], king, hand.location, hand.partner, voluntary
    )


@lru_cache(maxsize=256)
def _call(king: Text | None, partner: str | None, location: str | None) -> Text:
    if king is None:
        return NO_CALL
    if location == "player":
        return Text(f" ({king.en}: {partner})", f" ({king.hu}: {partner})")
    if location == "declarer":
        return Text(f" ({king.en}: self-call)", f" ({king.hu}: önhívás)")
    return Text(f" ({king.en}: in the talon)", f" ({king.hu}: a talonban)")


@lru_cache(maxsize=1024)
def _head(
    declarer: str,
    name: str,
    king: Text | None,
    location: str | None,
    partner: str | None,
    voluntary_self_call: bool,
) -> Text:
    """The contract and its sides, e.g. `hívás by A (calls ♥K: partner C)`; built once
    per distinct case (a night has a few hundred)."""
    if king is None:
        return Text(f"{name} by {declarer} (alone)", f"{name}, {declarer} (egyedül)")
    if location == "player":
        return Text(
            f"{name} by {declarer} (calls {king.en}: partner {partner})",
            f"{name}, {declarer} ({king.hu} hívva: partner {partner})",
        )
    if location == "declarer":
        if voluntary_self_call:
            return Text(
                f"{name} by {declarer} (calls his own {king.en}: self-call, alone)",
                f"{name}, {declarer} (saját {king.hu} hívva: önhívás, egyedül)",
            )
        return Text(
            f"{name} by {declarer} (calls his own {king.en}: self-call, he holds all four kings; alone)",
            f"{name}, {declarer} (saját {king.hu} hívva: önhívás, mind a négy király nála; egyedül)",
        )
    return Text(
        f"{name} by {declarer} ({king.en} in the talon: alone)",
        f"{name}, {declarer} ({king.hu} a talonban: egyedül)",
    )
