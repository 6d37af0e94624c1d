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
from scorebook.engine.messages import NO_MSG, Msg, msg, pmsg
from scorebook.engine.payments import CONTRA_NAMES
from scorebook.engine.types import Line, Session
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


def score(hand: Hand, session: Session, pot: int) -> tuple[list[Line], Msg, int]:
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


def _no_game(hand: Hand) -> tuple[list[Line], Msg]:
    """All passed (seed 004 §26), annulled (seed 004 §38) or thrown (seed 004 §68)."""
    if hand.all_pass:
        text = msg("all passed: no game (Tolnai 1930, §26)")
        return [Line(text)], pmsg("kiralyhivo summary", "all passed")
    if hand.annulled:
        if hand.offender:
            text = msg(
                "hand annulled: a player ({offender}) has no tarokk (Tolnai 1930, §38); nobody pays",
                offender=hand.offender,
            )
        else:
            text = msg("hand annulled: a player has no tarokk (Tolnai 1930, §38); nobody pays")
        return [Line(text)], pmsg("kiralyhivo summary", "annulled (no tarokk)")
    return _thrown(hand)


def _thrown(hand: Hand) -> tuple[list[Line], Msg]:
    declarer, opponents = hand.declarer, hand.opponents
    assert declarer is not None
    assert hand.contract is not None
    assert hand.called_king is not None
    king = KING_NAMES[hand.called_king]
    pay = THROW_PAYMENT
    deltas = dict.fromkeys(opponents, pay)
    deltas[declarer] = -pay * len(opponents)
    text = msg(
        "throw, {king} in the talon (Tolnai 1930, §68): {declarer} → {opponents}: {amount} each = {total}",
        king=king,
        declarer=declarer,
        opponents=_names(opponents),
        amount=pay,
        total=3 * pay,
    )
    summary = msg(
        "{declarer} {contract}, {king} in the talon: thrown",
        declarer=declarer,
        contract=CONTRACT_NAMES[hand.contract],
        king=king,
    )
    return [Line(text, deltas)], summary


def _no_game_pot(lines: list[Line], players: tuple[str, ...], pot: int) -> int:
    move = pots.pay_in(players, NO_GAME_POT)
    text = msg(
        "no game: each pays {amount} into the ultimókassza (Tolnai 1930, §38): 4 × {amount} = {total}",
        amount=NO_GAME_POT,
        total=4 * NO_GAME_POT,
    )
    lines.append(Line(text, move.deltas, {POT: move.change}))
    return pot + move.change


# --- penalties --------------------------------------------------------------------------


def _penalty(
    hand: Hand, rules: Mapping[str, Any], players: tuple[str, ...]
) -> tuple[list[Line], Msg]:
    """Revoke (seed 004 §62*) or strict wrong discard (seed 004 §38): the offender pays
    each other player the game and every announcement, as they stand."""
    offender, contract = hand.offender, hand.contract
    assert offender is not None
    assert contract is not None
    with_contras = rules["penalty_includes_contras"]
    values = VALUES[contract, rules["ultimo_values_follow_figures"]]
    base = BASE[contract]
    level = hand.game_contra if with_contras else 0
    arith = _times(base, level)
    x = base * 2**level
    for a in hand.announcements:
        value = values[a.figure][1]
        lvl = a.contra if with_contras else 0
        part = msg("{value} ({figure})", value=_times(value, lvl), figure=FIGURE_NAMES[a.figure])
        arith = msg("{sum} + {part}", sum=arith, part=part)
        x += value * 2**lvl
    others = tuple(p for p in players if p != offender)
    deltas = dict.fromkeys(others, x)
    deltas[offender] = -x * len(others)
    if hand.irregularity == "revoke":
        what = pmsg("kiralyhivo penalty", "revoke (Tolnai 1930, §62*)")
        kind = msg("revoke")
    else:
        what = pmsg("kiralyhivo penalty", "wrong discard (Tolnai 1930, §38)")
        kind = msg("wrong discard")
    text = msg(
        "{head}; {what} by {offender}: X = {arith} = {x}; {offender} → {others}: "
        "{x} each = {total}",
        head=_hand_head(hand, rules),
        what=what,
        offender=offender,
        arith=arith,
        x=x,
        others=_names(others),
        total=3 * x,
    )
    summary = msg(
        "{declarer} {contract}: {what} by {offender}",
        declarer=str(hand.declarer),
        contract=CONTRACT_NAMES[contract],
        what=kind,
        offender=offender,
    )
    return [Line(text, deltas)], summary


