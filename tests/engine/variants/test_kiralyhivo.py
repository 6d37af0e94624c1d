"""Királyhívó: the record rules of kiralyhivo.md section 13, the §11.1 card counting and the
house-rule switches of section 12 (the worked examples live in tests/engine/cases)."""

from __future__ import annotations

from typing import Any

import pytest

from scorebook.catalogues import say_in
from scorebook.engine.errors import InvalidHand, InvalidSheet
from scorebook.engine.scoresheet import read_sheet, resolve_house_rules, score_sheet
from scorebook.engine.types import Session
from scorebook.engine.variants.kiralyhivo import VARIANT, pile_points

EN, HU = say_in("en"), say_in("hu")

PLAYERS = ("A", "B", "C", "D")


def session(**rules: Any) -> Session:
    resolved, problems = resolve_house_rules("kiralyhivo", rules)
    assert not problems
    return Session("kiralyhivo", PLAYERS, resolved)


def hivas(**changes: Any) -> dict[str, Any]:
    hand: dict[str, Any] = {
        "dealer": "D",
        "all_pass": False,
        "declarer": "A",
        "contract": "hivas",
        "called_king": "hearts",
        "called_king_location": "player",
        "partner": "C",
        "game_contra": 0,
        "announcements": [],
        "result": {"declarer_side_points": 40},
        "irregularity": None,
    }
    hand.update(changes)
    return hand


def play(hand: dict[str, Any], **rules: Any) -> dict[str, int]:
    s = session(**rules)
    state, _ = VARIANT.start(s)
    _, entries = VARIANT.play(s, state, hand, 1)
    return dict(entries[0].deltas)


def refused(hand: dict[str, Any], **rules: Any) -> list[str]:
    with pytest.raises(InvalidHand) as info:
        play(hand, **rules)
    return [p.field for p in info.value.problems]


def ann(figure: str, side: str, by: str, contra: int = 0) -> dict[str, Any]:
    return {"figure": figure, "side": side, "by": by, "contra": contra}


# --- §11.1: card counting in threes (seed 004 §66–§67) ---------------------------------


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        (["king", "honour", "other"], 9),  # king, XXI, II
        (["queen", "knight", "other"], 6),  # queen, knight, 2
        (["other", "other", "other"], 1),  # III, II, 10
        (["king", "jack"], 6),
        (["queen", "other"], 4),  # queen, IV
        (["other", "other"], 1),  # 10, 7
        (["king"], 4),
        (["other"], 0),  # ace
        (["honour"] * 3 + ["king", "queen", "knight", "jack"] * 4 + ["other"] * 35, 70),
    ],
)
def test_card_counting_examples_of_11_1(cards, points):
    assert pile_points(cards) == points


def test_two_piles_of_a_hand_always_make_70():
    pack = ["honour"] * 3 + ["king", "queen", "knight", "jack"] * 4 + ["other"] * 35
    # n and 54 − n cards: the rounded values always add up to exactly 70 (spec section 1).
    for n in range(55):
        assert pile_points(pack[:n]) + pile_points(pack[n:]) == 70


# --- section 12: the switches, by spec name, value and default --------------------------


def test_house_rules_are_the_spec_switches_with_their_defaults():
    defaults = {rule.name: rule.default for rule in VARIANT.house_rules}
    assert defaults == {
        "ultimo_values_follow_figures": True,
        "allow_voluntary_self_call": False,
        "talon_king_fine_stacks": False,
        "throw_allowed_at_szolo": False,
        "max_contra_level": "mordkontra",
        "volat_replaces_game": True,
        "volat_cancels_silent_figures": True,
        "revoke_penalty": True,
        "no_tarokk_annulment": True,
        "wrong_discard_penalty": "strict",
        "penalty_includes_contras": True,
        "talon_counts_for_figures": True,
        "silent_ultimo_lost_pays": False,
        "allow_reannounce_after_contra": True,
        "ultimo_kassza": False,
        "kassza_end_of_session": "split_equally",
        "five_players": False,
    }


def test_five_players_is_not_supported():
    _, problems = resolve_house_rules("kiralyhivo", {"five_players": True})
    assert [p.field for p in problems] == ["house_rules.five_players"]


