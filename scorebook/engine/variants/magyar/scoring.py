"""Magyar tarokk's payments for a read hand: the item lines of §6, the settlement, the
ultimókassza, irregularities and tarokk counts, and the hand's summary.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache, lru_cache

from scorebook.engine import pots
from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.payments import contra_multiplier, each_pays, split
from scorebook.engine.types import Amount, Line, Session
from scorebook.engine.variants._hungarian import (
    DECLARER,
    GAME,
    OPPONENTS,
    POT,
    SIDES,
    Scored,
    contra_of,
    kassza_fee,
    next_dealer,
    other,
    penalty_sum,
    signed,
    ultimo_failed,
)
from scorebook.engine.variants.magyar.house_rules import voids
from scorebook.engine.variants.magyar.record import Announcement, Hand, Played, Result
from scorebook.engine.variants.magyar.tariffs import (
    DOUBLE_GAME,
    DOUBLE_GAME_THRESHOLD,
    EMPTY,
    FIGURES,
    HONOURS,
    KASSZA_NO_GAME,
    LEVEL_NAMES,
    SIDE_NAMES,
    SILENT_ULTIMO_FAILURE,
    STEP_ORDINALS,
    STEP_VALUE,
    THE_SIDE,
    TOTAL_CARD_POINTS,
    VOLAT,
    WIN_THRESHOLD,
)


@lru_cache(maxsize=4096)
def _item_line(text: Msg, winner: str, value: int) -> tuple[Line, int]:
    """An item of §6 steps 1–2 as its breakdown line, and the signed value it adds to S."""
    s = value if winner == DECLARER else -value
    line = msg("{item} → {value}", item=text, value=signed(s))
    return Line(line, EMPTY, EMPTY), s


class _Items:
    """The item lines of §6 steps 1–2 (explanations) and their signed sum S."""

    def __init__(self) -> None:
        self.lines: list[Line] = []
        self.total = 0

    def add(self, text: Msg, winner: str, value: int) -> None:
        line, s = _item_line(text, winner, value)
        self.total += s
        self.lines.append(line)

    def note(self, text: Msg) -> None:
        self.lines.append(Line(text))


def _silent_options(
    g: int, winner: str, side_points: int, all_tricks: str | None, double_on: bool
) -> list[tuple[int, Msg]]:
    """The winner's silent volát (3G) and silent double game (2G), where made."""
    who = THE_SIDE[winner]
    options: list[tuple[int, Msg]] = []
    if all_tricks == winner:
        text = pmsg(
            "magyar tarokk",
            "silent volát of {who}: 3 × {g} = {value}",
            who=who,
            g=g,
            value=3 * g,
        )
        options.append((3 * g, text))
    if double_on and side_points >= DOUBLE_GAME_THRESHOLD:
        text = pmsg(
            "magyar tarokk",
            "silent double game of {who}: 2 × {g} = {value}",
            who=who,
            g=g,
            value=2 * g,
        )
        options.append((2 * g, text))
    return options


def _game_won(contra: int, winner: str, points: int, arith: str) -> Msg:
    """The game's item: the game (× contra), who won it and with how many card points."""
    game = contra_of(contra, GAME)
    if winner == DECLARER:
        return pmsg(
            "magyar tarokk",
            "{game}, won by the declarer ({points} card points): {arith}",
            game=game,
            points=points,
            arith=arith,
        )
    return pmsg(
        "magyar tarokk",
        "{game}, won by the opponents ({points} card points): {arith}",
        game=game,
        points=points,
        arith=arith,
    )


@lru_cache(maxsize=4096)
def _game_item(
    g: int, contra: int, decl_points: int, all_tricks: str | None, double_on: bool, replace: bool
) -> tuple[Msg, str, int]:
    """§6 step 2 without an announced volát or double game: the game, or a silent volát /
    double game (replacing it, or paid when more than it). Text, winning side, value."""
    winner = DECLARER if decl_points >= WIN_THRESHOLD else OPPONENTS
    side_points = decl_points if winner == DECLARER else TOTAL_CARD_POINTS - decl_points
    m = contra_multiplier(contra)
    game = g * m
    arith = f"{g} × {m} = {game}" if m > 1 else f"{game}"
    text = _game_won(contra, winner, decl_points, arith)
    options = _silent_options(g, winner, side_points, all_tricks, double_on)
    if replace:
        # Silent volát, else silent double game, else the game (seed 004 §53 literal).
        if not options:
            return text, winner, game
        value, text = options[0]
        return pmsg("magyar tarokk", "{item} (replaces the game)", item=text), winner, value
    value = game
    for option_value, option_text in options:
        if option_value > value:
            value = option_value
            text = pmsg(
                "magyar tarokk",
                "{item} (more than the game {game})",
                item=option_text,
                game=game,
            )
    if value == game and options:  # the game beats every silent option: say which
        text = pmsg(
            "magyar tarokk",
            "{item} (not paid: {silent}, as the game is worth at least as much)",
            item=text,
            silent=options[0][1],
        )
    return text, winner, value


