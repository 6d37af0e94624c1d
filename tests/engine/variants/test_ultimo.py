"""Ultimo: one test per validation rule (spec §6.8, §13), plus focused house-rule tests."""

import copy
import json
from pathlib import Path

import pytest

from scorebook.catalogues import say_in
from scorebook.engine import registry
from scorebook.engine.errors import InvalidHand, InvalidSheet
from scorebook.engine.replay import fold, replay
from scorebook.engine.scoresheet import read_sheet, resolve_house_rules, score_sheet
from scorebook.engine.types import Session
from scorebook.engine.variants.ultimo import VARIANT, card_point_amount

ABC = ["A", "B", "C"]
ABCD = ["A", "B", "C", "D"]


def base3():
    """A valid hand: A deals, B leads and deals next."""
    return {
        "dealer": "A",
        "declarations": [{"player": "B", "type": "trumps", "count": 10, "with_pagat": False}],
        "penalties": [],
        "in_play": {"kings_lost": {"A": 0, "B": 0, "C": 1}, "pagat": None},
        "last_trick": {
            "winner": "A",
            "winning_card": "other",
            "king_przydupek": [],
            "pagat_przydupek": None,
        },
        "tout": None,
        "nolo": None,
        "card_points": {"A": 30, "B": 27, "C": 21},
    }


def base4():
    """Four seated, A deals: C sits out, A, B and D play."""
    hand = base3()
    hand["sitting_out"] = "C"
    hand["declarations"][0]["player"] = "D"
    hand["in_play"]["kings_lost"] = {"A": 0, "B": 1, "D": 0}
    hand["card_points"] = {"A": 30, "B": 27, "D": 21}
    return hand


def sheet(players, hands, rules=None, pots=None):
    doc = {"format": "scorebook/1", "variant": "ultimo", "players": players, "hands": hands}
    if rules:
        doc["house_rules"] = rules
    if pots is not None:
        doc["pots"] = pots
    return doc


def refused_fields(doc):
    with pytest.raises(InvalidSheet) as refused:
        score_sheet(doc)
    return {p.field for p in refused.value.problems}


def assert_refused(players, hand, field, rules=None):
    fields = refused_fields(sheet(players, [hand], rules))
    assert field in fields, fields


def test_the_base_hands_are_valid():
    assert score_sheet(sheet(ABC, [base3()]))["totals"]
    assert score_sheet(sheet(ABCD, [base4()]))["totals"]


def _set(path, value):
    def change(hand):
        target = hand
        *head, last = path
        for key in head:
            target = target[key]
        target[last] = value
        return hand

    return change


def _void(hand):
    hand["penalties"] = [{"player": "B", "reason": "wrong_card_count", "trick": 3}]
    return hand


