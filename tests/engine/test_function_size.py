"""Every engine function fits on a screen: at most 60 lines, `def` to its last line (ruff's
C901 holds the complexity limit of 15 in `make test`)."""

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "scorebook" / "engine"
LIMIT = 60


def test_no_engine_function_is_over_60_lines():
    long = [
        f"{path.relative_to(ENGINE)}:{node.lineno} {node.name} ({node.end_lineno - node.lineno + 1})"
        for path in sorted(ENGINE.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno - node.lineno + 1 > LIMIT
    ]
    assert len(list(ENGINE.rglob("*.py"))) > 30
    assert long == []
