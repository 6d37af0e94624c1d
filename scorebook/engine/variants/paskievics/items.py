"""Step 2 of the Paskievics settlement (spec §6): the hand's items and their sum S.

An item is (message, winning side, value): the game tier (2a, or the
modern 2a′) and the figures (2b, with the §7 exclusions). Most items depend on a handful of
small values only, so each distinct one is built once (a night repeats the same few
thousands of times).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.payments import contra_multiplier
from scorebook.engine.types import Line
from scorebook.engine.variants.paskievics.record import Hand
from scorebook.engine.variants.paskievics.tariffs import (
    CONTRA_NAME,
    DECL,
    DOUBLE_POINTS,
    FIGURE_NAME,
    FIGURE_VALUE,
    FIGURES,
    GAME_TIER,
    LEVEL_NAME,
    OPP,
    SIDE_NAME,
    SIDES,
    SILENT_ULTIMO_FAILURE,
    TOTAL_POINTS,
    WIN_POINTS,
    other,
)
from scorebook.engine.variants.paskievics.texts import num
from scorebook.engine.variants.paskievics.texts import signed as signed_text

# One line of step 2: (message, winning side, value). Plain tuples: a hand is scored in
# well under 50 µs.
Item = tuple[Msg, str, int]
# Step 2b, per figure: its result field, its announced value, and its `hand.ann` key per side.
FIGURE_ROWS = tuple(
    (f, f"{f}_side", FIGURE_VALUE[f][1], tuple((side, f"{f}/{side}") for side in SIDES))
    for f in FIGURES
)
# Silent figures as step-2 items, made (value) or voided by a volát (0), per (figure, side).
SILENT_FIGURE: dict[tuple[str, str], Item] = {
    (f, side): (
        msg(
            "silent {figure} of the {side}: {value}",
            figure=FIGURE_NAME[f],
            side=SIDE_NAME[side],
            value=FIGURE_VALUE[f][0],
        ),
        side,
        FIGURE_VALUE[f][0],
    )
    for f in FIGURES
    for side in SIDES
}
SILENT_FIGURE_VOIDED: dict[tuple[str, str], Item] = {
    (f, side): (
        msg(
            "silent {figure} of the {side}: voided by the volát",
            figure=FIGURE_NAME[f],
            side=SIDE_NAME[side],
        ),
        side,
        0,
    )
    for f in FIGURES
    for side in SIDES
}


MADE = pmsg("paskievics announcement", "made")
LOST = pmsg("paskievics announcement", "lost")


# Most step-2 texts depend on a handful of small values only, so they are built once per
# distinct combination (a night repeats the same few thousands of times).
@lru_cache(maxsize=1024)
def _announced_text(
    figure: str, side: str, contra: int, value: int, made: bool, g: int | None
) -> Item:
    m = contra_multiplier(contra)
    arith = f"{value} × {g}" if g is not None else f"{value}"
    total = value * (g or 1) * m
    arith += f" × {m} = {total}" if contra else (f" = {total}" if g is not None else "")
    args: dict[str, str | int | Msg] = {
        "figure": FIGURE_NAME[figure],
        "side": SIDE_NAME[side],
        "result": MADE if made else LOST,
        "arith": arith,
    }
    if contra:
        text = msg(
            "{contra} {figure} announced by the {side}, {result}: {arith}",
            contra=CONTRA_NAME[contra],
            **args,
        )
    else:
        text = msg("{figure} announced by the {side}, {result}: {arith}", **args)
    return (text, side if made else other(side), total)


@lru_cache(maxsize=256)
def _game_item(contra: int, level: str, w: str, g: int) -> Item:
    """The plain game of step 2a: G (× contra), won by side `w`."""
    m = contra_multiplier(contra)
    name, side = LEVEL_NAME[level], SIDE_NAME[w]
    if contra:
        text = msg(
            "{contra} game ({bid}) won by the {side}: {arith}",
            contra=CONTRA_NAME[contra],
            bid=name,
            side=side,
            arith=f"{g} × {m} = {g * m}",
        )
    else:
        text = msg("game ({bid}) won by the {side}: {arith}", bid=name, side=side, arith=g)
    return (text, w, g * m)


@lru_cache(maxsize=1024)
def _item_line(item: Item) -> tuple[Line, int]:
    """A step-2 item as its breakdown line (with the signed value S adds), and that value."""
    text, winner, value = item
    signed = value if winner == DECL else -value
    if not value:
        return Line(text), signed
    return Line(msg("{item} → {value}", item=text, value=signed_text(signed))), signed


@lru_cache(maxsize=4096)
def scored_items(items: tuple[Item, ...]) -> tuple[tuple[Line, ...], str, int]:
    """The step-2 items' breakdown lines, `S = …` and S: a night repeats the same few
    combinations of items, so each is worked out once."""
    lines: list[Line] = []
    signed_values: list[int] = []
    for item in items:
        line, signed = _item_line(item)
        lines.append(line)
        signed_values.append(signed)
    shown, s = _sum_shown(signed_values)
    return tuple(lines), shown, s


def _sum_shown(signed_values: list[int]) -> tuple[str, int]:
    """`S = a + b − c = s` (or `S = s` when there is nothing to add up), and s."""
    s = 0
    expr = ""
    for signed in signed_values:
        s += signed
        if signed:
            if not expr:
                expr = num(signed)
            else:
                expr += f" + {signed}" if signed >= 0 else f" − {-signed}"
    return (f"S = {expr} = {num(s)}" if expr != num(s) else f"S = {num(s)}"), s


@lru_cache(maxsize=64)
def _silent_tier(figure: str, side: str, g: int) -> Item:
    times = GAME_TIER[figure][0]
    text = msg(
        "silent {figure} of the {side}: {value}",
        figure=FIGURE_NAME[figure],
        side=SIDE_NAME[side],
        value=f"{times} × {g} = {times * g}",
    )
    return (text, side, times * g)


# An announced double game / volát for the tier: (side, contra level).
TierAnnouncement = tuple[str, int]


def game_tier(hand: Hand, rule: str, g: int) -> tuple[Item, ...]:
    """Step 2a (default readings) or 2a′ (modern)."""
    assert hand.level is not None
    assert hand.sides is not None
    ann = hand.ann
    ann_double = ann.get("double_game") if ann else None
    ann_volat = ann.get("volat") if ann else None
    return _tier_items(
        rule,
        g,
        hand.level,
        hand.points,
        hand.sides["all_tricks_side"],
        hand.game_contra,
        None if ann_double is None else (ann_double.side, ann_double.contra),
        None if ann_volat is None else (ann_volat.side, ann_volat.contra),
    )


@lru_cache(maxsize=4096)
def _tier_items(
    rule: str,
    g: int,
    level: str,
    decl_points: int,
    volat_side: str | None,
    cg: int,
    ann_double: TierAnnouncement | None,
    ann_volat: TierAnnouncement | None,
) -> tuple[Item, ...]:
    """`game_tier` from the few values it depends on (so a night builds each case once)."""
    tier = _Tier(g, decl_points, volat_side)
    game = _game_item(cg, level, tier.w, g)
    if rule == "modern":
        return _modern_tier(tier, game, cg, ann_double, ann_volat)
    # Spec §6 step 2a: an announced volát, else an announced double game, decides alone;
    # what the record implies besides it is named as not paid (spec §7 item 3).
    if ann_volat is not None:
        return (tier.volat_item(ann_volat), *tier.unpaid(game, ann_volat, "volat"))
    if ann_double is not None:
        return (tier.double_item(ann_double), *tier.unpaid(game, ann_double, "double_game"))
    w = tier.w
    if volat_side == w:
        candidate = _silent_tier("volat", w, g)
        beaten = _unpaid_double(tier)
    elif tier.points[w] >= DOUBLE_POINTS:
        candidate, beaten = _silent_tier("double_game", w, g), ()
    else:
        return (game,)
    # announced_else_max: the largest (Tolnai's "because that is more", seed 004 §53);
    # on a tie the silent figure, which replaces the game. Silent volát (3G) always
    # beats the silent double game (2G), so only one candidate is needed.
    if rule == "announced_else_max" and game[2] > candidate[2]:
        return (game, _unpaid(candidate, GAME_LARGER), *beaten)
    figure = "volat" if volat_side == w else "double_game"
    return (candidate, _unpaid(game, _replaced_by(figure, rule)), *beaten)


class _Tier:
    """What the game tier of one hand is judged on: G, each side's card points, the winner
    of the game and the side that took every trick."""

    def __init__(self, g: int, decl_points: int, volat_side: str | None) -> None:
        self.g = g
        self.points = {DECL: decl_points, OPP: TOTAL_POINTS - decl_points}
        self.w = DECL if decl_points >= WIN_POINTS else OPP
        self.volat_side = volat_side

    def volat_item(self, a: TierAnnouncement) -> Item:
        side, contra = a
        made = self.volat_side == side
        return _announced_text("volat", side, contra, GAME_TIER["volat"][1], made, self.g)

    def double_item(self, a: TierAnnouncement) -> Item:
        # "≥ 71 card points (a silent volát included)", spec §6 step 2a.2
        side, contra = a
        made = self.points[side] >= DOUBLE_POINTS or self.volat_side == side
        value = GAME_TIER["double_game"][1]
        return _announced_text("double_game", side, contra, value, made, self.g)

    def unpaid(self, game: Item, announced: TierAnnouncement, figure: str) -> tuple[Item, ...]:
        """What an announced `figure`, the only game-tier line, leaves unpaid: the game and
        the winner's silent volát or double game, as 0-valued notes (spec §7 items 1, 2)."""
        w, why = self.w, _decided_by(figure)
        notes = [_unpaid(game, why)]
        if self.volat_side == w and figure != "volat":
            notes.append(_unpaid(_silent_tier("volat", w, self.g), why))
        made_double = figure == "double_game" and announced[0] == w
        if self.points[w] >= DOUBLE_POINTS and self.volat_side != w and not made_double:
            notes.append(_unpaid(_silent_tier("double_game", w, self.g), why))
        return tuple(notes)

    def silent_double(self, side: str, ann_double: TierAnnouncement | None) -> bool:
        """A side's silent double game in 2a′: 71 points, not announced, no volát."""
        return (
            self.points[side] >= DOUBLE_POINTS
            and not (ann_double is not None and ann_double[0] == side)
            and self.volat_side != side
        )


