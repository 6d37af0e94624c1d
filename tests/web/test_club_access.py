"""Who may open each club page and do each club action: the owner, a scorer, a viewer, a
stranger (404: he never learns the club exists) and an anonymous visitor (to the log-in).
A viewer who knows the club is refused what he may not do with 403, as a co-scorer is."""

import datetime
import io

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorebook import clubservices, services
from scorebook.models import ClubLink, Hand, NightShare, PaidTransfer, Player, ScorerLink
from tests.factories import make_night
from tests.web.conftest import hand

pytestmark = pytest.mark.django_db

ROLES = ("owner", "scorer", "viewer", "stranger", "anonymous")


@pytest.fixture
def people(django_user_model):
    return {
        name: django_user_model.objects.create_user(name, password=f"pw-{name}-123")
        for name in ("owner", "scorer", "viewer", "stranger")
    }


@pytest.fixture
def club(people):
    club = clubservices.create_club(user=people["owner"], name="Kedd esti tarokk")
    clubservices.add_member(club=club, username="scorer", role="scorer")
    clubservices.add_member(club=club, username="viewer", role="viewer")
    return club


@pytest.fixture
def club_night(club, people):
    """A club night the scorer started, with one hand."""
    night = make_night(people["scorer"], club=club)
    services.record_hand(night=night, record=hand("Dóra", "Anna", 3))
    return night


def client_for(role, people):
    client = Client()
    if role != "anonymous":
        client.force_login(people[role])
    return client


def expected(role, allowed, *, refused=403):
    if role == "anonymous":
        return 302  # to the log-in page
    if role == "stranger":
        return 404
    return 200 if role in allowed else refused


EVERY_MEMBER = ("owner", "scorer", "viewer")
SCORERS = ("owner", "scorer")
OWNER = ("owner",)

PAGES = [  # (url name, extra args, query, who may)
    ("club", (), "", EVERY_MEMBER),
    ("club_members", (), "", OWNER),
    ("club_move", (), "", SCORERS),
    ("club_standings", (), "", EVERY_MEMBER),
    ("club_standings", (), "?year=2024", EVERY_MEMBER),
    ("club_standings_print", (), "", EVERY_MEMBER),
    ("club_standings_csv", (), "", EVERY_MEMBER),
]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(("name", "args", "query", "allowed"), PAGES)
def test_club_pages(role, name, args, query, allowed, club, people):
    url = reverse(name, args=[club.pk, *args]) + query
    assert client_for(role, people).get(url).status_code == expected(role, allowed)


@pytest.mark.parametrize("role", ROLES)
def test_new_night_for_the_club(role, club, people):
    url = reverse("new_night") + f"?club={club.pk}"
    assert client_for(role, people).get(url).status_code == expected(role, SCORERS)
    setup = reverse("setup", args=["toy"]) + f"?club={club.pk}"
    assert client_for(role, people).get(setup).status_code == expected(role, SCORERS)


@pytest.mark.parametrize("role", ROLES)
def test_club_night_pages(role, club_night, people):
    client = client_for(role, people)
    pk = club_night.pk
    assert client.get(reverse("night", args=[pk])).status_code == expected(role, SCORERS)
    assert client.get(reverse("new_hand", args=[pk])).status_code == expected(role, SCORERS)
    # the printable summary is what a viewer reads of a club night
    assert client.get(reverse("print", args=[pk])).status_code == expected(role, EVERY_MEMBER)


@pytest.mark.parametrize("role", ROLES)
def test_recording_a_hand_at_a_club_night(role, club_night, people):
    """Any scorer of the club records at a night another member started; nobody else."""
    response = client_for(role, people).post(
        reverse("new_hand", args=[club_night.pk]),
        {"dealer": "Anna", "winner": "Béla", "points:int": "2", "_expected_number": "2"},
    )
    saved = Hand.objects.filter(night=club_night, number=2).exists()
    if role in SCORERS:
        assert response.status_code == 302
        assert saved
        assert Hand.objects.get(night=club_night, number=2).author == people[role]
    else:
        assert response.status_code == expected(role, SCORERS)
        assert not saved