def _mild(net: int, declarer: str, side: tuple[str, ...], opponents: tuple[str, ...]) -> Line:
    """Mild wrong discard (spec K9): the declarer alone bears his side's result."""
    n = abs(net)
    head = msg(
        "wrong discard by {declarer}, mild (Tolnai 1930, §38): he bears the result {net} alone",
        declarer=declarer,
        net=f"{net:+}",
    )
    if net == 0 or (len(side) == 1 and net < 0):
        return Line(msg("{head}; nothing changes", head=head))
    if len(side) == 1:  # won alone: nobody pays
        deltas = dict.fromkeys(opponents, n)
        deltas[declarer] = -3 * n
        return Line(msg("{head}: nobody pays him", head=head), deltas)
    partner = side[1]
    if net > 0:  # the opponents pay nothing, he pays his partner n
        deltas = dict.fromkeys(opponents, n)
        deltas[declarer] = -2 * n
        text = msg(
            "{head}: the opponents pay nothing; {declarer} → {partner}: {amount}",
            head=head,
            declarer=declarer,
            partner=partner,
            amount=n,
        )
        return Line(text, deltas)
    # Lost: he pays 2n, n to each opponent; his partner pays nothing.
    text = msg(
        "{head}: {declarer} → {opponents}: {amount} each = {total}; {partner} pays nothing",
        head=head,
        declarer=declarer,
        opponents=_names(opponents),
        amount=n,
        total=2 * n,
        partner=partner,
    )
    return Line(text, {declarer: -n, partner: n})


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

    def note(self, text: Msg) -> None:
        """A line without amounts."""
        self.lines.append(Line(text))

    def item(self, text: Msg, a: int) -> None:
        self.net += a
        if a == 0:
            self.note(text)
            return
        o = self.opponents
        if self.alone:  # one vs three: the declarer gets or pays 3a
            deltas = {self.side[0]: 3 * a, o[0]: -a, o[1]: -a, o[2]: -a}
        else:  # pair vs pair: each loser pays one winner
            deltas = {self.side[0]: a, self.side[1]: a, o[0]: -a, o[1]: -a}
        flow = _flow(self.side, o, a)
        self.lines.append(Line(msg("{item}; {flow}", item=text, flow=flow), deltas))


def _played(
    hand: Hand, result: Result, rules: Mapping[str, Any], pot: int
) -> tuple[list[Line], Msg, int]:
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
        text = msg(
            "revoke by {offender}: not penalised (by the house rules)",
            offender=str(hand.offender),
        )
        lines.append(Line(text))
    elif hand.irregularity == "wrong_discard":
        lines.append(_mild(tally.net, declarer, hand.side, hand.opponents))
    if rules["ultimo_kassza"]:
        pot = _kassza(lines, pot, hand.announcements, result.made, hand.members)
    king = KING_NAMES[hand.called_king] if hand.called_king else None
    call = _call(king, hand.partner, hand.location)
    summary = _summary(declarer, CONTRACT_NAMES[hand.contract], call, points, points >= WIN)
    return lines, summary, pot


def _summary(declarer: str, contract: Msg, call: Msg, points: int, won: bool) -> Msg:
    """`A hívás (♥K: C), 41 card points, won`."""
    if not call.id:
        if won:
            return msg(
                "{declarer} {contract}, {points} card points, won",
                declarer=declarer,
                contract=contract,
                points=points,
            )
        return msg(
            "{declarer} {contract}, {points} card points, lost",
            declarer=declarer,
            contract=contract,
            points=points,
        )
    if won:
        return msg(
            "{declarer} {contract} ({call}), {points} card points, won",
            declarer=declarer,
            contract=contract,
            call=call,
            points=points,
        )
    return msg(
        "{declarer} {contract} ({call}), {points} card points, lost",
        declarer=declarer,
        contract=contract,
        call=call,
        points=points,
    )


