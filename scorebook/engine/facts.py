"""What a hand record says for the statistics: who played which role, the bid, the figures
announced and made, the contras and how they ended.

A variant that knows more than the generic reading defines `hand_facts(players, record)`
in its module (as `scorebook.engine.variants.<key>.hand_facts`); every other variant gets
the generic facts: the declarer and partner where the record names them, everybody else an
opponent, and all pass where the record says so. Pure: the app stores the result
(`scorebook/facts.py`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.shape import Obj, leaf_at

# A player's role in one hand.
DECLARER, PARTNER, OPPONENT = "declarer", "partner", "opponent"
ALL_PASS = "all_pass"  # nobody bid: the hand was not played
OUT = "out"  # seated but not in this hand (the dealer at a five-player table)
OWN = "own"  # everyone plays for himself (Ultimo, the two-player games)
ROLES = (DECLARER, PARTNER, OPPONENT, OWN, ALL_PASS, OUT)
GAME = "game"  # the key of the game itself, when a contra is said on it

# The figures of every variant's `hand_facts` as the statistics name them.
FIGURE_NAMES: dict[str, Msg] = {
    GAME: pmsg("statistics figure", "the game"),
    "double_game": msg("double game (duplajáték)"),
    "volat": msg("volát"),
    "trull": msg("trull (tuli)"),
    "four_kings": msg("four kings"),
    "pagat_ultimo": msg("pagát ultimó"),
    "xxi_catch": msg("XXI-catch"),
    "king_ultimo": msg("királyultimó"),
    "trumps": msg("trumps"),
    "matadors": msg("matadors"),
    "kings": msg("kings"),
    "cavalry": msg("cavalry"),
    "tout": pmsg("statistics figure", "tout"),
    "nolo": pmsg("statistics figure", "nolo"),
    "closing": pmsg("statistics figure", "closing the talon"),
    "schwarz": pmsg("statistics figure", "schwarz"),
    "heads": pmsg("statistics figure", "heads (fejek)"),
    "tarokk_count": pmsg("statistics figure", "tarokk count (tarokkszám)"),
    "eight_tarokks": msg("eight tarokks"),
    "little_honours": pmsg("statistics figure", "little honours (kis honnörök)"),
    "kassza": msg("kassza"),
    "pagat_catch": pmsg("statistics figure", "pagát-catch (pagátfogás)"),
    "uhu": msg("uhu"),
    "trull_captured": pmsg("statistics figure", "trull in the tricks"),
    "four_kings_captured": pmsg("statistics figure", "four kings in the tricks"),
}
# Where a record keeps its bid: the level's name is that field's choice label.
LEVEL_FIELDS = ("bid.level", "contract", "level", "bid")
NO_RULES: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Figure:
    """One figure of a hand for one side: announced, made (announced or silently)."""

    key: str
    side: tuple[str, ...]  # the players of the side it belongs to
    announced: bool
    made: bool


@dataclass(frozen=True, slots=True)
class Contra:
    """A contra on the game or a figure: its highest level, who said that level, and
    whether the item went the sayers' way."""

    key: str
    level: int  # 1 kontra, 2 rekontra, …
    sayers: tuple[str, ...]
    receivers: tuple[str, ...]
    sayers_won: bool


@dataclass(frozen=True, slots=True)
class HandFacts:
    roles: Mapping[str, str]  # every player at the table → one of ROLES
    level: str = ""  # the bid or contract ("" where none)
    figures: tuple[Figure, ...] = ()
    contras: tuple[Contra, ...] = ()


# (seated players, record, the night's complete house rules) → facts
Reader = Callable[[tuple[str, ...], Mapping[str, Any], Mapping[str, Any]], HandFacts]


