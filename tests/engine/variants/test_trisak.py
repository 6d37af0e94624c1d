"""Trisák (trisak.md): one test per record rule of section 13, and the house-rule switches."""

import json
from pathlib import Path

import pytest

from scorebook.catalogues import say_in
from scorebook.engine import registry
from scorebook.engine.errors import InvalidHand
from scorebook.engine.scoresheet import resolve_house_rules, score_sheet
from scorebook.engine.types import Session

VARIANT = registry.get("trisak")
PLAYERS = ("A", "B", "C", "D")


def session(**rules):
    resolved, problems = resolve_house_rules("trisak", rules)
    assert not problems
    return Session("trisak", PLAYERS, resolved)


def play(hand, **rules):
    s = session(**rules)
    state, _ = VARIANT.start(s)
    _, entries = VARIANT.play(s, state, hand, 1)
    return entries[0]


def refused(hand, field, **rules):
    with pytest.raises(InvalidHand) as caught:
        play(hand, **rules)
    fields = [p.field for p in caught.value.problems]
    assert field in fields, fields
    return fields


def jatek(**kw):
    hand = {
        "dealer": "D",
        "contract": "jatek",
        "declarer": "A",
        "called_tarokk": 19,
        "partner": "C",
        "result": {"declarer_side_points": 60},
    }
    hand.update(kw)
    return hand


def trisak(points=(28, 12, 38, 22), tricks=(3, 2, 4, 3), **kw):
    hand = {
        "dealer": "D",
        "contract": "trisakolas",
        "declarer": "A",
        "result": {
            "trisak_points": dict(zip(PLAYERS, points, strict=True)),
            "trisak_tricks": dict(zip(PLAYERS, tricks, strict=True)),
        },
    }
    hand.update(kw)
    return hand


def game(contract, declarer="B", **kw):
    points = contract in ("jatek", "ultimohivas", "harmas", "harmas_szolo")
    hand = {
        "dealer": "D",
        "contract": contract,
        "declarer": declarer,
        "result": {"declarer_side_points": 60} if points else {"declarer_took_trick": False},
    }
    hand.update(kw)
    return hand


def settled(**kw):
    hand = {
        "dealer": "D",
        "contract": "ultimohivas",
        "declarer": "B",
        "called_tarokk": 19,
        "called_tarokk_not_held": True,
        "settled_half_fee": True,
    }
    hand.update(kw)
    return hand


def ultimo(side="declarer", by="A", announced=True, contra=0, made=True):
    return {"side": side, "by": by, "announced": announced, "contra": contra, "made": made}


# --- shape ---------------------------------------------------------------------------


def test_dealer_and_contract_are_required():
    fields = refused({}, "dealer")
    assert "contract" in fields


def test_unknown_contract():
    refused({"dealer": "D", "contract": "volat"}, "contract")


# --- declarer ------------------------------------------------------------------------


def test_no_game_has_no_declarer():
    refused({"dealer": "D", "contract": "no_game", "declarer": "A"}, "declarer")


def test_a_played_contract_needs_a_declarer():
    refused(game("bettli", declarer=None), "declarer")


def test_jatek_is_the_first_hands_bid():
    refused(jatek(declarer="B", partner="C"), "declarer")
    assert play(jatek(declarer="B", partner="C"), level1_first_hand_only=False).deltas["B"] == 4


def test_chosen_trisakolas_is_the_first_hands():
    refused(trisak(declarer="C"), "declarer")
    assert play(trisak(declarer="C"), level1_first_hand_only=False).deltas["C"] == -9


def test_trisakolas_without_declarer_needs_all_pass_action_trisakolas():
    refused(trisak(declarer=None), "declarer")
    assert play(trisak(declarer=None), all_pass_action="trisakolas").deltas["C"] == -9


def test_no_game_is_refused_when_an_all_pass_is_played_as_trisakolas():
    hand = {"dealer": "D", "contract": "no_game"}
    assert play(hand).deltas == dict.fromkeys(PLAYERS, 0)
    refused(hand, "contract", all_pass_action="trisakolas")


# --- the call ------------------------------------------------------------------------