RULES_3 = [
    # who deals and who acts
    ("dealer not seated", _set(["dealer"], "Z"), "dealer"),
    ("dealer missing", lambda h: {k: v for k, v in h.items() if k != "dealer"}, "dealer"),
    ("sitting_out with 3 seats", _set(["sitting_out"], "B"), "sitting_out"),
    ("redeal by a stranger", _set(["redeal_requests"], ["Z"]), "redeal_requests[0]"),
    # declarations (§4 table A, §13.1)
    ("trumps below 10", _set(["declarations", 0, "count"], 9), "declarations[0].count"),
    ("trumps above 22", _set(["declarations", 0, "count"], 23), "declarations[0].count"),
    (
        "matadors below 3",
        _set(["declarations", 0], {"player": "B", "type": "matadors", "count": 2}),
        "declarations[0].count",
    ),
    ("unknown declaration", _set(["declarations", 0, "type"], "ruff"), "declarations[0].type"),
    (
        "half king without the missing suit",
        _set(["declarations", 0], {"player": "B", "type": "kings", "level": "half"}),
        "declarations[0].missing",
    ),
    (
        "full cavalry naming a missing card",
        _set(
            ["declarations", 0],
            {
                "player": "B",
                "type": "cavalry",
                "suit": "hearts",
                "level": "full",
                "missing": "jack",
            },
        ),
        "declarations[0].missing",
    ),
    (
        "two king declarations",
        _set(
            ["declarations"],
            [
                {"player": "B", "type": "kings", "level": "full", "missing": None},
                {"player": "B", "type": "kings", "level": "rich", "missing": None},
            ],
        ),
        "declarations[1].type",
    ),
    (
        "two cavalry declarations of one suit",
        _set(
            ["declarations"],
            [
                {"player": "B", "type": "cavalry", "suit": "clubs", "level": "full"},
                {"player": "B", "type": "cavalry", "suit": "clubs", "level": "rich"},
            ],
        ),
        "declarations[1].suit",
    ),
    # penalties (§9, §13.1)
    (
        "class contradicts the reason",
        _set(["penalties"], [{"player": "B", "class": "small", "reason": "lead_out_of_turn"}]),
        "penalties[0].class",
    ),
    (
        "other without a class",
        _set(["penalties"], [{"player": "B", "reason": "other"}]),
        "penalties[0].class",
    ),
    (
        "unknown reason",
        _set(["penalties"], [{"player": "B", "class": "large", "reason": "cheating"}]),
        "penalties[0].reason",
    ),
    (
        "trick above 25",
        _set(
            ["penalties"],
            [{"player": "B", "class": "large", "reason": "lead_out_of_turn", "trick": 26}],
        ),
        "penalties[0].trick",
    ),
    (
        "misdeal redeal by a non-dealer",
        _set(["penalties"], [{"player": "B", "reason": "misdeal_redeal"}]),
        "penalties[0].player",
    ),
    (
        "wrong discard by a non-dealer",
        lambda h: _void(h) and _set(["penalties", 0, "reason"], "wrong_discard")(h),
        "penalties[0].player",
    ),
    (
        "refund outside a declaration error",
        _set(
            ["penalties"],
            [
                {
                    "player": "B",
                    "reason": "lead_out_of_turn",
                    "refund_declarations": [0],
                }
            ],
        ),
        "penalties[0].refund_declarations",
    ),
    (
        "refund of a declaration that does not exist",
        lambda h: _set(
            ["penalties"],
            [{"player": "B", "reason": "declaration_error", "refund_declarations": [3]}],
        )(_set(["last_trick"], None)(_set(["card_points"], None)(h))),
        "penalties[0].refund_declarations[0]",
    ),
    (
        "refund of another player's declaration",
        lambda h: _set(
            ["penalties"],
            [{"player": "C", "reason": "declaration_error", "refund_declarations": [0]}],
        )(_set(["last_trick"], None)(_set(["card_points"], None)(h))),
        "penalties[0].refund_declarations[0]",
    ),
    (
        "two irreparable penalties",
        lambda h: _set(
            ["penalties"],
            [
                {"player": "B", "reason": "wrong_card_count"},
                {"player": "C", "reason": "wrong_card_count"},
            ],
        )(_set(["last_trick"], None)(_set(["card_points"], None)(h))),
        "penalties[1].class",
    ),
    (
        "failed Tout penalty on the Tout player",
        lambda h: _set(["penalties"], [{"player": "A", "reason": "failed_tout_joker_discard"}])(
            _set(["tout"], "A")(_set(["card_points"], {"A": 78, "B": 0, "C": 0})(h))
        ),
        "penalties[0].reason",
    ),
    # void hands (§9.3, §13.1)
    ("void flag without an irreparable penalty", _set(["void"], True), "void"),
    ("void flag not true or false", _set(["void"], "no"), "void"),
    (
        "void flag false on a void hand",
        lambda h: _set(["void"], False)(
            _set(["last_trick"], None)(_set(["card_points"], None)(_void(h)))
        ),
        "void",
    ),
    ("void hand with a last trick", lambda h: _set(["card_points"], None)(_void(h)), "last_trick"),
    (
        "void hand with card points",
        lambda h: _set(["last_trick"], None)(_void(h)),
        "card_points",
    ),
    (
        "void hand with a Tout",
        lambda h: _set(["tout"], "A")(
            _set(["last_trick"], None)(_set(["card_points"], None)(_void(h)))
        ),
        "tout",
    ),
    ("missing last trick", _set(["last_trick"], None), "last_trick"),
    # in play (§4 table B, §6.8)
    ("kings lost above 4", _set(["in_play", "kings_lost", "C"], 5), "in_play.kings_lost.C"),
    ("kings lost negative", _set(["in_play", "kings_lost", "C"], -1), "in_play.kings_lost.C"),
    (
        "more than four kings in all",
        lambda h: _set(["last_trick", "winning_card"], "king")(
            _set(["in_play", "kings_lost"], {"A": 2, "B": 2, "C": 0})(h)
        ),
        "in_play.kings_lost",
    ),
    (
        "the Pagat twice",
        lambda h: _set(["last_trick", "winning_card"], "pagat")(
            _set(["in_play", "pagat"], {"player": "B", "result": "lost"})(h)
        ),
        "in_play.pagat",
    ),
    (
        "Pagat result unknown",
        _set(["in_play", "pagat"], {"player": "B", "result": "drawn"}),
        "in_play.pagat.result",
    ),
    # last trick (§4 table C, §6.8)
    ("winner unknown", _set(["last_trick", "winner"], "Z"), "last_trick.winner"),
    (
        "winning card unknown",
        _set(["last_trick", "winning_card"], "queen"),
        "last_trick.winning_card",
    ),
    (
        "Pagat wins and the Pagat is lost",
        lambda h: _set(["last_trick", "pagat_przydupek"], "B")(
            _set(["last_trick", "winning_card"], "pagat")(h)
        ),
        "last_trick.pagat_przydupek",
    ),
    (
        "a king wins over a lost Pagat",
        lambda h: _set(["last_trick", "pagat_przydupek"], "B")(
            _set(["last_trick", "winning_card"], "king")(h)
        ),
        "last_trick.pagat_przydupek",
    ),
    (
        "winner with a King Przydupek",
        _set(["last_trick", "king_przydupek"], ["A"]),
        "last_trick.king_przydupek[0]",
    ),
    (
        "winner with a Pagat Przydupek",
        _set(["last_trick", "pagat_przydupek"], "A"),
        "last_trick.pagat_przydupek",
    ),
    (
        "three King Przydupeks",
        _set(["last_trick", "king_przydupek"], ["A", "B", "C"]),
        "last_trick.king_przydupek",
    ),
    (
        "a king and the Pagat from one player",
        lambda h: _set(["last_trick", "pagat_przydupek"], "B")(
            _set(["last_trick", "king_przydupek"], ["B"])(h)
        ),
        "last_trick.pagat_przydupek",
    ),
    # Tout and Nolo (§6.8)
    ("Tout and Nolo together", lambda h: _set(["nolo"], "B")(_set(["tout"], "A")(h)), "nolo"),
    ("Tout by someone else than the winner", _set(["tout"], "B"), "tout"),
    ("Nolo by the winner", _set(["nolo"], "A"), "nolo"),
    (
        "Tout by a king loser",
        lambda h: _set(["in_play", "kings_lost", "A"], 1)(_set(["tout"], "A")(h)),
        "in_play.kings_lost.A",
    ),
    (
        "Tout by a Pagat loser",
        lambda h: _set(["in_play", "pagat"], {"player": "A", "result": "lost"})(
            _set(["tout"], "A")(h)
        ),
        "in_play.pagat",
    ),
    (
        "Nolo player won with the Pagat",
        lambda h: _set(["in_play", "pagat"], {"player": "B", "result": "won"})(
            _set(["card_points"], None)(_set(["nolo"], "B")(h))
        ),
        "in_play.pagat",
    ),
    (
        "Tout with card points for a player without tricks",
        lambda h: _set(["card_points"], {"A": 70, "B": 8, "C": 0})(
            _set(["in_play", "kings_lost", "C"], 0)(_set(["tout"], "A")(h))
        ),
        "card_points.B",
    ),
    # card points (§4 table D, §6.8)
    ("card points do not sum to 78", _set(["card_points", "A"], 31), "card_points"),
    ("card points negative", _set(["card_points", "A"], -1), "card_points.A"),
    ("card points not whole", _set(["card_points", "A"], 30.5), "card_points.A"),
    # One count left out follows from the other two (78 in all); two left out are refused.
    (
        "card points missing two players",
        lambda h: h["card_points"].pop("B") and h["card_points"].pop("C") and h,
        "card_points.C",
    ),
    ("card points missing", _set(["card_points"], None), "card_points"),
    ("card points after a Nolo", _set(["nolo"], "B"), "card_points"),
]


