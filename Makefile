# Scorebook: `make run` serves the app; `make test` is the quick suite to run before each
# commit, `make test-all` the whole suite that CI runs (README, "Tests and CI").
PYTHON_VERSION := $(shell cat .python-version)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
LANGS := hu pl
MO := $(foreach l,$(LANGS),locale/$(l)/LC_MESSAGES/django.mo)
# The suite runs on every core (pytest-xdist; each worker has its own test database, live
# server and Chromium; more workers than cores is slower). `make test PYTEST_WORKERS=` runs it
# in one process.
PYTEST_WORKERS := -n auto
# Python caches compiled modules, and pytest its assertion-rewritten tests, in __pycache__/
# (ignored by git). A shell that sets PYTHONDONTWRITEBYTECODE makes each pytest worker compile
# and rewrite them all again on every run: about half of collection's CPU time.
unexport PYTHONDONTWRITEBYTECODE

# make test: every test but the browser tests not marked `quick`, with Hypothesis's "dev"
# profile (a tenth of the examples). make test-all: everything, with the "ci" profile.
QUICK := -m "not browser or quick"
FULL := --hypothesis-profile=ci

.PHONY: lock run test test-all test-db test-engine lint checks bench browser-deps smoke messages

# pyenv's python3 honours .python-version; python3.12 is the fallback elsewhere.
$(PY):
	@py=python3; python3 -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null || py=python3.12; \
	if ! $$py -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then \
		echo "Scorebook needs Python >= 3.12 for Django 6.1 (found: $$(python3 --version 2>&1))."; \
		echo "Install Python $(PYTHON_VERSION), e.g. 'pyenv install $(PYTHON_VERSION)'."; exit 1; fi; \
	$$py -m venv $(VENV)

$(STAMP): $(PY) requirements.txt requirements-dev.txt
	$(PY) -m pip install --quiet --disable-pip-version-check --require-hashes -r requirements-dev.txt
	$(PY) manage.py compilemessages --ignore=.venv >/dev/null
	touch $(STAMP)

# The catalogues (*.mo is not committed): compiled at set-up and whenever a .po changes.
locale/%/LC_MESSAGES/django.mo: locale/%/LC_MESSAGES/django.po | $(STAMP)
	$(PY) manage.py compilemessages --ignore=.venv >/dev/null

# The dependencies, locked: requirements*.in name what we use, these files pin everything
# with hashes (run after changing a .in file; `make` then installs the new lock).
lock: $(STAMP)
	$(VENV)/bin/uv pip compile requirements.in --generate-hashes --universal --python-version 3.12 -q -o requirements.txt
	$(VENV)/bin/uv pip compile requirements-dev.in --generate-hashes --universal --python-version 3.12 -q -o requirements-dev.txt

# Bring every catalogue up to date with the code and templates (pages and engine alike),
# sorted and unwrapped so that a change reads as a small diff; then translate what is new.
messages: $(STAMP)
	$(PY) manage.py makemessages $(foreach l,$(LANGS),-l $(l)) --no-location --no-wrap \
		--ignore=.venv --ignore=tests --ignore=tools --ignore=bench --ignore=scripts
	for l in $(LANGS); do msgcat --no-wrap --sort-output -o locale/$$l/LC_MESSAGES/django.po locale/$$l/LC_MESSAGES/django.po; done

run: $(STAMP) $(MO)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py runserver 127.0.0.1:8000

browser-deps:
	@command -v chromium >/dev/null 2>&1 || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)

test: checks browser-deps
	$(VENV)/bin/pytest $(PYTEST_WORKERS) $(QUICK)

test-all: checks browser-deps
	$(VENV)/bin/pytest $(PYTEST_WORKERS) $(FULL)

# CI's PostgreSQL pass, against the database in DATABASE_URL: only the tests that touch the
# database (the `database` marker, tests/conftest.py), with Hypothesis's "dev" profile (the
# "ci" profile's examples ran on SQLite; the edge cases, NUL bytes and the like, come first
# in either); of the browser tests only the quick set (hand.js, one whole night, saving
# offline and two phones): the others prove pages and JavaScript, which ran on SQLite.
test-db: $(STAMP) $(MO) browser-deps
	$(VENV)/bin/pytest $(PYTEST_WORKERS) -m "database and not taps and (not browser or quick)"

# Production smoke test: gunicorn with SCOREBOOK_DEBUG=0 on fresh PostgreSQL databases
# (SMOKE_POSTGRES, default postgres://postgres@127.0.0.1:5432), then a backup restored.
smoke: $(STAMP) $(MO)
	$(PY) scripts/smoke_test.py

test-engine: $(STAMP)
	$(VENV)/bin/pytest tests/engine

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/djlint templates --lint

# What both test targets check before the tests: lint and no missing migration.
checks: lint $(MO)
	$(PY) manage.py makemigrations --check --dry-run >/dev/null

bench: $(STAMP)
	$(PY) bench/engine.py
