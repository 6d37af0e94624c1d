"""Tapper: every field rule of spec tapper.md §13 refuses a bad hand and names the field;
focused tests of the house-rule switches that the worked examples do not show."""

import pytest

from scorebook.catalogues import say_in
from scorebook.engine import registry
from scorebook.engine.errors import InvalidHand, InvalidSheet
from scorebook.engine.scoresheet import resolve_house_rules, score_sheet
from scorebook.engine.types import Session
from tests.engine.variants._hungarian_catalogues import missing_ids

PLAYERS = ("A", "B", "C")
VARIANT = registry.get("tapper")
HU = say_in("hu")


def session(**rules):
    resolved, problems = resolve_house_rules("tapper", rules)
    assert not problems
    return Session("tapper", PLAYERS, resolved)


def good(**changes):
    hand = {
        "dealer": "C",
        "all_pass": False,
        "declarer": "A",
        "contract": "harmas",
        "bid_participants": ["A"],
        "game_contra": 0,
        "announcements": [],
        "result": {"declarer_points": 40, "figures_made": {"pagat_ultimo": None, "volat": None}},
        "hand_bonuses": [],
    }
    hand.update(changes)
    return hand


def result(points=40, ultimo=None, volat=None, **extra):
    return {
        "declarer_points": points,
        "figures_made": {"pagat_ultimo": ultimo, "volat": volat},
        **extra,
    }


def play(hand, **rules):
    s = session(**rules)
    state, _ = VARIANT.start(s)
    return VARIANT.play(s, state, hand, 1)


def refused(hand, **rules):
    with pytest.raises(InvalidHand) as caught:
        play(hand, **rules)
    return [p.field for p in caught.value.problems]


def ann(figure="pagat_ultimo", side="declarer", by="A", contra=0, **extra):
    return {"figure": figure, "side": side, "by": by, "contra": contra, **extra}


def test_a_good_hand_scores():
    _, [entry] = play(good())
    assert entry.deltas == {"A": 6, "B": -3, "C": -3}
    assert str(entry.summary)
    assert HU(entry.summary)