def owner_actions(club, people):
    viewer = people["viewer"].pk
    return [
        ("club_members", (), {"username": "stranger", "role": "viewer"}),
        ("club_role", (viewer,), {"role": "scorer"}),
        ("club_remove_member", (viewer,), {}),
        ("club_link", (), {"role": "viewer"}),
        ("club_revoke_link", (), {}),
        ("club_add_season", (), {"name": "Ősz", "start": "2026-09-01", "end": "2026-11-30"}),
        ("club_share", (), {}),
        ("club_revoke_share", (), {}),
    ]


@pytest.mark.parametrize("role", ROLES)
def test_owner_actions(role, club, people):
    for name, args, data in owner_actions(club, people):
        url = reverse(name, args=[club.pk, *args])
        status = client_for(role, people).post(url, data).status_code
        want = 302 if role == "owner" else expected(role, ())
        assert status == want, (name, role)


@pytest.mark.parametrize("role", ROLES)
def test_leaving(role, club, people):
    response = client_for(role, people).post(reverse("club_leave", args=[club.pk]))
    if role in ("scorer", "viewer"):
        assert response.status_code == 302
        assert not club.members.filter(user=people[role]).exists()
    elif role == "owner":  # the only owner, others remain: refused, he stays
        assert response.status_code == 302
        assert club.members.filter(user=people[role], role="owner").exists()
    else:
        assert response.status_code == expected(role, ())


@pytest.mark.parametrize("role", ROLES)
def test_moving_in(role, club, people):
    """Only a scorer of the club moves a night in, and only a night of his own."""
    own = make_night(people["owner"]) if role == "anonymous" else make_night(people[role])
    response = client_for(role, people).post(
        reverse("club_move", args=[club.pk]), {"what": "night", "night": own.pk}
    )
    own.refresh_from_db()
    if role in SCORERS:
        assert response.status_code == 302
        assert own.club_id == club.pk
    else:
        assert response.status_code == expected(role, SCORERS)
        assert own.club_id is None


def test_a_scorer_cannot_move_someone_elses_night(club, club_night, people):
    other = make_night(people["stranger"])
    response = client_for("scorer", people).post(
        reverse("club_move", args=[club.pk]), {"what": "night", "night": other.pk}
    )
    assert response.status_code == 200  # the form again, with its error
    other.refresh_from_db()
    assert other.club_id is None


def test_the_invite_link_joins_with_its_role(club, people):
    client_for("owner", people).post(reverse("club_link", args=[club.pk]), {"role": "viewer"})
    link = ClubLink.objects.get(club=club)
    join = reverse("join_club", args=[link.token])
    stranger = client_for("stranger", people)
    page = stranger.get(join)
    assert page.status_code == 200
    assert club.name in page.text
    assert not club.members.filter(user=people["stranger"]).exists()  # a GET never writes
    assert stranger.post(join).status_code == 302
    assert club.members.get(user=people["stranger"]).role == "viewer"
    assert stranger.get(reverse("club", args=[club.pk])).status_code == 200
    assert client_for("anonymous", people).get(join).status_code == 302
    client_for("owner", people).post(reverse("club_revoke_link", args=[club.pk]))
    assert stranger.get(join).status_code == 404


def test_the_members_page_has_the_link_with_a_qr_code_and_a_copy_button(club, people):
    owner = client_for("owner", people)
    owner.post(reverse("club_link", args=[club.pk]), {"role": "scorer"})
    page = owner.get(reverse("club_members", args=[club.pk])).text
    link = ClubLink.objects.get(club=club)
    assert reverse("join_club", args=[link.token]) in page
    assert "<svg" in page
    assert 'id="copy-link"' in page


def test_inviting_an_unknown_name_says_so(club, people):
    response = client_for("owner", people).post(
        reverse("club_members", args=[club.pk]), {"username": "nobody", "role": "scorer"}
    )
    assert response.status_code == 200
    assert "no such account" in response.text


def test_a_repeated_invite_is_one_write(club, people):
    owner = client_for("owner", people)
    data = {"username": "stranger", "role": "scorer", "_key": "invite-key-0001"}
    url = reverse("club_members", args=[club.pk])
    assert owner.post(url, data).status_code == 302
    assert owner.post(url, data).status_code == 302  # the same form again: no "already"
    assert club.members.filter(user=people["stranger"]).count() == 1


