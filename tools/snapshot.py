"""Snapshot the scorer's output, to prove a refactor of scoring code changes nothing.

Run before and after a change, then compare the two folders byte for byte:

    .venv/bin/python tools/snapshot.py /tmp/before      # on the old code
    .venv/bin/python tools/snapshot.py /tmp/after       # on the new code
    diff -r /tmp/before /tmp/after && echo identical

For every variant (or the keys given) it writes one file holding, in both languages, the
result JSON and the table of: its example night (examples/<key>.json), every worked example
(tests/engine/cases/<key>.json), a generated night (tests/engine/generators), and the
problems of refused sheets: the worked examples that expect a refusal and damaged copies of
generated hands (a field removed, a wrong type, an out-of-range number).
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorebook.catalogues import say_in  # noqa: E402
from scorebook.engine import registry  # noqa: E402
from scorebook.engine.errors import InvalidSheet  # noqa: E402
from scorebook.engine.report import result_table  # noqa: E402
from scorebook.engine.scoresheet import score_sheet, write_sheet  # noqa: E402
from scorebook.engine.settlement import Stake  # noqa: E402
from tests.engine.generators import generator, random_night  # noqa: E402

LANGS = ("en", "hu")


def scored(sheet: Any) -> str:
    """The result JSON and table in both languages, or the problems of a refused sheet."""
    out = []
    for lang in LANGS:
        try:
            result = score_sheet(copy.deepcopy(sheet), say_in(lang))
        except InvalidSheet as refused:
            out.append(f"refused ({lang}):")
            out.extend(p.describe(say_in(lang)) for p in refused.problems)
            continue
        out.append(json.dumps(result, ensure_ascii=False, indent=1, sort_keys=True))
        out.append(result_table(result, say_in(lang)))
    return "\n".join(out)


def damaged(hand: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A copy of a valid hand with one field broken in a way the variant must refuse."""
    hand = copy.deepcopy(hand)
    keys = [k for k in hand if k != "dealer"] or list(hand)
    key = rng.choice(keys)
    match rng.randrange(3):
        case 0:
            del hand[key]
        case 1:
            hand[key] = "???"
        case _:
            hand[key] = 10**6
    return hand


def generated(key: str, hands: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    session, records = random_night(key, random.Random(20261125), hands)
    sheet = write_sheet(session, Stake(), records)
    return sheet, records


def snapshot(key: str, hands: int) -> str:
    parts: list[str] = []
    example = ROOT / "examples" / f"{key}.json"
    if example.exists():
        parts += [f"== example {example.name}", scored(json.loads(example.read_text("utf-8")))]
    cases = ROOT / "tests" / "engine" / "cases" / f"{key}.json"
    if cases.exists():
        for case in json.loads(cases.read_text("utf-8"))["cases"]:
            parts += [f"== case {case['id']}", scored(case["sheet"])]
    if generator(key) is not None:
        sheet, records = generated(key, hands)
        parts += [f"== generated night of {hands}", scored(sheet)]
        rng = random.Random(7)
        for i in range(min(40, len(records))):
            if "event" in records[i]:
                continue
            broken = dict(sheet, hands=[*records[:i], damaged(records[i], rng)])
            parts += [f"== damaged hand {i + 1}", scored(broken)]
    return "\n".join(parts) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("keys", nargs="*", help="variant keys (default: all)")
    parser.add_argument("--hands", type=int, default=300)
    args = parser.parse_args()
    args.folder.mkdir(parents=True, exist_ok=True)
    for key in args.keys or registry.VARIANT_KEYS:
        (args.folder / f"{key}.txt").write_text(snapshot(key, args.hands), encoding="utf-8")
        print(key, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
