"""A club's season standings: a fixture of Paskievics nights worked out by hand, the season
equal to the sum of its nights (as each night's own summary settles them), a season the
club sets, the CSV in the reader's language, the print page, the statistics filtered by
club and season, and moving a personal night or player into the club, merging names."""

import csv
import datetime
import io
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from scorebook import clubservices, seasons, services, stats, summaries
from scorebook.engine.errors import InvalidHand
from scorebook.models import FactTotal, HandFact, Night, Player, Seat
from tests.web.test_statistics import TRULL, pask

pytestmark = pytest.mark.django_db
P = ["Anna", "Béla", "Csaba", "Dóra"]


def club_night(user, club, day, per_point, records, year=2026):
    night = services.create_night(
        owner=user,
        variant_key="paskievics",
        house_rules={},
        per_point=Decimal(per_point),
        currency="HUF",
        players=P,
        first_dealer="Dóra",
        date=datetime.date(year, 1, day),
        club=club,
    )
    for record in records:
        services.record_hand(night=night, record=record)
    return night


NIGHT_ONE = [  # 2 HUF a point
    pask("Dóra", "Anna", "three", "Csaba", 60),  # Anna, Csaba +1; Béla, Dóra −1
    pask("Anna", "Béla", "two", "Dóra", 30),  # Béla, Dóra −2; Anna, Csaba +2
    {"dealer": "Béla", "outcome": "all_pass"},
    # kontra on a two (2 × 2) and the announced trull (+2): Anna, Béla +6
    pask("Csaba", "Anna", "two", "Béla", 50, 1, [TRULL], trull_side="declarer"),
]
NIGHT_TWO = [  # 1 HUF a point
    pask("Dóra", "Csaba", "three", "Anna", 30),  # Csaba, Anna −1; Béla, Dóra +1
    pask("Anna", "Anna", "two", "Dóra", 30),  # Anna, Dóra −2; Béla, Csaba +2
]
# By hand: night one Anna +9, Béla +3, Csaba −3, Dóra −9 (× 2 HUF); night two Anna −3,
# Béla +3, Csaba +1, Dóra −1 (× 1 HUF).
SEASON = {  # name: (nights, hands, points, money)
    "Anna": (2, 6, "6", Decimal("15.00")),
    "Béla": (2, 6, "6", Decimal("9.00")),
    "Csaba": (2, 6, "-2", Decimal("-5.00")),
    "Dóra": (2, 6, "-10", Decimal("-19.00")),
}


@pytest.fixture
def club(user, other):
    club = clubservices.create_club(user=user, name="Kedd esti tarokk")
    clubservices.add_member(club=club, username="mallory", role="scorer")
    return club


@pytest.fixture
def season_nights(user, other, club):
    """The two nights of the season (the second one scored by another member), a night of
    the year before, a deleted night and a personal night: only the first two count."""
    first = club_night(user, club, 1, "2", NIGHT_ONE)
    second = club_night(other, club, 8, "1", NIGHT_TWO)
    club_night(user, club, 3, "100", NIGHT_ONE, year=2025)
    gone = club_night(user, club, 9, "100", NIGHT_ONE)
    services.delete_night(night=gone, author=user)
    personal = services.create_night(
        owner=user, variant_key="paskievics", house_rules={}, per_point="100",
        currency="HUF", players=P, date=datetime.date(2026, 1, 2),
    )  # fmt: skip
    services.record_hand(night=personal, record=NIGHT_ONE[0])
    return first, second


def rows(table):
    return {r.name: (r.nights, r.hands, r.points, r.money["HUF"]) for r in table.rows}


def test_the_season_table_worked_out_by_hand(club, season_nights):
    table = seasons.standings(club, seasons.year_span(2026))
    assert rows(table) == SEASON
    assert [r.name for r in table.rows] == ["Anna", "Béla", "Csaba", "Dóra"]
    assert [r.place for r in table.rows] == [1, 2, 3, 4]
    assert table.nights == 2
    chart = table.chart
    assert [line["player"] for line in chart["lines"]] == P
    assert [line["last"] for line in chart["lines"]] == [SEASON[p][3] for p in P]


