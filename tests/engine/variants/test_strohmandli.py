"""Strohmandli (spec strohmandli.md): one test per validation rule of §13.3, and focused tests
of the house-rule switches (§12), the matches (§10) and the table hint."""

import dataclasses
import json
from pathlib import Path

import pytest

from scorebook.catalogues import say_in
from scorebook.engine import registry
from scorebook.engine.errors import InvalidSheet
from scorebook.engine.replay import fold
from scorebook.engine.scoresheet import read_sheet, score_sheet

ROOT = Path(__file__).resolve().parents[3]
VARIANT = registry.get("strohmandli")


def sheet(*hands, players=("A", "B"), **rules):
    return {
        "format": "scorebook/1",
        "variant": "strohmandli",
        "house_rules": rules,
        "players": list(players),
        "hands": list(hands),
    }


def deal(dealer="A", a=52, b=42, **fields):
    hand = {"dealer": dealer, "card_points": {"A": a, "B": b}, "captures": {}}
    hand.update(fields)
    return hand


def refused(data):
    with pytest.raises(InvalidSheet) as info:
        score_sheet(data)
    return {(p.hand, p.field) for p in info.value.problems}


def assert_refused(data, field, hand=1):
    fields = refused(data)
    assert (hand, field) in fields, fields


def deltas(data):
    return [e["deltas"] for e in score_sheet(data)["entries"]]


# --- §13.3 item 1: the session ----------------------------------------------------------


def test_three_players_are_refused():
    data = sheet(deal(), players=("A", "B", "C"))
    assert_refused(data, "players", hand=None)


def test_one_player_is_refused():
    assert_refused(sheet(deal(), players=("A",)), "players", hand=None)


def test_a_pot_is_refused():
    data = sheet(deal())
    data["pots"] = {"kassza": 0}
    assert_refused(data, "pots.kassza", hand=None)


def test_a_session_event_is_refused():
    data = sheet(deal(), {"event": "join", "player": "A"})
    assert (None, "event") in refused(data)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("ruleset", "tournament"),
        ("figure_scoring", "highest"),
        ("highest_only_scope", "everything"),
        ("allow_fej_and_tuletroa", "yes"),
        ("failed_ulti_penalty", -1),
        ("failed_ulti_penalty", None),
        ("revoke_penalty_points", 0),
        ("dealer_rotation", "clockwise"),
        ("target_points", 0),
        ("match_deals", 0),
        ("point_value", 2),  # not a house rule: money is stake.per_point (§12 item 8)
    ],
)
def test_a_house_rule_outside_its_values_is_refused(name, value):
    assert_refused(sheet(deal(), **{name: value}), f"house_rules.{name}", hand=None)


def test_every_house_rule_of_section_12_with_its_default():
    rules = {rule.name: rule.default for rule in VARIANT.house_rules}
    assert rules == {
        "ruleset": "base",
        "figure_scoring": "all",
        "highest_only_scope": "threshold_chain",
        "allow_fej_and_tuletroa": False,
        "failed_ulti_penalty": 0,
        "revoke_penalty_points": None,
        "dealer_rotation": "alternate",
        "target_points": None,
        "match_deals": None,
    }
    for rule in VARIANT.house_rules:
        assert str(rule.help)
        assert say_in("hu")(rule.help)


# --- §13.3 item 2: the dealer -------------------------------------------------------------


def test_the_dealer_must_be_a_player():
    assert_refused(sheet(deal(dealer="C")), "dealer")


def test_the_dealer_is_required():
    hand = deal()
    del hand["dealer"]
    assert_refused(sheet(hand), "dealer")


def test_the_first_dealer_is_free_then_it_alternates():
    assert deltas(sheet(deal(dealer="B"), deal(dealer="A"), deal(dealer="B")))
    assert_refused(sheet(deal(dealer="B"), deal(dealer="B")), "dealer", hand=2)