GAME_LARGER = msg("the game with its contra is worth more, and only the larger is paid")
MODERN_GAME = msg("a game without contra is not paid beside a double game or volát")
VOLAT_LARGER = msg("the volát is worth more, and only one game-tier line is paid")


@lru_cache(maxsize=64)
def _unpaid(item: Item, why: Msg) -> Item:
    """A tier item the record implies but the rules do not pay: named with why, value 0."""
    return (msg("{item} — not paid: {why}", item=item[0], why=why), item[1], 0)


@lru_cache(maxsize=8)
def _replaced_by(figure: str, rule: str) -> Msg:
    if rule == "announced_else_replace":
        return msg("by the house rules the silent {figure} replaces it", figure=FIGURE_NAME[figure])
    return msg(
        "the silent {figure} is worth as much or more, and only the larger is paid",
        figure=FIGURE_NAME[figure],
    )


@lru_cache(maxsize=4)
def _decided_by(figure: str) -> Msg:
    return msg("the announced {figure} is the only game-tier line", figure=FIGURE_NAME[figure])


def _unpaid_double(tier: _Tier) -> tuple[Item, ...]:
    """The volát side's silent double game, held in its silent volát."""
    if tier.points[tier.w] < DOUBLE_POINTS:
        return ()
    return (_unpaid(_silent_tier("double_game", tier.w, tier.g), VOLAT_LARGER),)


