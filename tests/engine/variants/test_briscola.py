"""Briscola: the validation rules of two_player_games.md §13.3."""

from tests.engine.variants._two_player import common_tests, refuses, score

KEY = "briscola"
GOOD = {"card_points": {"Anna": 70, "Béla": 50}}

globals().update(common_tests(KEY, GOOD, "card_points.Béla", {"Anna": 70, "Béla": 50.0}))


def test_card_points_sum_to_120():
    refuses(KEY, [{"card_points": {"Anna": 70, "Béla": 49}}], "result.card_points")


def test_card_points_in_range():
    refuses(KEY, [{"card_points": {"Anna": 121, "Béla": -1}}], "result.card_points.Anna")


def test_both_players_given():
    refuses(KEY, [{"card_points": {"Anna": 120}}], "result.card_points.Béla")


def test_series_switches():
    deals = [GOOD, {"card_points": {"Anna": 70, "Béla": 50}}, GOOD]
    three = score(KEY, deals)["end_of_session"]["matches"]
    five = score(KEY, deals, {"briscola_series": 5})["end_of_session"]["matches"]
    assert [m["over"] for m in three] == [True, False]
    assert [m["over"] for m in five] == [True]


def test_table_hint_shows_the_series_and_the_count():
    from tests.engine.variants._two_player import hint

    after_one = hint(KEY, [GOOD])
    assert after_one.next_dealer == "Béla"
    assert str(after_one.notes[0]) == (
        "series 1, deal 1 of 3: deals won Anna 1 – Béla 0, card points 70 – 50"
    )
    after_two = hint(KEY, [GOOD, GOOD])
    assert str(after_two.notes[0]) == "series 2 starts: deal 1 of 3"
    assert str(after_two.notes[1]) == "series played 1, won Anna 1 – Béla 0"
