"""Suite-wide test settings."""

import pytest


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    # The default PBKDF2 costs over a second per user on this machine; tests need no security.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