def _announced(figure: Msg, by: str, arith: str, won: bool) -> Msg:
    """An announced figure, volát or double game: its value, made or failed."""
    if won:
        return pmsg(
            "magyar tarokk",
            "{figure} announced by {by}: {arith}, made",
            figure=figure,
            by=by,
            arith=arith,
        )
    return pmsg(
        "magyar tarokk",
        "{figure} announced by {by}: {arith}, failed",
        figure=figure,
        by=by,
        arith=arith,
    )


def _tier_text(name: Msg, factor: int, a: Announcement, g: int, won: bool) -> Msg:
    """An announced volát (6G) or double game (4G), × contra, made or failed."""
    m = contra_multiplier(a.contra)
    times = f" × {m}" if m > 1 else ""
    head = f"{factor} × {g}{times} = {factor * g * m}"
    text = _announced(contra_of(a.contra, name), a.by, head, won)
    if name is VOLAT:
        text = pmsg("magyar tarokk", "{item} (no game fee with a volát)", item=text)
    return text


def _tier_item(session: Session, p: Played, res: Result, items: _Items) -> None:
    """§6 step 2: an announced volát, else an announced double game, else the game."""
    volat = double = None
    for a in p.announcements:  # usually none
        if a.figure == "volat":
            volat = a
        elif a.figure == "double_game":
            double = a
    if volat is not None:
        won = res.all_tricks == volat.side
        value = 6 * p.g * contra_multiplier(volat.contra)
        items.add(
            _tier_text(VOLAT, 6, volat, p.g, won), volat.side if won else other(volat.side), value
        )
    elif double is not None:
        points = res.points if double.side == DECLARER else TOTAL_CARD_POINTS - res.points
        won = points >= DOUBLE_GAME_THRESHOLD
        value = 4 * p.g * contra_multiplier(double.contra)
        items.add(
            _tier_text(DOUBLE_GAME, 4, double, p.g, won),
            double.side if won else other(double.side),
            value,
        )
    else:
        rules = session.house_rules
        text, winner, value = _game_item(
            p.g,
            p.game_contra,
            res.points,
            res.all_tricks,
            bool(rules["double_game"]),
            rules["game_tier_rule"] == "announced_else_replace",
        )
        items.add(text, winner, value)


@lru_cache(maxsize=1024)
def _announced_figure_text(figure: str, contra: int, by: str, won: bool) -> Msg:
    """An announced figure (§6 step 1): its value × contra, made or failed."""
    _, announced, name = FIGURES[figure]
    m = contra_multiplier(contra)
    value = announced * m
    arith = f"{announced} × {m} = {value}" if m > 1 else f"{value}"
    return _announced(contra_of(contra, name), by, arith, won)


def _needs_talon(figure: str, talon: tuple[str, ...]) -> bool:
    """Whether the opponents' trull / four kings needs a talon card (spec §7 #6)."""
    if figure == "trull":
        return any(h in talon for h in HONOURS)
    return figure == "four_kings" and "king" in talon


