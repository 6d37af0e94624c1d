import os

import pytest

# Playwright's sync API runs an event loop in this thread; Django's ORM calls from the test
# itself (none here besides fixtures) would otherwise be refused.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian's chromium is not installed (make browser-deps)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def static_files_from_finders(settings):
    """Serve static files straight from the apps' folders (no collectstatic needed); a test
    module asks for it with pytest.mark.usefixtures("static_files_from_finders")."""
    settings.WHITENOISE_AUTOREFRESH = True
