"""`manage.py score`: the result JSON, the table, and refusals with exit 2 and no traceback."""

import io
import json
import subprocess
import sys
from decimal import Decimal
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


# --- hostile sheets: exit 2, one line per problem, never a traceback -------------------------


def score_bytes(tmp_path, raw, *options):
    """Score `raw` (bytes or a JSON-ready object) in process: (exit code, stdout, stderr)."""
    if not isinstance(raw, bytes):
        raw = json.dumps(raw, ensure_ascii=False).encode("utf-8")
    path = tmp_path / "sheet.json"
    path.write_bytes(raw)
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("score", str(path), *options, stdout=out, stderr=err)
    except SystemExit as stop:
        return stop.code, out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def paskievics(**changes):
    sheet = json.loads((ROOT / "examples" / "paskievics.json").read_text(encoding="utf-8"))
    sheet.update(changes)
    return sheet


def test_json_nested_past_the_parsers_depth_exits_2():
    proc = run_score("-", stdin="[" * 100_000 + "]" * 100_000)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.strip() == "sheet: not valid JSON: nested too deeply"


def test_a_hand_nested_deeper_than_a_record_exits_2(tmp_path):
    deep: object = 1
    for _ in range(500):
        deep = [deep]
    sheet = paskievics()
    sheet["hands"][2]["result"] = deep
    code, out, err = score_bytes(tmp_path, sheet)
    assert (code, out) == (2, "")
    assert err.strip() == "hand 3: result" + "[0]" * 7 + ": is nested too deeply (at most 8 levels)"


def test_a_file_that_is_not_utf8_exits_2(tmp_path):
    code, out, err = score_bytes(
        tmp_path, b'{"format": "scorebook/1", "place": "K\xe1v\xe9h\xe1z"}'
    )
    assert (code, out, err.strip()) == (2, "", "sheet: is not UTF-8 text")


@pytest.mark.parametrize("top", [[], "sheet", 3, None])
def test_a_top_level_that_is_not_an_object_exits_2(tmp_path, top):
    code, out, err = score_bytes(tmp_path, top)
    assert (code, out, err.strip()) == (2, "", "sheet: must be a JSON object")


def test_nan_and_infinity_are_not_json_numbers(tmp_path):
    code, _, err = score_bytes(tmp_path, b'{"format": "scorebook/1", "pots": {"x": NaN}}')
    assert code == 2
    assert err.strip() == "sheet: not valid JSON: NaN is not a JSON number"


def test_an_opening_pot_of_10_26_is_refused(tmp_path):
    code, out, err = score_bytes(tmp_path, paskievics(pots={"ultimokassza": 10**26}))
    assert (code, out) == (2, "")
    assert err.strip() == "pots.ultimokassza: is above 1,000,000,000,000 units"


def test_a_pot_of_10_12_units_still_scores_and_settles(tmp_path):
    sheet = paskievics(pots={"ultimokassza": 10**12}, stake={"per_point": "99999999.9999"})
    code, out, err = score_bytes(tmp_path, sheet)
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert result["end_of_session"]["pots_left"] == {"ultimokassza": 0}
    # The whole opening pot went to the players, to the last 0.0001 of the stake.
    total = sum(Decimal(m) for m in result["balances"].values())
    assert total == 10**12 * Decimal("99999999.9999")


def test_a_huge_house_rule_value_is_refused(tmp_path):
    sheet = json.loads((ROOT / "examples" / "ultimo.json").read_text(encoding="utf-8"))
    sheet["house_rules"]["tout_value"] = 10**26
    code, out, err = score_bytes(tmp_path, sheet)
    assert (code, out) == (2, "")
    assert err.strip() == f"house_rules.tout_value: {10**26} is above 1000000000000"


def test_a_huge_magyar_count_bonus_is_refused(tmp_path):
    sheet = json.loads((ROOT / "examples" / "magyar.json").read_text(encoding="utf-8"))
    sheet["house_rules"]["tarokk_count_bonus"] = {"min_tarokks": 8, "value": 10**26}
    code, out, err = score_bytes(tmp_path, sheet)
    assert (code, out) == (2, "")
    assert err.strip() == (
        "house_rules.tarokk_count_bonus: value: is too large (at most 1,000,000,000,000 either way)"
    )


@pytest.mark.parametrize(
    ("per_point", "line"),
    [
        ("1" * 13, "stake.per_point: has more than 12 digits before the point"),
        ("0.00001", "stake.per_point: has more than 4 decimal places"),
        ("1e30", "stake.per_point: has more than 12 digits before the point"),
        (
            "9" * 5000,
            "stake.per_point: '" + "9" * 39 + "… is not a "
            'non-negative decimal string such as "2" or "0.50"',
        ),
    ],
)
def test_the_stake_is_bounded(tmp_path, per_point, line):
    code, out, err = score_bytes(tmp_path, paskievics(stake={"per_point": per_point}))
    assert (code, out, err.strip()) == (2, "", line)


def test_a_huge_number_in_a_hand_is_refused(tmp_path):
    sheet = paskievics()
    sheet["hands"][0]["game_contra"] = 10**26
    sheet["hands"][1]["result"]["declarer_card_points"] = 1.5
    code, out, err = score_bytes(tmp_path, sheet)
    assert (code, out) == (2, "")
    assert err.strip().splitlines() == [
        "hand 1: game_contra: is too large (at most 1,000,000,000,000 either way)",
        "hand 2: result.declarer_card_points: is not a whole number",
    ]


def test_control_characters_and_lone_surrogates_are_refused(tmp_path):
    sheet = paskievics()
    sheet["hands"][0]["called_card"] = "X\u0000X"
    sheet["hands"][1]["called_card"] = "\ud800"
    raw = json.dumps(sheet).encode("ascii")  # \ud800 as an escape: valid JSON, not text
    code, out, err = score_bytes(tmp_path, raw)
    assert (code, out) == (2, "")
    assert err.strip().splitlines() == [
        "hand 1: called_card: contains a control character (such as NUL or a line break)",
        "hand 2: called_card: contains an invalid character (a lone surrogate)",
    ]


def test_a_player_name_with_a_control_character_is_refused(tmp_path):
    sheet = {"format": "scorebook/1", "variant": "snapszer", "players": ["A\tB", "C"], "hands": []}
    code, out, err = score_bytes(tmp_path, sheet)
    assert (code, out) == (2, "")
    assert err.strip() == ("players[0]: contains a control character (such as NUL or a line break)")


def test_an_unknown_field_of_a_hand_is_named_with_the_rules_it_breaks(tmp_path):
    sheet = paskievics()
    sheet["hands"][0]["note"] = "x" * 1_000_000
    sheet["hands"][0]["game_contra"] = 9
    code, out, err = score_bytes(tmp_path, sheet)
    assert (code, out) == (2, "")
    lines = err.strip().splitlines()
    assert lines[0] == "hand 1: note: is not a field of a Paskievics (huszashívó) hand"
    assert lines[1].startswith("hand 1: game_contra: 9 is above")
    _code, _out, hu = score_bytes(tmp_path, sheet, "--lang", "hu")
    assert (
        hu.splitlines()[0]
        == "1. leosztás: note: nem mezője egy Paskievics (huszashívó) leosztásnak"
    )


def test_a_hostile_key_is_shown_escaped(tmp_path):
    sheet = paskievics()
    sheet["hands"][0]["\ud800\x00"] = 1
    code, _, err = score_bytes(tmp_path, json.dumps(sheet).encode("ascii"))
    assert code == 2
    assert err.strip() == (
        "hand 1: \\ud800\\u0000: contains an invalid character (a lone surrogate)"
    )