def _figure_items(session: Session, p: Played, res: Result, items: _Items) -> None:
    """§6 step 1, §7 #3–#6: each figure, announced (× contra) or silent, for either side."""
    rules = session.house_rules
    voided: tuple[str, ...] = ("trull", "four_kings")
    if rules["volat_voids_silent"] == "all_silent":
        voided = ("trull", "four_kings", "pagat_ultimo", "xxi_catch")
    announced = {(a.figure, a.side): a for a in p.announcements}
    figures = {a.figure for a in p.announcements}
    for figure, (silent, _, name) in FIGURES.items():
        made = res.made[figure]
        if made is None and figure not in figures:
            continue  # nothing to pay (the common case)
        if (
            made == OPPONENTS
            and not rules["talon_counts_for_figures"]
            and _needs_talon(figure, p.talon_cards)
        ):
            made = None
            items.note(
                pmsg(
                    "magyar tarokk",
                    "{figure} of the opponents needs a talon card: not counted",
                    figure=name,
                )
            )
        for side in SIDES:
            a = announced.get((figure, side))
            if a is not None:
                won = made == side
                value = FIGURES[figure][1] * contra_multiplier(a.contra)
                items.add(
                    _announced_figure_text(figure, a.contra, a.by, won),
                    side if won else other(side),
                    value,
                )
            elif made == side:
                if res.all_tricks is not None and figure in voided:
                    text = pmsg(
                        "magyar tarokk",
                        "silent {figure} ({side}): not paid with a volát",
                        figure=name,
                        side=SIDE_NAMES[side],
                    )
                    items.note(text)
                    continue
                text = pmsg(
                    "magyar tarokk",
                    "silent {figure} ({side}): {value}",
                    figure=name,
                    side=SIDE_NAMES[side],
                    value=silent,
                )
                items.add(text, side, silent)


def _pagat_lost_item(p: Played, res: Result, items: _Items) -> None:
    """§12 #11: a silent pagát beaten in the last trick costs its side 5."""
    side = res.pagat_lost
    if side is None or any(a.figure == "pagat_ultimo" and a.side == side for a in p.announcements):
        return
    if side == DECLARER:
        text = pmsg(
            "magyar tarokk",
            "pagát of the declarer beaten in the last trick: {value}",
            value=SILENT_ULTIMO_FAILURE,
        )
    else:
        text = pmsg(
            "magyar tarokk",
            "pagát of the opponents beaten in the last trick: {value}",
            value=SILENT_ULTIMO_FAILURE,
        )
    items.add(text, other(side), SILENT_ULTIMO_FAILURE)


@lru_cache(maxsize=4096)
def _settle_text(decl: str, s: int, per_opponent: bool) -> tuple[Msg, Amount]:
    """Spec §6 step 3 for S ≠ 0: the text, and what each opponent pays (negative: receives)."""
    if per_opponent:
        share: Amount = abs(s)
        if s > 0:
            text = pmsg(
                "magyar tarokk",
                "S = {s}: {declarer} receives {share} from each opponent, 2 × {share} = {total}",
                s=signed(s),
                declarer=decl,
                share=str(share),
                total=str(2 * share),
            )
        else:
            text = pmsg(
                "magyar tarokk",
                "S = {s}: {declarer} pays {share} to each opponent, 2 × {share} = {total}",
                s=signed(s),
                declarer=decl,
                share=str(share),
                total=str(2 * share),
            )
        return text, share if s > 0 else -share
    half, rest = split(abs(s), 2)
    share = half if rest == 0 else Fraction(abs(s), 2)
    if s > 0:
        text = pmsg(
            "magyar tarokk",
            "S = {s}: {declarer} receives {amount} split between the opponents: "
            "{amount} ÷ 2 = {share} each",
            s=signed(s),
            declarer=decl,
            amount=abs(s),
            share=str(share),
        )
        return text, share
    text = pmsg(
        "magyar tarokk",
        "S = {s}: {declarer} pays {amount} split between the opponents: "
        "{amount} ÷ 2 = {share} each",
        s=signed(s),
        declarer=decl,
        amount=abs(s),
        share=str(share),
    )
    return text, -share


def _settle(session: Session, p: Played, s: int) -> Line:
    """Spec §6 step 3: each opponent pays S (or half of it), or the mild wrong discard."""
    decl = p.declarer
    if (
        p.irregularity is not None
        and p.irregularity[0] == "wrong_discard"
        and session.house_rules["wrong_discard_penalty"] == "mild"
        and s > 0
    ):
        text = pmsg(
            "magyar tarokk",
            "S = {s}, but {declarer} discarded wrongly (mild): he receives nothing",
            s=signed(s),
            declarer=decl,
        )
        return Line(text)
    if s == 0:
        return Line(pmsg("magyar tarokk", "S = 0: nobody pays"))
    text, amount = _settle_text(decl, s, bool(session.house_rules["tariff_per_opponent"]))
    deltas: dict[str, Amount] = {decl: 2 * amount}
    for opponent in p.opponents:
        deltas[opponent] = -amount
    return Line(text, deltas)


