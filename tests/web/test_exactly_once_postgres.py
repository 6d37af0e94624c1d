"""Four phones send the same write key at once, fifty times each: one write (issue 19).

Needs PostgreSQL: SQLite has one writer per file, so it cannot show a race.
"""

from __future__ import annotations

import threading
import traceback

import pytest
from django.db import connection, connections

from scorebook import services
from scorebook.models import Hand, WriteReceipt

pytestmark = [
    pytest.mark.postgres_only,
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason=f"concurrent writers need PostgreSQL; this run uses {connection.vendor}",
    ),
    pytest.mark.django_db(transaction=True),
]


def _hammer(work, threads: int = 4, repeats: int = 50) -> list[str]:
    """Run `work` `repeats` times in each of `threads` threads (own connections); errors."""
    errors: list[str] = []
    start = threading.Barrier(threads)

    def run() -> None:
        try:
            start.wait()
            for _ in range(repeats):
                work()
        except Exception:
            errors.append(traceback.format_exc())
        finally:
            connections.close_all()

    pool = [threading.Thread(target=run, daemon=True) for _ in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in pool), "a thread hangs"
    return errors


@pytest.mark.parametrize("kind", ["hand", "edit"])
def test_four_phones_repeating_one_key_make_one_write(kind, user):
    night = services.create_night(
        owner=user,
        variant_key="paskievics",
        house_rules={},
        per_point="1",
        currency="HUF",
        players=["Anna", "Béla", "Csaba", "Dóra"],
        first_dealer="Anna",
    )
    record = {"dealer": "Anna", "outcome": "all_pass"}
    if kind == "hand":

        def work() -> None:
            services.record_hand(night=night, record=record, expected_number=1, key="p" * 22)
    else:
        first = services.record_hand(night=night, record=record)
        changed = {"dealer": "Béla", "outcome": "all_pass"}

        def work() -> None:
            hand = Hand.objects.get(pk=first.pk)
            services.edit_hand(hand=hand, record=changed, version=1, key="q" * 22)

    assert _hammer(work) == []
    rows = list(Hand.objects.filter(night=night))
    assert len(rows) == 1
    assert rows[0].version == (1 if kind == "hand" else 2)
    assert WriteReceipt.objects.filter(night=night).count() == 1
