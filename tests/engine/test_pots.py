"""The shared ultimókassza arithmetic: take, double, pay in (scorebook/engine/pots.py)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorebook.catalogues import say_in
from scorebook.engine import pots
from scorebook.engine.messages import msg
from scorebook.engine.types import Line

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
        "bemondott ultimó sikerült: B és C kiveszi az ultimókasszát (31), 31 ÷ 2 = 15 fejenként, "
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