def test_five_seated_players_are_refused():
    sheet = {
        "format": "scorebook/1",
        "variant": "kiralyhivo",
        "players": ["A", "B", "C", "D", "E"],
        "hands": [],
    }
    with pytest.raises(InvalidSheet) as info:
        read_sheet(sheet)
    assert [p.field for p in info.value.problems] == ["players"]


def test_max_contra_level_rekontra_caps_game_and_announcements():
    hand = hivas(game_contra=3, announcements=[ann("trull", "declarer", "A", 3)])
    assert play(hand)["A"] < 0 or play(hand)["A"] > 0  # allowed on the full ladder
    assert refused(hand, max_contra_level="rekontra") == [
        "game_contra",
        "announcements[0].contra",
    ]


def test_opponents_trull_without_game_contra_is_noted_not_refused():
    s = session()
    state, _ = VARIANT.start(s)
    _, entries = VARIANT.play(s, state, hivas(announcements=[ann("trull", "opponents", "B")]), 1)
    assert any("§50; §51" in EN(line.text) for line in entries[0].lines)


def test_voluntary_self_call_is_worded_by_the_switch():
    hand = hivas(called_king_location="declarer", partner=None)
    s = session(allow_voluntary_self_call=True)
    _, entries = VARIANT.play(s, VARIANT.start(s)[0], hand, 1)
    assert "four kings" not in EN(entries[0].lines[0].text)
    s = session()
    _, entries = VARIANT.play(s, VARIANT.start(s)[0], hand, 1)
    assert "all four kings" in EN(entries[0].lines[0].text)


def test_talon_counts_for_figures_changes_nothing_in_the_arithmetic():
    hand = hivas(result={"declarer_side_points": 40, "figures_made": {"trull": "declarer"}})
    assert (
        play(hand)
        == play(hand, talon_counts_for_figures=False)
        == {
            "A": 8,
            "B": -8,
            "C": 8,
            "D": -8,
        }
    )


def test_entries_say_everything_in_both_languages_and_summary():
    s = session()
    _, entries = VARIANT.play(s, VARIANT.start(s)[0], hivas(), 1)
    entry = entries[0]
    assert EN(entry.summary)
    assert HU(entry.summary)
    assert HU(entry.summary) != EN(entry.summary)
    assert all(EN(line.text) and HU(line.text) for line in entry.lines)


# --- section 13: record rules, one test each ------------------------------------------


def test_all_pass_is_required():
    hand = hivas()
    del hand["all_pass"]
    assert refused(hand) == ["all_pass"]


def test_all_pass_wants_every_other_field_empty():
    hand = hivas(all_pass=True, game_contra=1, announcements=[ann("trull", "declarer", "A")])
    assert refused(hand) == [
        "declarer",
        "contract",
        "called_king",
        "called_king_location",
        "partner",
        "result",
        "game_contra",
        "announcements",
    ]


def test_declarer_is_required_unless_all_pass():
    assert refused(hivas(declarer=None)) == ["declarer"]


def test_declarer_must_be_a_player():
    assert refused(hivas(declarer="Zoli")) == ["declarer"]


def test_contract_is_one_of_the_four():
    assert refused(hivas(contract="pagatultimo")) == ["contract"]


def test_called_king_required_at_hivas_and_szolo():
    assert refused(hivas(called_king=None)) == ["called_king"]
    assert refused(hivas(called_king="roses")) == ["called_king"]


def test_called_king_null_unless_hivas_or_szolo():
    hand = hivas(contract="harmas", partner=None)
    assert refused(hand) == ["called_king", "called_king_location"]


def test_called_king_location_required_at_hivas():
    assert refused(hivas(called_king_location=None, partner=None)) == ["called_king_location"]


def test_partner_set_iff_location_player():
    assert refused(hivas(partner=None)) == ["partner"]
    assert refused(hivas(called_king_location="declarer")) == ["partner"]


def test_partner_is_not_the_declarer():
    assert refused(hivas(partner="A")) == ["partner"]


def test_talon_king_action_required_at_hivas_with_the_king_in_the_talon():
    assert refused(hivas(called_king_location="talon", partner=None)) == ["talon_king_action"]


