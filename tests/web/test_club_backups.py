"""A backup carries the clubs (issue 21): dumped and restored into a database without
them, a club comes back with its owner, scorer and viewer, its roster, its nights as the
club's (not their starters' personal nights), its seasons with the standings they had, and
its invite and share links still open. A backup of the format before clubs still restores."""

import datetime
import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from scorebook import clubservices, seasons
from scorebook.models import Club, ClubMember, Night, Player
from tests.web.test_seasons import NIGHT_ONE, NIGHT_TWO, SEASON, P, club_night, rows

pytestmark = pytest.mark.django_db


@pytest.fixture
def viewer(django_user_model):
    return django_user_model.objects.create_user("vera", password="pw-vera-123")


@pytest.fixture
def stranger(django_user_model):
    return django_user_model.objects.create_user("sanyi", password="pw-sanyi-123")


@pytest.fixture
def backed_up(tmp_path, user, other, viewer):
    """A club (anna owner, mallory scorer, vera viewer) with two nights, a season of its
    own dates shared by a link, a year's share link and an invite link; dumped, and then
    every night, player and club removed (the accounts stay, as a restore needs them)."""
    club = clubservices.create_club(user=user, name="Kedd esti tarokk")
    clubservices.add_member(club=club, username="mallory", role="scorer")
    clubservices.add_member(club=club, username="vera", role="viewer")
    club_night(user, club, 1, "2", NIGHT_ONE)
    club_night(other, club, 8, "1", NIGHT_TWO)
    winter = clubservices.add_season(
        club=club, name="Tél", start=datetime.date(2026, 1, 1), end=datetime.date(2026, 2, 28)
    )
    tokens = {
        "season": clubservices.share_season(club=club, season=winter).token,
        "year": clubservices.share_season(club=club, year=2026).token,
        "invite": clubservices.create_link(club=club, role="viewer").token,
    }
    call_command("dump_nights", str(tmp_path), stdout=io.StringIO())
    Night.all_objects.all().delete()
    Player.objects.all().delete()
    Club.objects.all().delete()
    return tokens


def restore(path):
    err = io.StringIO()
    out = io.StringIO()
    call_command("restore_nights", str(path), stdout=out, stderr=err)
    assert err.getvalue() == ""
    return out.getvalue()


def logged_in(user):
    client = Client()
    client.force_login(user)
    return client


def test_a_club_comes_back_whole(tmp_path, backed_up, user, other, viewer):
    assert "2 nights restored" in restore(tmp_path)
    club = Club.objects.get()
    assert club.name == "Kedd esti tarokk"
    roles = dict(ClubMember.objects.filter(club=club).values_list("user__username", "role"))
    assert roles == {"anna": "owner", "mallory": "scorer", "vera": "viewer"}
    nights = Night.objects.order_by("date")
    assert [(n.owner.username, n.club_id) for n in nights] == [
        ("anna", club.pk),
        ("mallory", club.pk),
    ]
    # the players are the club's roster, nobody's personal ones
    assert sorted(Player.objects.filter(club=club).values_list("name", flat=True)) == P
    assert not Player.objects.filter(club=None).exists()
    season = club.seasons.get()
    assert (season.name, season.start, season.end) == (
        "Tél",
        datetime.date(2026, 1, 1),
        datetime.date(2026, 2, 28),
    )
    assert rows(seasons.standings(club, seasons.season_span(season))) == SEASON
    assert rows(seasons.standings(club, seasons.year_span(2026))) == SEASON


def test_the_restored_roles_and_links_work(tmp_path, backed_up, user, other, viewer, stranger):
    restore(tmp_path)
    club = Club.objects.get()
    annas = Night.objects.get(owner=user)
    # mallory scores the night anna started; vera reads it but may not score it
    assert logged_in(other).get(reverse("new_hand", args=[annas.pk])).status_code == 200
    assert logged_in(viewer).get(reverse("new_hand", args=[annas.pk])).status_code == 403
    assert logged_in(viewer).get(reverse("print", args=[annas.pk])).status_code == 200
    assert logged_in(viewer).get(reverse("club_members", args=[club.pk])).status_code == 403
    assert logged_in(user).get(reverse("club_members", args=[club.pk])).status_code == 200
    assert logged_in(stranger).get(reverse("club", args=[club.pk])).status_code == 404
    for kind in ("season", "year"):  # the standings' share links handed out before
        page = Client().get(reverse("shared_standings", args=[backed_up[kind]]))
        assert page.status_code == 200
        assert "Dóra" in page.text
    # the invite link handed out before joins the restored club as a viewer
    joining = logged_in(stranger)
    assert joining.post(reverse("join_club", args=[backed_up["invite"]])).status_code == 302
    assert club.members.get(user=stranger).role == "viewer"
    assert joining.get(reverse("club", args=[club.pk])).status_code == 200


def test_a_missing_member_is_named_and_the_club_restored(tmp_path, backed_up, viewer):
    viewer.delete()
    err = io.StringIO()
    call_command("restore_nights", str(tmp_path), stdout=io.StringIO(), stderr=err)
    assert err.getvalue().splitlines() == [
        "club 'Kedd esti tarokk': member 'vera' does not exist here: left out"
    ]
    assert Night.objects.filter(club=Club.objects.get()).count() == 2


def test_restore_with_owner_makes_him_an_owner_of_every_club(tmp_path, backed_up, stranger):
    call_command("restore_nights", str(tmp_path), "--owner", "sanyi", stdout=io.StringIO())
    club = Club.objects.get()
    assert club.members.get(user=stranger).role == "owner"
    assert set(Night.objects.values_list("owner__username", "club")) == {("sanyi", club.pk)}


def test_a_backup_from_before_clubs_restores_its_nights_as_personal(tmp_path, backed_up, user):
    index = json.loads((tmp_path / "index.json").read_text())
    assert index["format"] == "scorebook-backup/2"
    index["format"] = "scorebook-backup/1"
    del index["clubs"]
    for entry in index["nights"]:
        del entry["club"]
    (tmp_path / "index.json").write_text(json.dumps(index))
    assert "2 nights restored" in restore(tmp_path)
    assert not Club.objects.exists()
    assert Night.objects.filter(club=None).count() == 2
    assert sorted(Player.objects.filter(owner=user).values_list("name", flat=True)) == P


def test_a_club_that_does_not_read_refuses_its_nights_only(tmp_path, backed_up, user):
    """A club entry without a name is named; its nights are refused (never restored as
    someone's personal nights), and the command fails after the rest is restored."""
    index = json.loads((tmp_path / "index.json").read_text())
    index["clubs"][0]["name"] = " "
    (tmp_path / "index.json").write_text(json.dumps(index))
    with pytest.raises(CommandError) as refused:
        call_command("restore_nights", str(tmp_path), stdout=io.StringIO())
    lines = str(refused.value).splitlines()
    assert lines[0] == "2 night(s) not restored:"
    assert "club" in lines[1]
    assert "has no name" in lines[1]
    assert [line.split(":", 1)[1] for line in lines[2:]] == [" its club was not restored"] * 2
    assert not Night.objects.exists()
    assert not Club.objects.exists()
