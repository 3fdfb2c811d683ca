"""The shape of the code: stages honour one contract, and the layers contract catches cycles."""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from research.models import Project, ProjectStatus, Stage, StepRun, StepStatus
from research.pipeline.engine.registry import STAGES, run_step
from tests.factories import make_project

ROOT = Path(__file__).resolve().parent.parent


def test_the_registry_holds_one_stage_for_every_stage_name_in_pipeline_order():
    assert list(STAGES) == list(Stage)
    assert all(spec.stage == stage for stage, spec in STAGES.items())


@pytest.mark.parametrize("stage", list(Stage))
def test_every_stage_module_says_which_rows_it_reads_and_which_it_replaces(stage):
    module = importlib.import_module(STAGES[stage].run.__module__)
    doc = module.__doc__ or ""
    assert "\nReads:" in doc and "\nReplaces:" in doc, module.__name__


def test_a_step_without_the_row_its_stage_needs_fails_saying_which(member, db):
    project = make_project(member, status=ProjectStatus.RESEARCHING)
    step = StepRun.objects.create(project=project, stage=Stage.SEARCH, key="search:lost")
    assert run_step(step.pk).startswith("failed")
    step.refresh_from_db()
    assert step.status == StepStatus.FAILED
    assert step.error == f"This Search step (#{step.pk}) has no query to work on."
    assert Project.objects.get(pk=project.pk).status == ProjectStatus.RESEARCHING  # not fatal


BROKEN_IMPORTS = [
    pytest.param(
        "research/pipeline/engine/runner.py",
        "from research.pipeline.engine import registry",
        [
            "research.pipeline.engine.runner is not allowed to import "
            "research.pipeline.engine.registry",
            "No cycles are allowed in research.pipeline.engine",
        ],
        id="the queue imports the stage registry",
    ),
    pytest.param(
        "research/pipeline/stages/search.py",
        "from research.pipeline.engine import flow",
        ["research.pipeline.stages is not allowed to import research.pipeline.engine"],
        id="a stage imports the scheduler",
    ),
    pytest.param(
        "research/text/quotes.py",
        "import django.conf",
        ["Text is pure: no Django, no database, no network BROKEN"],
        id="the pure text imports django",
    ),
    pytest.param(
        "research/providers/http.py",
        "from research.models import Source",
        ["research.providers is not allowed to import research.models"],
        id="a provider imports the models",
    ),
]


@pytest.mark.parametrize(("module", "line", "messages"), BROKEN_IMPORTS)
def test_an_import_against_the_architecture_breaks_a_contract(tmp_path, module, line, messages):
    """What `make test` runs (lint-imports), on a copy of the code with one forbidden import."""
    for package in ("research", "research_site"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("*.pyc"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    path = tmp_path / module
    path.write_text(path.read_text() + f"\n{line}  # noqa\n")
    lint = Path(sys.executable).parent / "lint-imports"
    result = subprocess.run(
        [str(lint), "--no-cache"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1, result.stdout + result.stderr
    said = " ".join(result.stdout.split())  # lint-imports wraps its lines
    for message in messages:
        assert message in said, result.stdout


CLUSTER_START = """
import sys

import django

django.setup()
from django.core.management import get_commands, load_command_class

command = load_command_class(get_commands()["qcluster"], "qcluster")
tags = command.requires_system_checks  # checked as its execute() does before handle()
command.check() if tags == "__all__" else command.check(tags=tags)
held = ["openai", "numpy", "trafilatura", "research.pipeline", "research.views", "research.api"]
print(" ".join(name for name in held if name in sys.modules))
"""


def test_the_worker_clusters_main_process_starts_without_the_pipeline_the_web_or_their_libraries():
    """The cluster's monitor, pusher and workers are forked from its main process: whatever it
    has imported by then, each of them holds (its workers import the pipeline themselves)."""
    result = subprocess.run(
        [sys.executable, "-c", CLUSTER_START],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "research_site.settings"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""