@pytest.mark.parametrize(
    ("changes", "rules", "field"),
    [
        pytest.param({"hand_no": 0}, {}, "hand_no", id="hand_no-at-least-1"),
        pytest.param({"dealer": "Z"}, {}, "dealer", id="dealer-a-player"),
        pytest.param({"all_pass": None}, {}, "all_pass", id="all_pass-required"),
        pytest.param({"all_pass": "no"}, {}, "all_pass", id="all_pass-boolean"),
        pytest.param({"declarer": None}, {}, "declarer", id="declarer-required"),
        pytest.param({"declarer": "Z"}, {}, "declarer", id="declarer-a-player"),
        pytest.param({"contract": "negyes"}, {}, "contract", id="contract-values"),
        pytest.param({"contract": None}, {}, "contract", id="contract-required"),
        pytest.param(
            {"bid_participants": ["B"]}, {}, "bid_participants", id="bidders-hold-declarer"
        ),
        pytest.param(
            {"bid_participants": ["A", "Z"]}, {}, "bid_participants[1]", id="bidders-players"
        ),
        pytest.param({"game_contra": 6}, {}, "game_contra", id="game-contra-0-5"),
        pytest.param(
            {"game_contra": 1, "game_contra_by": ["A"]},
            {"individual_contras": True},
            "game_contra_by[0]",
            id="game-contra-by-opponents",
        ),
        pytest.param(
            {"announcements": [ann(figure="trull")]}, {}, "announcements[0].figure", id="figures"
        ),
        pytest.param(
            {"announcements": [ann(side="left")]}, {}, "announcements[0].side", id="side-values"
        ),
        pytest.param(
            {"announcements": [ann(side="opponents", by="A")]},
            {},
            "announcements[0].side",
            id="side-is-the-side-of-by",
        ),
        pytest.param({"announcements": [ann(by="Z")]}, {}, "announcements[0].by", id="by-player"),
        pytest.param(
            {"announcements": [ann(contra=6)]}, {}, "announcements[0].contra", id="contra-0-5"
        ),
        pytest.param(
            {"announcements": [ann(), ann(side="opponents", by="B")]},
            {},
            "announcements[1].figure",
            id="one-per-figure",
        ),
        pytest.param(
            {"announcements": [ann(figure="volat", side="opponents", by="B")]},
            {"volat_by_opponents": False},
            "announcements[0].side",
            id="volat-by-opponents-off",
        ),
        pytest.param(
            {"announcements": [ann(contra=1, contra_by=["Z"])]},
            {"individual_contras": True},
            "announcements[0].contra_by[0]",
            id="contra-by-opponents",
        ),
        pytest.param({"result": None}, {}, "result", id="result-required"),
        pytest.param({"result": result(points=71)}, {}, "result.declarer_points", id="points-0-70"),
        pytest.param(
            {"result": result(points=67)},
            {"deck_size": 42},
            "result.declarer_points",
            id="points-0-66-with-42-cards",
        ),
        pytest.param(
            {"result": result(ultimo="us")},
            {},
            "result.figures_made.pagat_ultimo",
            id="figures-made-sides",
        ),
        pytest.param(
            {"result": result(pagat_ultimo_player="Z", ultimo="declarer")},
            {},
            "result.pagat_ultimo_player",
            id="ultimo-player-a-player",
        ),
        pytest.param(
            {"result": result(pagat_ultimo_player="B", ultimo="declarer")},
            {},
            "result.pagat_ultimo_player",
            id="ultimo-player-on-the-making-side",
        ),
        pytest.param(
            {"result": result(pagat_ultimo_player="A")},
            {},
            "result.pagat_ultimo_player",
            id="ultimo-player-only-when-made",
        ),
        pytest.param(
            {"result": result(ultimo="opponents")},
            {"opponent_figure_payment": "individual"},
            "result.pagat_ultimo_player",
            id="ultimo-player-required-when-individual",
        ),
        pytest.param(
            {"result": result(points=20, volat="declarer")},
            {},
            "result.figures_made.volat",
            id="declarer-volat-wins-the-game",
        ),
        pytest.param(
            {"result": result(points=60, volat="declarer", ultimo="opponents")},
            {},
            "result.figures_made.pagat_ultimo",
            id="no-ultimo-without-a-trick",
        ),
        pytest.param(
            {"hand_bonuses": [{"player": "Z", "bonus": "trull"}]},
            {},
            "hand_bonuses[0].player",
            id="bonus-player",
        ),
        pytest.param(
            {"hand_bonuses": [{"player": "A", "bonus": "five_kings"}]},
            {},
            "hand_bonuses[0].bonus",
            id="bonus-values",
        ),
        pytest.param(
            {
                "hand_bonuses": [
                    {"player": "A", "bonus": "heads"},
                    {"player": "B", "bonus": "heads"},
                ]
            },
            {},
            "hand_bonuses[1].bonus",
            id="each-bonus-once",
        ),
        pytest.param(
            {
                "hand_bonuses": [
                    {"player": "A", "bonus": "trull"},
                    {"player": "B", "bonus": "heads"},
                ]
            },
            {},
            "hand_bonuses[1].bonus",
            id="never-trull-and-heads",
        ),
        pytest.param(
            {"tarokk_count": [{"player": "A", "count": 12}]},
            {},
            "tarokk_count",
            id="tarokk-count-only-with-the-bonus",
        ),
        pytest.param(
            {"tarokk_count": [{"player": "A", "count": 23}]},
            {"tarokk_count_bonus": [{"min_tarokks": 10, "value": 1}]},
            "tarokk_count[0].count",
            id="tarokk-count-0-22",
        ),
        pytest.param(
            {"tarokk_count": [{"player": "A", "count": 10}, {"player": "A", "count": 11}]},
            {"tarokk_count_bonus": [{"min_tarokks": 10, "value": 1}]},
            "tarokk_count[1].player",
            id="tarokk-count-once-each",
        ),
        pytest.param(
            {"irregularity": {"type": "misdeal", "player": "B"}},
            {},
            "irregularity.type",
            id="irregularity-types",
        ),
        pytest.param(
            {"irregularity": {"type": "revoke", "player": None}},
            {},
            "irregularity.player",
            id="revoke-needs-the-revoker",
        ),
        pytest.param(
            {"irregularity": {"type": "wrong_discard", "player": "B"}},
            {},
            "irregularity.player",
            id="wrong-discard-only-by-the-declarer",
        ),
        pytest.param(
            {"contract": "szolo", "irregularity": {"type": "wrong_discard", "player": "A"}},
            {},
            "irregularity.type",
            id="wrong-discard-only-in-a-harmas-game",
        ),
        pytest.param(
            {"irregularity": {"type": "no_tarokk_annulment", "player": "B"}},
            {"no_tarokk_annulment": False},
            "irregularity.type",
            id="annulment-off-refuses",
        ),
        pytest.param(
            {
                "irregularity": {"type": "no_tarokk_annulment", "player": "B"},
                "announcements": [ann()],
            },
            {},
            "announcements",
            id="annulled-hand-has-no-announcements",
        ),
    ],
)
def test_field_rule(changes, rules, field):
    assert field in refused(good(**changes), **rules)


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"declarer": "A"}, "declarer"),
        ({"contract": "harmas"}, "contract"),
        ({"bid_participants": ["A"]}, "bid_participants"),
        ({"result": result()}, "result"),
        ({"game_contra": 1}, "game_contra"),
        ({"announcements": [ann()]}, "announcements"),
        ({"hand_bonuses": [{"player": "A", "bonus": "heads"}]}, "hand_bonuses"),
    ],
)
def test_all_pass_carries_nothing_else(extra, field):
    assert field in refused({"dealer": "C", "all_pass": True, **extra})