@pytest.mark.parametrize(("change", "field"), [r[1:] for r in RULES_3], ids=[r[0] for r in RULES_3])
def test_three_seat_rule(change, field):
    assert_refused(ABC, change(base3()), field)


RULES_4 = [
    ("sitting_out wrong", _set(["sitting_out"], "B"), "sitting_out"),
    ("sitting_out null with four seated", _set(["sitting_out"], None), "sitting_out"),
    (
        "the person sitting out declares",
        _set(["declarations", 0, "player"], "C"),
        "declarations[0].player",
    ),
    (
        "the person sitting out loses a king",
        _set(["in_play", "kings_lost", "C"], 1),
        "in_play.kings_lost.C",
    ),
    (
        "card points for the person sitting out",
        _set(["card_points"], {"A": 30, "B": 27, "C": 21}),
        "card_points.C",
    ),
    (
        "the person sitting out wins the last trick",
        _set(["last_trick", "winner"], "C"),
        "last_trick.winner",
    ),
    (
        "the person sitting out is penalised",
        _set(["penalties"], [{"player": "C", "class": "large", "reason": "other"}]),
        "penalties[0].player",
    ),
    (
        "the person sitting out asks for a redeal",
        _set(["redeal_requests"], ["C"]),
        "redeal_requests[0]",
    ),
    (
        "Nolo by the person sitting out",
        lambda h: _set(["card_points"], None)(_set(["nolo"], "C")(h)),
        "nolo",
    ),
]


