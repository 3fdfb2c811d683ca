"""Research with no language model: whole runs of the extractive engine, and its fallback."""

from __future__ import annotations

import re
import time

import pytest
from django.conf import settings

from research.models import Method, Project, ProjectStatus, QuerySource, Source
from research.output import export
from research.services import projects, runs
from tests.fakes.researcher import Researcher, schema_name
from tests.system import needs_pango
from tests.test_export import pdf_text
from tests.test_pipeline_run import research, run_inline

QUOTE = re.compile(r"“(.+?)” \[(\d+)\]")
ZH_QUESTION = "SQLite 的 WAL 模式如何工作？"
ZH_PAGES = {
    "wal-basics": (
        "SQLite 的 WAL 模式",
        [
            "在 WAL 模式下，SQLite 把修改先写进预写日志文件，而不是直接改动数据库文件。",
            "读者继续读取数据库文件和日志中已经提交的内容，所以读者不会阻塞写者。",
            "写者只需要在日志末尾追加新的页面，因此写入通常比回滚日志模式更快。",
            "同一时刻仍然只能有一个写者，但多个读者可以同时工作。",
        ],
    ),
    "checkpoints": (
        "检查点如何工作",
        [
            "检查点把预写日志中的页面写回数据库文件。",
            "默认情况下，日志达到一千页时 SQLite 会自动运行检查点。",
            "如果一直有读者占用旧的快照，检查点就无法完成，日志文件会持续增长。",
            "应用程序也可以调用接口手动运行检查点，以控制日志的大小。",
        ],
    ),
    "wal-limits": (
        "WAL 模式的限制",
        [
            "WAL 模式要求所有进程位于同一台主机上，因为它依赖共享内存。",
            "在网络文件系统上使用 WAL 模式可能导致数据库损坏。",
            "打开 WAL 模式之后，数据库旁边会出现两个额外的文件。",
            "对于只读介质上的数据库，WAL 模式需要额外的设置才能打开。",
        ],
    ),
    "performance": (
        "WAL 模式的性能",
        [
            "多数应用在 WAL 模式下的写入速度明显提高。",
            "读取性能在日志很大的时候可能略有下降，因为读者要查看日志中的页面。",
            "定期运行检查点可以让日志保持较小，从而保持读取速度。",
            "在读多写少的场景里，WAL 模式带来的并发好处最明显。",
        ],
    ),
}


def quotes_of(project: Project) -> list[tuple[str, int]]:
    report = project.reports.get(is_current=True)
    return [(quote, int(n)) for quote, n in QUOTE.findall(report.markdown)]


def assert_verbatim(project: Project, at_least: int) -> None:
    quotes = quotes_of(project)
    assert len({quote for quote, _ in quotes}) >= at_least, quotes
    texts = {s.n: s.text for s in Source.objects.filter(project=project)}
    for quote, n in quotes:
        assert quote in texts[n], (quote, n)


def serve_chinese(world) -> None:
    for slug, (title, sentences) in ZH_PAGES.items():
        paragraphs = "".join(f"<p>{s}</p>" for s in sentences)
        html = f"<html><head><title>{title}</title></head><body><article><h1>{title}</h1>"
        world.web.add(f"/zh/{slug}", f"{html}{paragraphs}</article></body></html>".encode())
    results = [
        {"url": world.web.url_for(f"/zh/{slug}"), "title": title, "content": sentences[0]}
        for slug, (title, sentences) in ZH_PAGES.items()
    ]
    world.searx.results_for = lambda query: results


# --- Through the real worker, with no LLM at all -----------------------------------------


