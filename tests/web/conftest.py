import sys

import pytest
from django.test import Client
from django.utils import translation

from scorebook.engine import registry
from tests.factories import make_night
from tests.web import toy

TOY_MODULE = "scorebook.engine.variants.toy"


@pytest.fixture(autouse=True)
def toy_variant(monkeypatch):
    """Register the test-only `toy` variant beside the real ones."""
    monkeypatch.setitem(sys.modules, TOY_MODULE, toy)
    monkeypatch.setattr(registry, "VARIANT_KEYS", (*registry.VARIANT_KEYS, "toy"))
    registry.get.cache_clear()
    yield
    registry.get.cache_clear()


@pytest.fixture(autouse=True)
def _default_language():
    """Each test ends in the default language: a request cut short (the log-in lock's 429)
    can leave its language active in the thread, which would make the next test's direct
    calls speak Hungarian."""
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def static_files_from_finders(settings):
    """Tests run without `collectstatic`: WhiteNoise serves from the finders instead."""
    settings.WHITENOISE_AUTOREFRESH = True


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user("anna", password="pw-anna-123")


@pytest.fixture
def other(django_user_model):
    return django_user_model.objects.create_user("mallory", password="pw-mallory-123")


@pytest.fixture
def client_in(client, user):
    client.force_login(user)
    return client


@pytest.fixture
def other_client(other):
    c = Client()
    c.force_login(other)
    return c


PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]


@pytest.fixture
def night(user):
    return make_night(user, "toy", PLAYERS, "Dóra", per_point="2", place="Kávéház")


def hand(dealer, winner=None, points=0, **extra):
    return {"dealer": dealer, "winner": winner, "points": points, **extra}