def test_result_may_be_null_only_for_a_void_hand():
    void = good(result=None, irregularity={"type": "revoke", "player": "B"})
    play(void)
    assert "result" in refused(void, revoke_penalty=False)
    annulled = good(result=None, irregularity={"type": "no_tarokk_annulment", "player": None})
    assert play(annulled)[1][0].deltas == {"A": 0, "B": 0, "C": 0}


def test_every_problem_is_reported_at_once():
    fields = refused(good(dealer="Z", contract="x", game_contra=9, result=result(points=-1)))
    assert {"dealer", "contract", "game_contra", "result.declarer_points"} <= set(fields)


def test_sheet_refusal_names_hand_and_field():
    sheet = {
        "format": "scorebook/1",
        "variant": "tapper",
        "players": list(PLAYERS),
        "hands": [good(), good(result=result(points=80))],
    }
    with pytest.raises(InvalidSheet) as caught:
        score_sheet(sheet)
    [problem] = caught.value.problems
    assert (problem.hand, problem.field) == (2, "result.declarer_points")


@pytest.mark.parametrize(
    "value",
    [
        {"min_tarokks": 10, "value": 1},
        [],
        [{"min_tarokks": 10}],
        [{"min_tarokks": 10, "value": 1}, {"min_tarokks": 10, "value": 2}],
        [{"min_tarokks": 10, "value": 0}],
    ],
)
def test_tarokk_count_bonus_house_rule_values(value):
    _, problems = resolve_house_rules("tapper", {"tarokk_count_bonus": value})
    assert [p.field for p in problems] == ["house_rules.tarokk_count_bonus"]


@pytest.mark.parametrize(
    ("name", "value"),
    [("deck_size", 48), ("kassza_stake", -1), ("all_pass_kassza_payment", -5)],
)
def test_house_rule_values_are_checked(name, value):
    _, problems = resolve_house_rules("tapper", {name: value})
    assert [p.field for p in problems] == [f"house_rules.{name}"]


def test_every_section_12_option_is_a_house_rule_with_the_spec_default():
    defaults = {rule.name: rule.default for rule in VARIANT.house_rules}
    assert defaults == {
        "deck_size": 54,
        "ultimo_kassza": False,
        "kassza_stake": 5,
        "kassza_end_of_session": "split_equally",
        "kassza_shared_by_side": False,
        "all_pass_kassza_payment": 0,
        "solo_doubles_game_value": False,
        "fejek_requires_bidding": True,
        "tuletroa_includes_fejek": False,
        "hand_bonus_basis": "after_exchange",
        "individual_contras": False,
        "opponent_figure_payment": "side",
        "tarokk_count_bonus": None,
        "volat_replaces_game": True,
        "revoke_penalty": True,
        "no_tarokk_annulment": True,
        "volat_by_opponents": True,
    }


