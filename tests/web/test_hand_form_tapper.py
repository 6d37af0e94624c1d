"""The Tapper hand form (templates/scorebook/hands/tapper.html)."""

import re

import pytest
from django.urls import reverse

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
    return make_night(user, "tapper", PLAYERS, first_dealer="Csaba")


def test_the_page_renders_the_tapper_form(client_in, night):
    assert_renders(new_hand_page(client_in, night), "tapper")


def test_a_plain_hand_then_a_solo_with_ultimo_and_an_all_pass(client_in, night):
    plain = {
        "declarer": "Anna",
        "contract": "also_harmas",
        "bid_participants:list": ["Anna", "Béla"],
        "result.declarer_points:int": "37",
        "hand_bonuses[0].player": "Béla",
        "hand_bonuses[0].bonus": "four_kings",
    }
    assert_saved(enter_hand(client_in, night, plain))
    solo = {
        "declarer": "Béla",
        "contract": "szolo",
        "bid_participants:list": "Béla",
        "result.declarer_points:int": "40",
        "announcements[0].figure": "pagat_ultimo",
        "announcements[0].by": "Béla",
        "announcements[0].side": "declarer",
        "announcements[0].contra:int": "1",
        "result.figures_made.pagat_ultimo": "declarer",
        "result.pagat_ultimo_player": "Béla",
    }
    assert_saved(enter_hand(client_in, night, solo))
    assert_saved(enter_hand(client_in, night, {"all_pass:bool": "1"}))
    records = stored_records(night)
    assert records[0] == {
        "dealer": "Csaba",
        "all_pass": False,
        "declarer": "Anna",
        "contract": "also_harmas",
        "bid_participants": ["Anna", "Béla"],
        "game_contra": 0,
        "announcements": [],
        "hand_bonuses": [{"player": "Béla", "bonus": "four_kings"}],
        # no tarokk counts asked: the night does not play the tarokk-count bonus
        # the chips of the figures made and of an irregularity send nothing when untapped
        "result": {"declarer_points": 37},
    }
    assert records[1]["announcements"] == [
        {"figure": "pagat_ultimo", "side": "declarer", "by": "Béla", "contra": 1}
    ]
    assert records[1]["result"] == {
        "declarer_points": 40,
        "figures_made": {"pagat_ultimo": "declarer"},
        "pagat_ultimo_player": "Béla",
    }
    assert records[2] == {
        "dealer": "Béla",
        "all_pass": True,
    }  # nothing of a played hand applies: left out
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_an_impossible_hand_is_refused_next_to_its_field(client_in, night):
    response = enter_hand(
        client_in,
        night,
        {
            "declarer": "Anna",
            "contract": "harmas",
            "bid_participants:list": "Anna",
            "result.declarer_points:int": "71",
        },
    )
    assert_problem_next_to(response, "result.declarer_points")
    assert not Hand.objects.exists()


def announcer_chip(page, figure, player):
    """The name of `player`'s chip on the grid line of `figure` (`announcements[k].by`)."""
    line = page[page.index(f'data-figure="{figure}"') :]
    return re.search(rf'name="(announcements\[\d+\]\.by)" value="{player}"', line)[1]


