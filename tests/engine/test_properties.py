"""Invariants for every variant that has a generator (tests/engine/generators/<key>.py)."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorebook.engine import registry
from scorebook.engine.replay import fold, replay
from scorebook.engine.scoresheet import result_json, settle
from scorebook.engine.settlement import Stake
from tests import examples
from tests.engine.generators import generated_keys, random_night

KEYS = generated_keys()
SETTINGS = settings(
    max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def night(key, seed, hands=12):
    return random_night(key, random.Random(seed), hands)


@pytest.mark.parametrize("key", KEYS)
@SETTINGS
@given(seed=st.integers(0, 2**32))
def test_every_entry_sums_to_zero_with_the_pots(key, seed):
    session, records = night(key, seed)
    result = replay(session, records)
    assert [e.number for e in result.entries if e.kind == "hand"] == list(
        range(1, 1 + sum("event" not in r for r in records))
    )
    for entry in result.entries:
        assert sum(entry.deltas.values()) + sum(entry.pots.values()) == 0
        assert set(entry.deltas) == set(session.players)
        assert entry.lines
    opening = sum((session.opening_pots or {}).values())
    assert sum(result.totals.values()) + sum(result.pots.values()) == opening
    end = result.end
    assert sum(end.payouts.values()) + sum(end.pots_left.values()) == sum(result.pots.values())


@pytest.mark.parametrize("key", KEYS)
@SETTINGS
@given(seed=st.integers(0, 2**32))
def test_replaying_twice_gives_the_same_result(key, seed):
    session, records = night(key, seed)
    stake = Stake()
    assert result_json(replay(session, records), stake) == result_json(
        replay(session, records), stake
    )


@pytest.mark.parametrize("key", KEYS)
@SETTINGS
@given(seed=st.integers(0, 2**32), data=st.data())
def test_changing_hand_k_changes_nothing_before_it(key, seed, data):
    session, records = night(key, seed)
    _other_session, other = night(key, seed + 1)
    k = data.draw(st.integers(0, len(records) - 1))
    # Replace record k and everything after by another night's records of the same session.
    changed = records[:k] + other[k:]
    state_a, entries_a, _ = fold(session, records[:k])
    state_b, entries_b, _ = fold(session, changed[:k])
    assert entries_a == entries_b
    variant = registry.get(key)
    assert variant.dump_state(state_a) == variant.dump_state(state_b)


@pytest.mark.parametrize("key", KEYS)
@SETTINGS
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 12))
def test_resuming_from_a_dumped_state_equals_a_full_replay(key, seed, cut):
    session, records = night(key, seed)
    variant = registry.get(key)
    cut = min(cut, len(records))
    state, head, _ = fold(session, records[:cut])
    resumed = variant.load_state(variant.dump_state(state))
    first = 1 + sum("event" not in r for r in records[:cut])
    _, tail, problems = fold(session, records[cut:], state=resumed, first_number=first)
    _, full, _ = fold(session, records)
    assert not problems
    assert head + tail == full


@pytest.mark.parametrize("key", KEYS)
@SETTINGS
@given(seed=st.integers(0, 2**32))
def test_transfers_settle_the_balances(key, seed):
    session, records = night(key, seed)
    balances, transfers = settle(replay(session, records), Stake())
    net = dict.fromkeys(balances, 0)
    for t in transfers:
        assert t.amount > 0
        net[t.payer] = net.get(t.payer, 0) - t.amount
        net[t.payee] = net.get(t.payee, 0) + t.amount
    for who, money in balances.items():
        assert net[who] == money


def test_every_registered_variant_has_a_generator():
    assert list(registry.VARIANT_KEYS) == KEYS


@pytest.mark.parametrize("key", generated_keys())
@pytest.mark.parametrize("seed", range(3))
def test_a_completed_record_scores_like_the_record(key, seed):
    # Issue 23 item 14: the hand form writes every field that applies (null, false, []);
    # every reader must take those exactly as it takes the field left out.
    from scorebook.engine import registry
    from scorebook.engine.replay import replay
    from scorebook.engine.shape import complete

    session, records = night(key, seed)
    schema = registry.get(key).record
    completed = [r if "event" in r else complete(r, schema) for r in records]
    assert replay(session, completed).totals == replay(session, records).totals
    assert [e.lines for e in replay(session, completed).entries] == [
        e.lines for e in replay(session, records).entries
    ]
