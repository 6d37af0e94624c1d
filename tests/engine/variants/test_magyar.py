"""Magyar tarokk: every field rule of spec magyar.md §13 refuses a bad hand and names the
field; focused tests of the house-rule switches that the worked examples do not show."""

import pytest

from scorebook.catalogues import say_in
from scorebook.engine import registry
from scorebook.engine.errors import InvalidHand, InvalidSheet
from scorebook.engine.scoresheet import resolve_house_rules, score_sheet
from scorebook.engine.types import Session
from tests.engine.variants._hungarian_catalogues import missing_ids

PLAYERS = ("A", "B", "C")
VARIANT = registry.get("magyar")
HU = say_in("hu")


def session(**rules):
    resolved, problems = resolve_house_rules("magyar", rules)
    assert not problems
    return Session("magyar", PLAYERS, resolved)


def good(**changes):
    hand = {
        "dealer": "C",
        "outcome": "played",
        "declarer": "A",
        "level": "two",
        "talon_step": 2,
        "game_contra": 0,
        "announcements": [],
        "result": {"declarer_card_points": 50},
    }
    hand.update(changes)
    return hand


def result(**changes):
    return {"declarer_card_points": 50, **changes}


def play(hand, **rules):
    s = session(**rules)
    state, _ = VARIANT.start(s)
    return VARIANT.play(s, state, hand, 1)


def refused(hand, **rules):
    with pytest.raises(InvalidHand) as caught:
        play(hand, **rules)
    return [p.field for p in caught.value.problems]


def test_a_good_hand_scores():
    _, [entry] = play(good())
    assert entry.deltas == {"A": 8, "B": -4, "C": -4}
    assert str(entry.summary)
    assert HU(entry.summary)