def test_talon_king_action_only_with_the_king_in_the_talon():
    assert refused(hivas(talon_king_action="throw")) == ["talon_king_action"]


def test_throw_at_szolo_only_with_the_switch():
    hand = hivas(
        contract="szolo",
        called_king_location="talon",
        partner=None,
        talon_king_action="throw",
        result=None,
    )
    assert refused(hand) == ["talon_king_action"]
    assert play(hand, throw_allowed_at_szolo=True) == {"A": -12, "B": 4, "C": 4, "D": 4}
    hand["talon_king_action"] = "play_left_king_half"
    assert refused(hand, throw_allowed_at_szolo=True) == ["talon_king_action"]


def test_game_contra_is_a_level_0_to_5():
    assert refused(hivas(game_contra=6)) == ["game_contra"]
    assert refused(hivas(game_contra="kontra")) == ["game_contra"]


def test_announcement_by_a_member_of_its_side():
    assert refused(hivas(announcements=[ann("trull", "declarer", "B")])) == ["announcements[0].by"]


def test_announcement_fields_are_checked():
    hand = hivas(announcements=[{"figure": "uhu", "side": "us", "by": "A", "contra": 9}])
    assert refused(hand) == [
        "announcements[0].figure",
        "announcements[0].side",
        "announcements[0].contra",
    ]


def test_king_ultimo_only_by_the_declarer_side():
    assert refused(hivas(announcements=[ann("king_ultimo", "opponents", "B")])) == [
        "announcements[0].figure"
    ]


def test_king_ultimo_only_at_hivas_or_szolo():
    hand = hivas(
        contract="harmas",
        called_king=None,
        called_king_location=None,
        partner=None,
        announcements=[ann("king_ultimo", "declarer", "A")],
    )
    assert refused(hand) == ["announcements[0].figure"]


def test_one_announcement_per_figure_and_side():
    hand = hivas(announcements=[ann("trull", "declarer", "A"), ann("trull", "declarer", "C")])
    assert refused(hand) == ["announcements[1].figure"]


def test_reannounce_by_the_other_side_only_with_the_switch():
    hand = hivas(
        game_contra=1,
        announcements=[ann("four_kings", "opponents", "B", 1), ann("four_kings", "declarer", "A")],
    )
    play(hand)
    assert refused(hand, allow_reannounce_after_contra=False) == ["announcements[1].figure"]


def test_throw_has_no_announcements_contra_or_result():
    hand = hivas(
        called_king_location="talon",
        partner=None,
        talon_king_action="throw",
        game_contra=1,
        announcements=[ann("trull", "declarer", "A")],
    )
    assert refused(hand) == ["announcements", "game_contra", "result"]


def test_annulled_hand_has_no_announcements_contra_or_result():
    hand = hivas(
        irregularity={"type": "no_tarokk_annulment", "player": None},
        game_contra=1,
        announcements=[ann("trull", "declarer", "A")],
    )
    assert refused(hand) == ["announcements", "game_contra", "result"]


def test_result_required_for_a_played_hand():
    assert refused(hivas(result=None)) == ["result"]


def test_declarer_side_points_0_to_70():
    assert refused(hivas(result={"declarer_side_points": 71})) == ["result.declarer_side_points"]
    assert refused(hivas(result={})) == ["result.declarer_side_points"]


def test_figures_made_names_and_sides():
    result = {"declarer_side_points": 40, "figures_made": {"uhu": "declarer", "trull": "both"}}
    assert refused(hivas(result=result)) == [
        "result.figures_made.uhu",
        "result.figures_made.trull",
    ]


def test_figures_made_king_ultimo_only_declarer():
    result = {"declarer_side_points": 40, "figures_made": {"king_ultimo": "opponents"}}
    assert refused(hivas(result=result)) == ["result.figures_made.king_ultimo"]


def test_figures_made_agree_on_the_last_trick():
    result = {
        "declarer_side_points": 69,
        "figures_made": {"volat": "declarer", "pagat_ultimo": "opponents"},
    }
    assert refused(hivas(result=result)) == ["result.figures_made.pagat_ultimo"]


