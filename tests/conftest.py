"""Suite-wide test settings: the compiled catalogues, the Hypothesis profiles, the password
hasher, and the markers `browser` and `database` given by what a test is (README, "Tests and
CI")."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from django.test.utils import override_settings
from hypothesis import settings

LOCALE = Path(__file__).resolve().parents[1] / "locale"
BROWSER_TESTS = Path(__file__).resolve().parent / "browser"

# Hypothesis: `make test` (and a plain `pytest`) runs "dev", a few examples per property;
# `make test-all` and CI run "ci" (--hypothesis-profile=ci), the counts each test asks for.
# A test scales its own count with tests.examples().
COMMON = {
    "deadline": None,  # a machine shared by several developers is slow at times
    "database": None,  # no .hypothesis/ directory in the working tree
}
settings.register_profile("ci", **COMMON)
settings.register_profile("dev", max_examples=10, **COMMON)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# A test that asks for one of these fixtures (or is marked django_db) touches the database;
# it gets the `database` marker, by which CI's PostgreSQL pass selects (make test-db).
DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
}


def pytest_configure(config):
    compile_catalogues()


def compile_catalogues():
    """The .mo files are not committed: compile each one that is missing or older than its
    .po, so that a plain `pytest` works in a fresh clone (make does the same)."""
    stale = [
        po
        for po in sorted(LOCALE.glob("*/LC_MESSAGES/django.po"))
        if not po.with_suffix(".mo").exists()
        or po.with_suffix(".mo").stat().st_mtime < po.stat().st_mtime
    ]
    if not stale:
        return
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        if any(not po.with_suffix(".mo").exists() for po in stale):
            pytest.exit(
                "locale/*/LC_MESSAGES/django.mo are missing and msgfmt is not there to compile"
                " them: install GNU gettext (apt-get install gettext), then run pytest again"
            )
        return  # older than their .po: the tests of new messages will say so
    for po in stale:
        mo = po.with_suffix(".mo")
        part = mo.with_suffix(f".mo.{os.getpid()}")  # then renamed: a reader never sees half
        subprocess.run([msgfmt, "--check-format", "-o", str(part), str(po)], check=True)
        part.replace(mo)


@pytest.hookimpl(tryfirst=True)  # before `-m` selects by markers
def pytest_collection_modifyitems(items):
    """Markers a test gets by what it is, so that a new test needs none to land in the
    right set: a browser test (in tests/browser, or asking for the `browser` fixture) runs
    only in `make test-all` unless marked `quick`; a test that touches the database runs in
    CI's PostgreSQL pass too."""
    for item in items:
        fixtures = set(item.fixturenames)
        if BROWSER_TESTS in item.path.parents or "browser" in fixtures:
            item.add_marker(pytest.mark.browser)
        if item.get_closest_marker("django_db") or DATABASE_FIXTURES & fixtures:
            item.add_marker(pytest.mark.database)


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hashing():
    # The default PBKDF2 costs over a second per user on this machine; tests need no security.
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield
