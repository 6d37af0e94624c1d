"""Engine benchmark: full replay of a generated 10,000-hand night, per variant.

Run: `make bench` (or `.venv/bin/python bench/engine.py [--hands N] [--repeat R] [keys…]`).
For each variant with a generator (tests/engine/generators/<key>.py) it builds one night,
then times `replay()` of the whole night, best of R runs, and prints hands per second. The
R runs are interleaved round-robin across the variants (round 1 times every variant once,
then round 2, …), so a slow spell of the shared machine spoils one round, not one variant.
The baseline, measured in the same run on the same records, is a JSON round trip of the
night (what merely reading the sheet costs); the ratio says how many times that the scoring
takes. Target: >= 15,000 hands/s on one core of the project's machine, judged on CPU time
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

TARGET = 15_000


def timed(work, clock) -> float:
    start = clock()
    work()
    return clock() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("keys", nargs="*", help="variant keys (default: every generated one)")
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    keys = args.keys or generated_keys()
    nights = {}
    for key in keys:
        session, records = random_night(key, random.Random(20261122), args.hands)
        nights[key] = (session, records, json.dumps(records))
    # Round-robin: each round times every variant once (replay in CPU time, replay in wall
    # time, the JSON baseline), and each figure is the best over the rounds. A slow spell of
    # the shared machine then costs one round of several variants, never every run of one.
    inf = float("inf")
    best = {key: {"cpu": inf, "wall": inf, "baseline": inf} for key in keys}
    for _ in range(args.repeat):
        for key, (session, records, text) in nights.items():
            times = best[key]

            def work(s=session, r=records):
                return replay(s, r)

            times["cpu"] = min(times["cpu"], timed(work, time.process_time))
            times["wall"] = min(times["wall"], timed(work, time.perf_counter))
            baseline = timed(lambda t=text: json.loads(t), time.process_time)
            times["baseline"] = min(times["baseline"], baseline)
    print(
        f"{'variant':<14}{'hands':>8}{'cpu hands/s':>13}{'wall hands/s':>14}"
        f"{'baseline/s':>12}{'ratio':>8}  target"
    )
    failed = []
    for key, (_session, records, _text) in nights.items():
        seconds, wall, baseline = best[key]["cpu"], best[key]["wall"], best[key]["baseline"]
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
