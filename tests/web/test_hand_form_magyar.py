"""The Magyar tarokk hand form (templates/scorebook/hands/magyar.html)."""

import re

import pytest

from scorebook import nightview
from scorebook.models import Hand
from tests.web.handforms import (
    assert_edit_keeps_every_hand,
    assert_problem_next_to,
    assert_renders,
    assert_saved,
    assert_totals_equal_replay,
    enter_hand,
    make_night,
    new_hand_page,
    stored_records,
)

pytestmark = pytest.mark.django_db
PLAYERS = ["Anna", "Béla", "Csaba"]


@pytest.fixture
def night(user):
    return make_night(user, "magyar", PLAYERS, first_dealer="Csaba")


def test_the_page_renders_the_magyar_form(client_in, night):
    response = new_hand_page(client_in, night)
    assert_renders(response, "magyar")
    page = response.content.decode()
    assert 'name="talon_step"' in page
    assert 'name="talon_figure_cards"' in page


def test_a_plain_hand_and_one_with_a_contra_and_an_announced_ultimo(client_in, night):
    plain = {
        "declarer": "Anna",
        "level": "two",
        "talon_step:int": "3",
        "result.declarer_card_points:int": "40",
        "game_contra:int": "1",
    }
    assert_saved(enter_hand(client_in, night, plain))
    ultimo = {
        "declarer": "Béla",
        "level": "lower_three",
        "talon_step:int": "3",
        "result.declarer_card_points:int": "49",
        "announcements[0].figure": "pagat_ultimo",
        "announcements[0].by": "Béla",
        "announcements[0].contra:int": "2",
        "result.pagat_ultimo_side": "declarer",
        "talon_figure_cards:list": ["king", ""],
    }
    assert_saved(enter_hand(client_in, night, ultimo))
    # Chips left untapped send nothing: the sides nobody made and the irregularity are
    # absent (the reader takes them as null).
    assert stored_records(night) == [
        {
            "dealer": "Csaba",
            "outcome": "played",
            "declarer": "Anna",
            "level": "two",
            "talon_step": 3,
            "game_contra": 1,
            "announcements": [],
            "talon_figure_cards": [],
            "result": {"declarer_card_points": 40},
        },
        {
            "dealer": "Anna",
            "outcome": "played",
            "declarer": "Béla",
            "level": "lower_three",
            "talon_step": 3,
            "game_contra": 0,
            "announcements": [{"figure": "pagat_ultimo", "by": "Béla", "contra": 2}],
            "talon_figure_cards": ["king"],
            "result": {"declarer_card_points": 49, "pagat_ultimo_side": "declarer"},
        },
    ]
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_all_pass_needs_only_the_outcome(client_in, night):
    assert_saved(enter_hand(client_in, night, {"outcome": "all_pass"}))
    assert stored_records(night)[0]["outcome"] == "all_pass"
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_an_impossible_hand_is_refused_next_to_its_field(client_in, night):
    response = enter_hand(
        client_in,
        night,
        {
            "declarer": "Anna",
            "level": "three",
            "talon_step:int": "2",
            "result.declarer_card_points:int": "30",
            "result.all_tricks_side": "declarer",
        },
    )
    assert "all tricks" in assert_problem_next_to(response, "result.all_tricks_side")
    assert not Hand.objects.exists()


def announcer_chip(page, figure, player):
    """The name of `player`'s chip on the grid line of `figure` (`announcements[k].by`)."""
    line = page[page.index(f'data-figure="{figure}"') :]
    return re.search(rf'name="(announcements\[\d+\]\.by)" value="{player}"', line)[1]


def test_the_double_game_is_offered_only_with_its_house_rule(client_in, user, night):
    """magyar.md §12 #4: the double game is announced only with `double_game = true`; the
    form offers only what the night's house rules allow."""
    page = new_hand_page(client_in, night).content.decode()
    assert 'data-figure="double_game"' not in page
    assert "duplajáték" not in page
    assert 'data-figure="volat"' in page

    doubled = make_night(user, "magyar", PLAYERS, first_dealer="Csaba", double_game=True)
    page = new_hand_page(client_in, doubled).content.decode()
    assert 'data-figure="double_game"' in page
    assert "double game (duplajáték)" in page
    # H3 (tests/engine/cases/magyar.json): Anna plays two, keeps the first group (G = 2),
    # announces the double game and takes 75: 4G = 8 from each opponent.
    by = announcer_chip(page, "double_game", "Anna")
    hand = {
        "declarer": "Anna",
        "level": "two",
        "talon_step:int": "1",
        "result.declarer_card_points:int": "75",
        by: "Anna",
    }
    assert_saved(enter_hand(client_in, doubled, hand))
    assert stored_records(doubled)[0]["announcements"] == [
        {"figure": "double_game", "by": "Anna"}  # no contra chip tapped
    ]
    assert nightview.night_view(doubled).totals() == {"Anna": 16, "Béla": -8, "Csaba": -8}
    assert_totals_equal_replay(doubled)
    assert_edit_keeps_every_hand(client_in, doubled)


def test_fields_of_a_house_rule_are_asked_only_with_it(client_in, user, night):
    """Issue 23 item 12: "pagát beaten in the 12th trick" and the announced tarokk counts
    are asked only on a night that plays their house rules (`Leaf.rule`)."""
    names = ('name="result.pagat_lost_last_trick_side"', 'name="tarokk_counts[0].count"')
    plain = new_hand_page(client_in, night).content.decode()
    assert not any(name in plain for name in names)
    rules = {
        "silent_ultimo_failure_penalty": True,
        "tarokk_count_bonus": {"min_tarokks": 9, "value": 2},
    }
    with_rules = make_night(user, "magyar", PLAYERS, first_dealer="Csaba", **rules)
    page = new_hand_page(client_in, with_rules).content.decode()
    assert all(name in page for name in names)
    assert "Pagát beaten in the 12th trick" in page
