"""The pages that can show every row of a night (the share page's `?all=1`, the print page)
bring a long night in parts of `PART_ROWS` rows: a part's rows are read whole, the others
only for what they add up to (issue 20: each such page stays under 2 s at the largest night
allowed, where one part a page of its own would be 5,000 rows and 1 MB of HTML)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest

from scorebook.models import Hand, Night

PART_ROWS = 500  # a real night (a few hundred hands) is one part


@dataclass(frozen=True)
class Part:
    number: int  # from 1
    parts: int
    first: int  # the ledger's row the part starts at (from 0; the opening bookings are row 0)
    length: int  # the ledger's rows in all
    window: tuple[int, int]  # the hand rows' positions it shows: first, and one after the last

    @property
    def context(self) -> dict[str, Any]:
        """What the templates say about the part ("Rows 501–1,000 of 4,990"); nothing for a
        night that is one part."""
        if self.parts == 1:
            return {"length": self.length}
        last = min(self.first + PART_ROWS, self.length)
        return {
            "page": self.number,
            "pages": self.parts,
            "first_row": self.first + 1,
            "last_row": last,
            "length": self.length,
        }


def asked_part(request: HttpRequest) -> int:
    value = request.GET.get("page", "")
    return int(value) if value.isdigit() and 0 < len(value) < 5 and int(value) > 0 else 1


def part_of(night: Night, asked: int) -> Part:
    """The part `asked` (the last one when past the end), found by the rows' places in order
    (one query over their positions, which the unique index holds)."""
    opening = 1 if night.start_entries else 0  # the ledger's first row, before position 0
    positions = Hand.objects.filter(night=night).order_by("position")
    length = positions.count() + opening
    parts = max(-(-length // PART_ROWS), 1)
    number = min(asked, parts)
    first = (number - 1) * PART_ROWS
    start = max(first - opening, 0)
    shown = list(positions.values_list("position", flat=True)[start : first - opening + PART_ROWS])
    window = (shown[0], shown[-1] + 1) if shown else (0, 0)
    return Part(number, parts, first, length, window)
