"""A night form opened before another save is refused as a conflict (issue 20, item 5):
it names what changed and keeps what the user typed; saving it again then wins."""

from decimal import Decimal

import pytest
from django.urls import reverse

from scorebook import services
from scorebook.models import Night, NightRevision
from tests.web.conftest import hand
from tests.web.test_night_change_views import details, rules_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(night, user):
    services.record_hand(night=night, record=hand("Dóra", "Anna", 3), author=user)
    return night


def form_of(client, url):
    """What a browser tab would post back: the page's hidden version."""
    page = client.get(url)
    return page.context["version"]


def test_a_stale_details_form_is_refused_and_names_what_changed(played, client_in):
    url = reverse("edit_night", args=[played.pk])
    tab1, tab2 = form_of(client_in, url), form_of(client_in, url)
    assert tab1 == tab2 == 1
    saved = client_in.post(url, details(played, per_point="100", name_0="Anka", _version=str(tab1)))
    assert saved.status_code == 302
    stale = client_in.post(url, details(played, per_point="2", place="Kocsma", _version=str(tab2)))
    assert stale.status_code == 200
    night = Night.objects.get(pk=played.pk)
    assert night.seating == ["Anka", "Béla", "Csaba", "Dóra"]
    assert night.stake_per_point == Decimal(100)
    assert night.place == "Kávéház"
    assert night.version == 2
    assert stale.context["conflict"].changes == [
        ("stake per point", "2", "100"),
        ("name", "Anna", "Anka"),
    ]
    assert 'id="night-conflict"' in stale.text
    assert 'value="Kocsma"' in stale.text  # what was typed is kept
    assert stale.context["version"] == 2
    # Saved again from the refused form (after comparing): it wins.
    again = client_in.post(
        url, details(night, per_point="100", place="Kocsma", _version=str(stale.context["version"]))
    )
    assert again.status_code == 302
    night.refresh_from_db()
    assert (night.place, night.stake_per_point, night.version) == ("Kocsma", Decimal(100), 3)


def test_a_rules_change_does_not_make_the_details_form_stale(played, client_in):
    url = reverse("edit_night", args=[played.pk])
    version = form_of(client_in, url)
    services.change_house_rules(night=played, rules={"base": 2}, author=None)
    saved = client_in.post(url, details(played, place="Kocsma", _version=str(version)))
    assert saved.status_code == 302
    night = Night.objects.get(pk=played.pk)
    assert (night.place, night.house_rules["base"]) == ("Kocsma", 2)


def test_a_stale_rules_form_is_refused(played, client_in):
    url = reverse("house_rules", args=[played.pk])
    version = form_of(client_in, url)
    services.change_house_rules(night=played, rules={"base": 2}, author=None)
    stale = client_in.post(url, rules_data(played, hr_cap="50", confirm="1", _version=version))
    assert stale.status_code == 200
    night = Night.objects.get(pk=played.pk)
    assert night.house_rules["base"] == 2  # not put back to 1
    assert night.house_rules["cap"] is None
    assert stale.context["conflict"].changes == [("base", "1", "2")]
    assert stale.context["conflict_changes"] == [("Base", "1", "2")]  # as the history says it
    # the preview shows what saving the kept form now would do: base back to 1, cap 50
    assert stale.context["preview"].changed == [("Base", "2", "1"), ("Cap", "none", "50")]
    assert 'id="night-conflict"' in stale.text
    assert stale.context["version"] == 2
    again = client_in.post(url, rules_data(played, hr_cap="50", confirm="1", _version="2"))
    assert again.status_code == 302
    assert Night.objects.get(pk=played.pk).house_rules["cap"] == 50


def test_changes_are_merged_per_field_across_saves(played):
    services.edit_night(
        night=played,
        author=None,
        date=played.date,
        place="A",
        per_point=Decimal(2),
        currency="HUF",
        names=["Anka", "Béla", "Csaba", "Dóra"],
        version=1,
    )
    services.edit_night(
        night=played,
        author=None,
        date=played.date,
        place="B",
        per_point=Decimal(2),
        currency="HUF",
        names=["Anica", "Béla", "Csaba", "Dóra"],
        version=2,
    )
    with pytest.raises(services.Conflict) as stale:
        services.edit_night(
            night=played,
            author=None,
            date=played.date,
            place="C",
            per_point=Decimal(2),
            currency="HUF",
            names=["Anna", "Béla", "Csaba", "Dóra"],
            version=1,
        )
    assert stale.value.changes == [("place", "Kávéház", "B"), ("name", "Anna", "Anica")]
    assert stale.value.current_version == 3
    assert list(NightRevision.objects.values_list("version", flat=True)) == [3, 2]


def test_a_night_form_sent_twice_is_one_change_not_a_conflict(played, client_in):
    """A lost answer: the same details form (its key and version) arrives again."""
    url = reverse("edit_night", args=[played.pk])
    data = details(played, per_point="100", _version="1", _key="n" * 22)
    assert client_in.post(url, data).status_code == 302
    again = client_in.post(url, data, follow=True)
    assert again.redirect_chain  # saved (the first time), not refused as stale
    assert "conflict" not in again.context or not again.context["conflict"]
    night = Night.objects.get(pk=played.pk)
    assert (night.stake_per_point, night.version) == (Decimal(100), 2)
    assert NightRevision.objects.filter(night=played, kind="details").count() == 1


def test_a_rules_form_sent_twice_is_one_change(played, client_in):
    url = reverse("house_rules", args=[played.pk])
    data = rules_data(played, hr_base="2", confirm="1", _version="1", _key="r" * 22)
    assert client_in.post(url, data).status_code == 302
    assert client_in.post(url, data).status_code == 302
    night = Night.objects.get(pk=played.pk)
    assert (night.house_rules["base"], night.version) == (2, 2)
    assert NightRevision.objects.filter(night=played, kind="rules").count() == 1