def test_a_repeated_new_club_form_makes_one_club(people):
    owner = client_for("stranger", people)
    data = {"name": "Szerda", "_key": "club-form-key-01"}
    first = owner.post(reverse("clubs"), data)
    second = owner.post(reverse("clubs"), data)
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"]


def test_a_viewer_sees_the_club_night_listed_with_the_read_only_page(club_night, people):
    page = client_for("viewer", people).get(reverse("club", args=[club_night.club_id])).text
    assert reverse("print", args=[club_night.pk]) in page
    assert reverse("new_night") + f"?club={club_night.club_id}" not in page


def test_the_menu_has_clubs(people):
    page = client_for("stranger", people).get(reverse("home")).text
    menu = page[page.index('id="site-menu"') :]
    assert reverse("clubs") in menu[: menu.index("</details>")]


def test_the_shared_standings_open_without_an_account(club, club_night, people):
    year = club_night.date.year
    client_for("owner", people).post(reverse("club_share", args=[club.pk]) + f"?year={year}")
    share = club.shares.get(year=year)
    page = Client().get(reverse("shared_standings", args=[share.token]))
    assert page.status_code == 200
    assert "Anna" in page.text
    assert page["X-Robots-Tag"] == "noindex, nofollow"
    client_for("owner", people).post(reverse("club_revoke_share", args=[club.pk]) + f"?year={year}")
    assert Client().get(reverse("shared_standings", args=[share.token])).status_code == 404


def test_a_member_who_left_loses_the_club_night_he_started(club, club_night, people):
    scorer = client_for("scorer", people)
    assert scorer.post(reverse("club_leave", args=[club.pk])).status_code == 302
    club_night.refresh_from_db()
    assert club_night.club_id == club.pk  # the night stays with the club
    assert scorer.get(reverse("night", args=[club_night.pk])).status_code == 404
    assert scorer.get(reverse("settle", args=[club_night.pk])).status_code == 404
    assert (
        client_for("owner", people).get(reverse("night", args=[club_night.pk])).status_code == 200
    )


def test_a_club_night_links_to_its_club(club_night, people):
    page = client_for("owner", people).get(reverse("night", args=[club_night.pk])).text
    assert f'href="{reverse("club", args=[club_night.club_id])}"' in page


def test_a_member_who_left_cannot_bring_back_a_club_night_he_deleted(club, club_night, people):
    scorer = client_for("scorer", people)
    services.delete_night(night=club_night, author=people["scorer"])
    listed = scorer.get(reverse("deleted_nights")).context["nights"]
    assert [night.pk for night, _title in listed] == [club_night.pk]
    scorer.post(reverse("club_leave", args=[club.pk]))
    assert scorer.get(reverse("deleted_nights")).context["nights"] == []
    assert scorer.post(reverse("restore_night", args=[club_night.pk])).status_code == 404


@pytest.mark.parametrize("role", ROLES)
def test_renaming(role, club, people):
    url = reverse("club_rename", args=[club.pk])
    response = client_for(role, people).post(url, {"name": "  Csütörtöki   parti "})
    club.refresh_from_db()
    if role == "owner":
        assert response.status_code == 302
        assert club.name == "Csütörtöki parti"
    else:
        assert response.status_code == expected(role, ())
        assert club.name == "Kedd esti tarokk"


def test_an_empty_name_is_refused_on_the_form(club, people):
    response = client_for("owner", people).post(
        reverse("club_rename", args=[club.pk]), {"name": " "}
    )
    assert response.status_code == 200
    assert response.context["name_form"].errors
    club.refresh_from_db()
    assert club.name == "Kedd esti tarokk"


@pytest.mark.parametrize("role", ROLES)
def test_deleting(role, club, people):
    response = client_for(role, people).post(reverse("club_delete", args=[club.pk]))
    club.refresh_from_db()
    if role == "owner":
        assert response.status_code == 302
        assert club.deleted_at is not None
    else:
        assert response.status_code == expected(role, ())
        assert club.deleted_at is None


@pytest.mark.parametrize("role", ROLES)
def test_undoing_a_delete(role, club, people):
    clubservices.delete_club(club=club)
    response = client_for(role, people).post(reverse("club_restore", args=[club.pk]))
    club.refresh_from_db()
    if role == "owner":
        assert response.status_code == 302
        assert response["Location"] == reverse("club", args=[club.pk])
        assert club.deleted_at is None
    else:
        assert response.status_code == expected(role, ())
        assert club.deleted_at is not None


