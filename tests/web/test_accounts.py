"""Accounts (issue 20): sign-up limited per address, password reset by e-mail, the account's
e-mail address, and invitations of unknown names limited per address."""

import re
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.core import mail
from django.db.models import F
from django.test import Client
from django.urls import reverse

from scorebook.models import AddressUse, NightScorer
from tests.web.test_i18n import PO, PO_PL, english_leftovers

pytestmark = pytest.mark.django_db

HOME, OTHER = {"REMOTE_ADDR": "192.0.2.10"}, {"REMOTE_ADDR": "198.51.100.7"}


@pytest.fixture
def limits(settings):
    settings.ADDRESS_LIMITS = {"signup": (3, 3600), "password_reset": (2, 3600), "invite": (2, 600)}
    return settings


def waits(response, seconds):
    """Retry-After is the time until the oldest counted use leaves the window: the whole
    window less the seconds the test took since that use (a busy machine is slow)."""
    return seconds - 30 <= int(response["Retry-After"]) <= seconds


def hours_pass(hours):
    AddressUse.objects.update(at=F("at") - timedelta(hours=hours))


def sign_up(name, address=HOME, email="", password="tarokk-1930-x", password2=None):
    return Client().post(
        reverse("signup"),
        {
            "username": name,
            "email": email,
            "password1": password,
            "password2": password2 or password,
        },
        **address,
    )


# --- sign-up ---------------------------------------------------------------------------


def test_sign_up_with_an_e_mail_address(django_user_model):
    assert sign_up("kati", email="Kati@Example.ORG").status_code == 302
    assert django_user_model.objects.get(username="kati").email == "Kati@example.org"
    assert sign_up("feri").status_code == 302  # the address is optional
    assert django_user_model.objects.get(username="feri").email == ""
    page = Client().get(reverse("signup")).text
    assert 'name="email"' in page
    assert "Only to send you a link for a new password" in page


def test_sign_up_is_limited_per_address(django_user_model, limits):
    assert [sign_up(f"p{n}").status_code for n in range(3)] == [302, 302, 302]
    refused = sign_up("p3")
    assert refused.status_code == 429
    assert waits(refused, 3600)
    assert "Too many sign-ups from your address. Try again in 60 minutes." in refused.text
    assert refused.templates[0].name == "registration/signup.html"
    assert not django_user_model.objects.filter(username="p3").exists()
    # Another address may; the first one again once the hour has passed.
    assert sign_up("p3", OTHER).status_code == 302
    hours_pass(1)
    assert sign_up("p4").status_code == 302
    assert AddressUse.objects.filter(action="signup").count() == 1  # old uses forgotten


def test_name_taken_answers_count_and_typos_do_not(user, limits):
    """Listing names through "already exists" answers is limited like creating accounts;
    a password typed differently twice costs nothing."""
    for _ in range(5):
        mismatch = sign_up("newbie", password2="something-else-1")
        assert mismatch.status_code == 200
    assert not AddressUse.objects.exists()
    for _ in range(3):
        taken = sign_up("anna")
        assert taken.status_code == 200
        assert "already exists" in taken.text
    refused = sign_up("anna")
    assert refused.status_code == 429
    assert "already exists" not in refused.text  # the limit, not the answer


def test_the_sign_up_limit_speaks_hungarian_and_polish(limits):
    for _ in range(3):
        sign_up("anna")
    hungarian = Client()
    hungarian.cookies["django_language"] = "hu"
    page = hungarian.post(reverse("signup"), {"username": "x"}, **HOME).text
    assert "Túl sok regisztráció erről a címről. Próbáld újra 60 perc múlva." in page
    polish = Client()
    polish.cookies["django_language"] = "pl"
    page = polish.post(reverse("signup"), {"username": "x"}, **HOME).text
    assert "Zbyt wiele rejestracji z tego adresu." in page


# --- password reset ----------------------------------------------------------------------


@pytest.fixture
def kati(django_user_model):
    return django_user_model.objects.create_user(
        "kati", email="kati@example.org", password="old-pass-1930"
    )


def ask_for_a_link(email, address=HOME, client=None):
    return (client or Client()).post(reverse("password_reset"), {"email": email}, **address)


