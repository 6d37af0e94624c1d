"""The read-only share link: create, view without an account, poll cheaply, revoke."""

import datetime

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorebook import services
from scorebook.models import Hand, NightShare
from tests.web.conftest import hand

pytestmark = pytest.mark.django_db

HX_LIVE = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "live"}


@pytest.fixture
def shared(night):
    services.record_hand(night=night, record=hand("Dóra", "Anna", 3))
    return night, services.share_night(night=night)


def test_owner_creates_and_sees_the_link(client_in, night):
    response = client_in.get(reverse("share", args=[night.pk]))
    assert response.status_code == 200
    assert response.context["share"] is None
    response = client_in.post(reverse("share", args=[night.pk]))
    assert response.status_code == 302
    token = NightShare.objects.get(night=night).token
    assert len(token) >= 43
    page = client_in.get(reverse("share", args=[night.pk]))
    assert reverse("shared", args=[token]) in page.content.decode()
    # Asking again keeps the same link.
    client_in.post(reverse("share", args=[night.pk]))
    assert NightShare.objects.get(night=night).token == token


def test_tokens_are_unguessable_and_distinct(user, night):
    from scorebook import services as s

    other = s.create_night(
        owner=user,
        variant_key="toy",
        house_rules={},
        per_point="1",
        currency="HUF",
        players=["A", "B", "C"],
    )
    assert services.share_night(night=night).token != services.share_night(night=other).token


def test_anyone_with_the_link_sees_ledger_totals_and_settle_up(shared):
    night, link = shared
    response = Client().get(reverse("shared", args=[link.token]))
    assert response.status_code == 200
    assert response.template_name == "scorebook/shared.html"
    body = response.content.decode()
    assert "Anna" in body
    assert 'hx-trigger="every 4s"' in body
    assert response.context["transfers"]
    assert [r.label for r in response.context["rows"]] == ["1"]
    # Read-only: no forms, no edit links.
    assert "<form" not in body.split("<main>")[1]
    assert reverse("edit_hand", args=[night.pk, Hand.objects.get().pk]) not in body
    assert response["X-Robots-Tag"] == "noindex, nofollow"
    assert "no-cache" in response["Cache-Control"]


def test_polling_fragment_and_etag(shared):
    night, link = shared
    url = reverse("shared", args=[link.token])
    c = Client()
    response = c.get(url, **HX_LIVE)
    assert response.status_code == 200
    assert response.template_name == "scorebook/shared.html#live"
    etag = response["ETag"]
    # Nothing changed: 304 after a single query, nothing rendered.
    with CaptureQueriesContext(connection) as queries:
        again = c.get(url, HTTP_IF_NONE_MATCH=etag, **HX_LIVE)
    assert again.status_code == 304
    assert len(queries) == 1
    # A new hand changes the version: the next poll gets the new fragment.
    services.record_hand(night=night, record=hand("Anna", "Béla", 2))
    fresh = c.get(url, HTTP_IF_NONE_MATCH=etag, **HX_LIVE)
    assert fresh.status_code == 200
    assert fresh["ETag"] != etag
    assert [r.label for r in fresh.context["rows"]] == ["1", "2"]
    # So do an edit, a delete and a paid mark.
    for change in (
        lambda: services.edit_hand(
            hand=Hand.objects.get(number=2), record=hand("Anna", "Csaba", 2), version=1
        ),
        lambda: services.delete_hand(hand=Hand.objects.get(number=2), version=2),
        lambda: services.mark_transfer_paid(night=night, payer="Béla", payee="Anna", amount="6.00"),
    ):
        etag = fresh["ETag"]
        change()
        fresh = c.get(url, HTTP_IF_NONE_MATCH=etag, **HX_LIVE)
        assert fresh.status_code == 200
    # The page and the fragment never share an ETag.
    assert c.get(url)["ETag"] != fresh["ETag"]


CACHE_HEADERS = ("Cache-Control", "Vary", "X-Robots-Tag")


def headers(response):
    return {name: response.get(name) for name in CACHE_HEADERS}


@pytest.mark.parametrize("page", ["shared", "shared_table"])
def test_a_304_carries_the_headers_of_its_200(shared, page):
    """Issue 20, item 9: the 304 answered without the view lacked them."""
    _night, link = shared
    url = reverse(page, args=[link.token])
    c = Client()
    first = c.get(url)
    again = c.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert (first.status_code, again.status_code) == (200, 304)
    assert headers(again) == headers(first)
    assert headers(again) == {
        "Cache-Control": "private, no-cache",
        "Vary": "HX-Request, HX-Target, Accept-Language, Cookie",
        "X-Robots-Tag": "noindex, nofollow",
    }


@pytest.mark.parametrize("page", ["shared", "shared_table", "table"])
@pytest.mark.parametrize(
    "change", [{"place": "Kocsma"}, {"date": datetime.date(2026, 1, 2)}], ids=["place", "date"]
)
def test_a_new_date_or_place_is_not_answered_304(shared, client_in, page, change):
    """Issue 20, item 9: the fingerprint left out the date and the place, which the pages
    show, so after the owner changed them the pollers kept their old page."""
    night, link = shared
    url = reverse(page, args=[night.pk if page == "table" else link.token])
    first = client_in.get(url)
    assert first.status_code == 200
    details = {"date": night.date, "place": night.place} | change
    services.edit_night(
        night=night,
        author=None,
        per_point=night.stake_per_point,
        currency=night.currency,
        names=night.seating,
        **details,
    )
    fresh = client_in.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert fresh.status_code == 200
    assert fresh["ETag"] != first["ETag"]


def test_revoked_or_wrong_token_is_404(client_in, shared):
    night, link = shared
    url = reverse("shared", args=[link.token])
    assert Client().get(reverse("shared", args=[link.token[:-1] + "x"])).status_code == 404
    assert Client().get(reverse("shared", args=["x" * 65])).status_code == 404
    response = client_in.post(reverse("revoke_share", args=[night.pk]))
    assert response.status_code == 302
    assert not NightShare.objects.exists()
    assert Client().get(url).status_code == 404
    assert Client().get(url, **HX_LIVE).status_code == 404


def test_only_the_owner_manages_the_link(shared, other_client, client):
    night, link = shared
    assert other_client.get(reverse("share", args=[night.pk])).status_code == 404
    assert other_client.post(reverse("share", args=[night.pk])).status_code == 404
    assert other_client.post(reverse("revoke_share", args=[night.pk])).status_code == 404
    assert NightShare.objects.filter(token=link.token).exists()
    response = client.post(reverse("revoke_share", args=[night.pk]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_methods_and_csrf(shared, user, client_in):
    night, link = shared
    assert Client().post(reverse("shared", args=[link.token])).status_code == 405
    assert client_in.get(reverse("revoke_share", args=[night.pk])).status_code == 405
    c = Client(enforce_csrf_checks=True)
    c.force_login(user)
    assert c.post(reverse("revoke_share", args=[night.pk])).status_code == 403
    assert NightShare.objects.exists()
