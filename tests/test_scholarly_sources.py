"""Scholarly papers as sources, whole runs against loopback fakes of the five APIs
(tests/fakes/scholarly.py) and FakeWeb serving the open-access PDF: the PDF fetched through the
choke point and summarised, a paper without a readable PDF read from its abstract, papers cited
with their DOIs, a retracted paper marked on its source page and in the report's references."""

from __future__ import annotations

import re

import pytest

from research.models import FetchStatus, Project, ProjectStatus, Source, StepRun, Summary
from research.services import runs
from tests import library_files
from tests.factories import make_project
from tests.fakes.scholarly import (
    FIELD_STUDY,
    HEALTH_STUDY,
    PREPRINT,
    RETRACTED_TRIAL,
    FakeScholarly,
)
from tests.system import needs_pango
from tests.test_pipeline_run import research, run_inline

pytestmark = [pytest.mark.django_db(transaction=True), needs_pango()]

QUESTION = "How well do heat pumps work in cold climates?"
PDF_PARAGRAPHS = [
    "Heat pumps in cold climates kept 40 homes warm through two winters of measurement.",
    "The seasonal coefficient of performance of the heat pumps was 2.6 on average.",
    "At outdoor temperatures below -20 C the heat pumps still delivered heat at a COP of 1.4.",
]


@pytest.fixture
def scholar(world, settings):
    """The five APIs' fakes, with the field study's open-access PDF on FakeWeb."""
    pdf = library_files.pdf([PDF_PARAGRAPHS], title=FIELD_STUDY.title)
    world.web.add(FIELD_STUDY.pdf, pdf, content_type="application/pdf")
    with FakeScholarly(pdf_base=world.web.url) as fakes:
        for name, value in fakes.settings().items():
            setattr(settings, name, value)
        yield fakes


def paper_sources(project_id: int) -> dict[str, Source]:
    return {s.paper["doi"]: s for s in Source.objects.filter(project_id=project_id) if s.paper}


def references(markdown: str) -> dict[int, str]:
    """Each reference's line, by its number."""
    tail = markdown.split("## References", 1)[1]
    return {int(n): line for n, line in re.findall(r"^\[(\d+)\] (.+)$", tail, re.M)}


def assert_reads_and_cites_papers(project: Project, world) -> dict[str, Source]:
    """The run read the field study's PDF, summarised it, and cites papers by DOI."""
    assert project.status == ProjectStatus.DONE
    assert world.searx.calls == 0  # no web search: the project searches papers only
    papers = paper_sources(project.pk)
    study = papers[FIELD_STUDY.doi]
    assert study.url == f"https://doi.org/{FIELD_STUDY.doi}"
    assert study.fetch_status == FetchStatus.FETCHED
    assert study.snapshot is not None
    assert study.snapshot.url == world.web.url_for(FIELD_STUDY.pdf)  # the PDF, not the abstract
    assert "COP of 1.4" in study.text and study.title == FIELD_STUDY.title
    assert FIELD_STUDY.pdf in world.web.paths
    quotes = [q for s in Summary.objects.filter(source=study, relevant=True) for q in s.quotes]
    text = " ".join(study.text.split())  # the PDF's lines run on
    assert quotes and all(quote in text for quote in quotes)
    report = project.reports.get(is_current=True).markdown
    listed = references(report)
    cited = {s.n: s for s in papers.values() if s.n in listed}
    assert study.n in cited, report
    for n, source in cited.items():
        assert f"doi:{source.paper['doi']}." in listed[n]
        assert f"<{source.url}>" in listed[n]
    assert "Lindqvist, A., van der Berg, P., & Nordic Heat Consortium (2021)." in listed[study.n]
    return papers


def test_an_extractive_project_over_papers_reads_the_open_access_pdf_and_cites_dois(
    world, scholar, settings
):
    settings.LLM_MODEL = ""
    result, code = research(QUESTION, "--sources", "scholarly", "--queries", "3")
    assert code == 0, result
    project = Project.objects.get(pk=result["project_id"])
    assert world.llm.calls == 0
    papers = assert_reads_and_cites_papers(project, world)
    preprint = papers["10.48550/arxiv.2301.01234"]  # its PDF is not there: its abstract is read
    assert preprint.fetch_status == FetchStatus.FETCHED and preprint.text == PREPRINT.abstract
    note = StepRun.objects.get(project=project, stage="fetch", source=preprint).detail
    assert note.startswith("the abstract (the PDF could not be read: ") and "404" in note
    study_step = StepRun.objects.get(project=project, stage="fetch", source=papers[FIELD_STUDY.doi])
    assert study_step.detail in ("the open-access PDF", "the open-access PDF from the page cache")
    assert HEALTH_STUDY.doi in papers and scholar.apis["pubmed"].calls >= 2


