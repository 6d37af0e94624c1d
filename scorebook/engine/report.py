"""A plain-text table of a scorer result, for the terminal."""

from __future__ import annotations

from typing import Any

LABELS = {
    "en": {
        "hand": "hand",
        "dealer": "dealer",
        "totals": "totals",
        "pots": "pots",
        "end": "end of session",
        "payouts": "payouts",
        "left": "left in the pots",
        "balances": "balances",
        "transfers": "transfers",
        "none": "nothing to settle",
    },
    "hu": {
        "hand": "leosztás",
        "dealer": "osztó",
        "totals": "összesen",
        "pots": "kasszák",
        "end": "ülés vége",
        "payouts": "kifizetés",
        "left": "a kasszákban marad",
        "balances": "egyenlegek",
        "transfers": "átutalások",
        "none": "nincs mit rendezni",
    },
}


def _num(value: Any) -> str:
    if isinstance(value, int | float) and value > 0:
        return f"+{value}"
    return str(value)


def result_table(result: dict[str, Any], lang: str = "en") -> str:
    t = LABELS[lang]
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
