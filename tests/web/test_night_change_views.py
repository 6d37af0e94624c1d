"""The views that change a night, hand the pen over and show its history: happy paths,
405, 403 without CSRF, another user's 404, and what a co-scorer may (not) do."""

import json
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from scorebook import services, sheets
from scorebook.models import Hand, Night, NightRevision, NightScorer, ScorerLink
from tests.web.conftest import hand
from tests.web.test_night_changes import magyar_night

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(night, user):
    services.record_hand(night=night, record=hand("Dóra", "Anna", 3), author=user)
    return night


@pytest.fixture
def magyar(user):
    return magyar_night(user)


@pytest.fixture
def scorer_client(played, other, other_client):
    """mallory, invited as co-scorer of anna's night."""
    services.add_scorer(night=played, username="mallory", author=None)
    return other_client


def urls(night):
    """(name, url, method) of every new view that needs a night."""
    pk = night.pk
    return [
        ("edit", reverse("edit_night", args=[pk]), "get"),
        ("rules", reverse("house_rules", args=[pk]), "get"),
        ("history", reverse("night_history", args=[pk]), "get"),
        ("delete", reverse("delete_night", args=[pk]), "post"),
        ("scorers", reverse("scorers", args=[pk]), "get"),
        ("link", reverse("scorer_link", args=[pk]), "post"),
        ("revoke", reverse("revoke_scorer_link", args=[pk]), "post"),
        ("remove", reverse("remove_scorer", args=[pk, 1]), "post"),
    ]


NAMES = ["edit", "rules", "history", "delete", "scorers", "link", "revoke", "remove"]


def details(night, **change):
    data = {
        "date": night.date.isoformat(),
        "place": night.place,
        "per_point": "2",
        "currency": "HUF",
    } | {f"name_{i}": n for i, n in enumerate(night.seating)}
    return data | change


# --- access ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_another_user_gets_404(name, played, other_client):
    _n, url, method = next(u for u in urls(played) if u[0] == name)
    assert getattr(other_client, method)(url).status_code == 404
    assert Night.objects.filter(pk=played.pk).exists()


@pytest.mark.parametrize("name", ["edit", "rules", "delete", "scorers", "link", "revoke", "remove"])
def test_a_co_scorer_may_not_change_the_night(name, played, scorer_client):
    _n, url, method = next(u for u in urls(played) if u[0] == name)
    assert getattr(scorer_client, method)(url).status_code == 403
    assert Night.objects.filter(pk=played.pk).exists()
    assert not ScorerLink.objects.exists()


@pytest.mark.parametrize("name", ["delete", "link", "revoke", "remove"])
def test_post_only_views_answer_405_to_get(name, played, client_in):
    _n, url, _m = next(u for u in urls(played) if u[0] == name)
    assert client_in.get(url).status_code == 405


@pytest.mark.parametrize("name", ["history"])
def test_get_only_views_answer_405_to_post(name, played, client_in):
    _n, url, _m = next(u for u in urls(played) if u[0] == name)
    assert client_in.post(url).status_code == 405


@pytest.mark.parametrize("name", NAMES)
def test_post_without_csrf_is_403(name, played, user):
    c = Client(enforce_csrf_checks=True)
    c.force_login(user)
    _n, url, _m = next(u for u in urls(played) if u[0] == name)
    assert c.post(url).status_code == 403
    assert Night.objects.filter(pk=played.pk).exists()


def test_pages_need_login(client, played):
    response = client.get(reverse("edit_night", args=[played.pk]))
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


# --- the owner changes the night ---------------------------------------------------------


def test_edit_page_and_save(played, client_in):
    url = reverse("edit_night", args=[played.pk])
    page = client_in.get(url)
    assert page.status_code == 200
    assert page.template_name == "scorebook/night_edit.html"
    assert 'value="Béla"' in page.text
    played.stake_per_point = Decimal(10)
    played.save()
    assert 'value="10"' in client_in.get(url).text  # not 1E+1
    response = client_in.post(url, details(played, per_point="12", name_1="Bela"))
    assert response.status_code == 302
    night = Night.objects.get(pk=played.pk)
    assert night.stake_per_point == Decimal(12)
    assert night.seating == ["Anna", "Bela", "Csaba", "Dóra"]
    history = client_in.get(reverse("night_history", args=[played.pk]))
    assert "Béla" in history.text
    assert "Bela" in history.text
    assert "12" in history.text


