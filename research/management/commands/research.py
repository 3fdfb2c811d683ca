"""Run a whole research in this process: `manage.py research "QUESTION" [options]`.

No separate worker is needed: steps run on a thread pool here, through the same runner the
worker uses. Progress goes to stderr; the report is written to the data directory.
"""

from __future__ import annotations

import json
import time

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db.models import Count, Q
from pydantic import ValidationError

from research.models import Project, ProjectStatus, StepStatus, Summary
from research.models.options import ProjectOptions
from research.output import export
from research.pipeline.engine.registry import inline_dispatch
from research.pipeline.engine.warmup import warm_up
from research.services import runs

OPTION_FLAGS = {
    "queries": "queries",
    "sources_per_query": "sources_per_query",
    "reflections": "reflection_rounds",
    "style": "report_style",
    "length": "length",
    "language": "language",
    "search_provider": "search_provider",
    "time_range": "time_range",
    "token_budget": "token_budget",
    "engine": "engine",
    "fallback": "fallback",
    "analysis": "analysis",
}


class Command(BaseCommand):
    help = "Research a question from start to report in this process, and print the report's path."

    def add_arguments(self, parser):
        parser.add_argument("question")
        parser.add_argument("--queries", type=int)
        parser.add_argument("--sources-per-query", type=int)
        parser.add_argument("--reflections", type=int)
        parser.add_argument("--style")
        parser.add_argument("--length", choices=["brief", "standard", "long"])
        parser.add_argument("--language")
        parser.add_argument(
            "--analysis",
            choices=["auto", "off"],
            help="auto: sections that ask for figures gather, compute and chart them (default)",
        )
        parser.add_argument("--search-provider")
        parser.add_argument("--time-range")
        parser.add_argument("--token-budget", type=int)
        parser.add_argument(
            "--engine",
            choices=["llm", "extractive"],
            help="llm, or extractive (no language model); default: llm when LLM_MODEL is set",
        )
        parser.add_argument(
            "--no-fallback",
            dest="fallback",
            action="store_false",
            default=None,
            help="Fail an LLM step that fails, instead of doing it extractively.",
        )
        parser.add_argument(
            "--sources",
            help='Where queries search, with commas: "web", "library", "scholarly" (papers), '
            '"mcp:NAME" (an MCP server in MCP_SERVERS); e.g. "web,scholarly".',
        )
        parser.add_argument(
            "--collections", help="The library collections searched, ids with commas (all)."
        )
        parser.add_argument("--user", default="", help="Owner (default: the first superuser).")
        parser.add_argument("--json", action="store_true", help="Print one JSON object.")

    def handle(self, *args, question: str, json: bool, user: str, **opts):
        options = self._options(opts)
        owner = self._owner(user)
        project = Project.objects.create(
            question=question.strip(), owner=owner, options=options.model_dump()
        )
        warm_up()
        started = time.monotonic()
        with inline_dispatch() as dispatcher:
            runs.start(project, user=owner)
            self._watch(project, dispatcher, started)
        project.refresh_from_db()
        path = self._write_report(project)
        self._print_result(project, path, json)
        if project.status != ProjectStatus.DONE:
            raise SystemExit(1)

    def _options(self, opts: dict) -> ProjectOptions:
        given = {f: opts[flag] for flag, f in OPTION_FLAGS.items() if opts.get(flag) is not None}
        for flag in ("sources", "collections"):
            if opts.get(flag):
                given[flag] = [part.strip() for part in opts[flag].split(",") if part.strip()]
        try:
            return ProjectOptions.model_validate(given)
        except ValidationError as exc:
            problems = "; ".join(f"{e['loc'][0]}: {e['msg']}" for e in exc.errors())
            raise CommandError(f"Bad option: {problems}") from None

    def _owner(self, username: str):
        User = get_user_model()
        if username:
            try:
                return User.objects.get(username=username)
            except User.DoesNotExist:
                raise CommandError(f"No member named {username!r}.") from None
        owner = User.objects.filter(is_superuser=True).order_by("pk").first()
        if owner is None:
            owner, _ = User.objects.get_or_create(username="cli", defaults={"is_active": False})
        return owner

    def _watch(self, project: Project, dispatcher, started: float) -> None:
        last = ""
        while True:
            project.refresh_from_db()
            line = _progress_line(project, time.monotonic() - started)
            if line != last:
                self.stderr.write(line)
                last = line
            if project.status not in ProjectStatus.running() and dispatcher.idle.is_set():
                return
            dispatcher.idle.wait(timeout=0.5)
            time.sleep(0.1)

    def _write_report(self, project: Project) -> str | None:
        """The same Markdown file as the download on the report page."""
        report = project.reports.current().first()
        if report is None:
            return None
        folder = settings.DATA_DIR / "reports"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / export.export_filename(report, "md")
        path.write_text(export.report_markdown(report), encoding="utf-8")
        return str(path)

    def _print_result(self, project: Project, path: str | None, as_json: bool) -> None:
        summary = result_summary(project, path)
        if as_json:
            self.stdout.write(json.dumps(summary, ensure_ascii=False))
            return
        if project.status == ProjectStatus.DONE:
            self.stdout.write(path or "")
        else:
            self.stderr.write(f"Research {project.status}: {project.error}")


def _progress_line(project: Project, elapsed: float) -> str:
    counts = project.steps.aggregate(
        done=Count("pk", filter=Q(status=StepStatus.DONE)),
        running=Count("pk", filter=Q(status=StepStatus.RUNNING)),
        failed=Count("pk", filter=Q(status=StepStatus.FAILED)),
    )
    current = project.steps.filter(status=StepStatus.RUNNING).values_list("stage", flat=True)
    stages = ",".join(sorted(set(current))) or "-"
    return (
        f"[{elapsed:6.1f}s] {project.status:<15} steps done {counts['done']}, running "
        f"{counts['running']} ({stages}), failed {counts['failed']}; tokens {project.tokens:,}"
    )


def result_summary(project: Project, report_path: str | None) -> dict:
    report = project.reports.current().first()
    return {
        "project_id": project.pk,
        "status": project.status,
        "error": project.error,
        "queries": project.queries.count(),
        "sources": project.sources.count(),
        "fetched": project.sources.fetched().count(),
        "summaries": Summary.objects.filter(query__project=project).count(),
        "report_path": report_path,
        "tokens": project.tokens,
        "citations": sorted(report.cited_sources.values_list("n", flat=True)) if report else [],
    }