@pytest.mark.parametrize(("change", "field"), [r[1:] for r in RULES_4], ids=[r[0] for r in RULES_4])
def test_four_seat_rule(change, field):
    assert_refused(ABCD, change(base4()), field)


def test_wrong_card_count_offender_follows_the_house_rule():
    hand = _set(["penalties"], [{"player": "B", "reason": "wrong_card_count"}])(base3())
    hand["last_trick"] = hand["card_points"] = None
    assert_refused(ABC, hand, "penalties[0].player", {"misdeal_offender": "dealer"})
    # B: +20 for his trumps, +5 from C's lost king, −80 for the irreparable penalty
    assert score_sheet(sheet(ABC, [hand]))["entries"][-1]["deltas"]["B"] == 20 + 5 - 80


def test_revoke_class_follows_the_house_rule():
    hand = _set(["penalties"], [{"player": "B", "class": "large", "reason": "revoke"}])(base3())
    assert_refused(ABC, hand, "penalties[0].class")  # default: a revoke is no penalty
    result = score_sheet(sheet(ABC, [hand], {"revoke_penalty_class": "large"}))
    # fee 5 + 5, large penalty 20 + 20, C's lost king 5 into the King pool
    assert result["entries"][-1]["pots"] == {"king": 30, "pagat": 25}


def test_card_points_may_be_left_out_when_tout_cancels_them():
    hand = base3()
    hand.update(tout="A", card_points=None)
    hand["in_play"]["kings_lost"]["C"] = 0
    assert_refused(ABC, hand, "card_points")
    assert score_sheet(sheet(ABC, [hand], {"tout_cancels_card_points": True}))["entries"]


def test_a_made_tout_names_the_failed_tout_penalty_by_its_place_in_the_record():
    hand = base3()  # A deals and wins the last trick
    hand.update(tout="A", card_points={"A": 78, "B": 0, "C": 0})
    hand["in_play"]["kings_lost"]["C"] = 0
    hand["penalties"] = [
        {"player": "Z", "class": "small", "reason": "other"},
        {"player": "A", "reason": "failed_tout_joker_discard", "trick": 25},
    ]
    assert refused_fields(sheet(ABC, [hand])) == {"penalties[0].player", "penalties[1].reason"}


