"""Strómann: the record rules of stromann.md section 13 and the section 12 switches (the
worked examples live in tests/engine/cases/stromann.json)."""

from __future__ import annotations

from typing import Any

import pytest

from scorebook.catalogues import say_in
from scorebook.engine.errors import InvalidHand
from scorebook.engine.scoresheet import resolve_house_rules
from scorebook.engine.types import Session
from scorebook.engine.variants.stromann import VARIANT

EN, HU = say_in("en"), say_in("hu")

PLAYERS = ("A", "B")


def session(**rules: Any) -> Session:
    resolved, problems = resolve_house_rules("stromann", rules)
    assert not problems
    return Session("stromann", PLAYERS, resolved)


def play(hand: dict[str, Any], **rules: Any) -> dict[str, int]:
    s = session(**rules)
    _, entries = VARIANT.play(s, VARIANT.start(s)[0], hand, 1)
    return dict(entries[0].deltas)


def refused(hand: dict[str, Any], **rules: Any) -> list[str]:
    with pytest.raises(InvalidHand) as info:
        play(hand, **rules)
    return [p.field for p in info.value.problems]


def jatek(**changes: Any) -> dict[str, Any]:
    hand: dict[str, Any] = {
        "dealer": "B",
        "bid": "jatek",
        "declarer": "A",
        "contra": 0,
        "announcements": [],
        "silent_ultimo_by": None,
        "declarer_points": 40,
        "non_dealer_points": None,
        "irregularity": None,
    }
    hand.update(changes)
    return hand


def mehet(**changes: Any) -> dict[str, Any]:
    hand: dict[str, Any] = {"dealer": "B", "bid": "mehet", "non_dealer_points": 40}
    hand.update(changes)
    return hand


# --- section 12 switches ------------------------------------------------------------


def test_house_rules_are_the_spec_switches_with_their_defaults():
    assert {rule.name: rule.default for rule in VARIANT.house_rules} == {
        "deck_size": 54,
        "bid_order": "non_dealer_first",
        "jatek_doubles_game": False,
        "fejek_value": 1,
        "threshold_42": 34,
        "tuletroa_includes_fejek": False,
        "late_bonus_announcement": False,
        "max_contra_level": 5,
        "dealer_rotation": "alternate",
        "revoke_penalty": True,
    }


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("deck_size", 32),
        ("bid_order", "dealer_last"),
        ("fejek_value", -1),
        ("threshold_42", 0),
        ("threshold_42", 67),
        ("max_contra_level", 3),
        ("dealer_rotation", "same_dealer"),
        ("revoke_penalty", "yes"),
    ],
)
def test_house_rule_values_outside_the_spec_are_refused(name, value):
    _, problems = resolve_house_rules("stromann", {name: value})
    assert [p.field for p in problems] == [f"house_rules.{name}"]


def test_recording_only_switches_change_no_arithmetic():
    hand = jatek(announcements=[{"player": "B", "bonus": "four_kings"}])
    expected = {"A": 1, "B": -1}
    assert play(hand) == expected
    assert play(hand, bid_order="dealer_first") == expected
    assert play(hand, late_bonus_announcement=True) == expected


def test_42_cards_range_to_66():
    assert play(mehet(non_dealer_points=66), deck_size=42) == {"A": 2, "B": -2}
    assert refused(mehet(non_dealer_points=67), deck_size=42) == ["non_dealer_points"]


def test_contra_never_multiplies_bonuses():
    hand = jatek(contra=2, announcements=[{"player": "B", "bonus": "trull"}])
    assert play(hand) == {"A": 12 - 2, "B": -10}


def test_max_contra_level_rekontra():
    assert play(jatek(contra=3)) == {"A": 24, "B": -24}
    assert refused(jatek(contra=3), max_contra_level=2) == ["contra"]


def test_the_deal_alternates_and_the_state_round_trips():
    s = session()
    state, _ = VARIANT.start(s)
    assert VARIANT.table_hint(s, state).next_dealer is None
    state, _ = VARIANT.play(s, state, mehet(), 1)
    assert VARIANT.table_hint(s, state).next_dealer == "A"
    assert VARIANT.load_state(VARIANT.dump_state(state)) == state


def test_entries_explain_in_both_languages():
    s = session()
    _, entries = VARIANT.play(s, VARIANT.start(s)[0], jatek(silent_ultimo_by="A"), 1)
    assert EN(entries[0].summary)
    assert HU(entries[0].summary)
    assert HU(entries[0].summary) != EN(entries[0].summary)
    assert all(EN(line.text) and HU(line.text) for line in entries[0].lines)


# --- section 13 record rules, one test each --------------------------------------------


def test_dealer_is_a_player():
    assert refused(mehet(dealer="C")) == ["dealer"]
    assert refused(mehet(dealer=None)) == ["dealer"]


def test_bid_is_mehet_or_jatek():
    assert refused(mehet(bid="passz")) == ["bid"]


def test_declarer_set_at_jatek():
    assert refused(jatek(declarer=None)) == ["declarer"]
    assert refused(jatek(declarer="C")) == ["declarer"]


def test_declarer_null_at_mehet():
    assert refused(mehet(declarer="A")) == ["declarer"]


def test_contra_is_a_level():
    assert refused(jatek(contra=6)) == ["contra"]
    assert refused(jatek(contra="kontra")) == ["contra"]