def test_password_reset_by_e_mail(kati, client):
    page = client.get(reverse("login")).text
    assert reverse("password_reset") in page
    response = ask_for_a_link("KATI@example.org")
    assert response.status_code == 302
    assert response["Location"] == reverse("password_reset_done")
    assert len(mail.outbox) == 1
    sent = mail.outbox[0]
    assert sent.to == ["kati@example.org"]
    assert sent.subject == "A new password for Scorebook at testserver"
    assert "Your user name: kati" in sent.body
    link = re.search(r"http://testserver(/accounts/password-reset/\S+/)", sent.body)
    assert link is not None
    form = client.get(link.group(1), follow=True)
    assert form.status_code == 200
    assert form.context["validlink"]
    new = {"new_password1": "new-pass-2026", "new_password2": "new-pass-2026"}
    done = client.post(form.redirect_chain[-1][0], new, follow=True)
    assert done.redirect_chain[-1][0] == reverse("home")
    assert "Your new password is set, and you are logged in." in done.text
    assert client.session["_auth_user_id"] == str(kati.pk)
    kati.refresh_from_db()
    assert kati.check_password("new-pass-2026")
    # The link works once.
    again = Client().get(link.group(1), follow=True)
    assert not again.context["validlink"]
    assert "This link no longer works" in again.text


def test_the_same_answer_whether_or_not_an_account_has_the_address(kati):
    known = ask_for_a_link("kati@example.org")
    unknown = ask_for_a_link("nobody@example.org")
    assert (known.status_code, known["Location"]) == (unknown.status_code, unknown["Location"])
    assert len(mail.outbox) == 1
    page = Client().get(reverse("password_reset_done")).text
    assert "If an account has that e-mail address, a link to set a new password" in page
    assert "It works once, for 2 hours." in page


def test_reset_after_a_lock_logs_in(kati, settings):
    """Wrong passwords lock the address; the mailed link still lets its owner in."""
    settings.AXES_FAILURE_LIMIT = 3
    client = Client()
    login = reverse("login")
    for _ in range(3):
        client.post(login, {"username": "kati", "password": "wrong"}, **HOME)
    ask_for_a_link("kati@example.org", client=client)
    link = re.search(r"http://testserver(\S+)", mail.outbox[0].body)
    assert link is not None
    form = client.get(link.group(1), follow=True)
    new = {"new_password1": "new-pass-2026", "new_password2": "new-pass-2026"}
    done = client.post(form.redirect_chain[-1][0], new, **HOME)
    assert done.status_code == 302
    assert client.session["_auth_user_id"] == str(kati.pk)
    # The address's failures still count: the lock is not lifted for other names.
    assert AccessAttempt.objects.get().failures_since_start == 3


def test_password_reset_is_limited_per_address(kati, limits):
    assert [ask_for_a_link("kati@example.org").status_code for _ in range(2)] == [302, 302]
    refused = ask_for_a_link("nobody@example.org")
    assert refused.status_code == 429
    assert waits(refused, 3600)
    assert "Too many password-reset requests from your address." in refused.text
    assert refused.templates[0].name == "registration/password_reset_form.html"
    assert len(mail.outbox) == 2
    assert ask_for_a_link("kati@example.org", OTHER).status_code == 302
    assert len(mail.outbox) == 3


def test_no_mail_for_an_account_without_an_address(user):
    assert ask_for_a_link("").status_code == 200  # the field is required
    assert mail.outbox == []


# --- the account page --------------------------------------------------------------------


def test_the_account_page_changes_the_e_mail_with_the_password(client_in, user):
    url = reverse("account")
    page = client_in.get(url).text
    assert "none: a forgotten password cannot be reset by e-mail." in page
    wrong = client_in.post(url, {"email": "anna@example.org", "password": "guess"})
    assert wrong.status_code == 200
    assert "That is not your password." in wrong.text
    user.refresh_from_db()
    assert user.email == ""
    assert AccessAttempt.objects.get().failures_since_start == 1  # counted as a failed log-in
    saved = client_in.post(url, {"email": "anna@example.org", "password": "pw-anna-123"})
    assert saved.status_code == 302
    user.refresh_from_db()
    assert user.email == "anna@example.org"
    assert "E-mail address saved." in client_in.get(url).text
    cleared = client_in.post(url, {"email": "", "password": "pw-anna-123"})
    assert cleared.status_code == 302
    user.refresh_from_db()
    assert user.email == ""


def test_the_account_page_needs_a_log_in_and_csrf(client, user):
    assert client.get(reverse("account"))["Location"].startswith(reverse("login"))
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(user)
    assert strict.post(reverse("account"), {"email": "x@example.org"}).status_code == 403
    loose = Client()
    loose.force_login(user)
    assert loose.put(reverse("account")).status_code == 405