def test_without_javascript_the_announcing_side_is_a_chip(client_in, night):
    """hand.js sends an announcement's side from the declarer's chip; without JavaScript the
    hidden side inputs stay off and the side chips in <noscript> are shown and sent instead
    (enter_hand sends what such a browser sends: every enabled input, noscript's too)."""
    page = new_hand_page(client_in, night).content.decode()
    fixed = re.findall(r'<input type="hidden" name="announcements\[\d+\]\.side:fixed"[^>]*>', page)
    assert fixed
    assert all(tag.endswith(" disabled>") for tag in fixed)
    by = announcer_chip(page, "pagat_ultimo", "Béla")
    side = by.removesuffix(".by") + ".side"
    noscript = re.search(
        rf"<noscript>(?:(?!</noscript>).)*{re.escape(side)}.*?</noscript>", page, re.S
    )
    assert noscript
    assert "Béla: Announcing side" in noscript[0]
    assert f'name="{side}" value="declarer"><span>declarer side</span>' in noscript[0]
    assert f'name="{side}" value="opponents"><span>opponents</span>' in noscript[0]
    solo = {
        "declarer": "Béla",
        "contract": "szolo",
        "bid_participants:list": "Béla",
        "result.declarer_points:int": "40",
        by: "Béla",
        side: "declarer",
        "result.figures_made.pagat_ultimo": "declarer",
        "result.pagat_ultimo_player": "Béla",
    }
    assert_saved(enter_hand(client_in, night, solo))
    page = new_hand_page(client_in, night).content.decode()
    by = announcer_chip(page, "pagat_ultimo", "Csaba")
    against = {
        "declarer": "Anna",
        "contract": "harmas",
        "bid_participants:list": "Anna",
        "result.declarer_points:int": "30",
        by: "Csaba",
        by.removesuffix(".by") + ".side": "opponents",
        "result.figures_made.pagat_ultimo": "opponents",
        "result.pagat_ultimo_player": "Csaba",
    }
    assert_saved(enter_hand(client_in, night, against))
    first, second = stored_records(night)
    assert first["announcements"] == [{"figure": "pagat_ultimo", "side": "declarer", "by": "Béla"}]
    assert second["announcements"] == [
        {"figure": "pagat_ultimo", "side": "opponents", "by": "Csaba"}
    ]
    assert_totals_equal_replay(night)
    assert_edit_keeps_every_hand(client_in, night)


def test_all_pass_hides_every_field_and_section_of_a_played_hand(client_in, night):
    """What the rules refuse at an all-pass (tapper.md §13: nothing but the dealer) is shown
    while "played" is chosen, as the new form opens; hand.js hides it and does not send it
    once "all pass" is tapped (tests/browser/test_tapper_night.py taps it)."""
    page = new_hand_page(client_in, night).content.decode()
    played = 'data-when="all_pass:0"'
    for path in ("declarer", "contract", "bid_participants", "game_contra"):
        tag = re.search(rf'<div [^>]*data-path="{re.escape(path)}"[^>]*>', page)[0]
        assert played in tag, path
    # the held bonuses and the announced figures; the irregularity (the individual contras
    # and the tarokk counts are asked only with their house rules)
    assert page.count(f'<section class="card figures" {played}>') == 2
    assert page.count(f'<details class="card" {played}>') == 1
    assert re.search(r'name="all_pass" value="0" checked', page)  # played, to begin with
    data = {"dealer": "Csaba", "all_pass:bool": "1"}
    assert_saved(client_in.post(reverse("new_hand", args=[night.pk]), data))
    assert stored_records(night) == [{"dealer": "Csaba", "all_pass": True}]
    assert_totals_equal_replay(night)


def test_an_announcements_side_follows_from_its_announcer(client_in, night):
    """Issue 23 item 1: the declarer plays alone, so Csaba's announced volát is the
    opponents' without a side sent (a phone without JavaScript); the side is stored."""
    hand = {
        "declarer": "Anna",
        "contract": "also_harmas",
        "bid_participants:list": ["Anna"],
        "result.declarer_points:int": "30",
        "announcements[0].figure": "volat",
        "announcements[0].by": "Csaba",
    }
    assert_saved(enter_hand(client_in, night, hand))
    tapped = hand | {"announcements[0].side": "opponents", "dealer": "Anna"}
    assert_saved(enter_hand(client_in, night, tapped))
    inferred, explicit = stored_records(night)
    assert inferred["announcements"] == [{"figure": "volat", "by": "Csaba", "side": "opponents"}]
    assert inferred["announcements"] == explicit["announcements"]
    first, second = (h.entries[0]["deltas"] for h in Hand.objects.order_by("position"))
    assert first == second
    assert_totals_equal_replay(night)
