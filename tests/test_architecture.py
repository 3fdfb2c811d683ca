"""The shape of the code: every stage writes only what its contract declares, and the import
contracts catch an import against the architecture."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from types import FrameType

import pytest
from django.db import connections
from django.db.backends.signals import connection_created

from research.models import Project, ProjectStatus, Stage, StepRun, StepStatus
from research.pipeline.engine.registry import STAGES, run_step
from research.pipeline.shared.context import CONTEXT_WRITES, StepContext
from research.services import questions, refreshes, rewrites, runs, watching
from tests.factories import make_project
from tests.fakes.researcher import analysing
from tests.test_pipeline_run import run_inline

ROOT = Path(__file__).resolve().parent.parent


def test_the_registry_holds_one_stage_for_every_stage_name_in_pipeline_order():
    assert list(STAGES) == list(Stage)
    assert all(spec.stage == stage for stage, spec in STAGES.items())


WRITE = re.compile(r'^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?', re.IGNORECASE)
STAGES_PACKAGE = "research.pipeline.stages."


def _tables(models) -> set[str]:
    """The tables of `models`, their many-to-many link tables included."""
    tables = set()
    for model in models:
        tables.add(model._meta.db_table)
        tables |= {field.m2m_db_table() for field in model._meta.local_many_to_many}
    return tables


class StageWrites:
    """Every INSERT, UPDATE and DELETE made by a stage's own code, on any thread: the innermost
    frame in a stage module says the statement is the stage's; the StepContext further out
    says which stage (a stage's worker thread, reading ahead, has only its module)."""

    def __init__(self) -> None:
        self.tables: dict[str, set[str]] = defaultdict(set)

    def __call__(self, execute, sql, params, many, context):
        found = WRITE.match(sql)
        if found:
            self._attribute(found.group(1), sys._getframe(1))
        return execute(sql, params, many, context)

    def _attribute(self, table: str, frame: FrameType | None) -> None:
        module = ""
        while frame is not None:
            name = frame.f_globals.get("__name__", "")
            module = module or (name if name.startswith(STAGES_PACKAGE) else "")
            ctx = frame.f_locals.get("ctx")
            if module and isinstance(ctx, StepContext):
                self.tables[ctx.step.stage].add(table)
                return
            frame = frame.f_back
        if module:
            self.tables[module].add(table)

    def install(self, sender=None, connection=None, **kwargs) -> None:
        if self not in connection.execute_wrappers:
            connection.execute_wrappers.append(self)


def _allowed(key: str) -> set[str]:
    """What the stage (or every stage declared in that module) may write."""
    specs = [spec for spec in STAGES.values() if key in (spec.stage, spec.run.__module__)]
    return _tables(CONTEXT_WRITES) | _tables(m for spec in specs for m in spec.writes)


@pytest.mark.django_db(transaction=True)
def test_every_stage_writes_only_the_rows_its_contract_declares(world, member):
    """A whole run with the LLM (reading ahead too), a watcher, a follow-up question, a refresh
    and a section's rewrite runs every stage; each writes nothing but what its StageSpec
    declares."""
    world.llm.responder.headed = True  # the report has sections, one to rewrite
    world.llm.responder = analysing(world.llm.responder)  # the analyse stage runs too
    writes = StageWrites()
    connection_created.connect(writes.install)
    for connection in connections.all():
        writes.install(connection=connection)
    try:
        member.email = "alice@example.org"
        member.save()
        project = make_project(
            member,
            status=ProjectStatus.DRAFT,
            question="How does SQLite WAL mode work?",
            options={"engine": "llm", "queries": 2, "reflection_rounds": 1, "clarify": True},
        )
        watching.watch(project, user=member)
        project = run_inline(lambda: runs.start(project, user=member), project)
        ask = lambda: questions.ask(project, text="What is a checkpoint?", user=member)  # noqa: E731
        run_inline(ask, project)
        run_inline(lambda: refreshes.start_refresh(project, user=member), project)
        current = project.reports.get(is_current=True).version
        rewrite = lambda: rewrites.rewrite(  # noqa: E731
            project, k=1, instruction="In plainer words", version=current, user=member
        )
        run_inline(rewrite, project)
    finally:
        connection_created.disconnect(writes.install)
        for connection in connections.all():
            if writes in connection.execute_wrappers:
                connection.execute_wrappers.remove(writes)
    ran = set(StepRun.objects.filter(status=StepStatus.DONE).values_list("stage", flat=True))
    assert ran == set(Stage), set(Stage) - ran
    assert writes.tables  # the capture saw the stages write
    for key, tables in writes.tables.items():
        assert tables <= _allowed(key), (key, tables - _allowed(key))


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
