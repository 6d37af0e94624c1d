"""Settle-up: the exact fewest transfers, deterministic, and money rounding that loses nothing."""

from decimal import Decimal, localcontext
from fractions import Fraction
from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorebook.engine.settlement import MONEY_DIGITS, Stake, fewest_transfers, money_balances
from tests import examples


def D(x):
    return Decimal(str(x))


def brute_force_minimum(amounts):
    """The fewest transfers: n − (most zero-sum groups), by trying every partition order."""
    items = [a for a in amounts if a]
    best = 0
    for order in permutations(range(len(items))):
        groups, running = 0, 0
        for i in order:
            running += items[i]
            if running == 0:
                groups += 1
        best = max(best, groups)
    return len(items) - best


def test_issue_example_settles_in_three_not_four():
    balances = {"A": D(-3), "B": D(-3), "C": D(-4), "D": D(6), "E": D(4)}
    transfers = fewest_transfers(balances, 0)
    assert [(t.payer, t.payee, t.amount) for t in transfers] == [
        ("A", "D", D(3)),
        ("B", "D", D(3)),
        ("C", "E", D(4)),
    ]


def test_nothing_to_settle():
    assert fewest_transfers({"A": D(0), "B": D(0)}, 2) == []


def test_order_follows_seating_not_amounts():
    balances = {"Dóra": D("8.00"), "Béla": D("-8.00"), "Anna": D("-8.00"), "Csaba": D("8.00")}
    got = [(t.payer, t.payee, str(t.amount)) for t in fewest_transfers(balances, 2)]
    assert got == [("Béla", "Dóra", "8.00"), ("Anna", "Csaba", "8.00")]


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.integers(-50, 50), min_size=1, max_size=5))
def test_transfers_reproduce_balances_with_the_minimum_count(values):
    amounts = [*values, -sum(values)]  # up to 6 people, zero-sum
    names = [f"P{i}" for i in range(len(amounts))]
    balances = {n: D(a) for n, a in zip(names, amounts, strict=True)}
    transfers = fewest_transfers(balances, 0)
    net = dict.fromkeys(names, D(0))
    for t in transfers:
        assert t.amount > 0
        net[t.payer] -= t.amount
        net[t.payee] += t.amount
    assert net == balances
    assert len(transfers) == brute_force_minimum(amounts)
    assert transfers == fewest_transfers(dict(balances), 0)  # deterministic


def test_money_rounding_never_creates_or_loses_a_cent():
    players, _pots = money_balances({"A": 1, "B": 1, "C": -2}, {}, Stake(D("0.333"), "EUR"))
    assert players == {"A": D("0.33"), "B": D("0.33"), "C": D("-0.66")}
    assert sum(players.values()) == 0


@settings(max_examples=examples(300), deadline=None)
@given(
    st.lists(st.integers(-500, 500), min_size=2, max_size=6),
    st.integers(0, 100),
    st.sampled_from(["0.01", "0.333", "2", "1.5", "0.125", "7"]),
    st.sampled_from(["HUF", "EUR", "JPY", "XXX"]),
)
def test_money_sums_to_zero_with_the_pots(units, kept, per_point, currency):
    positions = {f"P{i}": u for i, u in enumerate(units)}
    positions["P0"] -= sum(units) + kept  # players + pot = 0 in units
    stake = Stake(D(per_point), currency)
    players, pots = money_balances(positions, {"pot": kept}, stake)
    assert sum(players.values()) + sum(pots.values()) == 0
    for name, units_ in positions.items():
        exact = Fraction(units_) * Fraction(D(per_point))
        assert abs(Fraction(players[name]) - exact) < Fraction(1, 10**stake.decimals)


def test_currency_minor_units():
    assert Stake(D("2"), "HUF").decimals == 2
    assert Stake(D("2"), "JPY").decimals == 0
    assert Stake(D("0.5"), "XXX").decimals == 1
    assert Stake(D("1"), "XXX").decimals == 0


# The largest stake the scoresheet reader lets through: 12 digits before the point, 4 after.
LARGEST_STAKES = st.sampled_from(["999999999999.9999", "0.0001", "1", "123456789012.3456"])


@settings(max_examples=examples(150), deadline=None)
@given(
    st.lists(st.integers(-(10**18), 10**18), min_size=2, max_size=6),
    st.integers(-(10**15), 10**15),
    LARGEST_STAKES,
    st.sampled_from(["HUF", "JPY", "XXX"]),
)
def test_bounded_extremes_settle_without_raising(units, kept, per_point, currency):
    """A night's totals far beyond any real one (10^18 units: a million hands of the largest
    pot the reader accepts) with the largest stake: exact, and never InvalidOperation."""
    positions = {f"p{i}": u for i, u in enumerate(units)}
    positions["p0"] -= sum(units) + kept  # players and the pot together sum to zero
    stake = Stake(Decimal(per_point), currency)
    balances, pots = money_balances(positions, {"kitty": kept}, stake)
    participants = dict(balances) | {"pot:kitty": pots["kitty"]}
    transfers = fewest_transfers(participants, stake.decimals)
    with localcontext(prec=MONEY_DIGITS):  # the test's own sums need the digits too
        assert sum(participants.values()) == 0
        owed = dict.fromkeys(participants, Decimal(0))
        for t in transfers:
            owed[t.payer] -= t.amount
            owed[t.payee] += t.amount
    assert owed == participants
    exact = Fraction(positions["p1"]) * Fraction(Decimal(per_point))
    assert abs(Fraction(balances["p1"]) - exact) < 1