def test_events_are_refused():
    s = session()
    state, _ = VARIANT.start(s)
    with pytest.raises(InvalidHand) as caught:
        VARIANT.event(s, state, {"event": "leave", "player": "A"})
    assert caught.value.problems[0].field == "event"


def test_next_dealer_moves_right_also_after_all_pass_and_annulment():
    s = session()
    state, _ = VARIANT.start(s)
    assert VARIANT.table_hint(s, state).next_dealer == "C"
    state, _ = VARIANT.play(s, state, {"dealer": "C", "all_pass": True}, 1)
    assert VARIANT.table_hint(s, state).next_dealer == "A"
    annulled = good(
        dealer="A", result=None, irregularity={"type": "no_tarokk_annulment", "player": "B"}
    )
    state, _ = VARIANT.play(s, state, annulled, 2)
    assert VARIANT.table_hint(s, state).next_dealer == "B"


def test_stake_is_booked_only_when_the_pot_opens_empty():
    on = session(ultimo_kassza=True, kassza_stake=10)
    state, [entry] = VARIANT.start(on)
    assert (entry.kind, dict(entry.pots), state.pot) == ("kassza_stake", {"ultimokassza": 30}, 30)
    carried = Session("tapper", PLAYERS, on.house_rules, {"ultimokassza": 12})
    state, entries = VARIANT.start(carried)
    assert (entries, state.pot) == ([], 12)
    assert VARIANT.start(session())[1] == []
    assert VARIANT.load_state(VARIANT.dump_state(state)) == state


def test_hand_bonus_basis_is_named_in_the_bonus_line():
    hand = good(hand_bonuses=[{"player": "A", "bonus": "four_kings"}])
    after = play(hand)[1][0]
    dealt = play(hand, hand_bonus_basis="as_dealt")[1][0]
    assert after.deltas == dealt.deltas == {"A": 12, "B": -6, "C": -6}
    assert "first lead" in str(after.lines[-1].text)
    assert "as dealt" in str(dealt.lines[-1].text)


def test_individual_contras_on_an_announcement():
    hand = good(announcements=[ann(contra=1, contra_by=["C"])], result=result(ultimo="declarer"))
    # game 3 each; ultimó 6, kontra'd by C only: B pays 6, C pays 12
    assert play(hand, individual_contras=True)[1][0].deltas == {"A": 24, "B": -9, "C": -15}
    assert play(hand)[1][0].deltas == {"A": 30, "B": -15, "C": -15}


def test_every_entry_explains_itself_in_both_languages():
    _, [entry] = play(good(announcements=[ann(contra=1)], result=result(ultimo="declarer")))
    for line in entry.lines:
        assert str(line.text)
        assert HU(line.text)


TRULL_OF_B = [{"player": "B", "bonus": "trull"}]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"announcements": [ann()]}, "announcements[0].by"),
        ({"result": result(ultimo="declarer")}, "result.figures_made.pagat_ultimo"),
        (
            {"result": result(ultimo="opponents", pagat_ultimo_player="C")},
            "result.pagat_ultimo_player",
        ),
    ],
)
def test_the_tuletroa_holder_holds_the_pagat(changes, field):
    # Honours are never discarded: B held the pagát from the first lead (§3, §4.1, T7).
    assert refused(good(hand_bonuses=TRULL_OF_B, **changes)) == [field]


def test_the_tuletroa_holder_makes_his_announced_ultimo():
    hand = good(
        bid_participants=["A", "B"],
        announcements=[ann(side="opponents", by="B")],
        result=result(ultimo="opponents", pagat_ultimo_player="B"),
        hand_bonuses=TRULL_OF_B,
    )
    _, [entry] = play(hand)
    # game 3 won by A (40 ≥ 36); the opponents' announced ultimó 6 each; B's tulétroá 3 each.
    assert entry.deltas == {"A": 6 - 12 - 3, "B": -3 + 6 + 6, "C": -3 + 6 - 3}


@pytest.mark.parametrize("lang", ["hu", "pl"])
def test_everything_tapper_says_is_translated(lang):
    assert not missing_ids("tapper", lang)
