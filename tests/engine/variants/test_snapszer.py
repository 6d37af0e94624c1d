"""Snapszer: every validation rule of two_player_games.md §13.3, and the house-rule switches."""

from scorebook.catalogues import say_in
from tests.engine.variants._two_player import common_tests, refuses, score

KEY = "snapszer"
GOOD = {"winner": "Anna", "win_by": "reached_66", "loser_took_trick": True, "loser_points": 41}
CLOSING = {"snapszer_closing": True}

globals().update(common_tests(KEY, GOOD, "win_by", "schneider"))


def test_loser_points_at_most_65():
    refuses(KEY, [{**GOOD, "loser_points": 66}], "result.loser_points")


def test_loser_fields_required_for_reached_66_and_last_trick():
    refuses(KEY, [{"winner": "Anna", "win_by": "reached_66"}], "result.loser_took_trick")
    refuses(KEY, [{"winner": "Anna", "win_by": "last_trick"}], "result.loser_points")


def test_no_trick_means_zero_points():
    refuses(KEY, [{**GOOD, "loser_took_trick": False, "loser_points": 12}], "result.loser_points")


def test_a_trick_means_at_least_4_points():
    refuses(KEY, [{**GOOD, "loser_points": 3}], "result.loser_points")


def test_last_trick_needs_a_loser_with_a_trick_and_55():
    last = {"winner": "Anna", "win_by": "last_trick", "loser_took_trick": True}
    refuses(KEY, [{**last, "loser_points": 54}], "result.loser_points")
    refuses(
        KEY, [{**last, "loser_took_trick": False, "loser_points": 0}], "result.loser_took_trick"
    )


def test_forfeit_reads_only_the_winner():
    result = score(KEY, [{"winner": "Béla", "win_by": "forfeit", "loser_points": "junk"}])
    assert result["entries"][0]["deltas"] == {"Anna": -2, "Béla": 2}


def test_closing_fields_need_the_house_rule():
    refuses(KEY, [{**GOOD, "closed_by": "Anna"}], "result.closed_by")
    failed = {"winner": "Anna", "win_by": "closer_failed", "closed_by": "Béla"}
    refuses(KEY, [{**failed, "winner_had_trick_at_closing": True}], "result.win_by")


def test_closer_failed_names_the_loser_and_the_trick_flag():
    failed = {"winner": "Anna", "win_by": "closer_failed", "winner_had_trick_at_closing": True}
    refuses(KEY, [{**failed, "closed_by": "Anna"}], "result.closed_by", CLOSING)
    refuses(KEY, [failed], "result.closed_by", CLOSING)
    refuses(
        KEY,
        [{**failed, "closed_by": "Béla", "winner_had_trick_at_closing": None}],
        "result.winner_had_trick_at_closing",
        CLOSING,
    )


def test_closer_failed_ignores_the_loser_fields():
    failed = {
        "winner": "Anna",
        "win_by": "closer_failed",
        "closed_by": "Béla",
        "winner_had_trick_at_closing": False,
        "loser_took_trick": True,
        "loser_points": 2,
    }
    assert score(KEY, [failed], CLOSING)["entries"][0]["deltas"]["Anna"] == 3


def test_a_closer_who_won_reached_66():
    refuses(KEY, [{**GOOD, "closed_by": "Béla"}], "result.closed_by", CLOSING)


def test_last_trick_after_a_close_is_refused():
    last = {"winner": "Anna", "win_by": "last_trick", "loser_took_trick": True, "loser_points": 60}
    refuses(KEY, [{**last, "closed_by": "Anna"}], "result.closed_by", CLOSING)


def test_trick_flag_only_with_closer_failed():
    refuses(
        KEY,
        [{**GOOD, "winner_had_trick_at_closing": True}],
        "result.winner_had_trick_at_closing",
        CLOSING,
    )


def test_game_points_house_rule_shape():
    from tests.engine.variants._two_player import problems_of, sheet

    for bad in ([1, 2], [1, 2, 0], "1,2,3", [1, 2, True]):
        fields = [p.field for p in problems_of(sheet(KEY, [GOOD], {"snapszer_game_points": bad}))]
        assert fields == ["house_rules.snapszer_game_points"]


def test_table_hint_shows_the_bummerl_and_the_next_dealer():
    from scorebook.engine import registry
    from scorebook.engine.replay import fold
    from scorebook.engine.scoresheet import read_sheet
    from tests.engine.variants._two_player import sheet

    s = read_sheet(sheet(KEY, [GOOD, GOOD], {"snapszer_matches_to_win": 2, "snapszer_target": 2}))
    state, _, _ = fold(s.session, s.records)
    hint = registry.get(KEY).table_hint(s.session, state)
    assert hint.next_dealer == "Anna"
    assert (
        str(hint.notes[0]) == "match 1: Anna 0 – Béla 0 (to 2); Bummerls won Anna 1 – Béla 0 (to 2)"
    )
    assert "Bummerl" in say_in("hu")(hint.notes[0])