@pytest.mark.parametrize(
    ("changes", "rules", "field"),
    [
        pytest.param({"hand_no": 0}, {}, "hand_no", id="hand_no-at-least-1"),
        pytest.param({"dealer": "Z"}, {}, "dealer", id="dealer-a-seat"),
        pytest.param({"dealer": None}, {}, "dealer", id="dealer-required"),
        pytest.param({"outcome": "thrown_in"}, {}, "outcome", id="outcome-values"),
        pytest.param({"declarer": None}, {}, "declarer", id="declarer-required-when-played"),
        pytest.param({"declarer": "Z"}, {}, "declarer", id="declarer-a-seat"),
        pytest.param({"level": "four"}, {}, "level", id="level-values"),
        pytest.param({"level": None}, {}, "level", id="level-required-when-played"),
        pytest.param({"level": "three", "talon_step": 4}, {}, "talon_step", id="three-steps-1-3"),
        pytest.param(
            {"level": "lower_three", "talon_step": 4}, {}, "talon_step", id="lower-three-1-3"
        ),
        pytest.param({"level": "two", "talon_step": 6}, {}, "talon_step", id="two-steps-1-5"),
        pytest.param({"level": "one", "talon_step": 12}, {}, "talon_step", id="one-steps-1-11"),
        pytest.param(
            {"talon_step": 0}, {"max_talon_step": "unlimited"}, "talon_step", id="step-1-up"
        ),
        pytest.param({"talon_step": None}, {}, "talon_step", id="step-required-below-solo"),
        pytest.param({"level": "solo", "talon_step": 1}, {}, "talon_step", id="solo-step-null"),
        pytest.param(
            {"talon_figure_cards": ["ace"]}, {}, "talon_figure_cards[0]", id="talon-card-values"
        ),
        pytest.param(
            {"talon_figure_cards": [[]]}, {}, "talon_figure_cards[0]", id="talon-card-not-a-name"
        ),
        pytest.param(
            {"talon_figure_cards": ["skiz", "skiz"]},
            {},
            "talon_figure_cards[1]",
            id="talon-honour-once",
        ),
        pytest.param(
            {"level": "three", "talon_step": 1, "talon_figure_cards": ["king"] * 4},
            {},
            "talon_figure_cards",
            id="talon-cards-fit-the-left-over-talon",
        ),
        pytest.param({"game_contra": 6}, {}, "game_contra", id="game-contra-0-5"),
        pytest.param({"game_contra": 3}, {"max_contra_level": 2}, "game_contra", id="contra-max-2"),
        pytest.param({"game_contra": None}, {}, "game_contra", id="game-contra-required"),
        pytest.param(
            {"announcements": [{"figure": "kings", "by": "A"}]},
            {},
            "announcements[0].figure",
            id="announcement-figure-values",
        ),
        pytest.param(
            {"announcements": [{"figure": "double_game", "by": "A"}]},
            {},
            "announcements[0].figure",
            id="double-game-only-with-its-switch",
        ),
        pytest.param(
            {"announcements": [{"figure": "trull", "by": "Z"}]},
            {},
            "announcements[0].by",
            id="announcement-by-a-seat",
        ),
        pytest.param(
            {"announcements": [{"figure": "trull", "by": "A", "contra": 3}]},
            {"max_contra_level": 2},
            "announcements[0].contra",
            id="announcement-contra-max",
        ),
        pytest.param(
            {"announcements": [{"figure": "trull", "by": "B"}, {"figure": "trull", "by": "C"}]},
            {},
            "announcements[1].figure",
            id="one-per-figure-per-side",
        ),
        pytest.param(
            {"announcements": [{"figure": "volat", "by": "A"}, {"figure": "volat", "by": "B"}]},
            {},
            "announcements[1].by",
            id="game-tier-from-one-side",
        ),
        pytest.param(
            {"tarokk_counts": [{"seat": "A", "count": 9}]},
            {},
            "tarokk_counts",
            id="tarokk-counts-only-with-the-bonus",
        ),
        pytest.param(
            {"tarokk_counts": [{"seat": "A", "count": 23}]},
            {"tarokk_count_bonus": {"min_tarokks": 8, "value": 1}},
            "tarokk_counts[0].count",
            id="tarokk-count-0-22",
        ),
        pytest.param(
            {"tarokk_counts": [{"seat": "Z", "count": 9}]},
            {"tarokk_count_bonus": {"min_tarokks": 8, "value": 1}},
            "tarokk_counts[0].seat",
            id="tarokk-count-seat",
        ),
        pytest.param(
            {"tarokk_counts": [{"seat": "A", "count": 9}, {"seat": "A", "count": 10}]},
            {"tarokk_count_bonus": {"min_tarokks": 8, "value": 1}},
            "tarokk_counts[1].seat",
            id="tarokk-count-once-each",
        ),
        pytest.param({"result": None}, {}, "result", id="result-required-when-played"),
        pytest.param(
            {"result": {"declarer_card_points": 95}},
            {},
            "result.declarer_card_points",
            id="card-points-0-94",
        ),
        pytest.param({"result": result(trull_side="A")}, {}, "result.trull_side", id="side-values"),
        pytest.param(
            {"result": result(all_tricks_side="both")},
            {},
            "result.all_tricks_side",
            id="all-tricks-side-values",
        ),
        pytest.param(
            {"result": result(pagat_lost_last_trick_side="x")},
            {"silent_ultimo_failure_penalty": True},
            "result.pagat_lost_last_trick_side",
            id="pagat-lost-side-values",
        ),
        pytest.param(
            {"irregularity": {"kind": "misdeal", "seat": "B"}},
            {},
            "irregularity.kind",
            id="irregularity-kinds",
        ),
        pytest.param(
            {"irregularity": {"kind": "renonsz", "seat": "Z"}},
            {},
            "irregularity.seat",
            id="irregularity-seat",
        ),
        pytest.param(
            {"irregularity": {"kind": "wrong_discard", "seat": "B"}},
            {},
            "irregularity.seat",
            id="wrong-discard-only-by-the-declarer",
        ),
        pytest.param(
            {
                "level": "solo",
                "talon_step": None,
                "irregularity": {"kind": "wrong_discard", "seat": "A"},
            },
            {},
            "irregularity.kind",
            id="no-wrong-discard-in-solo",
        ),
    ],
)
def test_field_rule(changes, rules, field):
    assert field in refused(good(**changes), **rules)