def _game(
    tally: Tally,
    hand: Hand,
    result: Result,
    announced: set[tuple[str, str]],
    head: Msg,
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
            msg(
                "{head}: game not scored ({points} card points), the volát replaces it (Tolnai 1930, §53)",
                head=head,
                points=points,
            )
        )
        return
    base = BASE[hand.contract]
    a = base * 2**hand.game_contra
    arith = _arith(base, hand.game_contra)
    if points >= WIN:
        text = msg(
            "{head}: won, {points} ≥ {win} card points: {arith}",
            head=head,
            points=points,
            win=WIN,
            arith=arith,
        )
    else:
        text = msg(
            "{head}: lost, {points} < {win} card points: {arith}",
            head=head,
            points=points,
            win=WIN,
            arith=arith,
        )
        a = -a
    tally.item(text, a)


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
            text = msg(
                "{figure} announced by {by} ({side}), made: {arith}",
                figure=fig,
                by=by,
                side=who,
                arith=arith,
            )
            signed = a if s == DECLARER else -a
        else:
            text = msg(
                "{figure} announced by {by} ({side}), failed: {arith}",
                figure=fig,
                by=by,
                side=who,
                arith=arith,
            )
            signed = -a if s == DECLARER else a
        tally.item(text, signed)
        if s == OPPONENTS and figure in MUST_CONTRA and hand.game_contra == 0:
            tally.note(
                msg(
                    "note: {by} announced {figure} without a kontra on the game (Tolnai 1930, §50; §51 asks for one)",
                    by=by,
                    figure=fig,
                )
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
                msg(
                    "silent {figure} ({side}) not paid: a volát was made (Tolnai 1930, §53)",
                    figure=fig,
                    side=who,
                )
            )
            continue
        tally.item(
            msg("silent {figure}, {side}: {amount}", figure=fig, side=who, amount=silent),
            silent if maker == DECLARER else -silent,
        )
    lost = result.pagat_lost
    if lost is not None and ("pagat_ultimo", lost) not in announced:
        silent = values["pagat_ultimo"][0]
        text = msg(
            "silent pagátultimó lost, {side} (by the house rules): {amount}",
            side=SIDE_NAMES[lost],
            amount=silent,
        )
        tally.item(text, -silent if lost == DECLARER else silent)


def _king_fine(tally: Tally, hand: Hand, result: Result, rules: Mapping[str, Any]) -> None:
    """Called-king fines, never multiplied (seed 004 §68–§69), charged once (spec K5)."""
    if hand.action == "play_left_king_half":
        assert hand.called_king is not None
        king = KING_NAMES[hand.called_king]
        fine = KING_FINE * 2 if rules["talon_king_fine_stacks"] else KING_FINE
        arith = f"{KING_FINE} + {KING_FINE} = {fine}" if fine != KING_FINE else f"{fine}"
        text = msg(
            "{king}'s talon half left to the opponents (Tolnai 1930, §68): fine {arith}",
            king=king,
            arith=arith,
        )
        tally.item(text, -fine)
    elif result.king_taken:
        assert hand.called_king is not None
        text = msg(
            "called {king} taken home by the opponents (Tolnai 1930, §69): fine {amount}",
            king=KING_NAMES[hand.called_king],
            amount=KING_FINE,
        )
        tally.item(text, -KING_FINE)


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
        lines.append(Line(text, move.deltas, {POT: move.change}))
        pot += move.change
    return pot


def _kassza_taken(pot: int, team: tuple[str, ...], by: str, share: int, rest: int) -> Msg:
    k = len(team)
    if k == 1:
        return msg(
            "pagátultimó made (Tolnai 1930, §54*): {by} takes the ultimókassza: {pot}",
            by=by,
            pot=pot,
        )
    return msg(
        "pagátultimó made (Tolnai 1930, §54*): {team} take the ultimókassza {pot}: {pot} ÷ {k} = {share} each, {rest} stays",
        team=_names(team),
        pot=pot,
        k=k,
        share=share,
        rest=rest,
    )


