from decimal import Decimal

import pytest

from scorebook import nightview, services
from scorebook.engine.errors import InvalidHand
from scorebook.engine.replay import replay
from scorebook.models import Hand, HandRevision, Night, Player, Seat
from tests.web.conftest import PLAYERS, hand

pytestmark = pytest.mark.django_db


def replayed_totals(night):
    view = nightview.night_view(Night.objects.get(pk=night.pk))
    result = replay(view.session, [r.record for r in view.live_rows])
    return dict(result.totals), dict(result.pots), view


def test_create_night_seats_players_in_order_and_remembers_them(night, user):
    assert list(night.seats.values_list("player__name", flat=True)) == PLAYERS
    assert Night.objects.get(pk=night.pk).seating == PLAYERS  # the copy kept on the night
    assert night.first_dealer.name == "Dóra"
    assert night.house_rules == {"double_wins": False, "base": 1, "kitty_rule": "none", "cap": None}
    assert night.stake_per_point == Decimal(2)
    assert set(Player.objects.filter(owner=user).values_list("name", flat=True)) == set(PLAYERS)


def test_create_night_refuses_bad_house_rules_and_player_counts(user):
    with pytest.raises(InvalidHand) as refused:
        services.create_night(
            owner=user,
            variant_key="toy",
            house_rules={"base": 99, "nope": 1},
            per_point=Decimal(1),
            currency="HUF",
            players=["A", "B"],
        )
    fields = {p.field for p in refused.value.problems}
    assert {"house_rules.base", "house_rules.nope", "players"} <= fields
    assert not Night.objects.exists()


def test_record_hand_stores_record_entries_and_state(night):
    h = services.record_hand(night=night, record=hand("Dóra", "Anna", 3), expected_number=1)
    assert h.number == 1
    assert h.position == 0
    assert h.version == 1
    assert h.record == hand("Dóra", "Anna", 3)
    assert h.entries[0]["deltas"] == {"Anna": 9, "Béla": -3, "Csaba": -3, "Dóra": -3}
    assert h.state["hands"] == 1
    h2 = services.record_hand(night=night, record=hand("Anna", "Béla", 1), expected_number=2)
    assert h2.number == 2
    assert h2.state["hands"] == 2


def test_record_hand_drops_computed_and_refuses_invalid_hands_atomically(night):
    with pytest.raises(InvalidHand) as refused:
        services.record_hand(night=night, record=hand("Nobody", "Anna", 99))
    assert {p.field for p in refused.value.problems} == {"dealer", "points"}
    assert not Hand.objects.exists()
    h = services.record_hand(night=night, record={**hand("Dóra"), "computed": {"x": 1}})
    assert "computed" not in h.record


def test_stale_new_hand_is_a_conflict(night):
    services.record_hand(night=night, record=hand("Dóra", "Anna", 3), expected_number=1)
    with pytest.raises(services.Conflict) as conflict:
        services.record_hand(night=night, record=hand("Dóra", "Béla", 2), expected_number=1)
    assert conflict.value.current_number == 2
    assert "Hand 1 was already recorded" in conflict.value.message
    assert Hand.objects.count() == 1


def test_edit_hand_recomputes_later_hands_and_keeps_the_revision(night, user):
    services.create_night  # noqa: B018 - readability
    night.house_rules = {**night.house_rules, "kitty_rule": "none"}
    h1 = services.record_hand(night=night, record=hand("Dóra", "Anna", 3, to_kitty=True))
    h2 = services.record_hand(night=night, record=hand("Anna", "Béla", 1, to_kitty=True))
    assert h2.state["kitty"] == 8
    services.edit_hand(hand=h1, record=hand("Dóra", "Csaba", 5), version=1, author=user)
    h1.refresh_from_db()
    h2.refresh_from_db()
    assert h1.version == 2
    assert h1.record["winner"] == "Csaba"
    assert h2.state["kitty"] == 4  # hand 2's cached state was recomputed
    rev = HandRevision.objects.get(hand=h1)
    assert rev.version == 1
    assert rev.record["winner"] == "Anna"
    assert rev.author == user
    totals, pots, _view = replayed_totals(night)
    assert nightview.night_view(night).totals() == totals
    assert pots == {"kitty": 4}


def test_stale_edit_is_refused_with_what_changed(night):
    h1 = services.record_hand(night=night, record=hand("Dóra", "Anna", 3))
    services.edit_hand(hand=h1, record=hand("Dóra", "Anna", 7), version=1)
    with pytest.raises(services.Conflict) as conflict:
        services.edit_hand(hand=h1, record=hand("Dóra", "Béla", 2), version=1)
    assert ("points", 3, 7) in conflict.value.changes
    assert conflict.value.current_version == 2
    h1.refresh_from_db()
    assert h1.record["points"] == 7  # nothing silently overwritten


def test_edit_that_breaks_a_later_hand_is_refused_as_a_whole(night):
    h1 = services.record_hand(night=night, record=hand("Dóra", "Anna", 3))
    services.record_hand(night=night, record=hand("Anna", "Béla", 1))
    # An engine refusal of the edited hand itself
    with pytest.raises(InvalidHand):
        services.edit_hand(hand=h1, record=hand("Dóra", "Zoé", 3), version=1)
    h1.refresh_from_db()
    assert h1.version == 1
    assert not HandRevision.objects.exists()


