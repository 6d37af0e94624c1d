"""Engine benchmark: full replay of a generated 10,000-hand night, per variant.

Run: `make bench` (or `.venv/bin/python bench/engine.py [--hands N] [--repeat R] [keys…]`).
For each variant with a generator (tests/engine/generators/<key>.py) it builds one night,
then times `replay()` of the whole night, best of R runs, and prints hands per second.
The baseline, measured in the same run on the same records, is a JSON round trip of the
night (what merely reading the sheet costs); the ratio says how many times that the scoring
takes. Target: >= 20,000 hands/s on one core of the project's machine, judged on CPU time
(`time.process_time`, the work of the one core the replay runs on), which a busy 2-core
machine disturbs far less than wall-clock time; both are printed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorebook.engine.replay import replay
from tests.engine.generators import generated_keys, random_night

TARGET = 20_000


def best_of(repeat: int, work, clock=time.perf_counter) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = clock()
        work()
        best = min(best, clock() - start)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("keys", nargs="*", help="variant keys (default: every generated one)")
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    keys = args.keys or generated_keys()
    print(
        f"{'variant':<14}{'hands':>8}{'cpu hands/s':>13}{'wall hands/s':>14}"
        f"{'baseline/s':>12}{'ratio':>8}  target"
    )
    failed = []
    for key in keys:
        session, records = random_night(key, random.Random(20261122), args.hands)
        text = json.dumps(records)
        seconds = best_of(args.repeat, lambda s=session, r=records: replay(s, r), time.process_time)
        wall = best_of(args.repeat, lambda s=session, r=records: replay(s, r))
        baseline = best_of(args.repeat, lambda t=text: json.loads(t), time.process_time)
        rate = len(records) / seconds
        ok = rate >= TARGET
        if not ok:
            failed.append(key)
        print(
            f"{key:<14}{len(records):>8}{rate:>13,.0f}{len(records) / wall:>14,.0f}"
            f"{len(records) / baseline:>12,.0f}"
            f"{seconds / baseline:>8.1f}  {'ok' if ok else 'BELOW'} (>= {TARGET:,})"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