@pytest.mark.parametrize(
    ("rotation", "second", "ok"),
    [
        # deal 1 dealt by A: A 52 → játék 1, B 0: A won the deal
        ("loser_deals", "B", True),
        ("loser_deals", "A", False),
        ("winner_deals", "A", True),
        ("winner_deals", "B", False),
    ],
)
def test_dealer_rotation(rotation, second, ok):
    data = sheet(deal(dealer="A"), deal(dealer=second), dealer_rotation=rotation)
    if ok:
        assert len(deltas(data)) == 2
    else:
        assert_refused(data, "dealer", hand=2)


@pytest.mark.parametrize("rotation", ["loser_deals", "winner_deals"])
def test_equal_result_points_alternate_under_every_rotation(rotation):
    tie = deal(dealer="A", a=47, b=47)
    assert len(deltas(sheet(tie, deal(dealer="B"), dealer_rotation=rotation))) == 2
    assert_refused(sheet(tie, deal(dealer="A"), dealer_rotation=rotation), "dealer", hand=2)


# --- §13.3 item 3: card points ----------------------------------------------------------


def test_card_points_must_name_both_players():
    hand = deal()
    hand["card_points"] = {"A": 94}
    assert_refused(sheet(hand), "card_points.B")


def test_card_points_must_not_name_others():
    hand = deal()
    hand["card_points"] = {"A": 50, "B": 44, "C": 0}
    assert_refused(sheet(hand), "card_points.C")


@pytest.mark.parametrize("value", [95, -2, 40.5, "47", None])
def test_card_points_must_be_an_integer_0_to_94(value):
    hand = deal()
    hand["card_points"] = {"A": value, "B": 47}
    assert_refused(sheet(hand), "card_points.A")


def test_card_points_must_sum_to_94():
    assert_refused(sheet(deal(a=50, b=40)), "card_points")


@pytest.mark.parametrize(("a", "b"), [(1, 93), (93, 1)])
def test_card_points_1_and_93_are_impossible(a, b):
    fields = refused(sheet(deal(a=a, b=b)))
    assert (1, "card_points.A") in fields
    assert (1, "card_points.B") in fields


def test_card_points_are_required():
    hand = deal()
    del hand["card_points"]
    assert_refused(sheet(hand), "card_points")


# --- §13.3 item 4: announcements ---------------------------------------------------------


def test_no_announcements_in_the_house_variant():
    hand = deal(announcements=[{"player": "A", "type": "fej"}])
    assert_refused(sheet(hand, ruleset="house_variant"), "announcements")
    # an empty list is fine
    assert deltas(sheet(deal(announcements=[]), ruleset="house_variant"))


def test_an_announcement_by_an_unknown_player():
    hand = deal(announcements=[{"player": "C", "type": "fej"}])
    assert_refused(sheet(hand), "announcements[0].player")


def test_an_announcement_of_an_unknown_type():
    hand = deal(announcements=[{"player": "A", "type": "trull"}])
    assert_refused(sheet(hand), "announcements[0].type")


@pytest.mark.parametrize("trick", [0, 22, "4", 2.5])
def test_an_announcement_trick_outside_1_to_21(trick):
    hand = deal(announcements=[{"player": "A", "type": "fej", "trick": trick}])
    assert_refused(sheet(hand), "announcements[0].trick")


def test_two_announcements_on_one_trick():
    hand = deal(
        announcements=[
            {"player": "A", "type": "fej", "trick": 4},
            {"player": "A", "type": "negy_kiraly", "trick": 4},
        ]
    )
    assert_refused(sheet(hand), "announcements[1].trick")


def test_the_dealer_does_not_announce_on_trick_1():
    hand = deal(dealer="A", announcements=[{"player": "A", "type": "fej", "trick": 1}])
    assert_refused(sheet(hand), "announcements[0].trick")
    ok = deal(dealer="A", announcements=[{"player": "B", "type": "fej", "trick": 1}])
    assert deltas(sheet(ok))


def test_the_same_announcement_twice():
    hand = deal(
        announcements=[
            {"player": "A", "type": "negy_kiraly"},
            {"player": "A", "type": "negy_kiraly"},
        ]
    )
    assert_refused(sheet(hand), "announcements[1].type")


def test_both_players_announce_fej():
    hand = deal(announcements=[{"player": "A", "type": "fej"}, {"player": "B", "type": "fej"}])
    assert_refused(sheet(hand), "announcements[1].type")


