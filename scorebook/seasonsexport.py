"""A club's season standings as CSV in the active language (the view renders it in the
reader's), as the statistics export does: a title row, a header row, one row a player."""

from __future__ import annotations

import csv
import io

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scorebook.models import Club
from scorebook.seasons import Table
from scorebook.sheets import _safe_text
from scorebook.statsexport import _money


def as_csv(club: Club, table: Table) -> str:
    buffer = io.StringIO()
    out = csv.writer(buffer)
    span = table.span
    out.writerow([_safe_text(club.name), _safe_text(span.title), span.start, span.end])
    out.writerow([_("nights"), table.nights])
    out.writerow([])
    head = [pgettext("standings", "place"), _("player"), _("nights played"), _("hands")]
    out.writerow([*head, _("points"), _("money")])
    for row in table.rows:
        cells = [row.place, _safe_text(row.name), row.nights, row.hands, row.points]
        out.writerow([*cells, _money(row.money)])
    return buffer.getvalue()
