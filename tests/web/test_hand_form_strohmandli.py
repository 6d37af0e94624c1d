"""The Strohmandli deal form (templates/scorebook/hands/strohmandli.html)."""

import pytest

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
PLAYERS = ["Anna", "Béla"]
NO_CAPTURES = dict.fromkeys(
    (
        "pagatfogas",
        "uhu",
        "pagatulti",
        "xxi_fogas",
        "tuletroa_captured",
        "negy_kiraly_captured",
        "pagatulti_failed",
        "uhu_failed",
    )
)


@pytest.fixture
def night(user):
    return make_night(user, "strohmandli", PLAYERS, first_dealer="Béla")


def points(a, b):
    return {"card_points.@0:int": str(a), "card_points.@1:int": str(b)}


def test_the_page_renders_the_strohmandli_form(client_in, night):
    assert_renders(new_hand_page(client_in, night), "strohmandli")


def test_the_two_deals_of_example_11_2_and_11_3(client_in, night):
    first = points(52, 42) | {
        "captures.pagatulti": "Béla",
        "announcements[0].player": "Anna",
        "announcements[0].type": "fej",
        "announcements[0].trick:int": "4",
    }
    assert_saved(enter_hand(client_in, night, first))
    second = points(64, 30) | {
        "captures.pagatfogas": "Anna",
        "captures.uhu": "Anna",
        "announcements[0].player": "Béla",
        "announcements[0].type": "tuletroa",
        "announcements[0].trick:int": "1",
        "announcements[1].player": "Anna",
        "announcements[1].type": "negy_kiraly",
        "announcements[1].trick:int": "6",
    }
    assert_saved(enter_hand(client_in, night, second))
    assert stored_records(night) == [
        {
            "dealer": "Béla",
            "card_points": {"Anna": 52, "Béla": 42},
            "captures": NO_CAPTURES | {"pagatulti": "Béla"},
            "announcements": [{"player": "Anna", "type": "fej", "trick": 4}],
            # no irregularity chip tapped: the list is not sent
        },
        {
            "dealer": "Anna",
            "card_points": {"Anna": 64, "Béla": 30},
            "captures": NO_CAPTURES | {"pagatfogas": "Anna", "uhu": "Anna"},
            "announcements": [
                {"player": "Béla", "type": "tuletroa", "trick": 1},
                {"player": "Anna", "type": "negy_kiraly", "trick": 6},
            ],
            # no irregularity chip tapped: the list is not sent
        },
    ]
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_a_deal_without_any_capture(client_in, night):
    assert_saved(enter_hand(client_in, night, points(60, 34)))
    [record] = stored_records(night)
    assert record["captures"] == NO_CAPTURES  # an object of nulls, not null (§13.2)
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_an_impossible_deal_is_refused_next_to_its_field(client_in, night):
    data = points(60, 34) | {"captures.pagatfogas": "Anna", "captures.pagatulti": "Béla"}
    response = enter_hand(client_in, night, data)
    errors = response.context["form"].errors
    path = next(p for p in errors if p.startswith("captures"))
    assert_problem_next_to(response, path)
    assert not Hand.objects.exists()
