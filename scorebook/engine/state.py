"""Generic JSON snapshots of a variant's state (a frozen dataclass, or a NamedTuple, of plain
values).

A stored state holds what the next hand needs, never the whole history (issue 20: a Scopa
night's state per row grew from 382 B to 87 KB over 2,000 deals). A field marked `HISTORY`
(the finished matches a session result lists) lives only in memory, gathered by a replay
from the start; it is left out of the snapshot and loads as its default.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

HISTORY: Mapping[str, Any] = {"history": True}  # dataclasses.field(metadata=HISTORY)
# History that only the session result's list reads (`EndOfSession.extra`, the result
# format), never the end's payouts and lines that the pages show: a page needs no replay.
LISTED: Mapping[str, Any] = {"history": "listed"}


def _stored(cls_or_value: Any) -> tuple[dataclasses.Field[Any], ...]:
    cls = cls_or_value if isinstance(cls_or_value, type) else type(cls_or_value)
    return _stored_fields(cls)


@functools.cache
def _stored_fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    """The fields a snapshot keeps, worked out once per class (a state is dumped per hand)."""
    return tuple(f for f in dataclasses.fields(cls) if not f.metadata.get("history"))


def has_history(state: Any, *, shown: bool = False) -> bool:
    """Whether `state` keeps fields a snapshot leaves out: a state loaded from a snapshot
    then lacks them, and whatever reads them (the end of the session) needs a replay.
    `shown`: only fields that the end's payouts and lines read (not `LISTED` ones)."""
    if not dataclasses.is_dataclass(state):
        return False
    marks = [f.metadata.get("history") for f in dataclasses.fields(state)]
    return any(m is True or (m and not shown) for m in marks)


def _dump(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _dump(getattr(value, f.name)) for f in _stored(value)}
    if isinstance(value, Fraction):
        return {"fraction": [value.numerator, value.denominator]}
    if isinstance(value, tuple | list):
        return [_dump(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _dump(v) for k, v in value.items()}
    return value


def _is_namedtuple_type(cls: Any) -> bool:
    return isinstance(cls, type) and issubclass(cls, tuple) and hasattr(cls, "_fields")


def dump_dataclass(state: Any) -> dict[str, Any]:
    """The state as a JSON-ready object, field by field. A NamedTuple state (cheaper to build
    per hand than a frozen dataclass) dumps exactly as the same fields in a dataclass would."""
    if _is_namedtuple_type(type(state)):
        return {name: _dump(value) for name, value in zip(state._fields, state, strict=True)}
    result = _dump(state)
    assert isinstance(result, dict)
    return result


def _load(tp: Any, value: Any) -> Any:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if isinstance(value, dict) and set(value) == {"fraction"}:
        return Fraction(*value["fraction"])
    if dataclasses.is_dataclass(tp) and isinstance(value, Mapping):
        return load_dataclass(tp, value)
    if origin is tuple and isinstance(value, list):
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_load(args[0], v) for v in value)
        return tuple(_load(a, v) for a, v in zip(args, value, strict=True))
    if origin in (dict, Mapping, typing.Mapping) and isinstance(value, Mapping):
        return {k: _load(args[1] if args else Any, v) for k, v in value.items()}
    if origin in (typing.Union, types.UnionType):
        for arg in args:
            if arg is type(None) and value is None:
                return None
            if dataclasses.is_dataclass(arg) and isinstance(value, Mapping):
                return load_dataclass(arg, value)
            if typing.get_origin(arg) is tuple and isinstance(value, list):
                return _load(arg, value)
        return value
    return value


def load_dataclass(cls: Any, data: Mapping[str, Any]) -> Any:
    hints = typing.get_type_hints(cls)
    if _is_namedtuple_type(cls):
        return cls(**{name: _load(hints[name], data[name]) for name in cls._fields if name in data})
    return cls(
        **{f.name: _load(hints[f.name], data[f.name]) for f in _stored(cls) if f.name in data}
    )