def _kassza_doubled(pot: int, team: tuple[str, ...], by: str, share: int, rest: int) -> Msg:
    k = len(team)
    if k == 1:
        return msg(
            "pagátultimó failed (Tolnai 1930, §54*): {by} doubles the ultimókassza: pays {pot}",
            by=by,
            pot=pot,
        )
    if rest:
        return msg(
            "pagátultimó failed (Tolnai 1930, §54*): {team} double the ultimókassza {pot}: {pot} ÷ {k} = {share} each, {by} also pays the remainder {rest}",
            team=_names(team),
            pot=pot,
            k=k,
            share=share,
            by=by,
            rest=rest,
        )
    return msg(
        "pagátultimó failed (Tolnai 1930, §54*): {team} double the ultimókassza {pot}: {pot} ÷ {k} = {share} each",
        team=_names(team),
        pot=pot,
        k=k,
        share=share,
    )


# --- words ------------------------------------------------------------------------------


def _names(who: Iterable[str]) -> str:
    return ", ".join(who)


def _times(value: int, level: int) -> int | Msg:
    """`6` or `6 × 2 (kontra)`: a value and its contra multiplier."""
    if not level:
        return value
    return msg(
        "{value} × {factor} ({contra})", value=value, factor=2**level, contra=CONTRA_NAMES[level]
    )


@lru_cache(maxsize=256)
def _arith(value: int, level: int) -> int | Msg:
    """`6` or `6 × 2 (kontra) = 12`."""
    if not level:
        return value
    return msg(
        "{value} × {factor} ({contra}) = {total}",
        value=value,
        factor=2**level,
        contra=CONTRA_NAMES[level],
        total=value * 2**level,
    )


@lru_cache(maxsize=1024)
def _flow(side: tuple[str, ...], opponents: tuple[str, ...], a: int) -> Msg:
    """Who pays whom, appended to an item: `A, B → C, D: 2 each` (one vs three: `= 3n`);
    the declarer side wins an item with `a` > 0."""
    ours, theirs = _names(side), _names(opponents)
    n, payers, payees = (a, theirs, ours) if a > 0 else (-a, ours, theirs)
    if len(side) == 1:
        return msg(
            "{payers} → {payees}: {amount} each = {total}",
            payers=payers,
            payees=payees,
            amount=n,
            total=3 * n,
        )
    return msg("{payers} → {payees}: {amount} each", payers=payers, payees=payees, amount=n)


def _hand_head(hand: Hand, rules: Mapping[str, Any]) -> Msg:
    assert hand.declarer is not None
    assert hand.contract is not None
    king = KING_NAMES[hand.called_king] if hand.called_king else None
    voluntary = hand.location == "declarer" and bool(rules["allow_voluntary_self_call"])
    return _head(
        hand.declarer, CONTRACT_NAMES[hand.contract], king, hand.location, hand.partner, voluntary
    )


@lru_cache(maxsize=256)
def _call(king: Msg | None, partner: str | None, location: str | None) -> Msg:
    """The called king in a summary: `♥K: C`, `♥K: self-call`, `♥K: in the talon`."""
    if king is None:
        return NO_MSG
    if location == "player":
        return msg("{king}: {partner}", king=king, partner=str(partner))
    if location == "declarer":
        return msg("{king}: self-call", king=king)
    return msg("{king}: in the talon", king=king)


@lru_cache(maxsize=1024)
def _head(
    declarer: str,
    contract: Msg,
    king: Msg | None,
    location: str | None,
    partner: str | None,
    voluntary_self_call: bool,
) -> Msg:
    """The contract and its sides, e.g. `hívás by A (calls ♥K: partner C)`; built once
    per distinct case (a night has a few hundred)."""
    if king is None:
        return msg("{contract} by {declarer} (alone)", contract=contract, declarer=declarer)
    if location == "player":
        return msg(
            "{contract} by {declarer} (calls {king}: partner {partner})",
            contract=contract,
            declarer=declarer,
            king=king,
            partner=str(partner),
        )
    if location == "declarer":
        if voluntary_self_call:
            return msg(
                "{contract} by {declarer} (calls his own {king}: self-call, alone)",
                contract=contract,
                declarer=declarer,
                king=king,
            )
        return msg(
            "{contract} by {declarer} (calls his own {king}: self-call, he holds all four "
            "kings; alone)",
            contract=contract,
            declarer=declarer,
            king=king,
        )
    return msg(
        "{contract} by {declarer} ({king} in the talon: alone)",
        contract=contract,
        declarer=declarer,
        king=king,
    )