def test_called_tarokk_only_at_calling_contracts():
    refused(game("bettli", called_tarokk=19), "called_tarokk")
    refused(game("harmas", partner="C"), "partner")
    refused(game("harmas_szolo", called_tarokk_not_held=True), "called_tarokk_not_held")


def test_called_tarokk_range_and_presence():
    refused(jatek(called_tarokk=20), "called_tarokk")
    refused(jatek(called_tarokk=1), "called_tarokk")
    refused(jatek(called_tarokk=None), "called_tarokk")


def test_partner_iff_the_called_tarokk_is_held():
    refused(jatek(called_tarokk_not_held=True), "partner")
    refused(jatek(partner=None), "partner")
    assert play(jatek(partner=None, called_tarokk_not_held=True)).deltas["A"] == 12


def test_partner_is_not_the_declarer():
    refused(jatek(partner="A"), "partner")


# --- settlement ----------------------------------------------------------------------


def test_settlement_only_at_ultimohivas_with_the_tarokk_not_held():
    refused(jatek(settled_half_fee=True), "settled_half_fee")
    refused(settled(called_tarokk_not_held=False, partner="C"), "settled_half_fee")


def test_a_settled_hand_has_nothing_else():
    refused(settled(game_contra=1), "game_contra")
    refused(settled(ultimo=ultimo(by="B")), "ultimo")
    refused(settled(hand_bonuses=[{"player": "A", "bonus": "four_kings"}]), "hand_bonuses")
    refused(settled(result={"declarer_side_points": 60}), "result")
    refused(settled(irregularity={"type": "revoke", "player": "A"}), "irregularity")


# --- ultimó --------------------------------------------------------------------------


def test_no_ultimo_in_trisakolas_bettlis_and_no_game():
    refused(trisak(ultimo=ultimo()), "ultimo")
    refused(game("bettli", ultimo=ultimo(by="B")), "ultimo")
    refused(game("nyilt_bettli", ultimo=ultimo(by="B")), "ultimo")
    refused({"dealer": "D", "contract": "no_game", "ultimo": ultimo()}, "ultimo")


def test_ultimohivas_needs_the_declarers_announced_ultimo():
    hand = game("ultimohivas", called_tarokk=19, partner="D")
    refused(hand, "ultimo")
    refused({**hand, "ultimo": ultimo(by="D")}, "ultimo.by")
    refused({**hand, "ultimo": ultimo(by="B", announced=False)}, "ultimo.announced")


def test_ultimo_by_is_a_member_of_its_side():
    refused(jatek(ultimo=ultimo(side="declarer", by="B")), "ultimo.by")
    refused(jatek(ultimo=ultimo(side="opponents", by="C")), "ultimo.by")
    refused(jatek(ultimo=ultimo(side="left")), "ultimo.side")


def test_silent_ultimo_is_made_and_not_contrad():
    refused(jatek(ultimo=ultimo(announced=False, contra=1)), "ultimo.contra")
    refused(jatek(ultimo=ultimo(announced=False, made=False)), "ultimo.made")


def test_ultimo_fields_are_required():
    refused(jatek(ultimo={"side": "declarer", "by": "A"}), "ultimo.announced")
    refused(jatek(ultimo={"side": "declarer", "by": "A", "announced": True}), "ultimo.made")


@pytest.mark.parametrize(("value", "shown"), [(1, "1"), ("yes", "'yes'"), (0, "0")])
def test_ultimo_true_false_fields_name_the_problem(value, shown):
    with pytest.raises(InvalidHand) as caught:
        play(jatek(ultimo={**ultimo(), "announced": value, "made": value}))
    assert [(p.field, str(p.message), say_in("hu")(p.message)) for p in caught.value.problems] == [
        (
            f"ultimo.{name}",
            f"{shown} is not one of true, false",
            f"{shown} nem megengedett (lehet: true, false)",
        )
        for name in ("announced", "made")
    ]


def test_ultimo_declarer_side_only():
    hand = jatek(ultimo=ultimo(side="opponents", by="B", made=False))
    assert play(hand).deltas["A"] == 4 + 20
    refused(hand, "ultimo.side", ultimo_declarer_side_only=True)


# --- contras -------------------------------------------------------------------------


