# Solo Shelf: `make install` only installs: .venv with the app and its test tools (one .venv for both) and the
# compiled translations; it starts nothing.
# `make run` installs the app (and its test tools, one .venv for both) and starts it on
# http://localhost:8000 (SQLite under ./data; `make run PORT=8100`
# takes another port),
# `make test` installs what the tests need and runs all of them, the browser tests included.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# The browser tests drive Debian's chromium-headless-shell: the same Chromium (one source package, one version, the
# same Blink and V8) without the full browser's own WebUI pages and their renderer: the browser tests took a quarter
# less CPU in it, the short ones half (docs/PERFORMANCE.md). Where it cannot be installed, Debian's full chromium;
# CHROMIUM=/usr/bin/chromium runs them in the full browser.
HEADLESS_SHELL := /usr/bin/chromium-headless-shell
CHROMIUM ?= $(firstword $(wildcard $(HEADLESS_SHELL) /usr/bin/chromium) $(HEADLESS_SHELL))
PORT ?= 8000
# Test processes (pytest-xdist). Twice the cores: the browser tests spend most of their time waiting for a page.
JOBS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 2) * 2 )))
# Python keeps the bytecode it compiles (and pytest its rewritten test modules) in __pycache__ (git ignores it),
# even where the shell asks it not to: without it every test process, every server a test starts and every
# advisor worker compiled the whole app again (a test worker's collection: 25 s of CPU, 8 s with the cache).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: install run test test-fast browser-deps lint clean catalogs catalogs-extract docker-check lock

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Translations (app/i18n): one gettext domain for the app (app/i18n/locale) and one per game (games/<slug>/locale).
# `make catalogs` compiles every .po into its .mo (run by `make run` and `make test`, and in the Dockerfile);
# `make catalogs-extract` gathers the words of the code, templates and data into each domain's .pot and
# merges them into every language's .po (then translate the new entries and run `make catalogs`).
BABEL := $(VENV)/bin/pybabel
DOMAINS ?= messages adamastor nemos_war platformer call_to_adventure
LANGS := es

catalogs: $(STAMP)
	@for d in $(DOMAINS); do dir=$$(if [ $$d = messages ]; then echo app/i18n/locale; else echo games/$$d/locale; fi); \
	  for l in $(LANGS); do if [ -f $$dir/$$l/LC_MESSAGES/$$d.po ]; then \
	    $(BABEL) -q compile -d $$dir -D $$d -l $$l || exit 1; fi; done; done

catalogs-extract: $(STAMP)
	@for d in $(DOMAINS); do dir=$$(if [ $$d = messages ]; then echo app/i18n/locale; else echo games/$$d/locale; fi); \
	  cfg=$$(if [ $$d = messages ]; then echo app/i18n/babel.cfg; else echo games/$$d/babel.cfg; fi); \
	  mkdir -p $$dir; \
	  $(BABEL) -q extract -F $$cfg -k words -k words_n:1,2 -k N_ --no-location --sort-output \
	    --project="Solo Shelf" --version=1 --msgid-bugs-address=" " -o $$dir/$$d.pot . || exit 1; \
	  for l in $(LANGS); do if [ -f $$dir/$$l/LC_MESSAGES/$$d.po ]; then \
	    $(BABEL) -q update -i $$dir/$$d.pot -d $$dir -D $$d -l $$l --no-fuzzy-matching --ignore-obsolete; \
	  else $(BABEL) -q init -i $$dir/$$d.pot -d $$dir -D $$d -l $$l; fi || exit 1; done; done

# Single mode (one player, no log-in) for your own machine, so it listens on this machine only.
# To share the app with others, run it with AUTH_MODE=accounts (the Docker image does): docs/OPERATIONS.md.
# (No HOST knob on purpose: single mode has no log-in, so it never listens beyond this machine.)
# Install only (for a host that runs the server its own way, e.g. accounts mode on a LAN: README).
install: $(STAMP) catalogs

run: install
	AUTH_MODE=single $(PY) -m app serve --host 127.0.0.1 --port $(PORT)

# Chromium comes from Debian's packages (Playwright cannot download browsers here): the headless shell, installed
# when it is missing and this runs as root (unless CHROMIUM names another browser).
browser-deps:
	@if [ "$(origin CHROMIUM)" = file ] && [ ! -x $(HEADLESS_SHELL) ] && command -v apt-get >/dev/null 2>&1 \
	    && [ "$$(id -u)" = 0 ]; then \
	  timeout 600 sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    chromium-headless-shell' >/dev/null 2>&1 \
	    || echo "chromium-headless-shell could not be installed: the browser tests use chromium"; \
	fi
	@if [ ! -x "$(CHROMIUM)" ] && { [ "$(origin CHROMIUM)" != file ] || [ ! -x $(HEADLESS_SHELL) ]; }; then \
	  echo "Chromium missing: install Debian's 'chromium-headless-shell' package" \
	    "(sudo apt-get install chromium-headless-shell), or point CHROMIUM at a Chromium"; exit 1; \
	fi

# With TEST_DATABASE_URL set to a PostgreSQL server (e.g. postgresql+psycopg://postgres@127.0.0.1:5432/test),
# every database test also runs on a fresh PostgreSQL database of its own; unset, SQLite only. .ci/run sets it.
test: $(STAMP) browser-deps catalogs
	@if [ -n "$$TEST_DATABASE_URL" ]; then echo "Databases: SQLite and PostgreSQL ($$TEST_DATABASE_URL)"; \
	else echo "Databases: SQLite only (set TEST_DATABASE_URL to add PostgreSQL)"; fi
	CHROMIUM=$(CHROMIUM) $(PY) -m pytest -q -n $(JOBS) --dist worksteal --durations=10

# The tests that answer in seconds: no browser, no long seeded playthroughs or load runs (marked slow).
test-fast: $(STAMP) catalogs
	$(PY) -m pytest -q -n $(JOBS) --dist worksteal -m "not browser and not slow" --durations=10

# The Docker image built from this working tree and checked the way the README says (scripts/docker_check.py);
# SCALE=1 also runs the club's deployment (compose.scale.yaml: PostgreSQL, two replicas, nginx). Needs a Docker
# engine; exits 3 when none answers. POSTGRES_IMAGE and NGINX_IMAGE name other images of the two.
docker-check: $(STAMP)
	$(PY) scripts/docker_check.py $(if $(SCALE),--scale)

# requirements.lock: the image's dependencies, pinned with their hashes, from pyproject.toml (pip-tools).
# Refresh it, then rebuild and run `make docker-check`.
lock: $(STAMP)
	$(VENV)/bin/pip-compile --quiet --generate-hashes --strip-extras --allow-unsafe --no-emit-index-url --no-emit-find-links \
	  --output-file requirements.lock pyproject.toml

lint: $(STAMP)
	$(PY) -m ruff check app games tests

clean:
	rm -rf $(VENV) .pytest_cache
