"""gunicorn's settings for Scorebook: `gunicorn -c gunicorn.conf.py` (README "Running it for
a club"). Each can be changed from the environment without editing this file."""

import multiprocessing
import os

wsgi_app = "scorebook.wsgi:application"
# Behind the reverse proxy on the same machine; GUNICORN_BIND=0.0.0.0:8000 in a container.
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
# Scoring is quick and requests are short: a few sync workers serve a club. More than
# (2 × cores + 1) only adds memory.
workers = int(os.environ.get("GUNICORN_WORKERS", min(2 * multiprocessing.cpu_count() + 1, 4)))
# A request that takes longer than this is stuck (a hand saves in milliseconds); the worker
# is restarted and the error log says so.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 30
# Recycle workers now and then, so a slow leak never grows for weeks.
max_requests = 2000
max_requests_jitter = 200
# One line per request on standard output; gunicorn's own messages and Django's errors on
# standard error (journald or the platform keeps both).
accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
# The proxy in front says the request came over HTTPS (X-Forwarded-Proto); gunicorn trusts
# it only from these addresses.
forwarded_allow_ips = os.environ.get("GUNICORN_FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
# No control socket (gunicornc): systemd's signals (HUP reloads, TERM stops) are enough, and
# two servers on one machine would otherwise fight over the one default socket path.
control_socket_disable = True
