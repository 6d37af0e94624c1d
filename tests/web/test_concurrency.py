"""Two clients record and edit hands of one Paskievics night at the same time.

Each client is a thread with its own database connection and does what the views do: it
reads the night (the next hand number, or a hand and its version), then saves through
`services` with what it read; sometimes it saves with a number or version it knows is stale.
Afterwards every write a client was told was saved must be in the database, every refused
one must have been a `Conflict` with a message, the hand numbers must run 1..N, and the
cached entries must equal a fresh replay of the stored records.

Needs PostgreSQL: SQLite has no row locks and one writer per file, so it cannot show this.
"""

from __future__ import annotations

import random
import threading
import time
import traceback
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.db import connection, connections

from scorebook import access, nights, nightview, services
from scorebook.engine.replay import fold, replay
from scorebook.engine.variants.paskievics import CALLED_CARDS, LEVEL_TALON
from scorebook.models import Hand, HandRevision, Night
from tests.factories import make_night

pytestmark = [
    pytest.mark.postgres_only,
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="concurrent writers need PostgreSQL (row locks, one connection per thread); "
        f"this run uses {connection.vendor}",
    ),
    pytest.mark.django_db(transaction=True),
]

PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]
OPERATIONS_PER_CLIENT = 150
STALE_CHANCE = 0.15
SEEDS = (20261122, 4242)


def played(rng: random.Random, dealer: str) -> dict[str, Any]:
    """A plain played Paskievics hand of four: declarer and partner, no figures."""
    declarer, partner = rng.sample(PLAYERS, 2)
    return {
        "dealer": dealer,
        "outcome": "played",
        "bid": {"declarer": declarer, "level": rng.choice(list(LEVEL_TALON))},
        "called_card": rng.choice(CALLED_CARDS[:4]),
        "partner": partner,
        "game_contra": rng.choice((0, 0, 0, 1)),
        "announcements": [],
        "tarokk_counts": [],
        "result": {
            "declarer_card_points": rng.randint(20, 75),
            "all_tricks_side": None,
            "trull_side": None,
            "four_kings_side": None,
            "pagat_ultimo_side": None,
            "xxi_catch_side": None,
        },
    }


@dataclass
class Log:
    """What one client was told."""

    recorded: list[tuple[int, int, dict[str, Any]]] = field(default_factory=list)  # pk, number
    edited: list[tuple[int, int, dict[str, Any]]] = field(default_factory=list)  # pk, version
    conflicts: list[tuple[str, bool, services.Conflict]] = field(default_factory=list)
    stale_accepted: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def client(user: Any, night_pk: int, seed: int, start: threading.Barrier, log: Log) -> None:
    rng = random.Random(seed)
    try:
        start.wait()
        for _ in range(OPERATIONS_PER_CLIENT):
            # The form: read the night as the GET of the hand page does.
            view = nightview.night_view(access.night_for(user, night_pk))
            hands = [r for r in view.live_rows if not r.is_event]
            if not hands or rng.random() < 0.5:
                _record(rng, user, night_pk, view, log)
            else:
                _edit(rng, user, night_pk, hands, log)
    except Exception:
        log.errors.append(traceback.format_exc())
    finally:
        connections.close_all()  # this thread's connections only


def _pause(rng: random.Random) -> None:
    """The user filling in the form: let the other client get in between."""
    time.sleep(rng.choice((0, 0, 0.0005, 0.001, 0.002)))


def _record(
    rng: random.Random, user: Any, night_pk: int, view: nightview.NightView, log: Log
) -> None:
    number = view.next_number()
    dealer = nightview.before(view, None).hint.next_dealer or PLAYERS[0]
    record = played(rng, dealer)
    stale = number > 1 and rng.random() < STALE_CHANCE
    expected = number - 1 if stale else number
    _pause(rng)
    try:
        saved = services.record_hand(
            night=access.night_for(user, night_pk),
            record=record,
            expected_number=expected,
            author=user,
        )
    except services.Conflict as refused:
        log.conflicts.append(("record", stale, refused))
        return
    except Exception:
        log.errors.append(f"record_hand(expected_number={expected}):\n{traceback.format_exc()}")
        return
    if stale:
        log.stale_accepted.append(f"record_hand accepted stale hand number {expected}")
    if saved.number != expected or saved.version != 1 or saved.record != record:
        log.errors.append(
            f"record_hand(expected_number={expected}) returned hand {saved.number} v{saved.version}"
        )
    log.recorded.append((saved.pk, saved.number, record))