def test_called_king_taken_only_with_the_king_in_play():
    hand = hivas(
        called_king_location="talon",
        partner=None,
        talon_king_action="play_left_king_half",
        result={"declarer_side_points": 40, "called_king_taken_by_opponents": True},
    )
    assert refused(hand) == ["result.called_king_taken_by_opponents"]


def test_pagat_lost_last_trick_read_only_with_the_switch():
    hand = hivas(result={"declarer_side_points": 40, "pagat_lost_last_trick": "nobody"})
    play(hand)  # not read by default
    assert refused(hand, silent_ultimo_lost_pays=True) == ["result.pagat_lost_last_trick"]


def test_irregularity_player_is_a_session_player():
    assert refused(hivas(irregularity={"type": "revoke", "player": "Zoli"})) == [
        "irregularity.player"
    ]
    assert refused(hivas(irregularity={"type": "revoke", "player": None})) == [
        "irregularity.player"
    ]


def test_irregularity_type_is_known():
    assert refused(hivas(irregularity={"type": "misdeal", "player": "B"})) == ["irregularity.type"]


def test_wrong_discard_only_by_the_declarer():
    hand = hivas(irregularity={"type": "wrong_discard", "player": "B"})
    assert refused(hand) == ["irregularity.player"]


def test_wrong_discard_only_at_hivas_or_harmas():
    hand = hivas(contract="szolo", irregularity={"type": "wrong_discard", "player": "A"})
    assert refused(hand) == ["irregularity.type"]


def test_no_annulment_with_the_switch_off():
    hand = hivas(irregularity={"type": "no_tarokk_annulment", "player": None}, result=None)
    assert play(hand) == dict.fromkeys(PLAYERS, 0)
    assert refused(hand, no_tarokk_annulment=False) == ["irregularity.type"]


def test_penalised_revoke_ignores_the_result():
    hand = hivas(irregularity={"type": "revoke", "player": "B"}, result={"junk": True})
    assert play(hand) == {"A": 6, "B": -18, "C": 6, "D": 6}


def test_every_problem_is_reported_at_once():
    hand = hivas(dealer="Q", contract="harmas", game_contra=-1, result=None)
    assert refused(hand) == [
        "dealer",
        "called_king",
        "called_king_location",
        "partner",
        "game_contra",
        "result",
    ]


def test_there_are_no_session_events():
    s = session()
    with pytest.raises(InvalidHand) as info:
        VARIANT.event(s, VARIANT.start(s)[0], {"event": "join", "player": "E"})
    assert info.value.problems[0].field == "event"


# --- session: dealer, state and pot -----------------------------------------------------


def test_the_deal_moves_to_the_right_and_the_state_round_trips():
    s = session(ultimo_kassza=True)
    state, _ = VARIANT.start(s)
    assert VARIANT.table_hint(s, state).next_dealer is None
    state, _ = VARIANT.play(s, state, {"dealer": "D", "all_pass": True}, 1)
    hint = VARIANT.table_hint(s, state)
    assert hint.next_dealer == "A"
    assert EN(hint.notes[0]) == "ultimókassza: 20"
    assert VARIANT.load_state(VARIANT.dump_state(state)) == state


def test_a_scored_sheet_in_hungarian():
    sheet = {
        "format": "scorebook/1",
        "variant": "kiralyhivo",
        "players": list(PLAYERS),
        "hands": [hivas()],
    }
    result = score_sheet(sheet, say_in("hu"))
    assert result["entries"][0]["breakdown"][0] == (
        "hívás, A (kőr király hívva: partner C): megnyerve, 40 ≥ 36 pont: 6; B, D → A, C: fejenként 6"
    )


# --- a result the cards cannot give (issue 11) -------------------------------------------
# The tricks hold 48 cards; the other six count for a side without being won: the
# declarer's three discards (hívás, hármas) or at szóló the called king's talon half for
# the declarer side, and the talon cards left for the opponents (kiralyhivo.md §3, §6).


def problems_of(hand: dict[str, Any], **rules: Any) -> list[tuple[str, str]]:
    with pytest.raises(InvalidHand) as info:
        play(hand, **rules)
    return [(p.field, EN(p.message)) for p in info.value.problems]