def test_both_players_announce_negy_kiraly():
    hand = deal(
        announcements=[
            {"player": "B", "type": "negy_kiraly"},
            {"player": "A", "type": "negy_kiraly"},
        ]
    )
    assert_refused(sheet(hand), "announcements[1].type")


@pytest.mark.parametrize(
    ("first", "second"), [("tuletroa", "fej"), ("fej", "tuletroa"), ("tuletroa", "tuletroa")]
)
def test_tuletroa_puts_all_honours_in_one_hand(first, second):
    hand = deal(announcements=[{"player": "A", "type": first}, {"player": "B", "type": second}])
    assert_refused(sheet(hand), "announcements[1].type")


def test_fej_and_tuletroa_by_one_player_need_the_switch():
    hand = deal(announcements=[{"player": "A", "type": "tuletroa"}, {"player": "A", "type": "fej"}])
    assert_refused(sheet(hand), "announcements[1].type")
    # allowed: játék 1 + tulétroá 2 + fej 1
    assert deltas(sheet(hand, allow_fej_and_tuletroa=True)) == [{"A": 4, "B": -4}]


def test_an_announcement_must_be_an_object():
    assert_refused(sheet(deal(announcements=["fej"])), "announcements[0]")


# --- §13.3 item 5: captures ---------------------------------------------------------------


def test_captures_are_required():
    hand = deal()
    del hand["captures"]
    assert_refused(sheet(hand), "captures")


def test_an_unknown_capture():
    assert_refused(sheet(deal(captures={"ultimo": "A"})), "captures.ultimo")


def test_a_capture_naming_no_player():
    assert_refused(sheet(deal(captures={"uhu": "C"})), "captures.uhu")


@pytest.mark.parametrize("key", ["xxi_fogas", "tuletroa_captured", "negy_kiraly_captured"])
def test_variant_captures_are_refused_under_the_base_rules(key):
    assert_refused(sheet(deal(captures={key: "A"})), f"captures.{key}")
    assert deltas(sheet(deal(captures={key: "A"}), ruleset="house_variant"))


def test_pagatfogas_and_pagatulti_together():
    hand = deal(captures={"pagatfogas": "A", "pagatulti": "A"})
    assert_refused(sheet(hand), "captures.pagatulti")


def test_a_failed_pagatulti_needs_the_opponents_pagatfogas():
    assert_refused(sheet(deal(captures={"pagatulti_failed": "A"})), "captures.pagatulti_failed")
    hand = deal(captures={"pagatulti_failed": "A", "pagatfogas": "A"})
    assert_refused(sheet(hand), "captures.pagatulti_failed")
    assert deltas(sheet(deal(captures={"pagatulti_failed": "A", "pagatfogas": "B"})))


def test_uhu_and_a_failed_uhu_together():
    hand = deal(captures={"uhu": "A", "uhu_failed": "B"})
    assert_refused(sheet(hand), "captures.uhu_failed")


@pytest.mark.parametrize("key", ["pagatfogas", "pagatulti"])
def test_the_pagat_ends_with_the_tuletroa_taker(key):
    hand = deal(captures={key: "B", "tuletroa_captured": "A"})
    assert_refused(sheet(hand, ruleset="house_variant"), "captures.tuletroa_captured")


def test_a_lost_pagat_rules_out_tuletroa_captured():
    hand = deal(captures={"pagatulti_failed": "A", "pagatfogas": "B", "tuletroa_captured": "A"})
    fields = refused(sheet(hand, ruleset="house_variant"))
    assert (1, "captures.tuletroa_captured") in fields


def test_the_xxi_ends_with_the_tuletroa_taker():
    hand = deal(captures={"xxi_fogas": "B", "tuletroa_captured": "A"})
    assert_refused(sheet(hand, ruleset="house_variant"), "captures.xxi_fogas")


