# Scorebook: `make run` serves the app, `make test` runs the whole suite (README).
PYTHON_VERSION := $(shell cat .python-version)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
MO := locale/hu/LC_MESSAGES/django.mo

.PHONY: run test test-db test-engine lint bench browser-deps smoke

# pyenv's python3 honours .python-version; python3.12 is the fallback elsewhere.
$(PY):
	@py=python3; python3 -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null || py=python3.12; \
	if ! $$py -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then \
		echo "Scorebook needs Python >= 3.12 for Django 6.1 (found: $$(python3 --version 2>&1))."; \
		echo "Install Python $(PYTHON_VERSION), e.g. 'pyenv install $(PYTHON_VERSION)'."; exit 1; fi; \
	$$py -m venv $(VENV)

$(STAMP): $(PY) requirements.txt requirements-dev.txt
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	$(PY) manage.py compilemessages --ignore=.venv >/dev/null
	touch $(STAMP)

# The Hungarian catalogue (*.mo is not committed): compiled at set-up and whenever the .po changes.
$(MO): $(MO:.mo=.po) | $(STAMP)
	$(PY) manage.py compilemessages --ignore=.venv >/dev/null

run: $(STAMP) $(MO)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py runserver 127.0.0.1:8000

browser-deps:
	@command -v chromium >/dev/null 2>&1 || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)

test: $(STAMP) $(MO) browser-deps
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(PY) manage.py makemigrations --check --dry-run >/dev/null
	$(VENV)/bin/pytest

# The same suite against the database in DATABASE_URL (CI's PostgreSQL pass).
test-db: $(STAMP) $(MO) browser-deps
	$(VENV)/bin/pytest

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

bench: $(STAMP)
	$(PY) bench/engine.py
