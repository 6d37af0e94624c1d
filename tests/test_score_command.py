"""`manage.py score`: the result JSON, the table, and refusals with exit 2 and no traceback."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from scorebook.engine.scoresheet import score_sheet
from tests.engine.test_worked_examples import compare_entry, load_cases

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.json"))


def run_score(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "manage.py", "score", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


def score_in_process(path, *options):
    out, err = io.StringIO(), io.StringIO()
    call_command("score", str(path), *options, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


@pytest.mark.parametrize("case", list(load_cases()))
def test_worked_examples_through_the_command(case, tmp_path):
    sheet = tmp_path / "sheet.json"
    sheet.write_text(json.dumps(case["sheet"], ensure_ascii=False), encoding="utf-8")
    out, err = score_in_process(sheet)
    assert err == ""
    result = json.loads(out)
    assert result["format"] == "scorebook-result/1"
    for got, want in zip(result["entries"], case["expect"].get("entries", []), strict=False):
        compare_entry(got, want, case["id"])
    if "entries" in case["expect"]:
        assert len(result["entries"]) == len(case["expect"]["entries"])


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_nights_score_in_both_languages_and_formats(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    assert len([h for h in data["hands"] if "event" not in h]) >= 10
    out, _ = score_in_process(path)
    result = json.loads(out)
    assert result == score_sheet(data)
    hu, _ = score_in_process(path, "--lang", "hu")
    assert json.loads(hu)["totals"] == result["totals"]
    table, _ = score_in_process(path, "--format", "table", "--lang", "hu")
    for player in data["players"]:
        assert player in table
    assert "egyenlegek" in table


BAD_SHEET = {
    "format": "scorebook/1",
    "variant": "nosuchgame",
    "players": ["A", "B", "C"],
    "hands": [],
}


def test_invalid_sheet_exits_2_with_one_line_per_problem_and_no_stdout():
    proc = run_score("-", stdin=json.dumps(BAD_SHEET))
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.strip().startswith("variant: 'nosuchgame' is not a known variant")
    assert "Traceback" not in proc.stderr


def test_several_problems_are_all_listed():
    sheet = {"format": "scorebook/2", "variant": "paskievics", "players": "A", "hands": {}, "x": 1}
    proc = run_score("-", stdin=json.dumps(sheet))
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    fields = [line.split(":")[0] for line in lines]
    assert fields == ["format", "x", "players", "hands"]


def test_not_json_and_missing_file():
    proc = run_score("-", stdin="{not json")
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.startswith("sheet: not valid JSON")
    proc = run_score("/nonexistent/sheet.json")
    assert proc.returncode == 2
    assert "No such file" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_sheet_without_players_is_refused():
    sheet = {"format": "scorebook/1", "variant": "paskievics", "players": [], "hands": []}
    proc = run_score("-", stdin=json.dumps(sheet))
    assert proc.returncode == 2
    assert proc.stderr.strip() == "players: paskievics is for 4–5 players, not 0"
