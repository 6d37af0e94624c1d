"""A stored state holds what the next hand needs, never the history (issue 20).

The match games once kept every finished match in each row's state: 382 B after the first
Scopa deal, 87 KB after 2,000. Their state is now as large at deal 1,000 as at deal 100, a
state loaded from its snapshot scores the rest of the night exactly as the state in memory,
and a snapshot stored in the old form (with the matches) still loads.
"""

from __future__ import annotations

import json
import random

import pytest

from scorebook.engine import registry
from scorebook.engine.replay import fold
from tests.engine.generators import random_night

MATCH_GAMES = ["strohmandli", "snapszer", "scopa", "briscola", "ecarte", "trappola"]


def _sizes(key: str, deals: int) -> list[int]:
    """The stored state's size in bytes after each deal of a generated night."""
    session, records = random_night(key, random.Random(20), deals)
    variant = registry.get(key)
    sizes = []
    state = None
    for number, record in enumerate(records, start=1):
        state, _entries, problems = fold(session, [record], state=state, first_number=number)
        assert problems == []
        sizes.append(len(json.dumps(variant.dump_state(state))))
    return sizes


@pytest.mark.parametrize("key", MATCH_GAMES)
def test_a_match_rows_state_is_flat_from_deal_100_to_deal_1000(key):
    sizes = _sizes(key, 1000)
    # A state is larger while a match runs than between two; compare the largest around
    # deal 100 with the largest up to deal 1,000: only counters' digits may grow.
    early, late = max(sizes[90:110]), max(sizes[110:1000])
    assert late <= early + 40, (early, late)
    assert late < 1000, late


@pytest.mark.parametrize("key", MATCH_GAMES)
def test_a_loaded_state_scores_the_rest_as_the_state_in_memory(key):
    session, records = random_night(key, random.Random(7), 300)
    variant = registry.get(key)
    middle, first_entries, _ = fold(session, records[:150])
    loaded = variant.load_state(json.loads(json.dumps(variant.dump_state(middle))))
    after_memory, rest_memory, _ = fold(session, records[150:], state=middle, first_number=151)
    after_loaded, rest_loaded, _ = fold(session, records[150:], state=loaded, first_number=151)
    assert rest_loaded == rest_memory
    assert variant.dump_state(after_loaded) == variant.dump_state(after_memory)
    assert variant.table_hint(session, loaded) == variant.table_hint(session, middle)
    assert first_entries  # the first half booked something


@pytest.mark.parametrize("key", MATCH_GAMES)
def test_a_state_stored_with_its_finished_matches_still_loads(key):
    session, records = random_night(key, random.Random(3), 200)
    variant = registry.get(key)
    state, _entries, _ = fold(session, records)
    assert state.done  # 200 deals finish some matches
    old = variant.dump_state(state)
    old.pop("played")
    old.pop("last", None)
    old["done"] = [variant.dump_state(m) for m in state.done]  # the form before issue 20
    loaded = variant.load_state(json.loads(json.dumps(old)))
    assert variant.dump_state(loaded) == variant.dump_state(state)
    assert variant.table_hint(session, loaded) == variant.table_hint(session, state)