def test_a_tuletroa_announcer_held_the_pagat():
    announced = [{"player": "A", "type": "tuletroa"}]
    hand = deal(announcements=announced, captures={"pagatfogas": "A"})
    assert_refused(sheet(hand), "captures.pagatfogas")
    hand = deal(announcements=announced, captures={"pagatulti": "B"})
    assert_refused(sheet(hand), "captures.pagatulti")
    hand = deal(announcements=announced, captures={"pagatulti_failed": "B", "pagatfogas": "A"})
    assert_refused(sheet(hand), "captures.pagatulti_failed")


@pytest.mark.parametrize("key", ["pagatfogas", "uhu", "pagatulti"])
def test_a_player_with_0_card_points_captured_nothing(key):
    assert_refused(sheet(deal(a=94, b=0, captures={key: "B"})), f"captures.{key}")


@pytest.mark.parametrize("key", ["xxi_fogas", "tuletroa_captured", "negy_kiraly_captured"])
def test_a_player_with_0_card_points_captured_nothing_in_the_variant(key):
    data = sheet(deal(a=0, b=94, captures={key: "A"}), ruleset="house_variant")
    assert_refused(data, f"captures.{key}")


def test_failed_figures_may_name_a_player_with_0_card_points():
    hand = deal(a=94, b=0, captures={"pagatulti_failed": "B", "pagatfogas": "A", "uhu_failed": "B"})
    assert deltas(sheet(hand))


# --- §13.3 items 6 and 7 -----------------------------------------------------------------


def test_an_irregularity_by_an_unknown_player():
    hand = deal(irregularities=[{"player": "C", "kind": "revoke"}])
    assert_refused(sheet(hand), "irregularities[0].player")


def test_an_irregularity_of_an_unknown_kind():
    hand = deal(irregularities=[{"player": "A", "kind": "misdeal"}])
    assert_refused(sheet(hand), "irregularities[0].kind")


@pytest.mark.parametrize(
    ("a", "b", "volat"), [(94, 0, "B"), (94, 0, None), (52, 42, "A"), (52, 42, "C")]
)
def test_volat_must_agree_with_the_card_points(a, b, volat):
    assert_refused(sheet(deal(a=a, b=b, volat=volat)), "volat")


def test_volat_agreeing_is_accepted():
    assert deltas(sheet(deal(a=94, b=0, volat="A"), deal(dealer="B", volat=None)))


# --- every problem at once, ignored fields ------------------------------------------------


def test_every_problem_of_a_hand_is_named():
    hand = {
        "dealer": "Z",
        "card_points": {"A": 50, "B": 50},
        "captures": {"uhu": "Q", "bogus": None},
        "irregularities": [{"player": "A", "kind": "cheating"}],
    }
    assert refused(sheet(hand)) >= {
        (1, "dealer"),
        (1, "card_points"),
        (1, "captures.uhu"),
        (1, "captures.bogus"),
        (1, "irregularities[0].kind"),
    }


def test_session_keys_computed_and_deal_number_in_a_hand_are_ignored():
    hand = deal(
        variant="ultimo",
        ruleset="house_variant",
        players=["X"],
        house_rules={"figure_scoring": "highest_only"},
        deal_number=7,
        computed={"deltas": {"A": 100, "B": -100}},
    )
    assert deltas(sheet(hand)) == [{"A": 1, "B": -1}]


def test_a_hand_that_is_not_an_object():
    assert_refused(sheet("deal"), "hand")


# --- switches (§12) -------------------------------------------------------------------------


def test_failed_ulti_penalty_credits_the_opponent_and_survives_highest_only():
    hand = deal(a=60, b=34, captures={"uhu_failed": "A"})
    # kassza chain: all 1 + 2 = 3; B credited 4
    assert deltas(sheet(hand, failed_ulti_penalty=4)) == [{"A": -1, "B": 1}]
    assert deltas(sheet(hand, failed_ulti_penalty=4, figure_scoring="highest_only")) == [
        {"A": -2, "B": 2}
    ]
    assert deltas(sheet(hand)) == [{"A": 3, "B": -3}]


def test_revoke_penalty_counts_each_offence():
    hand = deal(
        a=47,
        b=47,
        irregularities=[
            {"player": "A", "kind": "revoke"},
            {"player": "A", "kind": "false_announcement"},
        ],
    )
    assert deltas(sheet(hand, revoke_penalty_points=2)) == [{"A": -4, "B": 4}]
    assert deltas(sheet(hand)) == [{"A": 0, "B": 0}]