def test_an_llm_project_over_papers_reads_the_open_access_pdf_and_cites_dois(world, scholar):
    result, code = research(QUESTION, "--sources", "scholarly", "--queries", "3")
    assert code == 0, result
    project = Project.objects.get(pk=result["project_id"])
    assert project.opts.engine == "llm" and world.llm.calls > 0
    assert_reads_and_cites_papers(project, world)


def test_a_retracted_paper_is_marked_in_the_references_and_on_its_source_page(
    world, scholar, settings, member_client
):
    settings.LLM_MODEL = ""
    result, code = research(QUESTION, "--sources", "scholarly", "--queries", "3")
    assert code == 0, result
    trial = paper_sources(result["project_id"])[RETRACTED_TRIAL.doi]
    notice = "Retracted: see J Build Perform. 2023 May 2;12(3):101 (PMID 37000009)"
    assert trial.paper["retracted"] is True and trial.paper["retraction"] == notice
    report = Project.objects.get(pk=trial.project_id).reports.get(is_current=True).markdown
    line = references(report)[trial.n]
    assert line.endswith(f"**Retracted**: {notice}"), report
    page = member_client.get(f"/sources/{trial.pk}/").content.decode()
    assert 'id="retracted"' in page and "J Build Perform. 2023 May 2" in page


def test_a_pdf_outside_the_projects_domains_is_not_fetched_and_the_abstract_is_read(
    world, scholar, settings, member
):
    settings.LLM_MODEL = ""
    options = {"sources": ["scholarly"], "queries": 2, "domains": {"deny": ["127.0.0.1"]}}
    project = make_project(member, status=ProjectStatus.DRAFT, question=QUESTION, options=options)
    project = run_inline(lambda: runs.start(project, user=member), project)
    assert project.status == ProjectStatus.DONE
    study = paper_sources(project.pk)[FIELD_STUDY.doi]
    assert study.fetch_status == FetchStatus.FETCHED and study.text == FIELD_STUDY.abstract
    assert FIELD_STUDY.pdf not in world.web.paths
    note = StepRun.objects.get(project=project, stage="fetch", source=study).detail
    assert note.startswith("the abstract (the PDF could not be read: ") and "domains" in note


def test_a_papers_source_page_shows_its_doi_authors_venue_citations_and_open_access(
    world, scholar, settings, member_client
):
    settings.LLM_MODEL = ""
    result, code = research(QUESTION, "--sources", "scholarly", "--queries", "2")
    assert code == 0, result
    study = paper_sources(result["project_id"])[FIELD_STUDY.doi]
    page = member_client.get(f"/sources/{study.pk}/").content.decode()
    assert f'<a href="https://doi.org/{FIELD_STUDY.doi}"' in page
    assert "Anna Lindqvist; Pieter van der Berg; Nordic Heat Consortium" in page
    assert "Energy and Buildings, 2021" in page and "cited by 128" in page
    assert f'yes: <a href="{world.web.url_for(FIELD_STUDY.pdf)}"' in page
    assert 'id="retracted"' not in page
    answer = member_client.get(f"/api/sources/{study.pk}").json()
    assert answer["paper"] == study.paper and answer["paper"]["cited_by"] == 128
    assert answer["paper"]["authors"][2] == {"literal": "Nordic Heat Consortium"}


def test_the_ranking_reads_a_papers_venue_year_and_citations(world, scholar):
    result, code = research(QUESTION, "--sources", "scholarly", "--queries", "2")
    assert code == 0, result
    asked = [request.json() or {} for request in world.llm.received]
    ranked = [body for body in asked if "<search_results>" in str(body.get("messages", ""))]
    assert ranked, "no ranking was asked"
    prompt = str(ranked[0]["messages"])
    assert "Energy and Buildings, 2021 · cited by 128 · open access." in prompt
    assert "RETRACTED" in prompt


def test_the_new_project_page_says_what_each_kind_of_source_is(member_client):
    page = member_client.get("/projects/new/").content.decode()
    assert 'value="scholarly"' in page
    assert "Scholarly papers: papers from OpenAlex, arXiv, PubMed, Crossref or Semantic" in page
    assert "The web: pages a web search engine finds" in page
    assert "The team library: the documents your team uploaded" in page