@pytest.mark.parametrize(
    ("hand", "field"),
    [
        ({"outcome": "all_pass", "declarer": "A"}, "declarer"),
        ({"outcome": "all_pass", "level": "two"}, "level"),
        ({"outcome": "no_game", "talon_step": 1}, "talon_step"),
        ({"outcome": "all_pass", "result": {"declarer_card_points": 50}}, "result"),
        ({"outcome": "all_pass", "game_contra": 1}, "game_contra"),
        (
            {"outcome": "no_game", "announcements": [{"figure": "trull", "by": "A"}]},
            "announcements",
        ),
        ({"outcome": "all_pass", "irregularity": {"kind": "renonsz", "seat": "A"}}, "irregularity"),
    ],
)
def test_no_game_hands_carry_no_game_fields(hand, field):
    assert field in refused({"dealer": "C", **hand})


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        pytest.param(
            {"result": result(declarer_card_points=40, all_tricks_side="declarer")},
            "result.all_tricks_side",
            id="declarer-all-tricks-wins-the-game",
        ),
        pytest.param(
            {"result": result(declarer_card_points=60, all_tricks_side="opponents")},
            "result.all_tricks_side",
            id="opponents-all-tricks-means-declarer-lost",
        ),
        pytest.param(
            {"result": result(all_tricks_side="declarer", pagat_ultimo_side="opponents")},
            "result.pagat_ultimo_side",
            id="no-ultimo-without-a-trick",
        ),
        pytest.param(
            {"result": result(trull_side="declarer", xxi_catch_side="opponents")},
            "result.trull_side",
            id="trull-needs-the-caught-xxi",
        ),
        pytest.param(
            {"talon_figure_cards": ["xxi"], "result": result(trull_side="declarer")},
            "result.trull_side",
            id="talon-honour-is-not-the-declarers",
        ),
        pytest.param(
            {"talon_figure_cards": ["king"], "result": result(four_kings_side="declarer")},
            "result.four_kings_side",
            id="talon-king-is-not-the-declarers",
        ),
        pytest.param(
            {"talon_figure_cards": ["xxi"], "result": result(xxi_catch_side="opponents")},
            "result.xxi_catch_side",
            id="talon-xxi-cannot-be-caught",
        ),
        pytest.param(
            {"talon_figure_cards": ["pagat"], "result": result(pagat_ultimo_side="declarer")},
            "result.pagat_ultimo_side",
            id="talon-pagat-makes-no-ultimo",
        ),
    ],
)
def test_cross_field_rule(changes, field):
    assert field in refused(good(**changes))


@pytest.mark.parametrize(
    ("beaten", "volat", "trull", "sign", "deltas"),
    [
        # the declarer beat it, taking every trick
        ("opponents", "declarer", None, "+5", {"A": 34, "B": -17, "C": -17}),
        # the other opponent overtook it: the opponents keep their trull
        ("opponents", "opponents", "opponents", "+5", {"A": -14, "B": 7, "C": 7}),
        # an opponent beat it, taking the last trick
        ("declarer", "opponents", None, "−5", {"A": -34, "B": 17, "C": 17}),
    ],
)
def test_a_pagat_beaten_by_whoever_fits_the_tricks(beaten, volat, trull, sign, deltas):
    points = 60 if volat == "declarer" else 20
    hand = good(
        result=result(
            declarer_card_points=points,
            all_tricks_side=volat,
            trull_side=trull,
            pagat_lost_last_trick_side=beaten,
        )
    )
    _, [entry] = play(hand, silent_ultimo_failure_penalty=True)
    line = [str(x.text) for x in entry.lines if "beaten in the last trick" in str(x.text)]
    assert line == [f"pagát of the {beaten} beaten in the last trick: 5 → {sign}"]
    assert entry.deltas == deltas


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"declarer_card_points": 60, "all_tricks_side": "declarer"}, "all 12 tricks"),
        ({"trull_side": "declarer"}, "trull is not his"),
    ],
)
def test_the_declarers_pagat_is_beaten_only_by_an_opponent(changes, words):
    hand = good(result=result(pagat_lost_last_trick_side="declarer", **changes))
    with pytest.raises(InvalidHand) as caught:
        play(hand, silent_ultimo_failure_penalty=True)
    [problem] = caught.value.problems
    assert problem.field == "result.pagat_lost_last_trick_side"
    assert words in str(problem.message)


def test_one_pagat_cannot_win_and_lose_the_last_trick():
    hand = good(result=result(pagat_ultimo_side="declarer", pagat_lost_last_trick_side="opponents"))
    assert "result.pagat_lost_last_trick_side" in refused(hand, silent_ultimo_failure_penalty=True)
    # Without the switch the field is not read (spec §13).
    play(hand)


def test_every_problem_is_reported_at_once():
    fields = refused(
        good(dealer="Z", level="four", game_contra=9, result={"declarer_card_points": -1})
    )
    assert {"dealer", "level", "game_contra", "result.declarer_card_points"} <= set(fields)