def _name(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def declarer_and_level(record: Mapping[str, Any]) -> tuple[str | None, str]:
    """The declarer and the bid where the record names them (`declarer`, `bid.declarer`,
    `bid.level`, `contract`, `level`, or `bid` itself)."""
    bid = record.get("bid")
    said = _name(bid)
    bid = bid if isinstance(bid, Mapping) else {}
    declarer = _name(record.get("declarer")) or _name(bid.get("declarer"))
    level = (
        _name(bid.get("level"))
        or _name(record.get("contract"))
        or _name(record.get("level"))
        or said
        or ""
    )
    return declarer, level


def is_all_pass(record: Mapping[str, Any]) -> bool:
    return record.get("outcome") == "all_pass" or record.get("all_pass") is True


def teams(
    players: Iterable[str], declarer: str | None, partners: Iterable[str | None]
) -> dict[str, str]:
    """Roles when a declarer (with partners) plays against the rest; OWN without one."""
    mates = {p for p in partners if p is not None and p != declarer}
    return {
        p: DECLARER if p == declarer else PARTNER if p in mates else OPPONENT if declarer else OWN
        for p in players
    }


def sitting_out(players: tuple[str, ...], record: Mapping[str, Any]) -> set[str]:
    out = record.get("sitting_out")
    names = out if isinstance(out, list) else [out]
    return {n for n in names if isinstance(n, str) and n in players}


def generic_facts(
    players: tuple[str, ...], record: Mapping[str, Any], _rules: Mapping[str, Any] = NO_RULES
) -> HandFacts:
    """What any record says: declarer, partner, all pass, who sat out."""
    out = sitting_out(players, record)
    active = [p for p in players if p not in out]
    if is_all_pass(record):
        roles = dict.fromkeys(active, ALL_PASS)
        return HandFacts({**roles, **dict.fromkeys(out, OUT)})
    declarer, level = declarer_and_level(record)
    roles = teams(active, declarer if declarer in active else None, [_name(record.get("partner"))])
    return HandFacts({**roles, **dict.fromkeys(out, OUT)}, level)


@cache
def reader(variant_key: str) -> Reader:
    """The variant's own `hand_facts`, or the generic one."""
    module = importlib.import_module(f"scorebook.engine.variants.{variant_key}")
    found: Reader | None = getattr(module, "hand_facts", None)
    return found or generic_facts


def level_name(record: Obj, level: str) -> Msg | None:
    """The bid as the hand form names it, or None where the form has no such choice."""
    for path in LEVEL_FIELDS:
        leaf = leaf_at(record, path)
        for choice in leaf.choices if leaf is not None else ():
            if choice.value == level:
                return choice.label
    return None


def hand_facts(
    variant_key: str,
    players: tuple[str, ...],
    record: Mapping[str, Any],
    rules: Mapping[str, Any] = NO_RULES,
) -> HandFacts:
    """The facts of one stored (already validated) hand record; players = those seated,
    `rules` the night's complete house rules (some variants' thresholds follow them)."""
    return reader(variant_key)(players, record, rules)


# --- helpers for the variants' readers -------------------------------------------------------


def side_players(roles: Mapping[str, str], side: str) -> tuple[str, ...]:
    """The players of "declarer" (declarer and partner) or "opponents"."""
    wanted = (DECLARER, PARTNER) if side == "declarer" else (OPPONENT,)
    return tuple(p for p, r in roles.items() if r in wanted)


def other_side(side: str) -> str:
    return "opponents" if side == "declarer" else "declarer"


def contra_on(key: str, level: int, roles: Mapping[str, str], side: str, side_won: bool) -> Contra:
    """A contra of `level` on an item of `side` (odd levels are said by the other side,
    even ones, rekontra, by the item's own side)."""
    sayers = side if level % 2 == 0 else other_side(side)
    return Contra(
        key,
        level,
        side_players(roles, sayers),
        side_players(roles, other_side(sayers)),
        side_won == (sayers == side),
    )


def figures_of(
    roles: Mapping[str, str],
    keys: Iterable[str],
    said: set[tuple[Any, Any]],
    made: Mapping[str, Any],
) -> tuple[Figure, ...]:
    """The figures `keys` for each side (the declarer's, the opponents'): announced where
    (key, side) is in `said`, made where `made[key]` names the side."""
    return tuple(
        Figure(key, side_players(roles, side), (key, side) in said, made.get(key) == side)
        for key in keys
        for side in ("declarer", "opponents")
        if (key, side) in said or made.get(key) == side
    )


def own_figures(
    roles: Mapping[str, str], rows: Any, who: str, what: str | None, key: str = ""
) -> list[Figure]:
    """Figures a player announces for himself and that count as said (hand bonuses,
    tarokk counts): one per object of the list `rows` naming a seated player in field
    `who`, the figure in field `what` (or `key` for every row)."""
    return [
        Figure(str(row.get(what) if what else key), (row[who],), announced=True, made=True)
        for row in rows or ()
        if isinstance(row, Mapping) and row.get(who) in roles
    ]