def szolo_harmas(**result: Any) -> dict[str, Any]:
    return hivas(
        contract="szolo_harmas",
        called_king=None,
        called_king_location=None,
        partner=None,
        result=result,
    )


def test_card_points_bounds_from_the_discards_and_the_talon():
    # hívás: the discards count for the declarer side (at least 1), the opponents keep
    # three talon cards (at least 1).
    assert problems_of(hivas(result={"declarer_side_points": 70})) == [
        (
            "result.declarer_side_points",
            "70 is above 69: the opponents keep 3 talon cards, worth at least 1",
        )
    ]
    assert problems_of(hivas(result={"declarer_side_points": 0})) == [
        (
            "result.declarer_side_points",
            "0 is below 1: its three discards (3 cards) count for the declarer side",
        )
    ]
    assert play(hivas(result={"declarer_side_points": 69})) == {"A": 6, "B": -6, "C": 6, "D": -6}
    assert play(hivas(result={"declarer_side_points": 1})) == {"A": -6, "B": 6, "C": -6, "D": 6}
    # szólóhármas: all six talon cards go to the opponents (at least 2), nothing to him.
    assert refused(szolo_harmas(declarer_side_points=69)) == ["result.declarer_side_points"]
    assert play(szolo_harmas(declarer_side_points=68)) == {"A": 60, "B": -20, "C": -20, "D": -20}
    assert play(szolo_harmas(declarer_side_points=0)) == {"A": -60, "B": 20, "C": 20, "D": 20}


def test_card_points_bounds_with_the_called_king_in_the_talon():
    # szóló: the king's half (the king and two more cards) counts for the declarer: ≥ 5.
    hand = hivas(contract="szolo", called_king_location="talon", partner=None)
    hand["result"] = {"declarer_side_points": 4}
    assert refused(hand) == ["result.declarer_side_points"]
    hand["result"] = {"declarer_side_points": 5}
    assert play(hand) == {"A": -24, "B": 8, "C": 8, "D": 8}
    # hívás, the king's half left to the opponents: they have at least 5, he at most 65.
    hand = hivas(
        called_king_location="talon", partner=None, talon_king_action="play_left_king_half"
    )
    hand["result"] = {"declarer_side_points": 66}
    assert refused(hand) == ["result.declarer_side_points"]
    hand["result"] = {"declarer_side_points": 65}
    assert play(hand) == {"A": 12, "B": -4, "C": -4, "D": -4}  # 6 − 2 fine, one vs three


def test_card_points_of_a_volat():
    # The declarer side took every trick: the opponents have only their three talon
    # cards at hívás (at most 13), six at szólóhármas (at most 26).
    volat = {"volat": "declarer"}
    assert problems_of(hivas(result={"declarer_side_points": 56, "figures_made": volat})) == [
        (
            "result.declarer_side_points",
            "56 is below 57: the declarer side took every trick (volát): the opponents have "
            "only their 3 talon cards, worth at most 13",
        )
    ]
    assert play(hivas(result={"declarer_side_points": 57, "figures_made": volat})) == {
        "A": 12,
        "B": -12,
        "C": 12,
        "D": -12,
    }
    assert refused(szolo_harmas(declarer_side_points=43, figures_made=volat)) == [
        "result.declarer_side_points"
    ]
    assert play(szolo_harmas(declarer_side_points=44, figures_made=volat))["A"] == 3 * 48
    # The opponents took every trick: the declarer side has only its discards (≤ 13),
    # at szólóhármas no card at all.
    lost = {"volat": "opponents"}
    result = {"declarer_side_points": 14, "figures_made": lost}
    result["called_king_taken_by_opponents"] = True
    assert refused(hivas(result=result)) == ["result.declarer_side_points"]
    result["declarer_side_points"] = 13
    assert play(hivas(result=result))["A"] == -14  # silent volát 12, called king 2
    assert problems_of(szolo_harmas(declarer_side_points=1, figures_made=lost)) == [
        (
            "result.declarer_side_points",
            "1 is above 0: the opponents took every trick (volát): the declarer side has no card",
        )
    ]


