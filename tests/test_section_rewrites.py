"""Members shape the report after a run (issue 34): one section rewritten as asked, in a new
version where every other section is the same, byte for byte."""

from __future__ import annotations

import re

import pytest

from research.models import ActivityEntry, Claim, Project, ProjectStatus, Report, StepRun
from research.pipeline.engine.registry import run_step
from research.pipeline.shared import references
from research.services import edits
from research.text import sections
from tests import figure_files
from tests.factories import add_report
from tests.test_figures import researched_figures
from tests.test_pipeline_run import research, run_inline

pytest_plugins = ["tests.api_fixtures"]
pytestmark = pytest.mark.usefixtures("fast_passwords")

QUESTION = "How does SQLite WAL mode work?"
SECTIONED = (
    "# SQLite WAL\n\nWAL in short [1].\n\n## Basics\n\nWAL works [1]. Readers go on [2].\n\n"
    "## Limits\n\nCheckpoints stall [2].\n\n## References\n\n[1] One.\n\n[2] Two.\n"
)


def researched(engine: str = "extractive") -> Project:
    result, code = research(QUESTION, "--engine", engine, "--queries", "2")
    assert code == 0, result
    return Project.objects.get(pk=result["project_id"])


def rewrite(api, project: Project, k: int, instruction: str) -> dict:
    """Ask through the API and wait for the project to settle: the 202 answer's body."""
    version = project.reports.get(is_current=True).version
    url = f"/api/projects/{project.pk}/report/sections/{k}/rewrite"
    answers = []
    body = {"instruction": instruction, "version": version}
    run_inline(lambda: answers.append(api.post(url, body)), project)
    assert answers[0].status_code == 202, answers[0].json()
    return answers[0].json()


def assert_only_section_changed(old: Report, new: Report, k: int) -> tuple[str, str]:
    """Every byte but section k's body is the same: section k's (old, new) bodies."""
    a, b = sections.split(old.markdown), sections.split(new.markdown)
    assert (a.preamble, a.references) == (b.preamble, b.references)
    assert len(a.sections) == len(b.sections)
    for i, (before, after) in enumerate(zip(a.sections, b.sections, strict=True), start=1):
        if i != k:
            assert before.text == after.text, i
    assert a.sections[k - 1].heading == b.sections[k - 1].heading
    assert a.sections[k - 1].body != b.sections[k - 1].body
    return a.sections[k - 1].body, b.sections[k - 1].body


@pytest.mark.django_db(transaction=True)
def test_a_shorter_section_is_a_new_version_by_the_member_where_only_that_section_changed(
    world, member, api, member_client
):
    project = researched()
    first = project.reports.get(is_current=True)
    step = rewrite(api, project, 2, "Shorter")
    assert (step["stage"], step["status"]) == ("rewrite", "queued")
    project.refresh_from_db()
    assert project.status == ProjectStatus.DONE
    second = project.reports.get(is_current=True)
    assert (second.version, second.created_by, second.engine) == (
        first.version + 1,
        member,
        "extractive",
    )
    old, new = assert_only_section_changed(first, second, 2)
    assert len(new) < len(old)
    kept = re.findall(r"“[^”]+”", new)
    assert kept and all(quote in old for quote in kept)  # selected, never written
    assert len(kept) <= (len(re.findall(r"“[^”]+”", old)) + 1) // 2 + 1
    title = sections.split(second.markdown).sections[1].title
    checked = Claim.objects.filter(report=second)
    assert any(claim.sentence in new for claim in checked)  # the ledger covers the section
    assert checked.count() < Claim.objects.filter(report=first).count()
    logged = ActivityEntry.objects.get(project=project, action="section_rewritten")
    assert logged.actor == member
    assert logged.detail == (
        f"Asked for a rewrite of section 2 ({title}) of v{first.version}: “Shorter”."
    )
    page = member_client.get(
        f"/projects/{project.pk}/report/?a={first.version}&b={second.version}"
    ).content.decode()
    changed = page.split(f'{title} <span class="tag">', 1)[1]
    assert changed.startswith("changed") and "<del>" in changed.split("</div>", 1)[0]
    others = len(sections.split(second.markdown).sections) - 1
    assert page.count('<span class="tag">unchanged</span>') == others + 1  # and the opening