def test_a_deleted_club_is_gone_until_undone(club, people):
    """Its page, its list entry, its invite and share links: 404 for every member; its
    owner sees it under the deleted clubs with Undo, which brings it all back."""
    invite = clubservices.create_link(club=club, role="viewer").token
    share = clubservices.share_season(club=club, year=2026).token
    owner = client_for("owner", people)
    assert owner.post(reverse("club_delete", args=[club.pk])).status_code == 302
    for role in EVERY_MEMBER:
        client = client_for(role, people)
        assert client.get(reverse("club", args=[club.pk])).status_code == 404
        assert client.get(reverse("clubs")).context["clubs"] == []
    assert (
        client_for("stranger", people).get(reverse("join_club", args=[invite])).status_code == 404
    )
    assert Client().get(reverse("shared_standings", args=[share])).status_code == 404
    listed = owner.get(reverse("clubs"))
    assert listed.context["deleted"] == [club]
    assert reverse("club_restore", args=[club.pk]) in listed.text
    assert client_for("scorer", people).get(reverse("clubs")).context["deleted"] == []
    owner.post(reverse("club_restore", args=[club.pk]))
    assert client_for("viewer", people).get(reverse("club", args=[club.pk])).status_code == 200
    assert Client().get(reverse("shared_standings", args=[share])).status_code == 200
    assert (
        client_for("stranger", people).get(reverse("join_club", args=[invite])).status_code == 200
    )


def test_a_club_with_nights_is_not_deleted(club, club_night, people):
    owner = client_for("owner", people)
    response = owner.post(reverse("club_delete", args=[club.pk]), follow=True)
    club.refresh_from_db()
    assert club.deleted_at is None
    assert "delete them first" in response.text
    # once its only night is deleted, the club can go
    services.delete_night(night=club_night, author=people["scorer"])
    assert owner.post(reverse("club_delete", args=[club.pk])).status_code == 302
    club.refresh_from_db()
    assert club.deleted_at is not None


def test_a_repeated_rename_form_is_one_write(club, people):
    owner = client_for("owner", people)
    url = reverse("club_rename", args=[club.pk])
    assert owner.post(url, {"name": "Szerda", "_key": "rename-key-00001"}).status_code == 302
    response = owner.post(url, {"name": "Péntek", "_key": "rename-key-00001"})
    assert response.status_code == 200  # the same key with another name: an old form
    club.refresh_from_db()
    assert club.name == "Szerda"


def test_the_members_page_has_rename_and_delete(club, people):
    page = client_for("owner", people).get(reverse("club_members", args=[club.pk])).text
    assert reverse("club_rename", args=[club.pk]) in page
    assert reverse("club_delete", args=[club.pk]) in page


def night_writes(night):
    """Every write on a night, with a body that would change something."""
    hand_pk = night.hands.get(number=1).pk
    pk = night.pk
    return [
        ("edit_hand", (pk, hand_pk), {"dealer": "Anna", "winner": "Béla", "points:int": "5"}),
        ("delete_hand", (pk, hand_pk), {}),
        ("restore_hand", (pk, hand_pk), {}),
        ("event", (pk,), {"kind": "note"}),
        ("mark_paid", (pk,), {"payer": "Béla", "payee": "Anna", "amount": "1"}),
        ("edit_night", (pk,), {"place": "Máshol"}),
        ("house_rules", (pk,), {}),
        ("delete_night", (pk,), {}),
        ("scorers", (pk,), {"username": "stranger"}),
        ("scorer_link", (pk,), {}),
        ("share", (pk,), {}),
    ]


def night_state(night):
    night = type(night).all_objects.get(pk=night.pk)
    hands = list(night.hands.values_list("number", "deleted", "record"))
    links = [m.objects.filter(night=night).count() for m in (PaidTransfer, NightShare, ScorerLink)]
    return (night.version, night.place, night.deleted_at, hands, night.scorer_rows.count(), links)


