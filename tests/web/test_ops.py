"""What an operator relies on: /healthz, errors on standard error (and mailed to ADMINS),
the admin's read-only view of nights, private caching, and no 500 for odd share links."""

import json
import subprocess
import sys

import pytest
from django.core import mail
from django.db import OperationalError
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse

from scorebook import services
from scorebook.models import Hand
from tests.web.conftest import hand
from tests.web.test_deploy import ROOT, production_env

pytestmark = pytest.mark.django_db


# Django's test client in a production process; no collectstatic there, so WhiteNoise serves
# from the finders (as in the tests) instead of warning about the missing staticfiles/.
PRODUCTION_CLIENT = (
    "import django; django.setup(); from django.conf import settings as s; "
    "s.WHITENOISE_AUTOREFRESH = True; from django.test import Client"
)


def run_production(tmp_path, code, **env):
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=production_env(tmp_path) | env,
        capture_output=True,
        text=True,
        timeout=120,
    )


# --- /healthz -------------------------------------------------------------------------------


def test_healthz_answers_ok_without_login(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert json.loads(response.content) == {"status": "ok"}
    assert "no-cache" in response["Cache-Control"]
    assert "no-store" in response["Cache-Control"]
    assert client.head("/healthz").status_code == 200
    assert client.post("/healthz").status_code == 405


def test_healthz_is_503_when_migrations_are_pending(client, monkeypatch):
    monkeypatch.setattr(
        MigrationExecutor, "migration_plan", lambda self, targets: [("m1", False), ("m2", False)]
    )
    response = client.get("/healthz")
    assert response.status_code == 503
    assert json.loads(response.content) == {
        "status": "error",
        "problem": "2 migrations not applied",
    }


def test_healthz_is_503_when_the_database_is_unreachable(client, monkeypatch, caplog):
    from django.db import connection

    def refuse(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(connection, "cursor", refuse)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert json.loads(response.content)["problem"] == "database unreachable"
    assert "connection refused" in caplog.text


def test_healthz_is_not_limited_by_failed_logins(client, user, settings):
    settings.AXES_FAILURE_LIMIT = 1
    client.post(reverse("login"), {"username": "anna", "password": "wrong"})
    assert client.get("/healthz").status_code == 200


def test_production_healthz_over_plain_http_is_not_redirected(tmp_path):
    """In production everything else is redirected to HTTPS; /healthz answers as it is (here
    503: the fresh database is not migrated)."""
    code = (
        f"{PRODUCTION_CLIENT}; "
        "c = Client(HTTP_HOST='scores.example.org'); "
        "h = c.get('/healthz'); l = c.get('/accounts/login/'); "
        "print(h.status_code, h.json()['problem'].split()[-3:], l.status_code, l['Location'])"
    )
    done = run_production(tmp_path, code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split(" ", 5) == [
        "503",
        "['migrations',",
        "'not',",
        "'applied']",
        "301",
        "https://scores.example.org/accounts/login/\n",
    ]


# --- errors ----------------------------------------------------------------------------------


def test_production_errors_go_to_stderr_with_the_path(tmp_path):
    code = (
        f"{PRODUCTION_CLIENT}; s.ROOT_URLCONF = 'tests.web.raising_urls'; "
        "r = Client(raise_request_exception=False).get("
        "'/boom/here/?x=1', secure=True, HTTP_HOST='scores.example.org'); "
        "print('status', r.status_code)"
    )
    done = run_production(tmp_path, code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "status 500"
    assert "ERROR django.request: Internal Server Error: /boom/here/" in done.stderr
    assert "Traceback" in done.stderr
    assert "ValueError: the scorer tripped over a hand" in done.stderr


def test_errors_are_mailed_to_the_admins(client, settings):
    settings.ROOT_URLCONF = "tests.web.raising_urls"
    settings.ADMINS = ["Ops <ops@example.org>"]
    client.raise_request_exception = False
    assert client.get("/boom/here/").status_code == 500
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["Ops <ops@example.org>"]
    assert "/boom/here/" in mail.outbox[0].subject


def test_other_host_names_are_logged_but_not_mailed(client, settings, caplog):
    settings.ADMINS = ["ops@example.org"]
    assert client.get("/healthz", HTTP_HOST="evil.example").status_code == 400
    assert mail.outbox == []
    assert "Invalid HTTP_HOST header: 'evil.example'" in caplog.text


def test_admins_and_mail_relay_come_from_the_environment(tmp_path):
    code = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.ADMINS); print(s.MAILERS['default']['OPTIONS']['host'])"
    )
    done = run_production(
        tmp_path,
        code,
        SCOREBOOK_ADMINS='Anna Kovács <anna@example.org>, "Doe, John" <j@example.org>, b@ex.org',
        SCOREBOOK_EMAIL_HOST="smtp.example.org",
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "['=?utf-8?q?Anna_Kov=C3=A1cs?= <anna@example.org>', "
        "'\"Doe, John\" <j@example.org>', 'b@ex.org']",
        "smtp.example.org",
    ]


# --- private caching --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url_name",
    ["home", "night", "sheet", "sheet_csv", "settle", "print", "new_hand", "night_list"],
)
def test_logged_in_answers_are_private(client_in, night, url_name):
    args = [] if url_name in ("home", "night_list") else [night.pk]
    response = client_in.get(reverse(url_name, args=args))
    assert response.status_code == 200
    directives = {d.strip() for d in response["Cache-Control"].split(",")}
    assert {"private", "no-cache"} <= directives
    assert "public" not in directives


def test_anonymous_pages_are_not_marked_private(client):
    response = client.get(reverse("signup"))
    assert "private" not in response.get("Cache-Control", "")


# --- share links with odd tokens ------------------------------------------------------------


@pytest.mark.parametrize("path", ["/s/%00/", "/s/ab%00cd/", "/s/%C3%A9/", "/s/a%2Fb/"])
def test_odd_share_tokens_are_404(path, night):
    services.share_night(night=night)
    assert Client().get(path).status_code == 404


def test_a_real_share_token_still_opens(night):
    link = services.share_night(night=night)
    assert Client().get(f"/s/{link.token}/").status_code == 200


# --- admin ------------------------------------------------------------------------------------


@pytest.fixture
def played(night, user):
    services.record_hand(night=night, record=hand("Dóra", "Anna", 3), author=user)
    return night


@pytest.mark.parametrize("model", ["night", "player", "hand"])
def test_admin_lists_answer(admin_client, played, model):
    response = admin_client.get(reverse(f"admin:scorebook_{model}_changelist"))
    assert response.status_code == 200
    assert response.context["cl"].result_count >= 1


@pytest.mark.parametrize("query", [None, "anna", "abc", "\x00"])
def test_admin_finds_hands_by_night_or_owner(admin_client, played, query):
    url = reverse("admin:scorebook_hand_changelist")
    response = admin_client.get(url, {"q": query or str(played.pk)})
    assert response.status_code == 200
    found = list(response.context["cl"].result_list)
    if query != "\x00":  # a NUL only must not break the page (PostgreSQL refuses it in SQL)
        assert found == ([] if query == "abc" else list(Hand.objects.filter(night=played)))
    if query is None:
        assert list(response.context["cl"].list_display) == [
            "night",
            "number",
            "position",
            "deleted",
            "updated",
        ]


def test_admin_hand_is_read_only(admin_client, played):
    row = Hand.objects.get(night=played)
    change = reverse("admin:scorebook_hand_change", args=[row.pk])
    response = admin_client.get(change)
    assert response.status_code == 200
    assert response.context["has_change_permission"] is False
    assert response.context["has_delete_permission"] is False
    assert 'name="_save"' not in response.content.decode()
    assert admin_client.post(change, {"number": "9"}).status_code == 403
    assert admin_client.get(reverse("admin:scorebook_hand_add")).status_code == 403
    delete = reverse("admin:scorebook_hand_delete", args=[row.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    row.refresh_from_db()
    assert row.number == 1


@pytest.mark.parametrize("model", ["night", "player"])
def test_admin_nights_and_players_are_read_only(admin_client, played, model):
    obj = played if model == "night" else played.seats.first().player
    change = reverse(f"admin:scorebook_{model}_change", args=[obj.pk])
    assert admin_client.get(change).status_code == 200
    assert admin_client.post(change, {"place": "elsewhere", "name": "x"}).status_code == 403
    assert admin_client.get(reverse(f"admin:scorebook_{model}_add")).status_code == 403
    delete = reverse(f"admin:scorebook_{model}_delete", args=[obj.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    assert Hand.objects.filter(night_id=played.pk).count() == 1


def test_admin_is_for_staff_only(client_in):
    response = client_in.get(reverse("admin:scorebook_night_changelist"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("admin:login"))