@pytest.mark.django_db(transaction=True)
def test_longer_adds_quotes_of_the_sections_sources_and_an_unknown_instruction_fails_the_step(
    world, member, api, member_client
):
    project = researched()
    failed = rewrite(api, project, 2, "In plainer words")
    step = StepRun.objects.get(pk=failed["id"])
    assert step.status == "failed"
    assert step.error == (
        "Without a language model a section can only be rewritten 'shorter', 'longer' or "
        "'more figures'; 'In plainer words' is none of these. Write one of them as the "
        "instruction."
    )
    project.refresh_from_db()
    assert project.status == ProjectStatus.DONE and project.reports.count() == 1
    page = member_client.get(f"/projects/{project.pk}/report/").content.decode()
    asked = page[page.index('id="rewrites"') :]
    assert "Section 2: “In plainer words”, by alice" in asked
    assert "failed" in asked and "is none of these" in asked
    # A member's hand edit keeps one quote of section 2 and of each section after it: their
    # other sources are no longer cited.
    split = sections.split(project.reports.get().markdown)
    for k in range(2, len(split.sections) + 1):
        split = split.replaced(k, split.sections[k - 1].body.split("\n\n")[0])
    edited = split.join()
    run_inline(lambda: edits.edit(project, markdown=edited, base_version=1, user=member), project)
    first = project.reports.get(is_current=True)
    rewrite(api, project, 2, "LONGER")
    second = project.reports.get(is_current=True)
    a, b = sections.split(first.markdown), sections.split(second.markdown)
    assert a.preamble == b.preamble and len(a.sections) == len(b.sections)
    pairs = enumerate(zip(a.sections, b.sections, strict=True))
    assert all(x.text == y.text for i, (x, y) in pairs if i != 1)
    old, new = a.sections[1].body, b.sections[1].body
    assert new.startswith(old + "\n\n")
    added = re.findall(r"“([^”]+)” \[(\d+)\]", new[len(old) :])
    assert 1 <= len(added) <= 3
    for quote, n in added:
        assert quote not in first.markdown
        assert any(quote in s.quotes for s in project.sources.get(n=int(n)).summaries.all())
    newly = {int(n) for _, n in added} - set(first.cited_sources.values_list("n", flat=True))
    assert newly  # so the References are rebuilt, in the project's style, with them
    cited = list(second.cited_sources.order_by("n"))
    assert {s.n for s in cited} == set(first.cited_sources.values_list("n", flat=True)) | newly
    assert b.references == references.section(cited, project.opts.citation_style)


@pytest.mark.django_db(transaction=True)
def test_more_figures_adds_a_figure_of_the_sections_sources_under_it(world, member, api, settings):
    figure_files.serve(world.web)
    settings.REPORT_FIGURES_PER_SECTION = 0  # the report shows none: one to add
    project = researched_figures(world)
    first = project.reports.get(is_current=True)
    assert not first.figures.exists()
    titles = [s.title for s in sections.split(first.markdown).sections]
    k = titles.index(project.sections.all()[0].title) + 1
    rewrite(api, project, k, "more figures")
    second = project.reports.get(is_current=True)
    _, new = assert_only_section_changed(first, second, k)
    (figure,) = second.figures.all()
    n = figure.source.n
    assert f"![Figure 1: {figure.label}](figures/{figure.pk}.{figure.extension})" in new
    assert f"*Figure 1: {figure.label} [{n}]." in new
    assert figure.source in second.cited_sources.all()


@pytest.mark.django_db(transaction=True)
def test_the_llm_rewrites_a_section_from_its_own_sources_as_instructed(world, member, api):
    world.llm.responder.headed = True
    project = researched("llm")
    first = project.reports.get(is_current=True)
    plan = project.sections.all()[0]
    titles = [s.title for s in sections.split(first.markdown).sections]
    k = titles.index(plan.title) + 1
    rewrite(api, project, k, "In plainer words, please")
    second = project.reports.get(is_current=True)
    _, new = assert_only_section_changed(first, second, k)
    cited = sorted(
        {s.source.n for q in plan.queries.all() for s in q.summaries.filter(relevant=True)}
    )
    assert new == (
        "Rewritten as asked (In plainer words, please): the sources agree on the main points "
        f"[{cited[0]}]. One more claim."
    )  # its heading not repeated, the invented [99] removed
    (asked,) = [r for r in world.llm.requests if "<instruction>" in str(r["messages"])]
    prompt = asked["messages"][1]["content"]
    assert "In plainer words, please" in prompt and f"The section: {plan.title}" in prompt
    assert set(re.findall(r'<source n="(\d+)"', prompt)) >= {str(n) for n in cited}
    assert (second.engine, second.created_by) == ("llm", member)
    assert Claim.objects.filter(report=second, sentence__startswith="Rewritten as asked").exists()

    # Delivered again (a worker lost its lease): the step replaces its own version.
    step = StepRun.objects.get(project=project, stage="rewrite")
    assert Project.objects.transition(project.pk, ProjectStatus.WRITING)
    StepRun.objects.filter(pk=step.pk).update(status="queued", lease_until=None)
    run_inline(lambda: run_step(step.pk), project)
    again = project.reports.get(is_current=True)
    assert project.reports.count() == 2 and again.pk != second.pk
    assert (again.version, again.markdown) == (second.version, second.markdown)