def _modern_tier(
    tier: _Tier,
    game: Item,
    cg: int,
    ann_double: TierAnnouncement | None,
    ann_volat: TierAnnouncement | None,
) -> tuple[Item, ...]:
    """Spec §6 step 2a′: independent groups, each side looked at on its own."""
    w, g, volat_side = tier.w, tier.g, tier.volat_side
    volat_announcer = ann_volat[0] if ann_volat is not None else None
    big = tier.points[w] >= DOUBLE_POINTS or volat_side == w or volat_announcer == w
    big = big or (ann_double is not None and ann_double[0] == w)
    # Named but not paid (0): an uncontra'd game beside a big one, a silent double game
    # under a side's volát (spec §6 step 2a′ items 1 and 2).
    items: list[Item] = [game if cg or not big else _unpaid(game, MODERN_GAME)]
    if ann_double is not None:
        items.append(tier.double_item(ann_double))
    for side in SIDES:
        if tier.silent_double(side, ann_double):
            double = _silent_tier("double_game", side, g)
            items.append(double if volat_announcer != side else _unpaid(double, VOLAT_LARGER))
        elif tier.points[side] >= DOUBLE_POINTS and volat_side == side:
            items.append(_unpaid(_silent_tier("double_game", side, g), VOLAT_LARGER))
    if ann_volat is not None:
        items.append(tier.volat_item(ann_volat))
    if volat_side is not None and volat_announcer != volat_side:
        items.append(_silent_tier("volat", volat_side, g))
    return tuple(items)


def figures(hand: Hand, rules: Mapping[str, Any]) -> list[Item]:
    """Spec §6 step 2b (with the §7 exclusions) and the §12 #13 silent-ultimó penalty."""
    assert hand.sides is not None
    sides = hand.sides
    items: list[Item] = []
    volat = sides["all_tricks_side"] is not None
    voided = (
        ("trull", "four_kings") if rules["volat_voids_silent"] == "trull_four_kings" else FIGURES
    )
    ann = hand.ann
    for figure, side_field, announced_value, keys in FIGURE_ROWS:
        made_by = sides[side_field]
        if made_by is None and not ann:
            continue  # the usual figure: neither made nor announced
        for side, key in keys:
            a = ann.get(key)
            if a is not None:
                items.append(
                    _announced_text(
                        a.figure, a.side, a.contra, announced_value, made_by == side, None
                    )
                )
            elif made_by == side:
                silent = SILENT_FIGURE_VOIDED if volat and figure in voided else SILENT_FIGURE
                items.append(silent[figure, side])
    lost = sides["pagat_lost_last_trick_side"]
    if (
        lost is not None
        and rules["silent_ultimo_failure_penalty"]
        and "pagat_ultimo/" + lost not in ann
    ):
        items.append(_silent_ultimo_failure(lost))
    return items


@lru_cache(maxsize=2)
def _silent_ultimo_failure(lost: str) -> Item:
    text = msg(
        "pagát of the {side} beaten in the last trick: {value}",
        side=SIDE_NAME[lost],
        value=SILENT_ULTIMO_FAILURE,
    )
    return (text, other(lost), SILENT_ULTIMO_FAILURE)
