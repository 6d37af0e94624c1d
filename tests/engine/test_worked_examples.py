"""Every worked example of every spec's section 11, as data: exact per player and per pot.

Each file `cases/<variant>.json` is {"cases": [{"id", "cite", "sheet", "expect"}]} where
`sheet` is a scoresheet and `expect` holds the numbers the spec prints:
- "entries": every booked entry in order, each {"kind", "number"?, "deltas", "pots"};
- optionally "totals", "pots", "end_of_session" (compared key by key) and "balances".
"""

import json
from pathlib import Path

import pytest

from scorebook.engine.scoresheet import score_sheet

CASES_DIR = Path(__file__).parent / "cases"


def load_cases():
    for path in sorted(CASES_DIR.glob("*.json")):
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            yield pytest.param(case, id=f"{path.stem}-{case['id']}")


def compare_entry(actual, expected, where):
    assert actual["kind"] == expected["kind"], where
    if "number" in expected:
        assert actual.get("number") == expected["number"], where
    assert actual["deltas"] == expected["deltas"], f"{where}: deltas"
    assert actual["pots"] == expected.get("pots", {}), f"{where}: pots"


@pytest.mark.parametrize("case", list(load_cases()))
def test_worked_example(case):
    result = score_sheet(case["sheet"])
    expect = case["expect"]
    if "entries" in expect:
        actual = [(e["kind"], e.get("number")) for e in result["entries"]]
        wanted = [(e["kind"], e.get("number")) for e in expect["entries"]]
        assert actual == wanted
        for got, want in zip(result["entries"], expect["entries"], strict=True):
            compare_entry(got, want, f"{case['id']} {want['kind']} {want.get('number')}")
    for key in ("totals", "pots", "balances", "transfers"):
        if key in expect:
            assert result[key] == expect[key], key
    if "end_of_session" in expect:
        for key, value in expect["end_of_session"].items():
            assert result["end_of_session"][key] == value, f"end_of_session.{key}"
    for entry in result["entries"]:
        assert entry["breakdown"], f"entry {entry} explains nothing"
        # Exact shares (a house rule) print as 6-decimal floats: allow their rounding only.
        total = sum(entry["deltas"].values()) + sum(entry["pots"].values())
        assert abs(total) < 1e-5 if isinstance(total, float) else total == 0