def test_a_voided_revoke_needs_no_result_but_a_normal_hand_does():
    hand = good(result=None, irregularity={"kind": "renonsz", "seat": "B"})
    play(hand)
    assert "result" in refused(hand, irregularity_voids_hand=False)
    mild = good(result=None, irregularity={"kind": "wrong_discard", "seat": "A"})
    assert "result" in refused(mild, wrong_discard_penalty="mild")


def test_sheet_refusal_names_hand_and_field():
    sheet = {
        "format": "scorebook/1",
        "variant": "magyar",
        "players": list(PLAYERS),
        "hands": [good(), good(result={"declarer_card_points": 97})],
    }
    with pytest.raises(InvalidSheet) as caught:
        score_sheet(sheet)
    [problem] = caught.value.problems
    assert (problem.hand, problem.field) == (2, "result.declarer_card_points")


@pytest.mark.parametrize(
    "value",
    [{"min_tarokks": 8}, {"min_tarokks": 30, "value": 1}, {"min_tarokks": 8, "value": "2"}, 8],
)
def test_tarokk_count_bonus_house_rule_values(value):
    _, problems = resolve_house_rules("magyar", {"tarokk_count_bonus": value})
    assert [p.field for p in problems] == ["house_rules.tarokk_count_bonus"]


def test_every_section_12_switch_is_a_house_rule_with_the_spec_default():
    defaults = {rule.name: rule.default for rule in VARIANT.house_rules}
    assert defaults == {
        "tariff_per_opponent": True,
        "max_talon_step": "source",
        "talon_counts_for_figures": True,
        "double_game": False,
        "tarokk_count_bonus": None,
        "all_pass_rule": "next_dealer",
        "ultimo_kassza": False,
        "game_tier_rule": "announced_else_max",
        "volat_voids_silent": "trull_four_kings",
        "wrong_discard_penalty": "strict",
        "irregularity_voids_hand": True,
        "silent_ultimo_failure_penalty": False,
        "max_contra_level": 5,
        "no_tarokk_throw_in": False,
    }


def test_events_are_refused():
    s = session()
    state, _ = VARIANT.start(s)
    with pytest.raises(InvalidHand) as caught:
        VARIANT.event(s, state, {"event": "join", "player": "D"})
    assert caught.value.problems[0].field == "event"


def test_next_dealer_and_all_pass_rule():
    for rule, after_pass in (("next_dealer", "A"), ("same_dealer", "C")):
        s = session(all_pass_rule=rule)
        state, _ = VARIANT.start(s)
        assert VARIANT.table_hint(s, state).next_dealer == "C"
        state, _ = VARIANT.play(s, state, {"dealer": "C", "outcome": "all_pass"}, 1)
        assert VARIANT.table_hint(s, state).next_dealer == after_pass
        state, _ = VARIANT.play(s, state, good(dealer=after_pass), 2)
        assert (
            VARIANT.table_hint(s, state).next_dealer == PLAYERS[(PLAYERS.index(after_pass) + 1) % 3]
        )


def test_state_round_trips_and_play_never_mutates_it():
    s = session(ultimo_kassza=True)
    state, _ = VARIANT.start(s)
    new, _ = VARIANT.play(s, state, {"dealer": "C", "outcome": "no_game"}, 1)
    assert state.pot == 0
    assert new.pot == 15
    assert VARIANT.load_state(VARIANT.dump_state(new)) == new


def test_no_game_throw_in_switch_only_changes_the_explanation():
    plain = play({"dealer": "C", "outcome": "no_game"})[1][0]
    thrown = play({"dealer": "C", "outcome": "no_game"}, no_tarokk_throw_in=True)[1][0]
    assert plain.deltas == thrown.deltas
    assert "XXI" in str(thrown.lines[0].text)


def test_talon_counts_for_figures_off_also_for_the_opponents_trull():
    hand = good(
        talon_figure_cards=["skiz"],
        announcements=[{"figure": "trull", "by": "B"}],
        result=result(trull_side="opponents"),
    )
    # default: the talon skíz completes B–C's announced trull: −2; off: it fails: +2
    assert play(hand)[1][0].deltas["A"] == 2 * (4 - 2)
    assert play(hand, talon_counts_for_figures=False)[1][0].deltas["A"] == 2 * (4 + 2)