def test_a_locked_address_cannot_check_passwords_on_the_account_page(client_in, settings):
    settings.AXES_FAILURE_LIMIT = 2
    url = reverse("account")
    assert client_in.post(url, {"email": "a@example.org", "password": "guess-1"}).status_code == 200
    assert client_in.post(url, {"email": "a@example.org", "password": "guess-2"}).status_code == 429
    locked = client_in.post(url, {"email": "a@example.org", "password": "pw-anna-123"})
    assert locked.status_code == 429
    assert "Too many failed log-in attempts." in locked.text


# --- co-scorer invitations ---------------------------------------------------------------


def test_invitations_of_unknown_names_are_limited(client_in, night, other, limits):
    """The owner must hear about a typo, so the answer tells whether an account exists;
    after a few unknown names the address waits."""
    url = reverse("scorers", args=[night.pk])
    for name in ("nobody", "noone"):
        unknown = client_in.post(url, {"username": name}, **HOME)
        assert unknown.status_code == 200
        assert "no such account" in unknown.text
    refused = client_in.post(url, {"username": "mallory"}, **HOME)
    assert refused.status_code == 429
    assert waits(refused, 600)
    assert "Too many user names that no account has. Try again in 10 minutes." in refused.text
    assert not NightScorer.objects.exists()
    assert client_in.post(url, {"username": "mallory"}, **OTHER).status_code == 302
    assert NightScorer.objects.filter(user=other).exists()


def test_known_names_and_the_owner_do_not_count(client_in, night, other, limits):
    url = reverse("scorers", args=[night.pk])
    for _ in range(3):
        assert client_in.post(url, {"username": "mallory"}).status_code == 302
        assert "is the owner" in client_in.post(url, {"username": "anna"}).text
    assert not AddressUse.objects.exists()


# --- in the players' languages -----------------------------------------------------------


HU_WORDS = [
    "Elfelejtett jelszó",
    "Nézd meg a postafiókodat",
    "Ez a link már nem érvényes",
    "A fiókod",
    "E-mail (nem kötelező)",
    "Új jelszó a Scorebookhoz (testserver)",
]
PL_WORDS = [
    "Zapomniane hasło",
    "Sprawdź skrzynkę pocztową",
    "Ten link już nie działa",
    "Twoje konto",
    "E-mail (opcjonalnie)",
    "Nowe hasło do Scorebooka na testserver",
]


@pytest.mark.parametrize(("lang", "po", "words"), [("hu", PO, HU_WORDS), ("pl", PO_PL, PL_WORDS)])
def test_account_pages_and_the_mail_in_hungarian_and_polish(client_in, lang, po, words):
    header = {"HTTP_ACCEPT_LANGUAGE": lang}
    pages = [
        Client().get(reverse("password_reset"), **header),
        Client().get(reverse("password_reset_done"), **header),
        Client().get(reverse("password_reset_confirm", args=["MQ", "bad-token"]), **header),
        client_in.get(reverse("account"), **header),
        Client().get(reverse("signup"), **header),
    ]
    for page, word in zip(pages, words[:-1], strict=True):
        assert page.status_code == 200
        assert word in page.text
        assert not english_leftovers(page.text, po)
    client_in.post(reverse("account"), {"email": "anna@example.org", "password": "pw-anna-123"})
    ask_for_a_link("anna@example.org", {"HTTP_ACCEPT_LANGUAGE": lang})
    (sent,) = mail.outbox
    assert words[-1] in sent.subject + sent.body
    assert "Open this link" not in sent.body


def test_the_admin_lifts_an_address_limit(django_user_model, limits):
    for n in range(3):
        sign_up(f"p{n}")
    assert sign_up("p3").status_code == 429
    boss = django_user_model.objects.create_superuser("boss", password="pw-boss-123")
    admin = Client()
    admin.force_login(boss)
    listing = admin.get(reverse("admin:scorebook_addressuse_changelist"), {"q": "192.0.2.10"})
    assert listing.status_code == 200
    assert listing.context["cl"].result_count == 3
    ids = [str(pk) for pk in AddressUse.objects.values_list("pk", flat=True)]
    done = admin.post(
        reverse("admin:scorebook_addressuse_changelist"),
        {"action": "delete_selected", "_selected_action": ids, "post": "yes"},
    )
    assert done.status_code == 302
    assert sign_up("p3").status_code == 302