def test_the_season_is_the_sum_of_its_nights(club, season_nights):
    """Each night's own summary (what its page and the nights list settle to) adds up to
    the season's money, player by player."""
    nights = summaries.with_summaries(Night.objects.filter(pk__in=[n.pk for n in season_nights]))
    total: dict[str, Decimal] = {}
    for night in nights:
        for player in summaries.summary_data(night)["players"].values():
            total[player["name"]] = total.get(player["name"], Decimal(0)) + Decimal(player["money"])
    table = seasons.standings(club, seasons.year_span(2026))
    assert {r.name: r.money["HUF"] for r in table.rows} == total


def test_a_season_the_club_sets(club, user, season_nights):
    season = clubservices.add_season(
        club=club,
        name="Január eleje",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 1, 5),
    )
    table = seasons.standings(club, seasons.season_span(season))
    assert rows(table) == {
        "Anna": (1, 4, "9", Decimal("18.00")),
        "Béla": (1, 4, "3", Decimal("6.00")),
        "Csaba": (1, 4, "-3", Decimal("-6.00")),
        "Dóra": (1, 4, "-9", Decimal("-18.00")),
    }
    with pytest.raises(InvalidHand):
        clubservices.add_season(
            club=club, name="x", start=datetime.date(2026, 2, 1), end=datetime.date(2026, 1, 1)
        )


def test_an_edited_hand_changes_the_season(club, user, season_nights):
    first, _second = season_nights
    hand = first.hands.get(number=1)
    services.edit_hand(hand=hand, record=pask("Dóra", "Anna", "three", "Csaba", 30), version=1)
    table = seasons.standings(club, seasons.year_span(2026))
    assert rows(table)["Anna"][2] == "4"  # +9 − 1 − 1 (lost instead of won), −3


def test_the_standings_page_print_and_csv_in_hungarian(club, season_nights, client_in):
    url = reverse("club_standings", args=[club.pk]) + "?year=2026"
    page = client_in.get(url, headers={"accept-language": "hu"})
    assert page.status_code == 200
    assert "<svg" in page.text
    assert page.context["table"].nights == 2
    printed = client_in.get(reverse("club_standings_print", args=[club.pk]) + "?year=2026")
    assert printed.status_code == 200
    assert "@page" in printed.text
    response = client_in.get(
        reverse("club_standings_csv", args=[club.pk]) + "?year=2026",
        headers={"accept-language": "hu"},
    )
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    lines = list(csv.reader(io.StringIO(response.content.decode())))
    assert lines[0] == ["Kedd esti tarokk", "2026", "2026-01-01", "2026-12-31"]
    assert lines[3] == ["hely", "játékos", "játszott esték", "leosztások", "pont", "pénz"]
    assert lines[4] == ["1", "Anna", "2", "6", "6", "15.00 HUF"]
    assert lines[7] == ["4", "Dóra", "2", "6", "-10", "-19.00 HUF"]


def test_statistics_filter_by_club_and_season(club, user, season_nights, client_in):
    anna = Player.objects.get(club=club, name="Anna")
    season = clubservices.add_season(
        club=club, name="Tél", start=datetime.date(2026, 1, 6), end=datetime.date(2026, 1, 31)
    )
    found = stats.player_stats(anna, stats.Filters(club=club.pk))
    assert found.hands == 4 + 2 + 4  # the 2025 night too; not the deleted one
    page = client_in.get(reverse("player", args=[anna.pk]) + f"?club={club.pk}&season=2026")
    assert page.context["stats"].hands == 6
    page = client_in.get(reverse("player", args=[anna.pk]) + f"?season=s{season.pk}")
    assert page.context["stats"].hands == 2  # the second night only
    assert page.context["stats"].filters.since == datetime.date(2026, 1, 6)


def test_a_stranger_cannot_filter_by_someone_elses_season(club, season_nights, client_in, other):
    season = clubservices.add_season(
        club=club, name="Tél", start=datetime.date(2026, 1, 6), end=datetime.date(2026, 1, 31)
    )
    clubservices.remove_member(club=club, user_id=other.pk)
    assert seasons.span_for(other, f"s{season.pk}") is None
    assert seasons.span_for(other, "2026") == seasons.year_span(2026)


# --- moving in ----------------------------------------------------------------------------


def personal_night(user, day=2, per_point="2", records=NIGHT_ONE):
    night = services.create_night(
        owner=user, variant_key="paskievics", house_rules={}, per_point=per_point,
        currency="HUF", players=P, first_dealer="Dóra", date=datetime.date(2026, 1, day),
    )  # fmt: skip
    for record in records:
        services.record_hand(night=night, record=record)
    return night