def test_a_side_without_a_trick_makes_no_figure_its_cards_cannot_hold():
    # No trick: no huszonegyfogás; four kings only with six talon cards (szólóhármas,
    # szóló), never with three.
    result = {"declarer_side_points": 60, "figures_made": {"volat": "declarer"}}
    result["figures_made"]["xxi_catch"] = "opponents"
    assert problems_of(hivas(result=result)) == [
        (
            "result.figures_made.xxi_catch",
            "the opponents cannot have made it: the opponents took no trick (volát by the "
            "declarer side) and 3 cards outside the tricks",
        )
    ]
    result["figures_made"] = {"volat": "declarer", "four_kings": "opponents"}
    assert refused(hivas(result=result)) == ["result.figures_made.four_kings"]
    # Six talon cards can hold the four kings: the opponents' silent four kings is paid
    # (not cancelled by the volát with the switch off): 48 − 8 = 40 from each.
    hand = szolo_harmas(declarer_side_points=50, figures_made=result["figures_made"])
    assert play(hand, volat_cancels_silent_figures=False)["B"] == -40
    # The declarer side without a trick at szólóhármas holds no card at all.
    made = {"volat": "opponents", "trull": "declarer"}
    assert refused(szolo_harmas(declarer_side_points=0, figures_made=made)) == [
        "result.figures_made.trull"
    ]


def test_the_volat_side_holding_every_card_makes_its_announced_trull():
    # Opponents' volát at szólóhármas: no card counts for the declarer, so the opponents
    # hold every honour and king; their announced tulétroá cannot be lost.
    hand = szolo_harmas(declarer_side_points=0, figures_made={"volat": "opponents"})
    hand["announcements"] = [ann("trull", "opponents", "B")]
    hand["game_contra"] = 1
    assert problems_of(hand) == [
        (
            "result.figures_made.trull",
            "must be opponents: the opponents took every trick and hold every card",
        )
    ]
    hand["result"]["figures_made"]["trull"] = "opponents"
    assert play(hand) == {"A": -3 * 64, "B": 64, "C": 64, "D": 64}  # silent volát 48 + 16


def test_the_caught_xxi_and_the_pagat_ultimo_keep_the_trull_from_the_other_side():
    made = {"xxi_catch": "declarer", "trull": "opponents"}
    assert problems_of(hivas(result={"declarer_side_points": 40, "figures_made": made})) == [
        (
            "result.figures_made.trull",
            "the opponents cannot have made it: the XXI is in the declarer side's tricks "
            "(XXI-catch (huszonegyfogás))",
        )
    ]
    made = {"pagat_ultimo": "opponents", "trull": "declarer"}
    assert refused(hivas(result={"declarer_side_points": 40, "figures_made": made})) == [
        "result.figures_made.trull"
    ]
    made = {"pagat_ultimo": "opponents", "trull": "opponents"}
    assert play(hivas(result={"declarer_side_points": 40, "figures_made": made})) == {
        "A": 2,
        "B": -2,
        "C": 2,
        "D": -2,
    }  # game 6, silent pagátultimó −2, silent tulétroá −2


def test_where_the_called_king_is_decides_the_four_kings():
    made = {"king_ultimo": "declarer", "four_kings": "opponents"}
    assert refused(hivas(result={"declarer_side_points": 40, "figures_made": made})) == [
        "result.figures_made.four_kings"
    ]
    result = {
        "declarer_side_points": 40,
        "figures_made": {"four_kings": "declarer"},
        "called_king_taken_by_opponents": True,
    }
    assert refused(hivas(result=result)) == ["result.figures_made.four_kings"]
    hand = hivas(
        called_king_location="talon", partner=None, talon_king_action="play_left_king_half"
    )
    hand["result"] = {"declarer_side_points": 40, "figures_made": {"four_kings": "declarer"}}
    assert refused(hand) == ["result.figures_made.four_kings"]
    hand = hivas(contract="szolo", called_king_location="talon", partner=None)
    hand["result"] = {"declarer_side_points": 40, "figures_made": {"four_kings": "opponents"}}
    assert refused(hand) == ["result.figures_made.four_kings"]


