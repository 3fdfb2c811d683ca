# The README's two commands: `make run` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8000
export DEBUG ?= 1

.PHONY: run test test-postgres lint bench install dev-install clean

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

run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py ensure_admin
	-$(BIN)/python manage.py llm_check --brief
	$(BIN)/python manage.py serve --port $(PORT)

test: dev-install
	$(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/mypy
	$(BIN)/python -m pytest $(PYTEST_ARGS)

test-postgres: dev-install  # needs DATABASE_URL=postgres://...
	@case "$$DATABASE_URL" in postgres*) ;; *) echo "set DATABASE_URL to a postgres:// URL"; exit 2;; esac
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: dev-install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/mypy

bench: dev-install
	$(BIN)/python bench/pipeline.py
	$(BIN)/python bench/pages.py
	$(BIN)/python bench/models.py
	$(BIN)/python bench/extractive.py

clean:
	rm -rf $(VENV) test-output