def test_all_figures_scope_counts_one_figure_of_the_highest_value():
    # A: játék 1 + kassza 2 + négy király 4 + uhu 5 + pagátfogás 5 → one 5
    hand = deal(
        a=64,
        b=30,
        announcements=[{"player": "A", "type": "negy_kiraly"}],
        captures={"uhu": "A", "pagatfogas": "A"},
    )
    data = sheet(hand, figure_scoring="highest_only", highest_only_scope="all_figures")
    result = score_sheet(data)
    assert result["entries"][0]["deltas"] == {"A": 5, "B": -5}
    assert any("not counted" in line for line in result["entries"][0]["breakdown"])
    # the scope alone changes nothing while figure_scoring is "all"
    assert deltas(sheet(hand, highest_only_scope="all_figures")) == [{"A": 17, "B": -17}]


def test_breakdown_in_both_languages_shows_the_arithmetic():
    hand = deal(a=64, b=30, captures={"pagatfogas": "A"})
    en = score_sheet(sheet(hand))["entries"][0]["breakdown"]
    hu = score_sheet(sheet(hand), say_in("hu"))["entries"][0]["breakdown"]
    assert en[0] == (
        "A, 64 card points: játék (≥ 48) 1 + kassza (≥ 60) 2 + "
        "pagátfogás (took the opponent's pagát) 5 = 8 result points, B pays 8"
    )
    assert hu[0].startswith("A, 64 kártyapont: játék (≥ 48) 1 + kassza (≥ 60) 2 + pagátfogás")
    assert "A 8 − 0 = +8" in en[-1]
    assert "1. játszma: A 8 – B 0" in hu[-1]


# --- matches, table hint, state -----------------------------------------------------------


def _state_after(data):
    parsed = read_sheet(data)
    state, _, problems = fold(parsed.session, parsed.records)
    assert not problems
    return parsed.session, state


def test_table_hint_shows_the_match_and_the_next_dealer():
    data = sheet(deal(dealer="A"), deal(dealer="B", a=30, b=64), target_points=10, match_deals=5)
    session, state = _state_after(data)
    hint = VARIANT.table_hint(session, state)
    assert hint.next_dealer == "A"
    assert [str(n) for n in hint.notes] == ["match 1: A 1 – B 3, playing to 10, deal 3 of 5"]
    assert [say_in("hu")(n) for n in hint.notes] == ["1. játszma: A 1 – B 3, 10 pontig, 3/5. parti"]


def test_table_hint_after_a_match_ended_and_before_the_first_deal():
    session, state = _state_after(sheet(deal(dealer="A", a=73, b=21), target_points=5))
    notes = [str(n) for n in VARIANT.table_hint(session, state).notes]
    assert notes == ["match 1: A 7 – B 0, won by A", "match 2: A 0 – B 0, playing to 5"]
    session, state = _state_after(sheet())
    hint = VARIANT.table_hint(session, state)
    assert hint.next_dealer == "A"
    assert str(hint.notes[-1]) == "first deal: either player may deal"


def test_an_empty_session_has_no_match():
    result = score_sheet(sheet())
    assert result["end_of_session"] == {"payouts": {"A": 0, "B": 0}, "pots_left": {}, "matches": []}


def test_state_round_trips_through_json():
    data = sheet(*[deal(dealer="AB"[i % 2]) for i in range(5)], match_deals=2)
    _session, state = _state_after(data)
    dumped = json.loads(json.dumps(VARIANT.dump_state(state)))
    # Everything but the ended matches themselves (kept in memory for the end of a replay)
    assert len(state.done) == 2
    assert "done" not in dumped
    assert VARIANT.load_state(dumped) == dataclasses.replace(state, done=())


def test_the_example_night_scores():
    data = json.loads((ROOT / "examples" / "strohmandli.json").read_text(encoding="utf-8"))
    result = score_sheet(data)
    assert len(result["entries"]) >= 20
    assert result["end_of_session"]["matches"]
    assert sum(result["totals"].values()) == 0