def test_called_king_taken_home_agrees_with_the_tricks():
    result = {
        "declarer_side_points": 40,
        "figures_made": {"king_ultimo": "declarer"},
        "called_king_taken_by_opponents": True,
    }
    assert refused(hivas(result=result)) == ["result.called_king_taken_by_opponents"]
    result = {"declarer_side_points": 10, "figures_made": {"volat": "opponents"}}
    assert problems_of(hivas(result=result)) == [
        (
            "result.called_king_taken_by_opponents",
            "must be true: the opponents took every trick (volát), the called king too",
        )
    ]
    result["called_king_taken_by_opponents"] = True
    assert play(hivas(result=result)) == {"A": -14, "B": 14, "C": -14, "D": 14}  # 12 + 2


def test_a_pagat_beaten_by_its_own_partner_in_the_last_trick_is_valid():
    # The declarer side took every trick; its pagát went to the last trick and was beaten
    # there by the partner's tarokk: the silent pagátultimó is lost, the volát made.
    result = {
        "declarer_side_points": 60,
        "figures_made": {"volat": "declarer"},
        "pagat_lost_last_trick": "declarer",
    }
    assert play(hivas(result=result), silent_ultimo_lost_pays=True) == {
        "A": 10,
        "B": -10,
        "C": 10,
        "D": -10,
    }  # silent volát 12, silent pagátultimó lost −2


# --- K11: talon_counts_for_figures off (issue 23 item 10) ---------------------------------


def test_a_volat_side_need_not_hold_an_honour_lying_in_the_talon():
    # Opponents' volát at szólóhármas with the talon not counting for figures: the skíz may
    # lie in the talon, so their announced tulétroá may fail (it was refused before).
    hand = szolo_harmas(declarer_side_points=0, figures_made={"volat": "opponents"})
    hand["announcements"] = [ann("trull", "opponents", "B")]
    hand["game_contra"] = 1
    off = {"talon_counts_for_figures": False}
    # Silent volát 48 − announced tulétroá lost 16 = 32 from A to each opponent.
    assert play(hand, **off) == {"A": 3 * -32, "B": 32, "C": 32, "D": 32}
    hand["announcements"] = [ann("four_kings", "opponents", "B")]
    assert play(hand, **off)["A"] < 0


def test_with_the_talon_not_counting_a_side_without_a_trick_holds_only_discards():
    off = {"talon_counts_for_figures": False}
    # szólóhármas, declarer's volát: six talon cards could hold the four kings, but they do
    # not count, so the opponents' four kings is refused (paid with the switch on, above).
    made = {"volat": "declarer", "four_kings": "opponents"}
    hand = szolo_harmas(declarer_side_points=50, figures_made=made)
    assert problems_of(hand, volat_cancels_silent_figures=False, **off) == [
        (
            "result.figures_made.four_kings",
            "the opponents cannot have made it: the opponents took no trick (volát by the "
            "declarer side), and by the house rules only the discards count for figures, "
            "not the talon (0 cards)",
        )
    ]
    # hívás, opponents' volát: the declarer's three discards still count for its trull.
    made = {"volat": "opponents", "trull": "declarer"}
    hand = hivas(result={"declarer_side_points": 3, "figures_made": made})
    hand["result"]["called_king_taken_by_opponents"] = True
    assert play(hand, **off) == play(hand)


def test_with_the_talon_not_counting_a_called_king_left_there_makes_no_four_kings():
    off = {"talon_counts_for_figures": False}
    hand = hivas(contract="szolo", called_king_location="talon", partner=None)
    hand["result"] = {"declarer_side_points": 40, "figures_made": {"four_kings": "declarer"}}
    assert play(hand)["A"] > 0  # the king's talon half counts for the declarer by default
    assert problems_of(hand, **off) == [
        (
            "result.figures_made.four_kings",
            "nobody can have made it: the called king stays in the talon, and by the house "
            "rules the talon does not count for figures",
        )
    ]
    hand = hivas(
        called_king_location="talon", partner=None, talon_king_action="play_left_king_half"
    )
    hand["result"] = {"declarer_side_points": 40, "figures_made": {"four_kings": "opponents"}}
    assert play(hand)["B"] != 0  # the opponents' talon half counts for them by default
    assert refused(hand, **off) == ["result.figures_made.four_kings"]