@pytest.mark.parametrize("role", ["viewer", "stranger", "anonymous"])
def test_a_viewer_or_stranger_writes_nothing_to_a_club_night(role, club_night, people):
    """A viewer (403) and a stranger (404) are refused every write on a club night."""
    before = night_state(club_night)
    client = client_for(role, people)
    for name, args, data in night_writes(club_night):
        status = client.post(reverse(name, args=args), data).status_code
        # settling and sharing are the starter's alone (access.night_for): a viewer is
        # told nothing of them, as a co-scorer is not
        refused = 404 if name in ("mark_paid", "share") else 403
        assert status == expected(role, (), refused=refused), (name, role)
    assert night_state(club_night) == before


def test_leaving_or_being_removed_keeps_the_nights_with_the_club(club, club_night, people):
    """The scorer who started the night is removed: the night stays the club's, in its
    list and standings, and the other scorers still record at it."""
    owner = client_for("owner", people)
    remove = reverse("club_remove_member", args=[club.pk, people["scorer"].pk])
    assert owner.post(remove).status_code == 302
    club_night.refresh_from_db()
    assert club_night.club_id == club.pk
    assert list(owner.get(reverse("club", args=[club.pk])).context["nights"]) == [club_night]
    standings = owner.get(
        reverse("club_standings", args=[club.pk]) + f"?year={club_night.date.year}"
    )
    assert standings.context["table"].nights == 1
    response = owner.post(
        reverse("new_hand", args=[club_night.pk]),
        {"dealer": "Anna", "winner": "Béla", "points:int": "2", "_expected_number": "2"},
    )
    assert response.status_code == 302
    assert Hand.objects.filter(night=club_night, number=2, author=people["owner"]).exists()


def test_a_club_deleted_long_ago_is_purged_after_its_nights(club, club_night, people):
    """A deleted club's deleted nights are out of reach (its Undo brings them back); the
    daily purge removes them, then the club with its roster, once 30 days have passed."""
    services.delete_night(night=club_night, author=people["scorer"])
    clubservices.delete_club(club=club)
    scorer = client_for("scorer", people)
    assert scorer.get(reverse("deleted_nights")).context["nights"] == []
    assert scorer.post(reverse("restore_night", args=[club_night.pk])).status_code == 404
    out = io.StringIO()
    call_command("purge_deleted_nights", stdout=out)
    assert out.getvalue() == "0 deleted night(s) removed\n"  # within its 30 days: kept
    month_ago = timezone.now() - datetime.timedelta(days=31)
    type(club_night).all_objects.filter(pk=club_night.pk).update(deleted_at=month_ago)
    type(club).objects.filter(pk=club.pk).update(deleted_at=month_ago)
    out = io.StringIO()
    call_command("purge_deleted_nights", stdout=out)
    assert out.getvalue() == "1 deleted night(s) removed\n1 deleted club(s) removed\n"
    assert not type(club).objects.filter(pk=club.pk).exists()
    assert not Player.objects.filter(club_id=club.pk).exists()


@pytest.mark.parametrize("role", ROLES)
def test_a_club_players_page(role, club, club_night, people):
    """Every member reads a club player's page; a stranger never learns of him; once the
    club is deleted, nobody does."""
    anna = Player.objects.get(club=club, name="Anna")
    url = reverse("player", args=[anna.pk])
    client = client_for(role, people)
    assert client.get(url).status_code == expected(role, EVERY_MEMBER)
    services.delete_night(night=club_night, author=people["scorer"])
    clubservices.delete_club(club=club)
    assert client.get(url).status_code == (302 if role == "anonymous" else 404)


@pytest.mark.parametrize("role", ROLES)
def test_a_seasons_standings(role, club, club_night, people):
    year = club_night.date.year
    season = clubservices.add_season(
        club=club,
        name="Ősz",
        start=datetime.date(year, 1, 1),
        end=datetime.date(year, 12, 31),
    )
    url = reverse("club_standings", args=[club.pk]) + f"?season={season.pk}"
    response = client_for(role, people).get(url)
    assert response.status_code == expected(role, EVERY_MEMBER)
    if role in EVERY_MEMBER:
        assert response.context["table"].nights == 1


def test_another_clubs_season_is_not_found(club, people):
    other = clubservices.create_club(user=people["stranger"], name="Másik asztal")
    theirs = clubservices.add_season(
        club=other, name="Tél", start=datetime.date(2026, 1, 1), end=datetime.date(2026, 2, 1)
    )
    url = reverse("club_standings", args=[club.pk]) + f"?season={theirs.pk}"
    assert client_for("owner", people).get(url).status_code == 404
