"""The scholarly APIs, each read from its loopback fake's answers (tests/fakes/scholarly.py):
what a paper carries, how the APIs' papers merge by DOI, how a retraction is found, the
etiquette each API asks for, and how a failing or rate-limited API fails."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ImproperlyConfigured

from research.providers import pacing
from research.providers.scholarly import APIS, searcher
from research.providers.scholarly.arxiv import search_query
from research.providers.scholarly.base import person
from research.providers.search import SearchError, SearchNotConfigured
from research_site import settings as site_settings
from tests.fakes.scholarly import (
    FIELD_STUDY,
    HEALTH_STUDY,
    PREPRINT,
    RETRACTED_TRIAL,
    FakeScholarly,
)

pytest_plugins = ["tests.search_fixtures"]
pytestmark = pytest.mark.usefixtures("no_backoff")


QUERY = "heat pumps in cold climates"


@pytest.fixture
def scholar(settings):
    with FakeScholarly(pdf_base="http://127.0.0.1:9") as fakes:
        for name, value in fakes.settings().items():
            setattr(settings, name, value)
        settings.SEARCH_TIMEOUT = 5
        yield fakes


def found(name: str, query: str = QUERY) -> dict:
    """The papers one API finds, by title."""
    return {p.title: p for p in APIS[name]().find(query, max_results=10)}


# --- Each API's parser ---------------------------------------------------------------------


def test_openalex_gives_doi_authors_venue_citations_abstract_and_the_open_access_pdf(scholar):
    paper = found("openalex")[FIELD_STUDY.title]
    assert paper.doi == "10.5555/eb.2021.0042"  # no resolver, as Source.paper keeps it
    assert paper.authors == [
        {"family": "Lindqvist", "given": "Anna"},
        {"family": "van der Berg", "given": "Pieter"},
        {"literal": "Nordic Heat Consortium"},
    ]
    assert (paper.year, paper.venue, paper.cited_by) == (2021, "Energy and Buildings", 128)
    assert paper.abstract == FIELD_STUDY.abstract  # rebuilt from the inverted index
    assert paper.open_access is True
    assert paper.pdf_url == "http://127.0.0.1:9/papers/field-study.pdf"
    assert paper.landing_url == "https://doi.org/10.5555/eb.2021.0042"
    assert (paper.type, paper.provider, paper.published) == (
        "article-journal",
        "openalex",
        datetime.date(2021, 3, 15),
    )
    assert found("openalex")[RETRACTED_TRIAL.title].retracted is True


def test_arxiv_entries_are_open_preprints_with_their_pdf_and_arxiv_doi(scholar):
    paper = found("arxiv")[PREPRINT.title]
    assert paper.doi == "10.48550/arxiv.2301.01234"
    assert paper.type == "article" and paper.venue == "arXiv" and paper.open_access is True
    assert paper.pdf_url.endswith("/papers/2301.01234v1.pdf")
    assert paper.landing_url == "http://arxiv.org/abs/2301.01234v1"
    assert paper.authors == [{"family": "Moretti", "given": "Sofia"}]
    assert paper.abstract == PREPRINT.abstract  # whitespace around it trimmed
    assert (paper.year, paper.published) == (2023, datetime.date(2023, 1, 4))


def test_an_arxiv_query_asks_for_any_content_word_and_a_time_range_as_submission_dates():
    assert search_query("How do heat pumps work?") == "all:heat OR all:pumps OR all:work"
    assert search_query("heat pumps", datetime.date(2024, 2, 1)) == (
        "(all:heat OR all:pumps) AND submittedDate:[202402010000 TO 209912312359]"
    )


def test_an_arxiv_error_entry_is_a_search_error_naming_arxiv_and_its_setting(scholar):
    fake = scholar.apis["arxiv"]
    fake.fail_next(200, body=fake.error("incorrect id format for 1234"))
    with pytest.raises(SearchError, match="arXiv refused the query: incorrect id format for 1234"):
        APIS["arxiv"]().find(QUERY, max_results=5)
    fake.fail_next(400, body=fake.error("max_results must be at most 30000"))
    with pytest.raises(SearchError) as failed:
        APIS["arxiv"]().find(QUERY, max_results=5)
    assert failed.value.reason == (
        "arXiv answered HTTP 400: max_results must be at most 30000. arXiv is asked at "
        f"ARXIV_URL={fake.url}; or leave arxiv out of SCHOLARLY_PROVIDERS"
    )


def test_pubmed_reads_the_records_esearch_found_and_marks_a_retracted_publication(scholar):
    papers = found("pubmed")
    trial = papers[RETRACTED_TRIAL.title]
    assert trial.retracted is True
    assert (
        trial.retraction == "Retracted: see J Build Perform. 2023 May 2;12(3):101 (PMID 37000009)"
    )
    assert trial.doi == "10.5555/jbp.2019.0007" and trial.year == 2019
    assert trial.abstract.startswith("Background: In a randomized trial of 300 households")
    assert trial.landing_url == "https://pubmed.ncbi.nlm.nih.gov/31000001/"
    health = papers[HEALTH_STUDY.title]
    assert health.authors == [
        {"family": "Okafor", "given": "Ruth"},
        {"literal": "Cold Homes Study Group"},
    ]
    assert health.open_access is True and health.retracted is False  # in PubMed Central
    assert health.published == datetime.date(2022, 9, 20)


def test_crossref_gives_its_works_and_a_retraction_notice_names_what_it_retracts(scholar):
    papers = found("crossref")
    study = papers[FIELD_STUDY.title]
    assert study.doi == "10.5555/eb.2021.0042"  # Crossref's upper case, folded
    assert study.abstract == FIELD_STUDY.abstract  # the JATS markup and heading gone
    assert study.authors[2] == {"literal": "Nordic Heat Consortium"}
    notice = next(p for p in papers.values() if p.retracts)
    assert notice.retracts == "10.5555/jbp.2019.0007"
    assert notice.retraction == "Retracted by 10.5555/jbp.2023.0101 on 2023-05-02"


def test_semantic_scholar_gives_papers_and_sends_its_key_when_set(scholar, settings):
    settings.SEMANTIC_SCHOLAR_API_KEY = "s2-key"
    papers = found("semanticscholar")
    assert papers[FIELD_STUDY.title].pdf_url.endswith("/papers/field-study.pdf")
    assert papers[PREPRINT.title].doi == "10.48550/arxiv.2301.01234"  # from its arXiv id
    assert papers[FIELD_STUDY.title].cited_by == 128
    assert scholar.apis["semanticscholar"].received[-1].headers["x-api-key"] == "s2-key"
    assert found("semanticscholar", "nothing matches this") == {}  # no `data` at all


# --- The merged search ---------------------------------------------------------------------


def test_one_work_found_by_several_apis_is_one_result_with_what_each_adds(scholar):
    results = searcher().search(QUERY, max_results=10)
    by_doi = {r.paper["doi"]: r for r in results}
    assert len(by_doi) == len(results) == 4  # the notice is no result of its own
    study = by_doi["10.5555/eb.2021.0042"]
    assert study.url == "https://doi.org/10.5555/eb.2021.0042" and study.engine == "scholarly"
    assert study.paper["pdf_url"].endswith("/papers/field-study.pdf")
    assert "Energy and Buildings, 2021 · cited by 128 · open access. We measured" in study.snippet
    assert set(study.paper) == {
        "doi", "title", "authors", "year", "venue", "abstract", "cited_by", "open_access",
        "pdf_url", "landing_url", "retracted", "retraction", "provider", "type",
    }  # fmt: skip
    trial = by_doi["10.5555/jbp.2019.0007"]
    assert trial.paper["retracted"] is True and "RETRACTED" in trial.snippet


def test_a_crossref_notice_marks_the_paper_it_retracts(scholar, settings):
    settings.SCHOLARLY_PROVIDERS = ["openalex", "crossref"]  # no PubMed to say it first
    trial = next(r for r in searcher().search(QUERY) if r.title == RETRACTED_TRIAL.title)
    assert trial.paper["retracted"] is True
    assert trial.paper["retraction"] == "Retracted by 10.5555/jbp.2023.0101 on 2023-05-02"


def test_each_api_is_asked_politely(scholar, settings):
    settings.PUBMED_API_KEY = "ncbi-key"
    searcher().search(QUERY)
    requests = {name: api.received[0] for name, api in scholar.apis.items()}
    for request in requests.values():
        assert "mailto:research@example.org" in request.headers["user-agent"]
    assert requests["openalex"].query["mailto"] == "research@example.org"
    assert requests["crossref"].query["mailto"] == "research@example.org"
    pubmed = scholar.apis["pubmed"].received
    assert [r.path for r in pubmed] == ["/esearch.fcgi", "/efetch.fcgi"]
    for request in pubmed:
        assert request.query["tool"] == "dossier"
        assert request.query["email"] == "research@example.org"
        assert request.query["api_key"] == "ncbi-key"


def test_a_time_range_becomes_each_apis_date_filter(scholar):
    searcher().search(QUERY, time_range="year")
    since = (datetime.date.today() - datetime.timedelta(days=366)).isoformat()
    asked = {name: api.received[0].query for name, api in scholar.apis.items()}
    assert asked["openalex"]["filter"] == f"from_publication_date:{since}"
    assert asked["crossref"]["filter"] == f"from-pub-date:{since}"
    assert asked["semanticscholar"]["year"] == f"{since[:4]}-"
    assert asked["pubmed"]["mindate"] == since.replace("-", "/")
    assert "submittedDate:[" + since.replace("-", "") in asked["arxiv"]["search_query"]


# --- Failures --------------------------------------------------------------------------------


def test_a_failing_api_fails_only_its_part_and_is_named_with_its_setting(scholar):
    scholar.apis["crossref"].fail_next(500, count=3)
    gathered = searcher().gather(QUERY, max_results=10)
    assert len(gathered.results) == 4  # the others' papers
    (reason,) = gathered.failures
    assert reason.startswith("Crossref answered HTTP 500")
    assert "gave up after 3 attempts" in reason
    assert f"CROSSREF_URL={scholar.apis['crossref'].url}" in reason
    assert "leave crossref out of SCHOLARLY_PROVIDERS" in reason


def test_a_rate_limited_api_is_a_search_error_naming_the_api_and_its_key(scholar, settings):
    settings.SCHOLARLY_PROVIDERS = ["semanticscholar"]
    scholar.apis["semanticscholar"].fail_next(
        429, count=3, body={"message": "Too Many Requests. Please wait and try again"}
    )
    with pytest.raises(SearchError) as failed:
        searcher().gather(QUERY)
    reason = failed.value.reason
    assert reason.startswith("Semantic Scholar answered HTTP 429: Too Many Requests.")
    assert "set SEMANTIC_SCHOLAR_API_KEY for a rate limit of your own" in reason
    assert scholar.apis["semanticscholar"].calls == 3


def test_a_rate_limit_that_passes_costs_nothing(scholar, settings):
    settings.SCHOLARLY_PROVIDERS = ["openalex"]
    scholar.apis["openalex"].fail_next(429)
    assert len(searcher().search(QUERY)) == 2  # the second attempt answered
    assert scholar.apis["openalex"].calls == 2


def test_every_api_failing_fails_the_search_with_each_reason(scholar, settings):
    settings.SCHOLARLY_PROVIDERS = ["openalex", "arxiv"]
    for name in ("openalex", "arxiv"):
        scholar.apis[name].fail_next(503, count=3)
    with pytest.raises(SearchError, match="Every scholarly API failed: OpenAlex .*; arXiv "):
        searcher().search(QUERY)


def test_an_answer_that_is_not_xml_is_named(scholar, settings):
    settings.SCHOLARLY_PROVIDERS = ["arxiv"]
    scholar.apis["arxiv"].fail_next(200, body="<html><body>maintenance")
    with pytest.raises(SearchError, match="arXiv answered with something that is not XML"):
        searcher().search(QUERY)


def test_an_empty_base_url_is_a_setting_to_fix(scholar, settings):
    settings.OPENALEX_URL = ""
    with pytest.raises(SearchNotConfigured, match="OPENALEX_URL is not set"):
        searcher(["openalex", "arxiv"]).search(QUERY)


# --- Settings and pacing ------------------------------------------------------------------


def test_scholarly_providers_must_name_known_apis(monkeypatch):
    monkeypatch.setenv("SCHOLARLY_PROVIDERS", "openalex,scopus")
    with pytest.raises(ImproperlyConfigured, match="SCHOLARLY_PROVIDERS must name one or more"):
        site_settings.envchoices("SCHOLARLY_PROVIDERS", "openalex", site_settings.SCHOLARLY_APIS)


def test_a_spacing_gives_each_call_its_turn_an_interval_after_the_last():
    spacing = pacing.Spacing(3.0)
    assert spacing.turn(100.0) == 0.0
    assert spacing.turn(100.5) == 2.5  # its turn is at 103
    assert spacing.turn(101.0) == 5.0  # and the next at 106
    assert spacing.turn(200.0) == 0.0  # a quiet while: no wait


def test_names_are_split_into_family_and_given_and_bodies_kept_whole():
    assert person("Jane Q. van Dyke") == {"family": "van Dyke", "given": "Jane Q."}
    assert person("Plato") == {"literal": "Plato"}
    assert person("WHO Collaboration Group") == {"literal": "WHO Collaboration Group"}