def _edit(rng: random.Random, user: Any, night_pk: int, hands: list[Hand], log: Log) -> None:
    # Mostly the last few hands (where both clients are), sometimes any (a long re-score).
    target = rng.choice(hands[-3:] if rng.random() < 0.8 else hands)
    hand = access.hand_to_score(user, night_pk, target.pk)
    seen = hand.version
    record = played(rng, hand.record["dealer"])
    stale = seen > 1 and rng.random() < STALE_CHANCE
    version = seen - 1 if stale else seen
    _pause(rng)
    try:
        saved = services.edit_hand(hand=hand, record=record, version=version, author=user)
    except services.Conflict as refused:
        log.conflicts.append(("edit", stale, refused))
        return
    except Exception:
        log.errors.append(f"edit_hand(v{version} of {hand}):\n{traceback.format_exc()}")
        return
    if stale:
        log.stale_accepted.append(f"edit_hand accepted stale version {version} of {hand}")
    if saved.version != version + 1 or saved.record != record:
        log.errors.append(f"edit_hand(v{version}) of {hand} returned v{saved.version}")
    log.edited.append((saved.pk, saved.version, record))


def test_two_clients_record_and_edit_one_night_in_parallel(user):
    night = make_night(user, "paskievics", PLAYERS, "Anna")
    logs = [Log() for _ in SEEDS]
    start = threading.Barrier(len(SEEDS))
    threads = [
        threading.Thread(target=client, args=(user, night.pk, seed, start, log), daemon=True)
        for seed, log in zip(SEEDS, logs, strict=True)
    ]
    began = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "a client hangs (deadlock or lock wait?)"
    elapsed = time.monotonic() - began

    # No exception other than Conflict escaped; nothing stale was accepted.
    errors = [e for log in logs for e in log.errors]
    assert errors == [], "\n".join(errors)
    assert [s for log in logs for s in log.stale_accepted] == []

    # Conflicts: there were some, all of them deliberate ones included, each with a message.
    conflicts = [c for log in logs for c in log.conflicts]
    assert conflicts
    for kind, _stale, refused in conflicts:
        assert isinstance(refused.message, str)
        assert "not saved" in refused.message, refused.message
        if kind == "record":
            assert refused.current_number is not None
        else:
            assert refused.current_version is not None
    recorded = [r for log in logs for r in log.recorded]
    edited = [e for log in logs for e in log.edited]
    tally = Counter((kind, stale) for kind, stale, _ in conflicts)
    print(
        f"\n{len(recorded)} hands recorded, {len(edited)} edits, conflicts {dict(tally)} "
        f"in {elapsed:.1f}s"
    )
    assert recorded
    assert edited

    # Hand numbers: 1..N, no gaps, no duplicates, N = the hands the clients were told saved.
    rows = list(Hand.objects.filter(night=night).order_by("position"))
    assert [r.position for r in rows] == list(range(len(rows)))
    assert not any(r.deleted or r.is_event for r in rows)
    assert [r.number for r in rows] == list(range(1, len(recorded) + 1))
    by_pk = {r.pk: r for r in rows}
    assert sorted(pk for pk, _, _ in recorded) == sorted(by_pk)

    # Every accepted write is kept: the stored version or its revision holds what was sent.
    revisions = defaultdict(dict)
    for rev in HandRevision.objects.filter(hand__night=night):
        revisions[rev.hand_id][rev.version] = rev.record

    def record_at(pk: int, version: int) -> dict[str, Any] | None:
        row = by_pk[pk]
        return row.record if version == row.version else revisions[pk].get(version)

    for pk, number, record in recorded:
        assert by_pk[pk].number == number
        assert record_at(pk, 1) == record, f"hand {number}: its first record was lost"
    versions = defaultdict(list)
    for pk, version, record in edited:
        versions[pk].append(version)
        assert record_at(pk, version) == record, f"{by_pk[pk]} v{version} was lost"
    for pk, row in by_pk.items():
        told = sorted(versions[pk])
        assert told == list(range(2, row.version + 1)), f"{row}: versions told {told}"
        assert sorted(revisions[pk]) == list(range(1, row.version))

    # The cached entries, states and totals equal a fresh replay of the stored records.
    view = nightview.night_view(Night.objects.get(pk=night.pk))
    records = [r.record for r in view.live_rows]
    fresh = replay(view.session, records)
    cached = list(view.night.start_entries)
    for row in view.live_rows:
        cached.extend(row.entries)
    assert cached == nights.entries_to_json(fresh.entries)
    assert view.totals() == dict(fresh.totals)
    assert view.pots() == dict(fresh.pots)
    assert view.variant.dump_state(view.state) == view.variant.dump_state(fresh.state)
    state = view.variant.load_state(view.night.start_state)
    for number, row in enumerate(view.live_rows, start=1):
        state, entries, problems = fold(
            view.session, [row.record], state=state, first_number=number
        )
        assert problems == []
        assert row.entries == nights.entries_to_json(entries), f"hand {number}: stale entries"
        assert row.state == view.variant.dump_state(state), f"hand {number}: stale state"