def test_edit_with_a_duplicate_name_shows_the_problem(played, client_in):
    response = client_in.post(
        reverse("edit_night", args=[played.pk]), details(played, name_1="Anna")
    )
    assert response.status_code == 200
    assert "“Anna” is there twice." in response.text
    assert Night.objects.get(pk=played.pk).seating[1] == "Béla"


def test_edit_with_a_bad_stake_is_a_form_error(played, client_in):
    response = client_in.post(
        reverse("edit_night", args=[played.pk]), details(played, per_point="-1", currency="x")
    )
    assert response.status_code == 200
    assert response.context["form"].errors.keys() == {"per_point", "currency"}


def rules_data(night, **change):
    data = {"hr_base": "1", "hr_kitty_rule": "none", "hr_cap": ""}
    return data | change


def test_house_rules_preview_then_confirm(played, client_in):
    url = reverse("house_rules", args=[played.pk])
    assert client_in.get(url).status_code == 200
    preview = client_in.post(url, rules_data(played, hr_base="2"))
    assert preview.status_code == 200
    rows = preview.context["preview"].players
    # hand 1: Anna wins 3 points at base 1 → +9 (3 from each), at base 2 → +18
    assert rows[0] == ("Anna", "+9", "+18")
    assert rows[1] == ("Béla", "−3", "−6")
    assert 'id="confirm-rules"' in preview.text
    assert Night.objects.get(pk=played.pk).house_rules["base"] == 1  # not saved yet
    saved = client_in.post(url, rules_data(played, hr_base="2", confirm="1"))
    assert saved.status_code == 302
    assert Night.objects.get(pk=played.pk).house_rules["base"] == 2
    assert Hand.objects.get(night=played).entries[0]["deltas"]["Anna"] == 18
    revision = NightRevision.objects.get(night=played)
    assert revision.changes == [["base", "1", "2"]]


def test_house_rules_out_of_range_is_a_form_error(played, client_in):
    response = client_in.post(
        reverse("house_rules", args=[played.pk]), rules_data(played, hr_base="99", confirm="1")
    )
    assert response.status_code == 200
    assert "hr_base" in response.context["form"].errors
    assert Night.objects.get(pk=played.pk).house_rules["base"] == 1