# ---- card points against the cards (§1 card-point table, §12 item 5) --------------------
# Each trick counts 1 and the Skat (its point and three cards of at most 4) is the dealer's.


def _tout_b(points):
    """A deals, B has Tout (so B won the last trick)."""
    hand = base3()
    hand["last_trick"]["winner"] = "B"
    hand.update(tout="B", card_points=points)
    return hand


@pytest.mark.parametrize(
    ("points", "field"),
    [
        ({"A": 48, "B": 30, "C": 0}, "card_points.C"),  # no trick is a Nolo, not recorded
        ({"A": 0, "B": 48, "C": 30}, "card_points.A"),  # the dealer has the Skat point
    ],
)
def test_without_tout_or_nolo_everyone_has_a_card_point(points, field):
    fields = refused_fields(sheet(ABC, [_set(["card_points"], points)(base3())]))
    assert fields == {field}


def test_one_card_point_each_is_possible():
    result = score_sheet(sheet(ABC, [_set(["card_points"], {"A": 1, "B": 76, "C": 1})(base3())]))
    # A deals, B deals next: C's 1 point pays B 25 (table D), as does nobody else's
    assert "C 1 → C pays B 25" in result["entries"][-1]["breakdown"][-1]


@pytest.mark.parametrize(
    "points",
    [{"A": 14, "B": 64, "C": 0}, {"A": 0, "B": 78, "C": 0}],
    ids=["more than the Skat holds", "no Skat point"],
)
def test_beside_a_tout_the_dealer_has_only_the_skat(points):
    assert refused_fields(sheet(ABC, [_tout_b(points)])) == {"card_points.A"}


def test_a_full_skat_beside_a_tout_is_scored():
    result = score_sheet(sheet(ABC, [_tout_b({"A": 13, "B": 65, "C": 0})]))
    hand = result["entries"][-1]
    # fee, B's trumps, C's lost king, Tout 85 × 2 and both pools (70 + 65), both pools refilled,
    # card points with B: A 13 pays 15, C 0 pays 25
    assert hand["deltas"] == {"A": -155, "B": 330, "C": -175}
    assert hand["pots"] == {"king": 0, "pagat": 0}  # taken and refilled: 60 each again


# ---- session events (§10, scoresheet.md "Players who join or leave") -------------------


def test_a_late_joiner_cannot_act_before_joining():
    hand = base3()
    hand["dealer"] = "D"
    fields = refused_fields(sheet(ABCD, [hand, {"event": "join", "player": "D"}]))
    assert fields == {"dealer"}


def test_join_needs_a_late_joiner():
    # D joins twice: the second time he is seated already
    doc = sheet(ABCD, [{"event": "join", "player": "D"}, {"event": "join", "player": "D"}])
    assert refused_fields(doc) == {"player"}
    # and a seated player is no late joiner
    session = Session("ultimo", tuple(ABC), {r.name: r.default for r in VARIANT.house_rules})
    with pytest.raises(InvalidHand) as refused:
        VARIANT.event(session, VARIANT.start(session)[0], {"event": "join", "player": "A"})
    assert {p.field for p in refused.value.problems} == {"player"}


def test_join_seat_index_must_match():
    doc = sheet(
        ABCD, [{"event": "join", "player": "D", "seat_index": 1}], pots={"king": 90, "pagat": 90}
    )
    assert refused_fields(doc) == {"seat_index"}


def test_join_rounding_must_match_the_house_rule():
    doc = sheet(ABCD, [{"event": "join", "player": "D", "rounding": "up"}])
    assert refused_fields(doc) == {"rounding"}


def test_join_when_four_are_seated():
    players = ["A", "B", "C", "D", "E"]
    events = [{"event": "join", "player": "D"}, {"event": "join", "player": "E"}]
    assert "player" in refused_fields(sheet(players, events))


def test_leave_would_leave_two():
    assert refused_fields(sheet(ABC, [{"event": "leave", "player": "A"}])) == {"player"}


def test_leave_of_someone_not_seated():
    assert refused_fields(sheet(ABCD, [{"event": "leave", "player": "Z"}])) == {"player"}


