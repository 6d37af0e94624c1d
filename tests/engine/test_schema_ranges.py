"""The record schema's ranges (`Leaf.lo`, `Leaf.hi`) are checked, not only shown: the hand
form's number pad shows them, and the variant's reader refuses a number outside them (it
reads the same constants), named by its field, or by the group whose sum it breaks (the
card points of a two-player game). Tried on the first hand of every worked example."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorebook.engine import registry
from scorebook.engine.replay import fold
from scorebook.engine.scoresheet import read_sheet
from scorebook.engine.shape import ByPlayer, Leaf, Node, Obj, Rows

CASES = Path(__file__).resolve().parent / "cases"
_TOKEN = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def _numbers(value: Any, node: Node | None, path: str = "") -> Iterator[tuple[str, Leaf]]:
    """Each whole number of `value` whose leaf has a range, with its path."""
    if isinstance(node, Leaf):
        if type(value) is int and (node.lo is not None or node.hi is not None):
            yield path, node
    elif isinstance(node, Obj | ByPlayer) and isinstance(value, dict):
        for key, item in value.items():
            child = node.fields.get(key) if isinstance(node, Obj) else node.value
            yield from _numbers(item, child, f"{path}.{key}" if path else key)
    elif isinstance(node, Rows) and isinstance(value, list):
        for i, item in enumerate(value):
            yield from _numbers(item, node.item, f"{path}[{i}]")


def _with(record: dict[str, Any], path: str, value: int) -> dict[str, Any]:
    out = copy.deepcopy(record)
    *head, (key, index) = _TOKEN.findall(path)
    place: Any = out
    for k, i in head:
        place = place[k] if k else place[int(i)]
    place[key if key else int(index)] = value
    return out


def _first_hands() -> list[tuple[str, str, dict[str, Any]]]:
    out = []
    for path in sorted(CASES.glob("*.json")):
        for case in json.loads(path.read_text())["cases"]:
            hands = case["sheet"].get("hands") or []
            if "error" not in case["expect"] and hands and "event" not in hands[0]:
                out.append((path.stem, case["id"], case["sheet"]))
    return out


@pytest.mark.parametrize(("key", "case_id", "sheet"), _first_hands())
def test_a_number_outside_its_schema_range_is_refused(key, case_id, sheet):
    session = read_sheet(sheet).session
    record = sheet["hands"][0]
    for path, leaf in _numbers(record, registry.get(key).record):
        below = [leaf.lo - 1] if leaf.lo is not None else []
        above = [leaf.hi + 1] if leaf.hi is not None else []
        for value in below + above:
            _state, _entries, problems = fold(session, [_with(record, path, value)])
            group = path.rpartition(".")[0]
            assert any(p.field in (path, group) for p in problems), (case_id, path, value)
