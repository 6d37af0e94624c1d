"""The shared ultimókassza arithmetic: take, double, pay in (scorebook/engine/pots.py)."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorebook.catalogues import say_in
from scorebook.engine import pots, registry
from scorebook.engine.messages import msg
from scorebook.engine.pots import KASSZA_RULE, pots_in_use
from scorebook.engine.scoresheet import resolve_house_rules
from scorebook.engine.types import Line, Session
from tests.engine.generators import generated_keys, generator

HU = say_in("hu")

SEATS = ("A", "B", "C", "D")


def test_one_taker_empties_the_pot():
    move = pots.take(17, ["A"])
    assert move == pots.PotMove({"A": 17}, -17, 17, 0)


def test_two_takers_share_and_the_odd_unit_stays():
    move = pots.take(17, ("B", "C"))
    assert move.deltas == {"B": 8, "C": 8}
    assert (move.change, move.share, move.rest) == (-16, 8, 1)


def test_end_of_night_split_among_three():
    # paskievics.md §8 split_equally: floor shares, the remainder stays in the pot
    move = pots.take(20, ("A", "B", "C"))
    assert move.deltas == dict.fromkeys("ABC", 6)
    assert (move.change, move.rest) == (-18, 2)


def test_one_payer_doubles_the_pot():
    move = pots.double(15, ["A"], "A")
    assert move == pots.PotMove({"A": -15}, 15, 15, 0)


def test_the_announcer_pays_the_odd_unit_so_the_pot_exactly_doubles():
    move = pots.double(15, ("B", "C"), "C")
    assert move.deltas == {"B": -7, "C": -8}
    assert (move.change, move.share, move.rest) == (15, 7, 1)


def test_pay_in_is_a_stake_from_everyone():
    move = pots.pay_in(("A", "B", "C"), 5)
    assert move == pots.PotMove(dict.fromkeys("ABC", -5), 15, 5, 0)


def test_a_move_as_a_breakdown_line():
    text = msg("ultimókassza stake")
    line = pots.pay_in(("A", "B"), 3).line("ultimokassza", text)
    assert line == Line(text, {"A": -3, "B": -3}, {"ultimokassza": 6})


def test_kassza_note():
    note = pots.kassza_note(42)
    assert (str(note), HU(note)) == ("ultimókassza: 42", "ultimókassza: 42")


def test_nobody_cannot_take_the_pot():
    with pytest.raises(ValueError, match="nobody"):
        pots.take(10, ())


@given(
    balance=st.integers(min_value=0, max_value=10_000),
    k=st.integers(min_value=1, max_value=4),
    who=st.integers(min_value=0, max_value=3),
)
def test_moves_are_zero_sum_and_take_or_double_exactly(balance, k, who):
    members = SEATS[:k]
    taken = pots.take(balance, members)
    assert sum(taken.deltas.values()) + taken.change == 0
    assert balance + taken.change == taken.rest < k
    doubled = pots.double(balance, members, members[who % k])
    assert sum(doubled.deltas.values()) + doubled.change == 0
    assert balance + doubled.change == 2 * balance
    paid = pots.pay_in(members, balance)
    assert sum(paid.deltas.values()) + paid.change == 0


def test_ultimo_made_alone():
    line, balance = pots.ultimo_made("ultimokassza", 30, ["A"])
    assert balance == 0
    assert str(line.text) == "announced ultimó made: A takes the ultimókassza 30"
    assert HU(line.text) == "bemondott ultimó sikerült: A kiveszi az ultimókasszát (30)"
    assert (line.deltas, line.pots) == ({"A": 30}, {"ultimokassza": -30})


def test_ultimo_made_by_a_pair_leaves_the_odd_unit():
    line, balance = pots.ultimo_made("ultimokassza", 31, ("B", "C"))
    assert balance == 1
    assert str(line.text) == (
        "announced ultimó made: B and C take the ultimókassza 31, 31 ÷ 2 = 15 each, 1 stays"
    )
    assert HU(line.text) == (
        "bemondott ultimó sikerült, az ultimókasszát (31) viszik: B és C, 31 ÷ 2 = fejenként 15, "
        "1 marad"
    )
    assert (line.deltas, line.pots) == ({"B": 15, "C": 15}, {"ultimokassza": -30})


def test_ultimo_made_by_a_pair_without_a_remainder():
    line, balance = pots.ultimo_made("ultimokassza", 30, ("B", "C"))
    assert balance == 0
    assert (
        str(line.text)
        == "announced ultimó made: B and C take the ultimókassza 30, 30 ÷ 2 = 15 each"
    )


def test_names_are_joined_by_a_translated_and():
    assert pots.names(["A"]) == "A"
    three = pots.names(["A", "B", "C"])
    assert (str(three), HU(three)) == ("A and B and C", "A és B és C")


# --- pots_in_use: a night whose ultimókassza is off keeps no pot (issue 23 item 5) ----------
KASSZA_KEYS = [
    key
    for key in generated_keys()
    if any(rule.name == KASSZA_RULE for rule in registry.get(key).house_rules)
]


def test_the_ultimokassza_is_a_switch_of_the_hungarian_family():
    assert sorted(KASSZA_KEYS) == ["kiralyhivo", "magyar", "paskievics", "tapper"]


@pytest.mark.parametrize("key", KASSZA_KEYS)
@pytest.mark.parametrize("seed", range(6))
def test_with_the_ultimokassza_off_no_entry_moves_a_pot(key, seed):
    # What lets the pages drop the pot columns on such a night: nothing can move the pot.
    rng = random.Random(seed)
    gen = generator(key)
    players, given, _ = gen.random_session(rng)
    rules, problems = resolve_house_rules(key, {**given, KASSZA_RULE: False})
    assert not problems
    variant = registry.get(key)
    joiners = frozenset(getattr(gen, "late_joiners", lambda p: ())(players))
    session = Session(key, tuple(players), rules, None, joiners)
    assert pots_in_use(variant, session) == ()
    state, entries = variant.start(session)
    for number in range(1, 41):
        record = gen.random_hand(rng, session, state)
        if "event" in record:
            state, booked = variant.event(session, state, record)
        else:
            state, booked = variant.play(session, state, record, number)
        entries += booked
    assert all(not any(entry.pots.values()) for entry in entries)
    end = variant.end_of_session(session, state)
    assert not any(end.pots_left.values())
    assert all(not any((line.pots or {}).values()) for line in end.lines)
    on = Session(key, tuple(players), {**rules, KASSZA_RULE: True})
    assert pots_in_use(variant, on) == variant.pot_names
    opened = Session(key, tuple(players), rules, {variant.pot_names[0]: 5})
    assert pots_in_use(variant, opened) == variant.pot_names