def test_no_game_contra_in_trisakolas_or_no_game():
    refused(trisak(game_contra=1), "game_contra")
    refused({"dealer": "D", "contract": "no_game", "game_contra": 1}, "game_contra")


def test_contra_levels():
    refused(jatek(game_contra=6), "game_contra")
    refused(jatek(game_contra=1), "game_contra", allow_contra=False)
    refused(jatek(ultimo=ultimo(contra=1)), "ultimo.contra", allow_contra=False)
    refused(jatek(game_contra=3), "game_contra", max_contra_level="rekontra")
    refused(jatek(ultimo=ultimo(contra=3)), "ultimo.contra", max_contra_level="rekontra")
    assert play(jatek(game_contra=5)).deltas["A"] == 4 * 32
    assert play(jatek(game_contra=2), max_contra_level="rekontra").deltas["A"] == 16


# --- hand bonuses --------------------------------------------------------------------


def test_no_hand_bonuses_at_no_game():
    refused(
        {"dealer": "D", "contract": "no_game", "hand_bonuses": [{"player": "A", "bonus": "trull"}]},
        "hand_bonuses",
    )


def test_one_entry_per_player_and_bonus():
    bonus = {"player": "B", "bonus": "eight_tarokks"}
    refused(jatek(hand_bonuses=[bonus, bonus]), "hand_bonuses[1]")


def test_bonus_fields():
    refused(jatek(hand_bonuses=[{"player": "E", "bonus": "trull"}]), "hand_bonuses[0].player")
    refused(jatek(hand_bonuses=[{"player": "A", "bonus": "volat"}]), "hand_bonuses[0].bonus")


def test_hand_bonuses_in_trisakolas_switch():
    hand = trisak(hand_bonuses=[{"player": "B", "bonus": "four_kings"}])
    assert play(hand).deltas == {"A": -7, "B": 33, "C": -19, "D": -7}
    refused(hand, "hand_bonuses", hand_bonuses_in_trisakolas=False)


def test_kis_honnorok_stacking_switch():
    both = [{"player": "B", "bonus": "four_kings"}, {"player": "B", "bonus": "little_honours"}]
    refused(jatek(hand_bonuses=both), "hand_bonuses[1].bonus")
    assert play(jatek(hand_bonuses=both), kis_honnorok_stacking=True).deltas["B"] == -4 + 60


def test_impossible_bonus_combinations():
    # one deal has four kings and three honours: each can be held by one player only
    two = [{"player": "B", "bonus": "four_kings"}, {"player": "D", "bonus": "four_kings"}]
    refused(jatek(hand_bonuses=two), "hand_bonuses[1].player")
    mixed = [{"player": "B", "bonus": "trull"}, {"player": "D", "bonus": "little_honours"}]
    refused(jatek(hand_bonuses=mixed), "hand_bonuses[1].player")
    # the tulétroá holder has the pagát: nobody else makes the ultimó
    refused(
        jatek(ultimo=ultimo(by="A"), hand_bonuses=[{"player": "B", "bonus": "trull"}]),
        "hand_bonuses[0].player",
    )


def test_hand_bonus_payers_opposing_side_in_a_one_vs_three_game():
    hand = game("bettli", hand_bonuses=[{"player": "C", "bonus": "four_kings"}])
    # default: every other player pays 10; opposing_side: only the declarer B pays
    assert play(hand).deltas == {"A": -18, "B": 14, "C": 22, "D": -18}
    assert play(hand, hand_bonus_payers="opposing_side").deltas == {
        "A": -8,
        "B": 14,
        "C": 2,
        "D": -8,
    }


# --- results -------------------------------------------------------------------------


def test_no_result_at_no_game():
    refused({"dealer": "D", "contract": "no_game", "result": {"trisak_points": {}}}, "result")


def test_result_is_required_for_a_played_hand():
    refused(jatek(result=None), "result")


def test_trisak_maps_have_every_player():
    hand = trisak()
    del hand["result"]["trisak_points"]["D"]
    refused(hand, "result.trisak_points.D")
    refused(trisak(result={"trisak_points": None, "trisak_tricks": None}), "result.trisak_points")


def test_trisak_tricks_sum_to_12():
    refused(trisak(tricks=(3, 2, 4, 2)), "result.trisak_tricks")


