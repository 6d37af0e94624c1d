"""Scorebook settings: one file, driven by environment variables.

Development defaults work with no environment at all (SQLite, DEBUG on). Production sets
SCOREBOOK_SECRET_KEY, SCOREBOOK_ALLOWED_HOSTS, DATABASE_URL and SCOREBOOK_DEBUG=0.
"""

import os
from datetime import timedelta
from email.utils import formataddr, getaddresses
from pathlib import Path

import dj_database_url
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    return default if value is None else value.lower() in ("1", "true", "yes", "on")


DEBUG = env_bool("SCOREBOOK_DEBUG", True)
SECRET_KEY = os.environ.get("SCOREBOOK_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise RuntimeError("SCOREBOOK_SECRET_KEY must be set when SCOREBOOK_DEBUG is off")
    SECRET_KEY = "dev-only-insecure-key-change-me"
ALLOWED_HOSTS = [
    h.strip()
    for h in os.environ.get("SCOREBOOK_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",")
    if h.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "axes",
    "scorebook",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "scorebook.middleware.private_when_logged_in",
    # Last, as django-axes asks: it turns a locked-out log-in into the 429 page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "scorebook.urls"
WSGI_APPLICATION = "scorebook.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60, conn_health_checks=True
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A write transaction takes SQLite's write lock at BEGIN, so two phones saving at once
    # queue up (then the hand-number check sees the other save) instead of failing busy.
    DATABASES["default"].setdefault("OPTIONS", {})["transaction_mode"] = "IMMEDIATE"
    # The test database is a file, not shared memory: then the browser tests' live server
    # gives each request thread its own connection, as a real server does, and two phones
    # (or a phone and the test itself) may use it at the same moment.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / ".test-db.sqlite3")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # No query outlives its request: gunicorn stops a worker after its timeout (30 s), but
    # the server would run the worker's query on (once for six minutes, holding a night's
    # row lock). PostgreSQL cancels any statement after this many seconds, below gunicorn's
    # timeout; 0 turns it off (docs/deploying.md).
    STATEMENT_TIMEOUT = int(os.environ.get("SCOREBOOK_STATEMENT_TIMEOUT", "25"))
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = (
        f"-c statement_timeout={STATEMENT_TIMEOUT * 1000}"
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en"
LANGUAGES = [("hu", "Magyar"), ("en", "English"), ("pl", "Polski")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("SCOREBOOK_TIME_ZONE", "Europe/Budapest")
USE_I18N = True
USE_TZ = True

# Content Security Policy (Django's own middleware): scripts only from our origin, so no
# inline <script> and no on*= handlers; htmx is vendored. Styles allow inline because htmx
# injects its indicator style and the print chart colours its legend with style="".
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF, CSP.UNSAFE_INLINE],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

# Failed log-ins (django-axes): counted in the database, so every gunicorn worker sees the
# same counts. The lock is per client address (an IPv6 /64 counts as one, see
# scorebook.limits): this many failures from one address, whatever names it tries, lock that
# address. Not per user name: then anyone could keep any account locked from anywhere by
# guessing once per window (issue 20); a guess from elsewhere never locks the owner out where
# she is. A failure is forgotten once the window has passed since the latest one from the
# address; a try while locked counts as a failure and starts it again.
LOGIN_ATTEMPTS = max(int(os.environ.get("SCOREBOOK_LOGIN_ATTEMPTS", "5")), 1)
LOGIN_WINDOW_SECONDS = max(int(os.environ.get("SCOREBOOK_LOGIN_WINDOW", "900")), 1)
# Behind a reverse proxy, the client's address is the last X-Forwarded-For entry.
BEHIND_PROXY = env_bool("SCOREBOOK_BEHIND_PROXY", not DEBUG)
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = LOGIN_ATTEMPTS
AXES_COOLOFF_TIME = timedelta(seconds=LOGIN_WINDOW_SECONDS)
AXES_LOCKOUT_PARAMETERS = ["ip_address"]
AXES_CLIENT_IP_CALLABLE = "scorebook.limits.client_address"
AXES_LOCKOUT_CALLABLE = "scorebook.views.login.locked_out"
# A try while locked counts, and the wait starts again: Retry-After is then the whole window.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = True
# A successful log-in clears nothing: clearing would wipe the address's count, so one known
# account could reset an address that guesses at others' passwords.
AXES_RESET_ON_SUCCESS = False
# Only failures are stored (visible under /admin/axes/); successful log-ins are not logged.
AXES_DISABLE_ACCESS_LOG = True

# What one client address may do per window (uses, seconds), counted in the database like the
# log-ins (scorebook.limits). A sign-up counts when it creates an account or answers that the
# name is taken, so names cannot be listed quickly; a password-reset request counts whether
# or not a mail goes out; an invitation counts when no account has the name.
SIGNUPS_PER_HOUR = max(int(os.environ.get("SCOREBOOK_SIGNUPS_PER_HOUR", "10")), 1)
ADDRESS_LIMITS = {
    "signup": (SIGNUPS_PER_HOUR, 3600),
    "password_reset": (5, 3600),
    "invite": (10, 3600),
}
# Password-reset links work for this long (Django's default is three days).
PASSWORD_RESET_TIMEOUT = 2 * 3600

# Errors go to standard error (gunicorn's error log, journald), with the request path for
# django.request's "Internal Server Error: /path"; mailed as well when ADMINS is set.
ADMINS = [
    formataddr(pair)
    for pair in getaddresses([os.environ.get("SCOREBOOK_ADMINS", "")])
    if "@" in pair[1]
]
SERVER_EMAIL = os.environ.get("SCOREBOOK_SERVER_EMAIL", "root@localhost")
# The sender of password-reset mails (default: the same as the error mails').
DEFAULT_FROM_EMAIL = os.environ.get("SCOREBOOK_FROM_EMAIL") or SERVER_EMAIL
# Mail goes to the local mail server (localhost:25) unless a relay is named.
MAILERS = {
    "default": {
        "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "OPTIONS": {
            "host": os.environ.get("SCOREBOOK_EMAIL_HOST", "localhost"),
            "port": int(os.environ.get("SCOREBOOK_EMAIL_PORT", "25")),
            "username": os.environ.get("SCOREBOOK_EMAIL_USER", ""),
            "password": os.environ.get("SCOREBOOK_EMAIL_PASSWORD", ""),
            "use_tls": env_bool("SCOREBOOK_EMAIL_TLS", False),
            "timeout": 10,
        },
    }
}
# The import page takes a pasted scoresheet of up to 5 MB (scorebook/views/transfer.py): the
# request's fields may then be a little over that; anything larger is still refused.
DATA_UPLOAD_MAX_MEMORY_SIZE = 6 * 1024 * 1024

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"},
        "server": {
            "()": "django.utils.log.ServerFormatter",
            "format": "[{server_time}] {message}",
            "style": "{",
        },
    },
    "filters": {"production": {"()": "django.utils.log.RequireDebugFalse"}},
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "formatter": "plain",
        },
        "server": {"class": "logging.StreamHandler", "formatter": "server"},
        "mail_admins": {
            "class": "django.utils.log.AdminEmailHandler",
            "level": "ERROR",
            "filters": ["production"],
        },
    },
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {
        "django": {"handlers": ["stderr", "mail_admins"], "level": "INFO", "propagate": False},
        # Bots asking for other host names: logged, but not mailed to the admins each time.
        "django.security.DisallowedHost": {"handlers": ["stderr"], "propagate": False},
        # runserver's request lines (development only) keep their own console output.
        "django.server": {"handlers": ["server"], "level": "INFO", "propagate": False},
    },
}

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# Development and tests serve static files from the finders (no collectstatic needed);
# pytest-django turns DEBUG off, which would make WhiteNoise look for STATIC_ROOT.
WHITENOISE_AUTOREFRESH = DEBUG

# Production hardening: on whenever DEBUG is off (see README "Running it for a club").
if not DEBUG:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_bool("SCOREBOOK_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SCOREBOOK_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    # A load balancer's health check may come over plain HTTP (and must not be redirected).
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
