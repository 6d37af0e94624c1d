"""Helpers for the two-player games' validation tests (spec two_player_games.md §13.3)."""

import copy

import pytest

from scorebook.catalogues import say_in
from scorebook.engine.errors import InvalidSheet
from scorebook.engine.scoresheet import score_sheet

PLAYERS = ["Anna", "Béla"]


def sheet(key, results, rules=None, players=PLAYERS, dealers=None):
    """A scoresheet of `results` (one per deal) with the dealer alternating from Anna."""
    hands = []
    for i, result in enumerate(results):
        dealer = dealers[i] if dealers else players[i % 2]
        hands.append({"dealer": dealer, "result": result})
    doc = {"format": "scorebook/1", "variant": key, "players": list(players), "hands": hands}
    if rules:
        doc["house_rules"] = rules
    return doc


def score(key, results, rules=None, **kw):
    return score_sheet(sheet(key, results, rules, **kw))


def problems_of(doc):
    with pytest.raises(InvalidSheet) as refused:
        score_sheet(doc)
    return refused.value.problems


def refuses(key, results, field, rules=None, hand=None, **kw):
    """The sheet is refused and a problem names `field` (of hand `hand`, default the last)."""
    problems = problems_of(sheet(key, results, rules, **kw))
    number = hand if hand is not None else len(results)
    fields = [(p.hand, p.field) for p in problems]
    assert (number, field) in fields, fields
    for p in problems:
        assert say_in("en")(p.message)
        assert say_in("hu")(p.message)


def common_tests(key, good, bad_type_field, bad_type_value):
    """§13.3 items 1–3, common to every game: `good` is a valid result of the game."""

    def test_players_must_be_two():
        doc = sheet(key, [good], players=["Anna", "Béla", "Csaba"])
        doc["hands"] = []
        assert any(p.field == "players" for p in problems_of(doc))

    def test_no_pots():
        doc = sheet(key, [good])
        doc["pots"] = {"ultimokassza": 0}
        assert any(p.field == "pots.ultimokassza" for p in problems_of(doc))

    def test_no_session_events():
        doc = sheet(key, [good])
        doc["hands"].append({"event": "join", "player": "Anna"})
        assert any(p.field == "event" for p in problems_of(doc))

    def test_unknown_house_rule():
        doc = sheet(key, [good], {"ultimo_kassza": True})
        assert any(p.field == "house_rules.ultimo_kassza" for p in problems_of(doc))

    def test_house_rule_value_outside_allowed():
        doc = sheet(key, [good], {"settlement_mode": "money", "dealer_rotation": "winner"})
        fields = {p.field for p in problems_of(doc)}
        assert {"house_rules.settlement_mode", "house_rules.dealer_rotation"} <= fields

    def test_dealer_must_be_a_player():
        refuses(key, [good], "dealer", dealers=["Zoli"])

    def test_dealer_must_follow_the_rotation():
        refuses(key, [good, good], "dealer", dealers=["Anna", "Anna"])

    def test_result_is_required():
        doc = sheet(key, [good])
        del doc["hands"][0]["result"]
        assert [(p.hand, p.field) for p in problems_of(doc)] == [(1, "result")]

    def test_unknown_result_key():
        bad = copy.deepcopy(good)
        bad["bid"] = 3
        refuses(key, [bad], "result.bid")

    def test_field_type_checked():
        bad = copy.deepcopy(good)
        bad[bad_type_field.split(".")[0]] = bad_type_value
        refuses(key, [bad], f"result.{bad_type_field}")

    def test_ignored_fields_are_ignored():
        hand = {"dealer": "Anna", "result": good, "variant": "x", "deal_number": 9}
        hand["computed"] = {"deltas": {"Anna": 99}}
        doc = sheet(key, [good])
        doc["hands"] = [hand]
        assert score_sheet(doc)["entries"][0]["number"] == 1

    return {name: fn for name, fn in locals().items() if name.startswith("test_")}


def hint(key, results, rules=None):
    """The table hint after `results`."""
    from scorebook.engine import registry
    from scorebook.engine.replay import fold
    from scorebook.engine.scoresheet import read_sheet

    s = read_sheet(sheet(key, results, rules))
    state, _, problems = fold(s.session, s.records)
    assert not problems
    return registry.get(key).table_hint(s.session, state)