def test_a_rewrite_of_a_version_no_longer_current_answers_409_naming_the_current(
    api, finished_project
):
    add_report(finished_project, list(finished_project.sources.all()), markdown=SECTIONED)
    url = f"/api/projects/{finished_project.pk}/report/sections/1/rewrite"
    response = api.post(url, {"instruction": "shorter", "version": 1})
    assert response.status_code == 409
    assert "the current version is 2" in response.json()["detail"]
    assert not StepRun.objects.filter(project=finished_project, stage="rewrite").exists()


def test_a_rewrite_while_the_project_is_not_done_answers_409_saying_its_status(
    api, finished_project
):
    assert Project.objects.transition(finished_project.pk, ProjectStatus.RESEARCHING)
    url = f"/api/projects/{finished_project.pk}/report/sections/1/rewrite"
    response = api.post(url, {"instruction": "shorter", "version": 1})
    assert response.status_code == 409
    assert response.json()["detail"] == (
        "A section can be rewritten once the project is done; it is researching."
    )


def test_an_empty_instruction_answers_422_naming_it(api, finished_project):
    url = f"/api/projects/{finished_project.pk}/report/sections/1/rewrite"
    response = api.post(url, {"instruction": "  ", "version": 1})
    assert response.status_code == 422
    assert [e["field"] for e in response.json()["errors"]] == ["instruction"]
    response = api.post(url, {"instruction": "x" * 2001, "version": 1})
    assert response.status_code == 422
    assert [e["field"] for e in response.json()["errors"]] == ["instruction"]


def test_a_section_past_the_reports_sections_answers_404_saying_how_many(api, finished_project):
    url = f"/api/projects/{finished_project.pk}/report/sections/1/rewrite"
    response = api.post(url, {"instruction": "shorter", "version": 1})
    assert response.status_code == 404
    assert response.json()["detail"] == "Version 1 of the report has no ## section to rewrite."
    add_report(finished_project, list(finished_project.sources.all()), markdown=SECTIONED)
    url = f"/api/projects/{finished_project.pk}/report/sections/3/rewrite"
    response = api.post(url, {"instruction": "shorter", "version": 2})
    assert response.status_code == 404
    assert response.json()["detail"] == (
        "Version 2 of the report has 2 sections before its References (1 to 2); there is no "
        "section 3."
    )


def test_the_page_offers_a_rewrite_per_section_and_asks_for_it(
    member_client, member, finished_project, llm_configured
):
    add_report(finished_project, list(finished_project.sources.all()), markdown=SECTIONED)
    page = member_client.get(f"/projects/{finished_project.pk}/report/").content.decode()
    for k, title in ((1, "Basics"), (2, "Limits")):
        form = page.split(f'id="rewrite-{k}"', 1)[1].split("</tr>", 1)[0]
        assert f"{k}. {title}" in form
        assert f'action="/projects/{finished_project.pk}/report/sections/{k}/rewrite/"' in form
        for quick in ("shorter", "longer", "more figures"):
            assert f'name="quick" value="{quick}"' in form
    url = f"/projects/{finished_project.pk}/report/sections/2/rewrite/"
    response = member_client.post(url, {"quick": "shorter", "instruction": "", "version": "2"})
    assert response.status_code == 302
    step = StepRun.objects.get(project=finished_project, stage="rewrite")
    report = finished_project.reports.get(version=2)
    assert step.params == {
        "report_id": report.pk,
        "k": 2,
        "instruction": "shorter",
        "engine": "llm",
    }
    assert step.requested_by == member
    finished_project.refresh_from_db()
    assert finished_project.status == ProjectStatus.WRITING
    page = member_client.get(f"/projects/{finished_project.pk}/report/").content.decode()
    assert 'id="rewrite-1"' not in page  # no new rewrite while it writes
    assert "Section 2: “shorter”, by alice" in page and "queued" in page  # the one asked for


@pytest.mark.django_db(transaction=True)
def test_a_rewrite_answered_with_json_is_asked_again_then_never_kept(world, member, api):
    project = researched("llm")
    first = project.reports.get(is_current=True)
    researcher = world.llm.responder

    def json_rewrites(request: dict) -> object:
        if "<instruction>" in str(request["messages"]):
            return '["plainer words", "the sources agree"]'
        return researcher(request)

    world.llm.responder = json_rewrites
    rewrite(api, project, 1, "In plainer words, please")
    asked = [r for r in world.llm.requests if "<instruction>" in str(r["messages"])]
    assert len(asked) == 2 and "a JSON list, not prose" in str(asked[1]["messages"][-1])
    # then the quotes' rewrite is tried, which cannot follow this instruction: no version
    assert project.reports.get(is_current=True).pk == first.pk
    assert not any('["plainer' in r.markdown for r in project.reports.all())
    step = StepRun.objects.get(project=project, stage="rewrite")
    assert step.status == "failed" and step.error