def _failed_text(members: tuple[str, ...], balance: int) -> Callable[[pots.PotMove], Msg]:
    """The failed ultimó's words (the odd unit is added by `ultimo_failed`)."""

    def text(move: pots.PotMove) -> Msg:
        if len(members) > 1:
            return pmsg(
                "magyar tarokk",
                "announced ultimó failed: {who} double the ultimókassza, {balance} ÷ 2 = "
                "{share} each",
                who=pots.names(members),
                balance=balance,
                share=move.share,
            )
        return pmsg(
            "magyar tarokk",
            "announced ultimó failed: {who} double the ultimókassza, {balance}",
            who=pots.names(members),
            balance=balance,
        )

    return text


def _kassza(p: Played, res: Result, pot: int) -> tuple[list[Line], int]:
    """paskievics.md §8: each side's announced ultimó takes the pot or doubles it."""
    lines: list[Line] = []
    ultimos = {a.side: a for a in p.announcements if a.figure == "pagat_ultimo"}
    for side in SIDES:
        a = ultimos.get(side)
        if a is None:
            continue
        members = (p.declarer,) if side == DECLARER else p.opponents
        if res.made["pagat_ultimo"] != side:
            line, pot = ultimo_failed(pot, members, a.by, _failed_text(members, pot))
        elif pot <= 0:
            line = Line(pmsg("magyar tarokk", "ultimókassza is empty: nothing to take"))
        else:
            line, pot = pots.ultimo_made(POT, pot, members)
        lines.append(line)
    return lines, pot


def _announced_value(a: Announcement, g: int) -> tuple[Msg, int, int]:
    """An announcement's part of Q: its name, base value and contra multiplier."""
    if a.figure == "volat":
        return VOLAT, 6 * g, contra_multiplier(a.contra)
    if a.figure == "double_game":
        return DOUBLE_GAME, 4 * g, contra_multiplier(a.contra)
    return FIGURES[a.figure][2], FIGURES[a.figure][1], contra_multiplier(a.contra)


def _irregularity(session: Session, p: Played, irr: tuple[str, str], voided: bool) -> list[Line]:
    """Spec §9: the offender pays each other player Q, the game and every announcement."""
    kind, seat = irr
    if kind == "wrong_discard" and session.house_rules["wrong_discard_penalty"] == "mild":
        return []  # handled in the settlement line
    parts = [(GAME, p.g, contra_multiplier(p.game_contra))]
    parts += [_announced_value(a, p.g) for a in p.announcements]
    q_sum, q = penalty_sum(parts)
    offence = msg("revoke (renonsz)") if kind == "renonsz" else msg("wrong discard")
    others = [x for x in session.players if x != seat]
    args: dict[str, str | int | Msg] = {
        "offence": offence,
        "seat": seat,
        "sum": q_sum,
        "q": q,
        "total": 2 * q,
    }
    if voided:
        text = pmsg(
            "magyar tarokk",
            "{offence} by {seat}: Q = {sum}; {seat} pays {q} to each other player "
            "(2 × {q} = {total}); the normal settlement is void",
            **args,
        )
    else:
        text = pmsg(
            "magyar tarokk",
            "{offence} by {seat}: Q = {sum}; {seat} pays {q} to each other player "
            "(2 × {q} = {total}), on top of the settlement",
            **args,
        )
    return [Line(text, {seat: -q * len(others)} | dict.fromkeys(others, q))]


def _counts(session: Session, p: Played) -> list[Line]:
    """Section 12 #5: a tarokk count of at least n is paid v by each other player."""
    bonus = session.house_rules["tarokk_count_bonus"]
    if bonus is None:
        return []
    need, value = bonus["min_tarokks"], bonus["value"]
    lines: list[Line] = []
    for seat, count in p.counts:
        if count < need:
            text = pmsg(
                "magyar tarokk",
                "{seat} announced {count} tarokks: fewer than {need}, no bonus",
                seat=seat,
                count=count,
                need=need,
            )
            lines.append(Line(text))
            continue
        text = pmsg(
            "magyar tarokk",
            "{seat} announced {count} tarokks: {value} from each other player "
            "(2 × {value} = {total})",
            seat=seat,
            count=count,
            value=value,
            total=2 * value,
        )
        lines.append(Line(text, each_pays(session.players, seat, value)))
    return lines


