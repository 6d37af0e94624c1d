"""Reading a hand record (a JSON object) field by field, collecting every problem.

Variants use a Reader so that each field is checked once and every problem names its
field path (`result.declarer_card_points`, `announcements[1].contra`).
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from scorebook.engine.errors import Problems
from scorebook.engine.messages import msg

MISSING: Any = object()
# A field path as keys and list indices: ("announcements", 0, "side").
Path = tuple[str | int, ...]
# What the readers inferred while `inferring()` listens; None (a replay): nobody listens.
_INFERRED: ContextVar[list[tuple[Path, Any]] | None] = ContextVar("inferred", default=None)


@contextmanager
def inferring() -> Iterator[list[tuple[Path, Any]]]:
    """Collect what the readers infer from the rest of a record (`Reader.infer`): each
    field left out whose value follows, with that value, while the block runs."""
    found: list[tuple[Path, Any]] = []
    token = _INFERRED.set(found)
    try:
        yield found
    finally:
        _INFERRED.reset(token)


def with_inferred(record: Mapping[str, Any], found: list[tuple[Path, Any]]) -> dict[str, Any]:
    """`record` with each inferred value written where it belongs (a copy when any)."""
    if not found:
        return dict(record)
    out: dict[str, Any] = copy.deepcopy(dict(record))
    for keys, value in found:
        place: Any = out
        for key, nxt in itertools.pairwise(keys):
            if isinstance(key, int):
                place = place[key]
            else:
                if place.get(key) is None:
                    place[key] = [] if isinstance(nxt, int) else {}
                place = place[key]
        place[keys[-1]] = value
    return out


def path_keys(path: str) -> Path:
    """`announcements[1].side` → ("announcements", 1, "side")."""
    keys: list[str | int] = []
    for part in path.split("."):
        name, _bracket, rest = part.partition("[")
        keys.append(name)
        if rest:
            keys.extend(int(i) for i in rest.rstrip("]").split("]["))
    return tuple(keys)


# Containers whose `in` test does not consume them (the fast paths below use it).
_COLLECTIONS = (tuple, list, set, frozenset, dict)


def _show(value: Any) -> str:
    if isinstance(value, str):
        return repr(value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class Reader:
    """Typed access to one JSON object; a wrong field adds a problem and yields None."""

    def __init__(self, data: Any, problems: Problems, prefix: str = "") -> None:
        self.problems = problems
        self.prefix = prefix
        if type(data) is dict or isinstance(data, Mapping):
            self.data: Mapping[str, Any] = data
        else:
            self.data = {}
            problems.add(prefix or "hand", msg("must be an object"))

    def path(self, name: str) -> str:
        return f"{self.prefix}.{name}" if self.prefix else name

    def infer(self, name: str, value: Any, *keys: str) -> None:
        """Field `name` (or its player `keys` in a map) was left out and is `value`, as the
        rest of the record implies: a save stores it, the form shows it filled in."""
        found = _INFERRED.get()
        if found is not None:
            base = path_keys(self.prefix) if self.prefix else ()
            found.append(((*base, name, *keys), value))

    def raw(self, name: str, default: Any = None) -> Any:
        return self.data.get(name, default)

    def has(self, name: str) -> bool:
        return self.data.get(name) is not None

    def _get(self, name: str, optional: bool) -> Any:
        value = self.data.get(name, MISSING)
        if value is MISSING or value is None:
            if not optional:
                self.problems.add(self.path(name), msg("is required"))
            return MISSING
        return value

    def player(self, name: str, among: Iterable[str], *, optional: bool = False) -> str | None:
        """A player named by one of `among` (e.g. the active players of the hand)."""
        value = self.data.get(name)
        if type(value) is str and isinstance(among, _COLLECTIONS) and value in among:
            return value  # fast path: replaying a night reads thousands of valid fields
        if value is None and optional:
            return None  # fast path: an optional field left out
        value = self._get(name, optional)
        if value is MISSING:
            return None
        allowed = list(among)
        if not isinstance(value, str) or value not in allowed:
            self.problems.add(
                self.path(name),
                msg(
                    "{value} is not one of the players here ({allowed})",
                    value=_show(value),
                    allowed=", ".join(allowed),
                ),
            )
            return None
        return value

    def players(self, name: str, among: Iterable[str], *, most: int | None = None) -> list[str]:
        """A list of distinct players (missing or null = empty)."""
        value = self.data.get(name)
        if value is None or (type(value) is list and not value):
            return []
        allowed = list(among)
        if not isinstance(value, list):
            self.problems.add(self.path(name), msg("must be a list"))
            return []
        result: list[str] = []
        for i, item in enumerate(value):
            if not isinstance(item, str) or item not in allowed:
                self.problems.add(
                    f"{self.path(name)}[{i}]",
                    msg(
                        "{value} is not one of the players here ({allowed})",
                        value=_show(item),
                        allowed=", ".join(allowed),
                    ),
                )
            elif item in result:
                self.problems.add(
                    f"{self.path(name)}[{i}]", msg("{item} is listed twice", item=item)
                )
            else:
                result.append(item)
        if most is not None and len(result) > most:
            self.problems.add(self.path(name), msg("at most {most} players", most=most))
        return result

    def integer(
        self,
        name: str,
        *,
        lo: int | None = None,
        hi: int | None = None,
        optional: bool = False,
        default: int | None = None,
    ) -> int | None:
        value = self.data.get(name)
        if type(value) is int and (lo is None or value >= lo) and (hi is None or value <= hi):
            return value
        if value is None and (optional or default is not None):
            return default  # fast path: an optional field left out
        value = self._get(name, optional or default is not None)
        if value is MISSING:
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            self.problems.add(
                self.path(name),
                msg("{value} is not a whole number", value=_show(value)),
            )
            return None
        if lo is not None and value < lo:
            self.problems.add(self.path(name), msg("{value} is below {lo}", value=value, lo=lo))
            return None
        if hi is not None and value > hi:
            self.problems.add(self.path(name), msg("{value} is above {hi}", value=value, hi=hi))
            return None
        return value

    def choice(
        self, name: str, choices: Iterable[Any], *, optional: bool = False, default: Any = None
    ) -> Any:
        value = self.data.get(name)
        if type(value) is str and isinstance(choices, _COLLECTIONS) and value in choices:
            return value
        if value is None and (optional or default is not None):
            return default  # fast path: an optional field left out
        if (
            type(value) is int
            and isinstance(choices, _COLLECTIONS)
            and value in choices
            and not any(type(c) is bool for c in choices)  # True == 1: the full check below
        ):
            return value
        value = self._get(name, optional or default is not None)
        if value is MISSING:
            return default
        allowed = list(choices)
        if value not in allowed or isinstance(value, bool) != any(
            isinstance(c, bool) for c in allowed if c == value
        ):
            shown = ", ".join(_show(c) for c in allowed)
            self.problems.add(
                self.path(name),
                msg("{value} is not one of {allowed}", value=_show(value), allowed=shown),
            )
            return None
        return value

    def boolean(self, name: str, *, default: bool = False) -> bool:
        value = self.data.get(name)
        if value is None:
            return default
        if not isinstance(value, bool):
            self.problems.add(
                self.path(name),
                msg("{value} is not true or false", value=_show(value)),
            )
            return default
        return value

    def obj(self, name: str, *, optional: bool = False) -> Reader | None:
        value = self.data.get(name)
        if type(value) is dict:  # fast path: the usual JSON object, no ABC check
            return Reader(value, self.problems, self.path(name))
        if value is None and optional:
            return None  # fast path: an optional object left out
        value = self._get(name, optional)
        if value is MISSING:
            return None
        if not isinstance(value, Mapping):
            self.problems.add(self.path(name), msg("must be an object"))
            return None
        return Reader(value, self.problems, self.path(name))

    def items(self, name: str) -> list[Reader]:
        """The objects of a list field (missing or null = empty list)."""
        value = self.data.get(name)
        if value is None:
            return []
        if not isinstance(value, list):
            self.problems.add(self.path(name), msg("must be a list"))
            return []
        return [
            Reader(item, self.problems, f"{self.path(name)}[{i}]") for i, item in enumerate(value)
        ]

    def player_map(
        self,
        name: str,
        players: Iterable[str],
        *,
        lo: int = 0,
        hi: int | None = None,
        optional: bool = False,
        complete: bool = True,
    ) -> dict[str, int] | None:
        """A map player → whole number, e.g. card points per active player."""
        value = self.data.get(name)
        if _plainly_valid_map(value, players, lo, hi, complete):
            return dict(value)  # type: ignore[arg-type]  # fast path: a plainly valid map
        value = self._get(name, optional)
        if value is MISSING:
            return None
        allowed = list(players)
        if not isinstance(value, Mapping):
            self.problems.add(self.path(name), msg("must be an object"))
            return None
        result: dict[str, int] = {}
        for who, amount in value.items():
            field = f"{self.path(name)}.{who}"
            if who not in allowed:
                self.problems.add(
                    field,
                    msg(
                        "{value} is not one of the players here ({allowed})",
                        value=who,
                        allowed=", ".join(allowed),
                    ),
                )
            elif isinstance(amount, bool) or not isinstance(amount, int):
                self.problems.add(
                    field,
                    msg("{value} is not a whole number", value=_show(amount)),
                )
            elif amount < lo or (hi is not None and amount > hi):
                self.problems.add(
                    field,
                    msg(
                        "{value} is outside {lo}–{hi}",
                        value=amount,
                        lo=lo,
                        hi=hi if hi is not None else "∞",
                    ),
                )
            else:
                result[who] = amount
        if complete:
            for who in allowed:
                if who not in value:
                    self.problems.add(f"{self.path(name)}.{who}", msg("is required"))
        return result

    def counts_adding_up(
        self, name: str, players: tuple[str, ...], *, total: int, hi: int
    ) -> dict[str, int] | None:
        """A map player → count whose counts always add up to `total` (card points, tricks):
        one count left out is `total` minus the others, inferred, so the table types one
        number fewer; otherwise as `player_map`, naming each count missing."""
        given = self.data.get(name)
        if not (isinstance(given, Mapping) and len(given) == len(players) - 1):
            return self.player_map(name, players, hi=hi)
        counts = self.player_map(name, players, hi=hi, complete=False)
        missing = [p for p in players if p not in given]
        if counts is not None and len(counts) == len(given) and len(missing) == 1:
            rest = total - sum(counts.values())
            if 0 <= rest <= hi:
                self.infer(name, rest, missing[0])
                return counts | {missing[0]: rest}
        if counts is not None:  # left out and not implied: name what is missing
            for who in missing:
                self.problems.add(f"{self.path(name)}.{who}", msg("is required"))
        return counts

    def required_boolean(self, name: str) -> bool | None:
        """A true/false field that must be given (`choice(name, (True, False))`, with the
        same problems); None after a problem. Fast: replays read thousands of these."""
        value = self.data.get(name)
        if value is True or value is False:
            return value
        result: bool | None = self.choice(name, (True, False))
        return result


def _plainly_valid_map(
    value: Any, players: Iterable[str], lo: int, hi: int | None, complete: bool
) -> bool:
    """A dict of whole numbers in range for players here (with `complete`, one per player)."""
    if type(value) is not dict or not isinstance(players, _COLLECTIONS):
        return False
    if complete and len(value) != len(players):
        return False
    return all(
        type(n) is int and n >= lo and (hi is None or n <= hi) and who in players
        for who, n in value.items()
    )
