"""Hand records compared field by field (a hand's history, a conflict's changes)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    """A record as {field path: leaf value}, paths as the engine writes them."""
    if isinstance(value, Mapping):
        out: dict[str, Any] = {}
        for key, item in value.items():
            if key == "computed":
                continue
            out.update(flatten(item, f"{prefix}.{key}" if prefix else str(key)))
        return out or {prefix: {}}
    if isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
        out = {}
        for i, item in enumerate(value):
            out.update(flatten(item, f"{prefix}[{i}]"))
        return out
    return {prefix: value}


def diff_records(before: Any, after: Any) -> list[tuple[str, Any, Any]]:
    a, b = flatten(before), flatten(after)
    return [
        (path, a.get(path), b.get(path))
        for path in sorted(set(a) | set(b))
        if a.get(path) != b.get(path)
    ]
