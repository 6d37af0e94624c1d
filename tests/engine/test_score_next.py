"""`replay.score_next` scores a hand in one play and collects what the readers infer while it
plays: the record completed with those values must score exactly as the one left out (the
live preview shows what a save stores, and a save no longer plays the hand twice)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from scorebook.engine import registry
from scorebook.engine.replay import fold, score_next
from tests.engine.generators import random_night


def _left_out(record: dict[str, Any]) -> dict[str, Any]:
    """The record as a table taps it: an announcement's side left out where its announcer
    says it (the readers infer it)."""
    out = copy.deepcopy(record)
    for item in out.get("announcements") or []:
        if isinstance(item, dict) and item.get("by") is not None:
            item.pop("side", None)
    return out


@pytest.mark.parametrize("key", ["kiralyhivo", "tapper"])
def test_one_play_scores_as_the_completed_record(key):
    session, records = random_night(key, random.Random(3), 80)
    variant = registry.get(key)
    state, number, inferred = variant.start(session)[0], 1, 0
    for record in records:
        if "event" in record:
            state = variant.event(session, state, record)[0]
            continue
        scored = score_next(session, state, _left_out(record), number)
        assert scored.problems == []
        after, entries, problems = fold(session, [scored.record], state=state, first_number=number)
        assert problems == []
        assert repr(scored.entries) == repr(entries)
        assert variant.dump_state(scored.state) == variant.dump_state(after)
        assert scored.record == record  # the values inferred are the ones the record had
        inferred += len(scored.inferred)
        state, number = scored.state, number + 1
    assert inferred > 10  # the test left out values the readers had to infer


def test_a_refused_hand_keeps_its_record_and_state():
    session, records = random_night("paskievics", random.Random(5), 3)
    state = registry.get("paskievics").start(session)[0]
    broken = {**records[0], "dealer": "nobody at this table"}
    scored = score_next(session, state, broken, 1)
    assert scored.problems
    assert (scored.record, scored.state, scored.entries, scored.inferred) == (broken, state, [], [])
