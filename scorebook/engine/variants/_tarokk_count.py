"""Reading the tarokk-count announcements (tarokkszám) that magyar and tapper share: each
player may announce once how many tarokks he holds, scored only under the house rule
`tarokk_count_bonus`. The bonus tables differ and stay in each variant."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.record import Reader

TAROKKS = 22  # in the pack: no one can hold more


def read_tarokk_counts(
    r: Reader, name: str, who: str, players: tuple[str, ...], *, scored: bool
) -> list[tuple[str, int]]:
    """The (player, count) pairs of list field `name`, whose items name the player in
    field `who`. Without `scored` (the house rule is off) any announcement is a problem."""
    counts: list[tuple[str, int]] = []
    items = r.items(name)
    if not scored:
        if items:
            r.problems.add(
                r.path(name),
                pmsg(
                    "hungarian tarokk",
                    "tarokk counts are scored only with the house rule ‘Tarokk-count bonus’",
                ),
            )
        return counts
    for i, item in enumerate(items):
        player = item.player(who, players)
        count = item.integer("count", lo=0, hi=TAROKKS)
        if player is None or count is None:
            continue
        if any(p == player for p, _ in counts):
            r.problems.add(
                f"{r.path(name)}[{i}].{who}",
                pmsg(
                    "hungarian tarokk", "{player} already announced a tarokk count", player=player
                ),
            )
            continue
        counts.append((player, count))
    return counts


_LEAST = msg("the least number of tarokks")
_BONUS = msg("the bonus")


def bonus_step_problem(value: Any) -> Msg | None:
    """What is wrong with one bonus step {"min_tarokks": n, "value": v} of the house rule
    `tarokk_count_bonus` (None: nothing); `value` is known to be an object with those keys."""
    for name, what, lo, hi in (("min_tarokks", _LEAST, 1, 22), ("value", _BONUS, 1, None)):
        v = value[name]
        if isinstance(v, bool) or not isinstance(v, int):
            return msg("{what}: {value} is not a whole number", what=what, value=repr(v))
        if hi is not None and not lo <= v <= hi:
            return msg("{what}: {value} is not {lo}–{hi}", what=what, value=v, lo=lo, hi=hi)
        if v < lo:
            return msg("{what}: {value} is below {lo}", what=what, value=v, lo=lo)
    return None


def is_bonus_step(value: Any) -> bool:
    """Whether `value` has the shape of a bonus step: an object of min_tarokks and value."""
    return isinstance(value, Mapping) and set(value) == {"min_tarokks", "value"}