def test_moving_a_night_in_with_and_without_merging(club, user, other, season_nights):
    mine = personal_night(other)
    with pytest.raises(InvalidHand) as refused:
        clubservices.move_night(night=mine, club=club)
    assert refused.value.problems[0].field == "merge"
    assert Night.objects.get(pk=mine.pk).club_id is None
    clubservices.move_night(night=mine, club=club, merge=True)
    mine.refresh_from_db()
    assert mine.club_id == club.pk
    club_players = set(Player.objects.filter(club=club).values_list("pk", flat=True))
    assert set(Seat.objects.filter(night=mine).values_list("player_id", flat=True)) <= club_players
    assert mine.first_dealer.club_id == club.pk
    assert set(HandFact.objects.filter(night=mine).values_list("player_id", flat=True)) <= (
        club_players
    )
    pairs = FactTotal.objects.filter(night=mine, kind="pair").values_list("key", flat=True)
    assert {int(k) for k in pairs} <= club_players
    table = seasons.standings(club, seasons.year_span(2026))
    assert rows(table)["Anna"] == (3, 10, "15", Decimal("33.00"))  # + night one again
    assert Player.objects.filter(club=club).count() == 4  # merged, no second Anna


def test_moving_a_night_in_makes_the_players_the_clubs(club, user):
    mine = personal_night(user)
    kept = personal_night(user, day=3, records=[])  # Anna ... Dóra sit here too
    clubservices.move_night(night=mine, club=club)
    assert sorted(Player.objects.filter(club=club).values_list("name", flat=True)) == P
    assert Player.objects.filter(owner=user, club=None).count() == 4  # still at `kept`
    services.delete_night(night=kept, author=user)
    services.purge_deleted_nights(days=-1)
    emptied = personal_night(user, day=4)
    clubservices.move_night(night=emptied, club=club, merge=True)
    assert not Player.objects.filter(owner=user, club=None).exists()  # no ghosts
    table = seasons.standings(club, seasons.year_span(2026))
    assert rows(table)["Anna"] == (2, 8, "18", Decimal("36.00"))  # both nights moved in


def test_moving_a_player_in_and_merging_him(club, user, other, season_nights):
    personal_night(other, day=20, per_point="1", records=NIGHT_TWO)
    béla = Player.objects.get(owner=other, club=None, name="Béla")
    with pytest.raises(InvalidHand):
        clubservices.move_player(player=béla, club=club)
    merged = clubservices.move_player(player=béla, club=club, merge=True)
    assert merged == Player.objects.get(club=club, name="Béla")
    assert not Player.objects.filter(pk=béla.pk).exists()
    # his personal night now counts for the club's Béla: 6 + 2 hands, +6 + 3 points
    found = stats.player_stats(merged, stats.Filters(since=datetime.date(2026, 1, 1)))
    assert found.hands == 8
    emil = Player.objects.create(owner=other, name="Emil")
    moved = clubservices.move_player(player=emil, club=club)
    assert (moved.pk, moved.club_id) == (emil.pk, club.pk)


def test_the_move_page_merges_on_request(club, user, client_in, season_nights):
    mine = personal_night(user, day=21)
    url = reverse("club_move", args=[club.pk])
    refused = client_in.post(url, {"what": "night", "night": mine.pk})
    assert refused.status_code == 200
    assert "merge players of the same name" in refused.text
    moved = client_in.post(url, {"what": "night", "night": mine.pk, "merge": "on"})
    assert moved.status_code == 302
    mine.refresh_from_db()
    assert mine.club_id == club.pk


def test_a_club_night_takes_its_names_from_the_club(club, user, other, client_in):
    """The set-up offers the club's roster; the night seats the club's players."""
    first = club_night(other, club, 1, "1", [])
    page = client_in.get(reverse("setup", args=["paskievics"]) + f"?club={club.pk}")
    assert page.context["known_players"] == sorted(P)
    assert {s.player.club_id for s in Seat.objects.filter(night=first)} == {club.pk}
    stranger = Client()
    stranger.force_login(user.__class__.objects.create_user("z", password="pw-z-12345"))
    assert stranger.get(reverse("player", args=[first.seats.first().player_id])).status_code == 404