def test_delete_and_undo(played, client_in):
    response = client_in.post(reverse("delete_night", args=[played.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("deleted_nights") + f"#night-{played.pk}"
    assert client_in.get(reverse("night", args=[played.pk])).status_code == 404
    listing = client_in.get(reverse("deleted_nights"))
    assert f'id="night-{played.pk}"' in listing.text
    assert "Undo" in listing.text
    undo = client_in.post(reverse("restore_night", args=[played.pk]))
    assert undo.status_code == 302
    assert client_in.get(reverse("night", args=[played.pk])).status_code == 200


def test_restore_is_for_the_owner_of_a_deleted_night(played, client_in, other_client):
    assert client_in.post(reverse("restore_night", args=[played.pk])).status_code == 404
    services.delete_night(night=played, author=None)
    assert other_client.post(reverse("restore_night", args=[played.pk])).status_code == 404
    assert client_in.get(reverse("restore_night", args=[played.pk])).status_code == 405


# --- handing the pen over ----------------------------------------------------------------


def test_invite_by_user_name(played, other, client_in):
    url = reverse("scorers", args=[played.pk])
    unknown = client_in.post(url, {"username": "nobody"})
    assert unknown.status_code == 200
    assert "no such account" in unknown.text
    assert client_in.post(url, {"username": "mallory"}).status_code == 302
    assert NightScorer.objects.filter(night=played, user=other).exists()
    assert "mallory" in client_in.get(url).text
    client_in.post(reverse("remove_scorer", args=[played.pk, other.pk]))
    assert not NightScorer.objects.exists()


def test_scorer_link_join_and_revoke(played, other, other_client, client_in):
    client_in.post(reverse("scorer_link", args=[played.pk]))
    token = ScorerLink.objects.get(night=played).token
    join = reverse("join_scorer", args=[token])
    page = other_client.get(join)
    assert page.status_code == 200
    assert "anna" in page.text
    assert not NightScorer.objects.exists()  # a GET never joins
    response = other_client.post(join)
    assert response["Location"] == reverse("night", args=[played.pk])
    assert NightScorer.objects.filter(night=played, user=other).exists()
    client_in.post(reverse("revoke_scorer_link", args=[played.pk]))
    assert other_client.get(join).status_code == 404


def test_the_scorer_link_has_a_qr_code_and_a_copy_button(played, client_in):
    # Issue 23 item 7: the same as the share link.
    page = client_in.get(reverse("scorers", args=[played.pk])).text
    assert "<svg" not in page  # no link yet, no code
    client_in.post(reverse("scorer_link", args=[played.pk]))
    token = ScorerLink.objects.get(night=played).token
    page = client_in.get(reverse("scorers", args=[played.pk])).text
    assert page.count("<svg") == 1
    assert "QR code of the scorer link" in page
    assert 'data-copy="scorer-url"' in page
    assert f'value="http://testserver{reverse("join_scorer", args=[token])}"' in page
    assert "scorebook/share.js" in page


def test_scorer_link_needs_login(played, client):
    link = services.create_scorer_link(night=played)
    response = client.get(reverse("join_scorer", args=[link.token]))
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_a_co_scorer_records_edits_and_deletes_hands(played, other, scorer_client):
    night_page = scorer_client.get(reverse("night", args=[played.pk]))
    assert night_page.status_code == 200
    assert night_page.context["role"] == "scorer"
    assert reverse("delete_night", args=[played.pk]) not in night_page.text
    assert reverse("share", args=[played.pk]) not in night_page.text
    response = scorer_client.post(
        reverse("new_hand", args=[played.pk]),
        {"dealer": "Anna", "winner": "Béla", "points:int": "2", "_expected_number": "2"},
    )
    assert response.status_code == 302
    second = Hand.objects.get(night=played, number=2)
    assert second.author == other
    first = Hand.objects.get(night=played, number=1)
    edit = scorer_client.get(reverse("edit_hand", args=[played.pk, first.pk]))
    assert edit.status_code == 200
    assert "written by anna" in edit.text
    assert scorer_client.get(reverse("night_history", args=[played.pk])).status_code == 200
    deleted = scorer_client.post(
        reverse("delete_hand", args=[played.pk, second.pk]), {"_version": "1"}
    )
    assert deleted.status_code == 302
    assert Hand.objects.get(pk=second.pk).deleted
    # owner-only pages stay closed to him
    assert scorer_client.get(reverse("share", args=[played.pk])).status_code == 404
    assert scorer_client.get(reverse("settle", args=[played.pk])).status_code == 404


def test_home_lists_nights_one_scores(played, scorer_client):
    home = scorer_client.get(reverse("home"))
    assert home.context["scoring"] == [played]


def test_owner_sees_the_night_menu(played, client_in):
    page = client_in.get(reverse("night", args=[played.pk]))
    assert page.context["role"] == "owner"
    for name in ("edit_night", "house_rules", "scorers", "night_history", "delete_night"):
        assert reverse(name, args=[played.pk]) in page.text


# --- importing the same night twice ------------------------------------------------------


def test_importing_an_identical_sheet_asks_first(played, user, client_in):
    text = json.dumps(sheets.export_sheet(played))
    url = reverse("import_night")
    first = client_in.post(url, {"text": text})
    assert first.status_code == 200
    assert f"night #{played.pk}" in first.text
    assert 'name="confirm_duplicate"' in first.text
    assert Night.objects.count() == 1
    anyway = client_in.post(url, {"text": text, "confirm_duplicate": "1"})
    assert anyway.status_code == 302
    assert Night.objects.count() == 2


def posted_rules(night, **change):
    """The rules form as a browser posts the night's rules (a cleared box is not sent)."""
    data = {}
    for name, value in {**night.house_rules, **change}.items():
        if value is True:
            data[f"hr_{name}"] = "on"
        elif value is None:
            data[f"hr_{name}"] = ""
        elif isinstance(value, dict | list):
            data[f"hr_{name}"] = json.dumps(value)
        elif value is not False:
            data[f"hr_{name}"] = str(value)
    return data


def test_rules_that_refuse_a_hand_show_it_and_offer_no_save(magyar, client_in):
    url = reverse("house_rules", args=[magyar.pk])
    response = client_in.post(url, posted_rules(magyar, max_contra_level=2))
    assert response.status_code == 200
    assert response.context["problems"] == ["hand 3: game contra: 3 is above 2"]
    assert 'id="confirm-rules"' not in response.text
    forced = client_in.post(url, posted_rules(magyar, max_contra_level=2) | {"confirm": "1"})
    assert forced.status_code == 200
    assert Night.objects.get(pk=magyar.pk).house_rules["max_contra_level"] == 5


def test_unchanged_magyar_rules_post_back_as_they_are(magyar, client_in):
    """The form's initial values are the night's: posting them changes nothing."""
    url = reverse("house_rules", args=[magyar.pk])
    response = client_in.post(url, posted_rules(magyar))
    assert response.context["preview"].changed == []
    assert 'id="confirm-rules"' not in response.text
