"""Four phones create nights with the same NEW player names at the same instant, through
the set-up service and through the scoresheet import: every night is created, and each
name exists once for the owner (the unique owner+name must never surface as a 500).

Needs PostgreSQL: SQLite serialises every writer, so it cannot show the race.
"""

from __future__ import annotations

import threading
import traceback

import pytest
from django.db import connection, connections

from scorebook import services, sheets
from scorebook.models import Night, Player

pytestmark = [
    pytest.mark.postgres_only,
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason=f"concurrent writers need PostgreSQL; this run uses {connection.vendor}",
    ),
    pytest.mark.django_db(transaction=True),
]

THREADS = 4
ROUNDS = 5


def by_service(user, names):
    services.create_night(
        owner=user, variant_key="toy", house_rules={}, per_point="1", currency="HUF",
        players=names,
    )  # fmt: skip


def by_import(user, names):
    sheet = {"format": "scorebook/1", "variant": "toy", "players": names, "hands": []}
    sheets.create_night_from_sheet(owner=user, data=sheet)


def race(create, user, names):
    errors: list[str] = []
    start = threading.Barrier(THREADS)

    def phone():
        try:
            start.wait()
            create(user, names)
        except Exception:
            errors.append(traceback.format_exc())
        finally:
            connections.close_all()  # this thread's connection only

    threads = [threading.Thread(target=phone, daemon=True) for _ in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in threads)
    return errors


@pytest.mark.parametrize("create", [by_service, by_import], ids=["set-up", "import"])
def test_four_phones_create_nights_with_the_same_new_names(user, create):
    for round_ in range(ROUNDS):
        names = [f"Új {round_} A", f"Új {round_} B", f"Új {round_} C"]
        errors = race(create, user, names)
        assert errors == [], "\n".join(errors)
        assert Night.objects.filter(seating=names).count() == THREADS
        for name in names:
            assert Player.objects.filter(owner=user, name=name).count() == 1