def run_in_worker(start_worker, member, question: str) -> Project:
    settings.LLM_MODEL = settings.LLM_FAST_MODEL = ""
    start_worker(LLM_MODEL="", LLM_FAST_MODEL="", LLM_BASE_URL="", LLM_API_KEY="")
    project = projects.create_project(question=question, options={}, user=member, start=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        project.refresh_from_db()
        if project.status not in ProjectStatus.running():
            return project
        time.sleep(0.3)
    raise AssertionError(f"still {project.status}")


@pytest.mark.worker
def test_without_any_llm_the_worker_researches_to_a_report_of_verbatim_quotes(
    world, start_worker, member
):
    project = run_in_worker(start_worker, member, "How does SQLite WAL mode work?")
    assert project.status == ProjectStatus.DONE, project.error
    assert project.opts.engine == "extractive" and world.llm.calls == 0
    assert not project.steps.filter(stage="prefetch").exists()  # its ranking takes no time
    report = project.reports.get(is_current=True)
    assert report.engine == Method.EXTRACTIVE
    assert "quotes selected and ordered without a language model" in report.markdown
    assert_verbatim(project, at_least=8)


@pytest.mark.worker
def test_without_any_llm_a_chinese_question_gets_a_report_in_chinese(world, start_worker, member):
    serve_chinese(world)
    project = run_in_worker(start_worker, member, ZH_QUESTION)
    assert project.status == ProjectStatus.DONE, project.error
    report = project.reports.get(is_current=True)
    assert report.language == "中文" and "摘录式报告" in report.markdown
    assert_verbatim(project, at_least=8)


# --- In this process ---------------------------------------------------------------------

pytestmark_db = pytest.mark.django_db(transaction=True)


@pytestmark_db
def test_an_llm_that_fails_only_at_the_report_leaves_a_done_project_marked(world, member):
    researcher = Researcher()

    def broken_report(request: dict) -> object:
        if schema_name(request) == "text":
            return {"status": 500, "body": {"error": {"message": "the GPU fell over"}}}
        return researcher(request)

    world.llm.responder = broken_report
    result, _ = research("How does SQLite WAL mode work?", "--queries", "2")
    assert result["status"] == "done", result["error"]
    project = Project.objects.get(pk=result["project_id"])
    report = project.reports.get(is_current=True)
    assert report.engine == Method.FALLBACK and "the GPU fell over" in report.fallback_note
    assert "written without a language model" in report.markdown
    step = project.steps.get(stage="report")
    assert step.detail.startswith("done with the extractive fallback")


@pytestmark_db
def test_with_the_fallback_off_an_llm_that_fails_at_the_report_fails_the_run(world, member):
    world.llm.responder = lambda request: (
        {"status": 500, "body": {}} if schema_name(request) == "text" else Researcher()(request)
    )
    result, _ = research("How does SQLite WAL mode work?", "--queries", "2", "--no-fallback")
    assert result["status"] == "failed" and "Write report failed" in result["error"]


@pytestmark_db
def test_an_extractive_project_can_get_a_version_from_the_llm_later(world, member):
    result, _ = research(
        "How does SQLite WAL mode work?", "--queries", "2", "--engine", "extractive"
    )
    project = Project.objects.get(pk=result["project_id"])
    assert result["status"] == "done" and world.llm.calls == 0
    project = run_inline(lambda: runs.new_report(project, engine="llm", user=member), project)
    first, second = project.reports.order_by("version")
    assert (first.engine, second.engine) == (Method.EXTRACTIVE, Method.LLM)
    assert world.llm.calls == 1


@pytestmark_db
def test_pages_without_sentences_and_results_without_a_shared_word_say_so(world, member):
    world.web.add("/bare", b"<html><body><article><p>Menu</p><p>Home</p></article></body></html>")
    bare = world.web.url_for("/bare")
    world.searx.results_for = lambda query: [
        {"url": bare, "title": "Unrelated", "content": "Nothing in common"}
    ]
    result, _ = research(
        "How does SQLite WAL mode work?", "--queries", "2", "--engine", "extractive"
    )
    project = Project.objects.get(pk=result["project_id"])
    details = " ".join(project.steps.values_list("detail", flat=True))
    errors = " ".join(project.steps.values_list("error", flat=True))
    assert "no result shares a word with the query" in details
    assert "no readable text" in errors or "no sentences to quote" in details
    assert result["status"] == "failed" and "nothing to report" in result["error"]


CITED = re.compile(r"\[(\d+)\]")


@pytestmark_db
def test_the_first_report_numbers_its_sources_1_to_n_in_the_order_it_cites_them(world, member):
    result, _ = research(
        "How does SQLite WAL mode work?", "--queries", "4", "--engine", "extractive"
    )
    project = Project.objects.get(pk=result["project_id"])
    first = project.reports.get(is_current=True)
    body = first.markdown.split("## References")[0]
    order = list(dict.fromkeys(int(n) for n in CITED.findall(body)))
    assert order == list(range(1, len(order) + 1)) and len(order) >= 3
    assert sorted(project.sources.values_list("n", flat=True)) == list(
        range(1, project.sources.count() + 1)
    )  # the sources it does not cite come after
    numbers = dict(project.sources.values_list("url", "n"))
    project = run_inline(lambda: runs.new_report(project, user=member), project)
    assert dict(project.sources.values_list("url", "n")) == numbers  # later versions keep them
    assert project.reports.get(is_current=True).markdown == first.markdown


@pytestmark_db
def test_the_same_question_over_the_same_sources_gives_the_same_extractive_report(world, member):
    args = ("How does SQLite WAL mode work?", "--queries", "4", "--engine", "extractive")
    reports = []
    for _ in range(2):
        result, _ = research(*args)
        reports.append(Project.objects.get(pk=result["project_id"]).reports.get().markdown)
    assert reports[0] == reports[1]


@pytestmark_db
def test_each_search_result_keeps_the_snippet_its_own_query_was_shown(world, member):
    shared = world.web.url_for("/wal")
    world.searx.results_for = lambda query: [
        {"url": shared, "title": "WAL", "content": f"A snippet for {query}"}
    ]
    result, _ = research(
        "How does SQLite WAL mode work?", "--queries", "2", "--engine", "extractive"
    )
    links = QuerySource.objects.filter(query__project_id=result["project_id"])
    assert len(links) >= 2
    assert all(link.snippet == f"A snippet for {link.query.text}" for link in links)


@pytestmark_db
def test_the_length_option_makes_a_brief_shorter_than_a_long_report(world, member):
    words = {}
    for length in ("brief", "long"):
        args = (
            *("How does SQLite WAL mode work?", "--queries", "8", "--sources-per-query", "6"),
            *("--engine", "extractive", "--length", length),
        )
        result, _ = research(*args)
        report = Project.objects.get(pk=result["project_id"]).reports.get()
        body = report.markdown.split("## References")[0]
        words[length] = len(QUOTE.findall(body)), len(body.split())
    assert words["brief"][0] < words["long"][0] and words["brief"][1] < words["long"][1], words


@needs_pango()
@pytestmark_db
def test_the_report_page_and_the_pdf_show_the_key_figures_table(world, member_client):
    result, _ = research("How does SQLite WAL mode work?", "--engine", "extractive")
    project = Project.objects.get(pk=result["project_id"])
    report = project.reports.get()
    row = next(
        line for line in report.markdown.splitlines() if line.startswith("| ") and "[" in line
    )
    value = row.split(" | ")[1]
    page = member_client.get(f"/projects/{project.pk}/report/").content.decode()
    assert "<h2>Key figures</h2>" in page and "<th>As of</th>" in page and value in page
    text = " ".join(pdf_text(export.report_pdf(report)).split())
    assert "Key figures" in text and "Measure Value As of Source" in text and value in text
