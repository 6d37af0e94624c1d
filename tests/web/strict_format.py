"""A strict reader of the scoresheet format, as another program following docs/scoresheet.md
would write it: every field of a game's hand record that applies to the hand is present
(`null` or `false` included), except the few the format and the games' rules call optional.

It reads the record schemas the engine reads (the tables of docs/scoresheet.md), so it
checks presence only: whether a value is allowed is the engine's business.
"""

from __future__ import annotations

import re
from typing import Any

from scorebook.engine import registry
from scorebook.engine.shape import ByPlayer, Leaf, Obj, Rows

# Fields the format lets a writer leave out besides the derived ones (`Leaf.derived`): the
# ones a game's rules call optional (each read as null, false or empty).
OPTIONAL = {
    "ultimo": {"redeal_requests", "penalties"},
    "kiralyhivo": {
        "result.called_king_taken_by_opponents",
        "result.pagat_lost_last_trick",
    },
    "magyar": {"result.pagat_lost_last_trick_side"},
    "paskievics": {"result.pagat_lost_last_trick_side"},
    "tapper": {
        "game_contra_by",
        "announcements[].contra_by",
        "result.pagat_ultimo_player",
    },
    "strohmandli": {"announcements", "announcements[].trick", "irregularities", "volat"},
    "durak": {"defender_covered_last"},
    "ecarte": {"king_of_trumps", "no_exchange_by"},
    "sult_malac": {"stake"},
    "trappola": {"declarations"},
}
_TOKEN = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def _value_at(record: Any, path: str) -> Any:
    node = record
    for key, index in _TOKEN.findall(path):
        if key and isinstance(node, dict):
            node = node.get(key)
        elif index and isinstance(node, list) and int(index) < len(node):
            node = node[int(index)]
        else:
            return None
    return node


def _leaves(node: Any) -> list[Leaf]:
    if isinstance(node, Leaf):
        return [node]
    if isinstance(node, Obj):
        return [leaf for child in node.fields.values() for leaf in _leaves(child)]
    return []  # a list's or a player map's own values: nothing is required inside an empty one


def _applies(node: Any, path: str, record: Any) -> bool:
    """A leaf applies when its `when` holds; an object when any of its leaves applies."""
    if isinstance(node, Leaf):
        if node.when is None:
            return True
        return _value_at(record, node.when.control(path)) in node.when.values
    leaves = _leaves(node)
    return not leaves or any(_applies(leaf, path + ".x", record) for leaf in leaves)


def missing(key: str, record: dict[str, Any]) -> list[str]:
    """The record paths a strict reader wants and the hand lacks."""
    return _missing(record, registry.get(key).record, "", record, OPTIONAL.get(key, set()))


def _missing(value: Any, node: Any, path: str, record: Any, optional: set[str]) -> list[str]:
    out: list[str] = []
    if isinstance(node, Obj) and isinstance(value, dict):
        if node.written == "sparse":
            return out  # its fields are written as the contract needs (negyes54, scopa)
        for name, child in node.fields.items():
            child_path = f"{path}.{name}" if path else name
            generic = re.sub(r"\[\d+\]", "[]", child_path)
            derived = isinstance(child, Leaf) and child.derived  # the format: may be left out
            if generic in optional or derived or not _applies(child, child_path, record):
                continue
            if name not in value:
                out.append(child_path)
            else:
                out += _missing(value[name], child, child_path, record, optional)
    elif isinstance(node, Rows) and isinstance(value, list):
        for i, item in enumerate(value):
            out += _missing(item, node.item, f"{path}[{i}]", record, optional)
    elif isinstance(node, ByPlayer) and isinstance(value, dict):
        for name, item in value.items():
            out += _missing(item, node.value, f"{path}.{name}", record, optional)
    return out
