"""A player's statistics as CSV: one block per table of the page, each with its own header
row, in the active language (the view renders it in the reader's)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext as _

from scorebook.sheets import _safe_text
from scorebook.stats import PlayerStats, Tally, points


def _money(amounts: dict[str, Decimal]) -> str:
    return "; ".join(f"{amount} {currency}" for currency, amount in sorted(amounts.items()))


def _tally(tally: Tally) -> list[Any]:
    return [
        tally.hands,
        tally.won,
        tally.lost,
        "" if tally.share_won is None else tally.share_won,
        points(tally.average),
        _money(tally.average_money),
        points(tally.units),
        _money(tally.money),
    ]


def _tally_head() -> list[str]:
    return [
        _("hands"),
        _("won"),
        _("lost"),
        _("share won (%)"),
        _("average (points)"),
        _("average (money)"),
        _("total (points)"),
        _("total (money)"),
    ]


def _block(out: Any, title: str, head: list[str], rows: Iterable[list[Any]]) -> None:
    out.writerow([title, *head])
    for row in rows:
        out.writerow([_safe_text(str(row[0])), *row[1:]])
    out.writerow([])


def as_csv(stats: PlayerStats) -> str:
    buffer = io.StringIO()
    out = csv.writer(buffer)
    out.writerow([_safe_text(stats.player.name)])
    share = stats.all_pass_share
    out.writerow(
        [
            _("hands played"),
            stats.hands,
            _("all pass"),
            stats.all_pass,
            _("share of all pass (%)"),
            "" if share is None else share,
            _("the all-pass hands (points)"),
            points(stats.all_pass_result.units),
            _("the all-pass hands (money)"),
            _money(stats.all_pass_result.money),
        ]
    )
    for title, run in (
        (_("longest winning run (nights)"), stats.winning_run),
        (_("longest losing run (nights)"), stats.losing_run),
    ):
        out.writerow([title, run.length, run.first or "", run.last or ""])
    out.writerow([])
    for table in stats.roles:
        rows = [[level, *_tally(tally)] for level, tally in table.levels]
        _block(out, table.title, _tally_head(), [*rows, [_("all"), *_tally(table.total)]])
    figure_head = [_("announced"), _("made"), _("failed"), _("made silently")]
    figures = [[f.name, f.announced, f.made, f.failed, f.silent] for f in stats.figures]
    _block(out, _("Figures"), figure_head, figures)
    contra_head = [_("said"), _("said and won"), _("received"), _("received and won")]
    contras = [[c.name, c.said, c.said_won, c.received, c.received_won] for c in stats.contras]
    _block(out, _("Contras"), contra_head, contras)
    _block(out, _("Hand results (points)"), [_("hands")], [[b, n] for b, n in stats.spread])
    pair_head = [
        *(f"{_('together')}: {h}" for h in _tally_head()),
        _("together, both (points)"),
        *(f"{_('against')}: {h}" for h in _tally_head()),
    ]
    pairs = [
        [p.name, *_tally(p.together), points(p.together_both), *_tally(p.against)]
        for p in stats.pairings
    ]
    _block(out, _("Partners and head to head"), pair_head, pairs)
    return buffer.getvalue()