def test_delete_and_restore_renumber_and_rescore(night):
    h1 = services.record_hand(night=night, record=hand("Dóra", "Anna", 3))
    h2 = services.record_hand(night=night, record=hand("Anna", "Béla", 1, to_kitty=True))
    h3 = services.record_hand(night=night, record=hand("Béla", "Csaba", 2))
    services.delete_hand(hand=h2, version=1)
    h2.refresh_from_db()
    h3.refresh_from_db()
    assert h2.deleted
    assert h2.number is None
    assert h2.version == 2
    assert h3.number == 2
    assert h3.state["kitty"] == 0
    totals, _pots, view = replayed_totals(night)
    assert view.totals() == totals
    services.restore_hand(hand=h2, version=2)
    h2.refresh_from_db()
    h3.refresh_from_db()
    assert not h2.deleted
    assert h2.number == 2
    assert h3.number == 3
    assert h3.state["kitty"] == 4
    assert HandRevision.objects.filter(hand=h2).count() == 2
    with pytest.raises(services.Conflict):
        services.delete_hand(hand=h2, version=1)
    assert h1.number == 1


def test_join_event_seats_the_player_and_rescores(night):
    services.record_hand(night=night, record=hand("Dóra", "Anna", 3))
    ev = services.record_hand(
        night=night, record={"event": "join", "player": "Ede", "seat_index": 2}
    )
    assert ev.number is None
    assert ev.entries[0]["kind"] == "join"
    assert list(Seat.objects.filter(night=night).values_list("player__name", flat=True)) == [
        "Anna",
        "Béla",
        "Ede",
        "Csaba",
        "Dóra",
    ]
    # The night's copy of the seating follows, in the database and in the caller's object.
    assert Night.objects.get(pk=night.pk).seating == ["Anna", "Béla", "Ede", "Csaba", "Dóra"]
    assert night.seating == ["Anna", "Béla", "Ede", "Csaba", "Dóra"]
    h = services.record_hand(night=night, record=hand("Anna", "Ede", 1), expected_number=2)
    assert h.number == 2
    assert h.entries[0]["deltas"]["Ede"] == 3
    totals, _pots, view = replayed_totals(night)
    assert view.totals() == totals


def test_a_save_through_a_night_read_before_a_join_sees_the_join(night):
    """A request reads the night, then another phone's join lands before its save."""
    read_earlier = Night.objects.get(pk=night.pk)
    services.record_hand(night=night, record=hand("Dóra", "Anna", 3))
    services.record_hand(night=night, record={"event": "join", "player": "Ede", "seat_index": 2})
    h = services.record_hand(night=read_earlier, record=hand("Anna", "Ede", 1), expected_number=2)
    assert read_earlier.seating == ["Anna", "Béla", "Ede", "Csaba", "Dóra"]
    assert h.entries[0]["deltas"]["Ede"] == 3
    totals, _pots, view = replayed_totals(night)
    assert view.totals() == totals


def test_a_hand_after_a_deleted_last_hand_takes_its_number(night):
    services.record_hand(night=night, record=hand("Dóra", "Anna", 3))
    second = services.record_hand(night=night, record=hand("Anna", "Béla", 2))
    services.delete_hand(hand=second, version=1)
    again = services.record_hand(night=night, record=hand("Anna", "Csaba", 1), expected_number=2)
    assert (again.number, again.position) == (2, 2)
    totals, _pots, view = replayed_totals(night)
    assert view.totals() == totals


def test_mark_transfer_paid_and_unpaid(night):
    services.mark_transfer_paid(night=night, payer="Béla", payee="Anna", amount=Decimal("6.00"))
    services.mark_transfer_paid(night=night, payer="Béla", payee="Anna", amount=Decimal("6.00"))
    assert night.paid_transfers.count() == 1
    services.mark_transfer_paid(
        night=night, payer="Béla", payee="Anna", amount=Decimal("6.00"), paid=False
    )
    assert night.paid_transfers.count() == 0


def test_record_hand_refuses_what_the_record_does_not_define_and_saves_nothing(night):
    with pytest.raises(InvalidHand) as refused:
        services.record_hand(night=night, record={**hand("Dóra", "Anna", 3), "note": "x" * 10**6})
    assert [(p.field, str(p.message)) for p in refused.value.problems] == [
        ("note", "is not a field of a Toy game hand")
    ]
    assert not Hand.objects.exists()


@pytest.mark.parametrize(
    ("record", "problem"),
    [
        (
            {"winner": "An\x00na"},
            ("winner", "contains a control character (such as NUL or a line break)"),
        ),
        ({"points": 10**26}, ("points", "is too large (at most 1,000,000,000,000 either way)")),
        ({"points": float("nan")}, ("points", "is not a whole number")),
        (
            {"bonuses": [{"who": [[[[[[[["Anna"]]]]]]]]}]},
            ("bonuses[0].who[0][0][0][0][0]", "is nested too deeply (at most 8 levels)"),
        ),
    ],
)
def test_record_and_edit_hand_refuse_values_out_of_bounds(night, record, problem):
    """NUL in a JSONField string breaks PostgreSQL: refused before anything is saved."""
    with pytest.raises(InvalidHand) as refused:
        services.record_hand(night=night, record={**hand("Dóra", "Anna", 3), **record})
    assert [(p.field, str(p.message)) for p in refused.value.problems] == [problem]
    first = services.record_hand(night=night, record=hand("Dóra", "Anna", 3))
    with pytest.raises(InvalidHand):
        services.edit_hand(hand=first, record={**hand("Dóra", "Anna", 3), **record}, version=1)
    first.refresh_from_db()
    assert (first.version, first.record) == (1, hand("Dóra", "Anna", 3))


def test_a_join_event_with_a_control_character_in_the_name_is_refused(night):
    with pytest.raises(InvalidHand) as refused:
        services.record_hand(night=night, record={"event": "join", "player": "Ede\x00"})
    assert [p.field for p in refused.value.problems] == ["player"]
    assert not Seat.objects.filter(player__name__startswith="Ede").exists()