def test_trisak_points_fit_the_tricks():
    refused(trisak(points=(28, 7, 38, 27)), "result.trisak_points.B")  # 2 tricks, < 8
    refused(trisak(points=(3, 40, 35, 22), tricks=(0, 5, 4, 3)), "result.trisak_points.A")


def test_trisak_points_leave_at_least_6_for_the_talon():
    refused(trisak(points=(28, 12, 38, 23)), "result.trisak_points")


def test_card_game_points():
    refused(jatek(result={"declarer_side_points": 107}), "result.declarer_side_points")
    refused(jatek(result={"declarer_side_points": None}), "result.declarer_side_points")
    refused(game("harmas", result={"declarer_took_trick": True}), "result.declarer_side_points")


def test_bettli_needs_took_trick():
    refused(game("bettli", result={"declarer_side_points": 0}), "result.declarer_took_trick")


def test_fields_that_do_not_apply_are_null():
    refused(
        jatek(result={"declarer_side_points": 60, "declarer_took_trick": False}),
        "result.declarer_took_trick",
    )
    hand = trisak()
    hand["result"]["declarer_side_points"] = 40
    refused(hand, "result.declarer_side_points")


# --- irregularities ------------------------------------------------------------------


def test_irregularity_fields():
    refused(jatek(irregularity={"type": "misdeal", "player": "B"}), "irregularity.type")
    refused(jatek(irregularity={"type": "revoke", "player": "E"}), "irregularity.player")


def test_no_irregularity_without_play():
    refused(
        {"dealer": "D", "contract": "no_game", "irregularity": {"type": "revoke", "player": "A"}},
        "irregularity",
    )


def test_wrong_discard_is_the_declarers_at_levels_1_2_4():
    refused(jatek(irregularity={"type": "wrong_discard", "player": "B"}), "irregularity.type")
    refused(
        game("bettli", irregularity={"type": "wrong_discard", "player": "B"}), "irregularity.type"
    )
    refused(
        game("harmas_szolo", irregularity={"type": "wrong_discard", "player": "B"}),
        "irregularity.type",
    )
    assert play(jatek(irregularity={"type": "wrong_discard", "player": "A"})).deltas["A"] == -12


def test_results_are_ignored_under_a_penalty():
    hand = game("harmas", result=None, irregularity={"type": "revoke", "player": "C"})
    assert play(hand).deltas == {"A": 10, "B": 10, "C": -30, "D": 10}
    hand["result"] = {"declarer_side_points": 999}
    assert play(hand).deltas["C"] == -30
    # an announced ultimó counts in X; whether it was made is a result, so optional
    hand["ultimo"] = {"side": "declarer", "by": "B", "announced": True, "contra": 1}
    assert play(hand).deltas["C"] == -3 * (10 + 80)


# --- session -------------------------------------------------------------------------


def test_no_session_events():
    s = session()
    state, _ = VARIANT.start(s)
    with pytest.raises(InvalidHand) as caught:
        VARIANT.event(s, state, {"event": "join", "player": "E"})
    assert caught.value.problems[0].field == "event"


def test_next_dealer_is_on_the_right_and_state_round_trips():
    s = session()
    state, _ = VARIANT.start(s)
    assert VARIANT.table_hint(s, state).next_dealer is None
    state, _ = VARIANT.play(s, state, jatek(), 1)
    assert VARIANT.table_hint(s, state).next_dealer == "A"
    assert VARIANT.load_state(VARIANT.dump_state(state)) == state


def test_every_entry_explains_itself_in_both_languages():
    entry = play(jatek(ultimo=ultimo(), hand_bonuses=[{"player": "A", "bonus": "trull"}]))
    hu = say_in("hu")
    assert all(str(line.text) and hu(line.text) for line in entry.lines)
    assert str(entry.summary)
    assert hu(entry.summary)


def test_the_example_night_scores():
    path = Path(__file__).resolve().parents[3] / "examples" / "trisak.json"
    sheet = json.loads(path.read_text(encoding="utf-8"))
    result = score_sheet(sheet, say_in("hu"))
    assert len(result["entries"]) == len(sheet["hands"]) >= 20
    assert sum(result["totals"].values()) == 0