@cache
def _game_name(level: str, step: int | None) -> Msg:
    name = LEVEL_NAMES[level]
    if level == "solo" or step is None:
        return name
    if level in ("two", "one"):
        # Named by the step's ordinal in Hungarian ("harmadik kettős").
        ordinal = (
            STEP_ORDINALS[step - 1]
            if step <= len(STEP_ORDINALS)
            else pmsg("magyar tarokk talon step, ordinal", "{step}", step=step)
        )
        return pmsg(
            "magyar tarokk game, two or one",
            "{level} (talon step {step})",
            level=name,
            step=ordinal,
        )
    return pmsg("magyar tarokk game", "{level} (talon step {step})", level=name, step=step)


@cache
def _g_line(level: str, step: int | None, g: int) -> Line:
    name = _game_name(level, step)
    if level == "solo" or step is None:
        return Line(pmsg("magyar tarokk", "game value: szóló, G = {g}", g=g))
    unit, offset = STEP_VALUE[level]
    if unit == 1 and offset == 0:
        arith = f"G = {g}"
    elif offset:
        arith = f"G = {step} + {offset} = {g}"
    else:
        arith = f"G = {unit} × {step} = {g}"
    return Line(pmsg("magyar tarokk", "game value: {game}, {arith}", game=name, arith=arith))


def _summary(p: Played, s: int | None) -> Msg:
    game = contra_of(p.game_contra, _game_name(p.level, p.step))
    if s is not None:
        return pmsg(
            "magyar tarokk",
            "{declarer}: {game} (G = {g}), S = {s}",
            declarer=p.declarer,
            game=game,
            g=p.g,
            s=signed(s),
        )
    assert p.irregularity is not None
    kind, seat = p.irregularity
    offence = msg("renonsz") if kind == "renonsz" else msg("wrong discard")
    return pmsg(
        "magyar tarokk",
        "{declarer}: {game} (G = {g}), {offence} by {seat}",
        declarer=p.declarer,
        game=game,
        g=p.g,
        offence=offence,
        seat=seat,
    )


def score(session: Session, hand: Hand, pot: int) -> Scored:
    """The hand's lines and summary, the ultimókassza after it and the next dealer."""
    p = hand.played
    if p is None:
        return _no_game(session, hand, pot)
    lines = [_g_line(p.level, p.step, p.g)]
    voided = p.irregularity is not None and voids(session, p.irregularity[0])
    s: int | None = None
    if not voided:
        assert p.result is not None
        items = _Items()
        _tier_item(session, p, p.result, items)
        _figure_items(session, p, p.result, items)
        _pagat_lost_item(p, p.result, items)
        s = items.total
        lines += items.lines
        lines.append(_settle(session, p, s))
        if session.house_rules["ultimo_kassza"]:
            pot_lines, pot = _kassza(p, p.result, pot)
            lines += pot_lines
    if p.irregularity is not None:
        lines += _irregularity(session, p, p.irregularity, voided)
    lines += _counts(session, p)
    following = next_dealer(session.players, hand.dealer)
    return Scored(hand.dealer, lines, _summary(p, s), pot, following)


def _no_game(session: Session, hand: Hand, pot: int) -> Scored:
    """All pass or no game: nothing paid, but 5 each into the ultimókassza (§8)."""
    rules = session.house_rules
    following = next_dealer(session.players, hand.dealer)
    if hand.outcome == "all_pass":
        text = pmsg("magyar tarokk", "all pass: no game, nothing paid")
        summary = msg("all pass")
        if rules["all_pass_rule"] == "same_dealer":
            following = hand.dealer
    else:
        text = pmsg("magyar tarokk", "no game (abandoned by agreement)")
        if rules["no_tarokk_throw_in"]:
            text = pmsg(
                "magyar tarokk",
                "no game (abandoned or thrown in: no tarokk / the XXI alone)",
            )
        summary = msg("no game")
    lines = [Line(text)]
    if rules["ultimo_kassza"]:
        n, k = len(session.players), KASSZA_NO_GAME
        fee = msg(
            "ultimókassza: {each} from each player ({count} × {each} = {total})",
            each=k,
            count=n,
            total=n * k,
        )
        lines.append(kassza_fee(session.players, k, fee))
        pot += n * k
    return Scored(hand.dealer, lines, summary, pot, following)
