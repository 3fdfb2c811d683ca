# The README's two commands: `make run` and `make test` (and `make dev` while editing).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run dev test test-postgres secret-key system-packages lint bench install dev-install clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.dev-installed: requirements-dev.txt $(VENV)/.installed
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed
dev-install: $(VENV)/.dev-installed

# $$DOSSIER_DATA_DIR/secret_key, made once; every manage.py command uses it when SECRET_KEY is unset.
secret-key: install
	$(BIN)/python -m research_site.keyfile

# Production serving: gunicorn and whitenoise, DEBUG off unless the environment says otherwise.
run: install secret-key
	@bash .ci/system-packages run
	$(BIN)/python manage.py migrate --noinput --verbosity 0
	$(BIN)/python manage.py ensure_admin
	-$(BIN)/python manage.py llm_check --brief
	$(BIN)/python manage.py serve --host $(HOST) --port $(PORT)

# Development: Django's autoreloading server and the worker, DEBUG on.
dev: export DEBUG = 1
dev: install secret-key
	@bash .ci/system-packages run
	$(BIN)/python manage.py migrate --noinput --verbosity 0
	$(BIN)/python manage.py ensure_admin
	$(BIN)/python manage.py serve --dev --host $(HOST) --port $(PORT)

# The system packages the tests need, installed when missing if this runs as root with apt (run
# and dev install those the app uses: Pango, the CJK fonts, Tesseract).
system-packages:
	@bash .ci/system-packages

test: dev-install secret-key system-packages
	$(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/mypy
	$(BIN)/python -m pytest $(PYTEST_ARGS)

test-postgres: dev-install system-packages  # needs DATABASE_URL=postgres://...
	@case "$$DATABASE_URL" in postgres*) ;; *) echo "set DATABASE_URL to a postgres:// URL"; exit 2;; esac
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: dev-install secret-key
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/mypy

bench: dev-install
	$(BIN)/python bench/pipeline.py
	$(BIN)/python bench/pages.py
	$(BIN)/python bench/models.py
	$(BIN)/python bench/extractive.py
	$(BIN)/python bench/kinds.py
	$(BIN)/python bench/figures.py
	$(BIN)/python bench/facts.py
	$(BIN)/python bench/facts.py --language zh
	$(BIN)/python bench/concurrency.py
	$(BIN)/python bench/recovery.py

clean:
	rm -rf $(VENV) test-output