@pytest.mark.parametrize("name", ["foundations", "end_of_session", "double_round"])
def test_other_events_are_refused(name):
    assert refused_fields(sheet(ABC, [{"event": name}])) == {"event"}


def test_fewer_than_three_seated_at_the_start():
    doc = sheet(ABCD, [{"event": "join", "player": "C"}, {"event": "join", "player": "D"}])
    assert "players" in refused_fields(doc)


def test_a_joiner_sits_where_players_lists_him():
    # D sits between A and B: with A dealing, B sits out (opposite), D is next dealer.
    players = ["A", "D", "B", "C"]
    doc = sheet(players, [{"event": "join", "player": "D", "seat_index": 1}])
    sheet_ = read_sheet(doc)
    state, _, problems = fold(sheet_.session, sheet_.records)
    assert not problems
    hint = VARIANT.table_hint(sheet_.session, state)
    assert (hint.next_dealer, hint.sitting_out) == ("A", ("B",))
    hand = base3()
    hand["dealer"] = "A"
    hand["in_play"]["kings_lost"] = {"C": 1}
    hand["declarations"][0]["player"] = "D"
    hand["card_points"] = {"A": 30, "D": 27, "C": 21}
    result = score_sheet(sheet(players, [{"event": "join", "player": "D"}, hand]))
    assert result["entries"][-1]["deltas"]["B"] == 0
    state2, _, _ = fold(sheet_.session, [*sheet_.records, hand])
    assert VARIANT.table_hint(sheet_.session, state2).next_dealer == "D"


def test_leaving_next_dealer_passes_the_deal_on():
    doc = sheet(ABCD, [base4(), {"event": "leave", "player": "B"}])
    sheet_ = read_sheet(doc)
    state, _, _ = fold(sheet_.session, sheet_.records)
    assert state.seated == ("A", "C", "D")
    hint = VARIANT.table_hint(sheet_.session, state)
    assert hint.next_dealer == "C"
    assert hint.sitting_out == ()


# ---- house rules and helpers ----------------------------------------------------------------


def test_every_house_rule_of_section_12():
    rules = {r.name: r.default for r in VARIANT.house_rules}
    assert rules == {
        "fourth_player_pays_ultimo": False,
        "tout_cancels_card_points": False,
        "card_points_cap": None,
        "skat_points_to": "dealer",
        "pool_split_remainder": "chips_from_next_dealer",
        "join_fee_rounding": "nearest",
        "leaving_share": "equal_share",
        "void_hand_reverses_payments": False,
        "redeal_allowed_after_declarations": True,
        "failed_tout_joker_penalty": "large",
        "tout_value": 85,
        "revoke_penalty_class": None,
        "misdeal_offender": "holder",
    }
    for rule in VARIANT.house_rules:
        assert str(rule.help)
        assert say_in("hu")(rule.help) != str(rule.help)


@pytest.mark.parametrize(
    ("name", "value", "ok"),
    [
        ("revoke_penalty_class", None, True),
        ("revoke_penalty_class", "large", True),
        ("revoke_penalty_class", "irreparable", True),
        ("revoke_penalty_class", "small", False),
        ("pool_split_remainder", "exact", True),
        ("pool_split_remainder", "random", False),
        ("card_points_cap", 20, True),
        ("card_points_cap", -5, False),
        ("tout_value", 135, True),
        ("failed_tout_joker_penalty", "irreparable_amount", True),
    ],
)
def test_house_rule_values(name, value, ok):
    _, problems = resolve_house_rules("ultimo", {name: value})
    assert (not problems) is ok


@pytest.mark.parametrize(
    ("points", "amount"),
    [
        (0, -25),
        (3, -25),
        (4, -20),
        (13, -15),
        (14, -10),
        (18, -10),
        (19, -5),
        (23, -5),
        (24, 0),
        (26, 0),
        (28, 0),
        (29, 5),
        (33, 5),
        (34, 10),
        (38, 10),
        (39, 15),
        (74, 50),
        (78, 50),
    ],
)
def test_table_d(points, amount):
    assert card_point_amount(points, None) == amount


