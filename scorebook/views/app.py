"""What makes Scorebook an app on a phone: the web app manifest (install on the home
screen), the service worker (static/scorebook's files and the night pages kept for when the
connection drops) and the page it shows offline for anything it did not keep."""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

# What the worker keeps at install: every page needs these, offline too.
APP_FILES = (
    "django_htmx/htmx-2.min.js",
    "django_htmx/django-htmx.js",
    "scorebook/app.css",
    "scorebook/print.css",
    "scorebook/hand.js",
    "scorebook/outbox.js",
    "scorebook/outbox-send.js",
    "scorebook/signed-out.js",
    "vendor/idb-keyval-6.3.0/idb-keyval.umd.js",
    "scorebook/icons/icon-192.png",
)


@require_safe
@never_cache
def service_worker(request: HttpRequest) -> HttpResponse:
    """The worker's script, at the site's root so that it may serve every page. Its text
    names the static files by their (hashed) URLs, so a new release is a new worker."""
    files = [static(name) for name in APP_FILES]
    text = render_to_string("sw.js", {"files": files, "version": _version(files)})
    response = HttpResponse(text, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return response


def _version(files: list[str]) -> str:
    sw_template = settings.BASE_DIR / "templates" / "sw.js"
    seed = "\n".join([*files, sw_template.read_text(encoding="utf-8")])
    return hashlib.sha256(seed.encode()).hexdigest()[:12]


@require_safe
def manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest: name, icons and standalone display for the home screen."""
    response = TemplateResponse(
        request,
        "manifest.webmanifest",
        {"name": "Scorebook", "description": _("Score-keeping and settlement for tarokk tables")},
        content_type="application/manifest+json",
    )
    response["Cache-Control"] = "public, max-age=3600"
    return response


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    """Shown by the worker for a page it did not keep while there is no connection."""
    return TemplateResponse(request, "scorebook/offline.html", {})