def test_every_entry_explains_itself_in_both_languages():
    _, [entry] = play(good(announcements=[{"figure": "pagat_ultimo", "by": "A", "contra": 1}]))
    for line in entry.lines:
        assert str(line.text)
        assert HU(line.text)


@pytest.mark.parametrize(
    ("points", "all_tricks", "lost", "deltas"),
    [
        # The opponents take every trick; one opponent's pagát is beaten in the last trick
        # by its partner's tarokk: silent volát 3 × 4 = 12 to them, the lost pagát 5 back.
        (0, "opponents", "opponents", {"A": -14, "B": 7, "C": 7}),
        # The opponents take every trick, the declarer's pagát among them: S = −12 − 5.
        (0, "opponents", "declarer", {"A": -34, "B": 17, "C": 17}),
        # The declarer takes every trick and beats an opponent's pagát in the last one.
        (94, "declarer", "opponents", {"A": 34, "B": -17, "C": -17}),
    ],
)
def test_a_pagat_beaten_in_the_last_trick_fits_a_volat(points, all_tricks, lost, deltas):
    hand = good(
        result=result(
            declarer_card_points=points, all_tricks_side=all_tricks, pagat_lost_last_trick_side=lost
        )
    )
    _, [entry] = play(hand, silent_ultimo_failure_penalty=True)
    assert entry.deltas == deltas


def test_the_declarers_pagat_is_not_beaten_when_he_takes_every_trick():
    # He plays alone: whoever beats his pagát in the last trick takes that trick.
    hand = good(
        result=result(
            declarer_card_points=94,
            all_tricks_side="declarer",
            pagat_lost_last_trick_side="declarer",
        )
    )
    assert refused(hand, silent_ultimo_failure_penalty=True) == [
        "result.pagat_lost_last_trick_side"
    ]


@pytest.mark.parametrize("field", ["trull_side", "four_kings_side"])
def test_a_declarer_without_a_trick_captured_no_king_or_honour(field):
    # Kings and honours may not be discarded (spec §3): his discard is all he captured.
    hand = good(
        result=result(declarer_card_points=0, all_tricks_side="opponents", **{field: "declarer"})
    )
    assert refused(hand) == [f"result.{field}"]


def test_a_wrong_discard_may_have_put_an_honour_in_the_declarers_discard():
    hand = good(
        result=result(declarer_card_points=0, all_tricks_side="opponents", trull_side="declarer"),
        irregularity={"kind": "wrong_discard", "seat": "A"},
    )
    # Mild: the declarer lost, so he pays as normal: the opponents' silent volát 3 × 4 = 12
    # (his trull is not paid with a volát).
    _, [entry] = play(hand, wrong_discard_penalty="mild")
    assert entry.deltas == {"A": -24, "B": 12, "C": 12}


@pytest.mark.parametrize("lang", ["hu", "pl"])
def test_everything_magyar_says_is_translated(lang):
    assert not missing_ids("magyar", lang)


def test_a_side_that_took_every_trick_need_not_hold_a_talon_honour():
    # Issue 23 item 10, checked here too: the declarer took all 12 tricks while the skíz
    # lay in the opponents' talon. The record is valid with either switch value; B's
    # announced trull is made only when the talon counts for figures.
    hand = good(
        talon_figure_cards=["skiz"],
        announcements=[{"figure": "trull", "by": "B"}],
        result=result(declarer_card_points=90, all_tricks_side="declarer", trull_side="opponents"),
    )
    on = play(hand)[1][0]
    off = play(hand, talon_counts_for_figures=False)[1][0]
    assert off.deltas["A"] - on.deltas["A"] == 2 * (2 * 2)  # −2 each turns into +2 each
    assert any("needs a talon card" in say_in("en")(line.text) for line in off.lines)


def test_a_silent_double_game_smaller_than_the_contrad_game_is_named_as_not_paid():
    # Issue 23 item 3: rekontra'd game (G 4 × 4 = 16) beats the silent double game 2G = 8;
    # the breakdown names the silent double game and why it is not paid.
    hand = good(game_contra=2, result=result(declarer_card_points=75))
    _, [entry] = play(hand, double_game=True)
    assert entry.deltas == {"A": 32, "B": -16, "C": -16}
    assert say_in("en")(entry.lines[1].text) == (
        "rekontra game, won by the declarer (75 card points): 4 × 4 = 16 (not paid: silent "
        "double game of the declarer: 2 × 4 = 8, as the game is worth at least as much) → +16"
    )