def test_table_d_cap():
    assert card_point_amount(60, 20) == 20
    assert card_point_amount(2, 20) == -20


def test_hints_state_round_trip_and_two_languages():
    doc = sheet(ABCD, [base4()])
    sheet_ = read_sheet(doc)
    result = replay(sheet_.session, sheet_.records)
    hint = VARIANT.table_hint(sheet_.session, result.state)
    assert hint.next_dealer == "B"
    assert hint.sitting_out == ("D",)
    assert VARIANT.load_state(VARIANT.dump_state(result.state)) == result.state
    for entry in result.entries:
        if entry.kind == "hand":
            assert str(entry.summary)
            assert say_in("hu")(entry.summary)
        for line in entry.lines:
            assert str(line.text)
            assert say_in("hu")(line.text)


def test_the_first_dealer_is_free_and_the_next_is_the_right_hand():
    session = Session("ultimo", tuple(ABC), {r.name: r.default for r in VARIANT.house_rules})
    state, opening = VARIANT.start(session)
    assert [e.kind for e in opening] == ["foundations"]
    hand = base3()
    hand["dealer"] = "C"
    hand["card_points"] = {"A": 30, "B": 27, "C": 21}
    state, _ = VARIANT.play(session, state, hand, 1)
    assert VARIANT.table_hint(session, state).next_dealer == "A"


def test_a_refused_hand_names_every_problem():
    hand = base3()
    hand["card_points"]["A"] = 31
    hand["nolo"] = "A"
    session = Session("ultimo", tuple(ABC), {r.name: r.default for r in VARIANT.house_rules})
    state = VARIANT.start(session)[0]
    with pytest.raises(InvalidHand) as refused:
        VARIANT.play(session, state, hand, 1)
    assert {p.field for p in refused.value.problems} >= {"nolo", "card_points"}


def test_the_example_night_scores():
    path = Path(__file__).resolve().parents[3] / "examples" / "ultimo.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    result = score_sheet(copy.deepcopy(doc))
    hands = [e for e in result["entries"] if e["kind"] == "hand"]
    assert len(hands) >= 20
    assert sum(result["totals"].values()) + sum(result["pots"].values()) == sum(
        (doc.get("pots") or {}).values()
    )
    assert registry.get("ultimo") is VARIANT


def test_the_example_night_speaks_polish():
    """Every line and summary of the example night has its Polish (the seed's terms)."""
    path = Path(__file__).resolve().parents[3] / "examples" / "ultimo.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    english, polish = score_sheet(copy.deepcopy(doc)), score_sheet(doc, say_in("pl"))
    for en_entry, pl_entry in zip(english["entries"], polish["entries"], strict=True):
        for en_line, pl_line in zip(en_entry["breakdown"], pl_entry["breakdown"], strict=True):
            assert pl_line != en_line
    assert "Pula Króla" in json.dumps(polish, ensure_ascii=False)


@pytest.mark.parametrize(
    ("lang", "count", "words"),
    [
        ("en", 1, "1 declaration"),
        ("en", 3, "3 declarations"),
        ("pl", 1, "1 deklaracja"),
        ("pl", 3, "3 deklaracje"),
        ("pl", 5, "5 deklaracji"),
        ("hu", 3, "3 bemondás"),
    ],
)
def test_the_summary_counts_declarations_with_proper_plurals(lang, count, words):
    # Issue 23 item 13: "3 declaration(s)" read like a form letter.
    from scorebook.engine.messages import NO_MSG
    from scorebook.engine.variants.ultimo.scoring import _summary_text

    text = say_in(lang)(_summary_text("A", count, NO_MSG, "B", (), None, False))
    assert words in text
    assert "(s)" not in text


def test_a_card_point_count_left_out_is_78_minus_the_others():
    """Issue 23: the table types two counts; the third follows and scores the same."""
    full = base3()
    short = copy.deepcopy(full)
    left_out = short["card_points"].pop("C")
    assert left_out == 78 - sum(short["card_points"].values())
    assert score_sheet(sheet(ABC, [short])) == score_sheet(sheet(ABC, [full]))
