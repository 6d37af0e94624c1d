"""A plain-text table of a scorer result, for the terminal."""

from __future__ import annotations

from typing import Any

from scorebook.engine.messages import msg, pmsg
from scorebook.engine.types import ENGLISH_SAY, Say

# The table's own words; contexts keep them apart from the pages' words of the same spelling.
LABELS = {
    "dealer": msg("dealer"),
    "totals": pmsg("scorer table", "totals"),
    "end": pmsg("scorer table", "end of session"),
    "payouts": pmsg("scorer table", "payouts"),
    "left": pmsg("scorer table", "left in the pots"),
    "balances": msg("balances"),
    "transfers": pmsg("scorer table", "transfers"),
    "none": pmsg("scorer table", "nothing to settle"),
}


def _num(value: Any) -> str:
    if isinstance(value, int | float) and value > 0:
        return f"+{value}"
    return str(value)


def result_table(result: dict[str, Any], say: Say = ENGLISH_SAY) -> str:
    """The result as a table; `say` renders its words (the breakdown is rendered already)."""
    t = {key: say(label) for key, label in LABELS.items()}
    players: list[str] = result["players"]
    pots: list[str] = list(result["pots"])
    head = ["#", t["dealer"], *players, *pots]
    rows: list[list[str]] = []
    notes: dict[int, list[str]] = {}
    for entry in result["entries"]:
        label = str(entry.get("number", "")) if entry["kind"] == "hand" else entry["kind"]
        rows.append(
            [
                label,
                entry.get("dealer", ""),
                *(_num(entry["deltas"][p]) for p in players),
                *(_num(entry["pots"][p]) for p in pots),
            ]
        )
        notes[len(rows) - 1] = entry["breakdown"]
    total_row = [
        t["totals"],
        "",
        *(_num(result["totals"][p]) for p in players),
        *(str(result["pots"][p]) for p in pots),
    ]
    widths = [max(len(r[i]) for r in [head, *rows, total_row]) for i in range(len(head))]

    def fmt(row: list[str]) -> str:
        return "  ".join(
            c.rjust(w) if i >= 2 else c.ljust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()

    out = [f"{result['variant']}: {', '.join(players)}", fmt(head), "-" * len(fmt(head))]
    for i, row in enumerate(rows):
        out.append(fmt(row))
        out.extend(f"      {line}" for line in notes[i])
    out += ["-" * len(fmt(head)), fmt(total_row), ""]
    end = result["end_of_session"]
    out.append(
        f"{t['end']}: {t['payouts']} "
        + ", ".join(f"{p} {_num(v)}" for p, v in end["payouts"].items())
    )
    if end["pots_left"]:
        out.append(f"  {t['left']}: " + ", ".join(f"{p} {v}" for p, v in end["pots_left"].items()))
    out.extend(f"  {line}" for line in end.get("breakdown", []))
    out.append(f"{t['balances']}: " + ", ".join(f"{p} {v}" for p, v in result["balances"].items()))
    out.append(f"{t['transfers']}:")
    out.extend(f"  {tr['from']} → {tr['to']} {tr['amount']}" for tr in result["transfers"])
    if not result["transfers"]:
        out.append(f"  {t['none']}")
    return "\n".join(out) + "\n"
