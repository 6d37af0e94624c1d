"""A complete record (every field that applies written out, issue 23 item 14) scores exactly
like the record it completes: every example night and every worked example."""

import copy
import json
from pathlib import Path

import pytest

from scorebook.engine import registry
from scorebook.engine.errors import InvalidSheet
from scorebook.engine.scoresheet import score_sheet
from scorebook.engine.shape import complete

ROOT = Path(__file__).resolve().parents[2]


def _sheets():
    for path in sorted((ROOT / "examples").glob("*.json")):
        yield path.stem, json.loads(path.read_text(encoding="utf-8"))
    for path in sorted((ROOT / "tests" / "engine" / "cases").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for case in data if isinstance(data, list) else data.get("cases", []):
            if isinstance(case, dict) and case.get("sheet"):
                yield f"{path.stem}:{case.get('id')}", case["sheet"]


SHEETS = list(_sheets())


def _scored(sheet):
    try:
        return score_sheet(sheet)
    except InvalidSheet as refused:
        return [(p.hand, p.field) for p in refused.problems]


@pytest.mark.parametrize(("name", "sheet"), SHEETS, ids=[name for name, _ in SHEETS])
def test_a_completed_sheet_scores_like_the_sheet(name, sheet):
    schema = registry.get(sheet["variant"]).record
    completed = copy.deepcopy(sheet)
    completed["hands"] = [h if "event" in h else complete(h, schema) for h in sheet["hands"]]
    assert _scored(completed) == _scored(sheet)
    again = [h if "event" in h else complete(h, schema) for h in completed["hands"]]
    assert json.dumps(again) == json.dumps(completed["hands"])  # completing twice: no change