def test_no_contra_at_mehet():
    assert refused(mehet(contra=1)) == ["contra"]


def test_announcement_player_and_bonus():
    hand = jatek(announcements=[{"player": "C", "bonus": "uhu"}])
    assert refused(hand) == ["announcements[0].player", "announcements[0].bonus"]


@pytest.mark.parametrize("value", [{}, 0, False, "", "trull"])
def test_announcements_is_a_list(value):
    # Spec section 13: a list of {player, bonus}; an empty object, 0 or false was once
    # taken as "no announcement".
    assert refused(jatek(announcements=value)) == ["announcements"]
    assert play(jatek(announcements=None)) == {"A": 3, "B": -3}


def test_each_bonus_at_most_once():
    hand = jatek(
        announcements=[
            {"player": "A", "bonus": "four_kings"},
            {"player": "B", "bonus": "four_kings"},
        ]
    )
    assert refused(hand) == ["announcements[1].bonus"]


def test_never_both_trull_and_heads():
    hand = jatek(
        announcements=[{"player": "A", "bonus": "trull"}, {"player": "B", "bonus": "heads"}]
    )
    assert refused(hand) == ["announcements[1].bonus"]


def test_silent_ultimo_by_a_player():
    assert refused(jatek(silent_ultimo_by="C")) == ["silent_ultimo_by"]


def test_declarer_points_required_at_jatek():
    assert refused(jatek(declarer_points=None)) == ["declarer_points"]


def test_declarer_points_0_to_70():
    assert refused(jatek(declarer_points=71)) == ["declarer_points"]
    assert refused(jatek(declarer_points=-1)) == ["declarer_points"]


def test_non_dealer_points_required_at_mehet():
    assert refused(mehet(non_dealer_points=None)) == ["non_dealer_points"]


def test_the_unused_points_field_is_null():
    assert refused(jatek(non_dealer_points=30)) == ["non_dealer_points"]
    assert refused(mehet(declarer_points=30)) == ["declarer_points"]


def test_irregularity_is_a_revoke_by_a_player():
    assert refused(jatek(irregularity={"type": "misdeal", "player": "A"})) == ["irregularity.type"]
    assert refused(jatek(irregularity={"type": "revoke", "player": "C"})) == ["irregularity.player"]


def test_a_penalised_revoke_needs_no_card_points():
    hand = jatek(declarer_points=None, irregularity={"type": "revoke", "player": "A"})
    assert play(hand) == {"A": -4, "B": 4}


def test_an_unpenalised_revoke_needs_card_points():
    hand = jatek(declarer_points=None, irregularity={"type": "revoke", "player": "A"})
    assert refused(hand, revoke_penalty=False) == ["declarer_points"]


def test_every_problem_is_reported_at_once():
    hand = jatek(dealer="Z", contra=9, declarer_points=80, silent_ultimo_by="Q")
    assert refused(hand) == ["dealer", "contra", "declarer_points", "silent_ultimo_by"]


def test_there_are_no_session_events():
    s = session()
    with pytest.raises(InvalidHand) as info:
        VARIANT.event(s, VARIANT.start(s)[0], {"event": "leave", "player": "A"})
    assert info.value.problems[0].field == "event"


# --- a record the cards cannot give (issue 11) -------------------------------------------


def test_the_silent_ultimo_is_the_pagat_holders():
    # A's tulétroá: A held the pagát, so B's pagát cannot win the last trick.
    hand = jatek(announcements=[{"player": "A", "bonus": "trull"}], silent_ultimo_by="B")
    with pytest.raises(InvalidHand) as info:
        play(hand)
    assert [(p.field, EN(p.message)) for p in info.value.problems] == [
        (
            "silent_ultimo_by",
            "A held the pagát (tulétroá): B's pagát cannot win the last trick",
        )
    ]
    hand["silent_ultimo_by"] = "A"
    assert play(hand) == {"A": 3 + 2 + 2, "B": -7}  # game 3, tulétroá 2, ultimó 2 (játék)


def test_the_ultimo_winners_tricks_hold_at_least_5_card_points():
    # The pagát (4) and the card it won (a final pair counts 1): at least 5 for him.
    with pytest.raises(InvalidHand) as info:
        play(jatek(declarer_points=4, silent_ultimo_by="A"))
    assert [(p.field, EN(p.message)) for p in info.value.problems] == [
        (
            "declarer_points",
            "4 is below 5: A's tricks hold the pagát (silent ultimó) and the card it won",
        )
    ]
    assert play(jatek(declarer_points=5, silent_ultimo_by="A")) == {"A": -4 + 2, "B": 2}
    # The other player's pagát: at most 70 − 5 for the recorded one.
    assert refused(jatek(declarer_points=66, silent_ultimo_by="B")) == ["declarer_points"]
    assert play(jatek(declarer_points=65, silent_ultimo_by="B")) == {"A": 3 - 2, "B": -1}
    # mehet records the non-dealer's (A's) points; 42 cards: at most 66 − 5 = 61.
    assert refused(mehet(non_dealer_points=62, silent_ultimo_by="B"), deck_size=42) == [
        "non_dealer_points"
    ]
    assert play(mehet(non_dealer_points=61, silent_ultimo_by="B"), deck_size=42) == {
        "A": 2 - 1,
        "B": -1,
    }
