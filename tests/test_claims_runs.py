"""Whole runs through `manage.py research` end with the ledger of their report version."""

from __future__ import annotations

import pytest

from research.models import Claim, Project, ProjectStatus, Stage, StepRun, StepStatus
from research.services import runs
from tests.fakes.web import article, render_article
from tests.test_pipeline_run import research, run_inline

pytestmark = pytest.mark.django_db(transaction=True)


def ledger_of(project: Project) -> list[Claim]:
    report = project.reports.get(is_current=True)
    step = StepRun.objects.get(project=project, key=f"claims:{report.pk}")
    assert step.status == StepStatus.DONE, step.error
    return list(report.claims.select_related("quote_source").prefetch_related("sources"))


def assert_quotes_verbatim(claims: list[Claim]) -> None:
    for claim in claims:
        if claim.quote:
            assert claim.quote_source is not None
            assert claim.quote in claim.quote_source.text


@pytest.mark.parametrize("engine", ["llm", "extractive"])
def test_a_run_ends_done_with_the_claims_of_its_report_each_quote_verbatim(world, member, engine):
    result, code = research("How does SQLite WAL mode work?", "--engine", engine)
    assert code == 0, result
    project = Project.objects.get(pk=result["project_id"])
    assert project.status == ProjectStatus.DONE
    claims = ledger_of(project)
    assert claims and all(c.citations for c in claims if c.status != "uncited")
    assert_quotes_verbatim(claims)
    for claim in claims:
        assert sorted(s.n for s in claim.sources.all()) == sorted(claim.citations)
    if engine == "extractive":  # the report is made of the sources' own sentences
        assert {c.status for c in claims} == {"supported"}


def test_the_llm_check_costs_at_most_a_seventh_of_the_runs_tokens(world, member):
    result, _ = research("How does SQLite WAL mode work?", "--engine", "llm")
    project = Project.objects.get(pk=result["project_id"])
    check = StepRun.objects.get(project=project, stage=Stage.CLAIMS)
    spent = check.tokens_prompt + check.tokens_completion
    assert check.llm_calls >= 1
    assert spent <= 0.15 * (project.tokens_prompt + project.tokens_completion)


def test_a_new_report_version_gets_its_own_claims(world, member):
    result, _ = research("How does SQLite WAL mode work?", "--engine", "extractive")
    project = Project.objects.get(pk=result["project_id"])
    first = ledger_of(project)
    project = run_inline(lambda: runs.new_report(project, style="news", user=member), project)
    assert project.status == ProjectStatus.DONE
    second = ledger_of(project)
    assert second and {c.report_id for c in second}.isdisjoint({c.report_id for c in first})
    assert Claim.objects.filter(report__project=project).count() == len(first) + len(second)


def test_a_refetched_source_rechecks_the_claims_citing_it_in_the_new_version(world, member):
    result, _ = research("How does SQLite WAL mode work?", "--engine", "extractive")
    project = Project.objects.get(pk=result["project_id"])
    cited = ledger_of(project)[0].sources.first()
    assert cited is not None
    project = run_inline(lambda: runs.refetch_source(cited, user=member), project)
    assert project.status == ProjectStatus.DONE
    claims = ledger_of(project)
    assert_quotes_verbatim(claims)
    assert any(cited.n in c.citations for c in claims)


def test_a_refetched_page_that_changed_rechecks_the_old_versions_claims_against_its_new_text(
    world, member
):
    result, _ = research("How does SQLite WAL mode work?", "--engine", "extractive")
    project = Project.objects.get(pk=result["project_id"])
    old = ledger_of(project)
    cited = next(c.quote_source for c in old if c.quote_source and c.status == "supported")
    old_version = project.reports.get(is_current=True)
    path = "/" + cited.url.split("/", 3)[3]
    world.web.add(path, render_article(article("an-unrelated-page-about-gardening")).encode())
    project = run_inline(lambda: runs.refetch_source(cited, user=member), project)
    assert project.status == ProjectStatus.DONE
    cited.refresh_from_db()
    assert cited.generation == 1 and "gardening" in cited.text
    recheck = StepRun.objects.get(project=project, key__startswith=f"claims:{old_version.pk}:re")
    assert recheck.status == StepStatus.DONE
    rechecked = [c for c in old_version.claims.all() if cited.n in c.citations]
    assert rechecked and all(c.generations[str(cited.n)] == 1 for c in rechecked)
    assert_quotes_verbatim(list(old_version.claims.select_related("quote_source")))
    before = {c.position: c.status for c in old if cited.n in c.citations}
    assert any(before[c.position] != c.status for c in rechecked)  # its support changed
    untouched = {c.pk for c in old if cited.n not in c.citations}
    assert untouched <= set(old_version.claims.values_list("pk", flat=True))
    project = run_inline(lambda: runs.recheck_claims(project, user=member), project)
    assert StepRun.objects.filter(project=project, key__contains=":recheck:").count() == 1


def test_checking_the_claims_again_is_a_step_after_which_the_project_is_done_again(world, member):
    result, _ = research("How does SQLite WAL mode work?", "--engine", "extractive")
    project = Project.objects.get(pk=result["project_id"])
    first = {c.pk for c in ledger_of(project)}
    source = project.sources.get(n=ledger_of(project)[0].citations[0])
    project = run_inline(lambda: runs.recheck_claims(project, user=member), project)
    assert project.status == ProjectStatus.DONE
    second = {c.pk for c in ledger_of(project)}
    assert len(second) == len(first) and second.isdisjoint(first)
    project = run_inline(lambda: runs.recheck_claims(project, source=source, user=member), project)
    assert project.status == ProjectStatus.DONE
    third = {c.pk: c for c in ledger_of(project)}
    renewed = {pk for pk in third if pk not in second}
    assert renewed == {pk for pk, c in third.items() if source.n in c.citations}
    assert project.reports.count() == 1


def test_a_citation_links_to_the_passage_the_ledger_found_and_shows_it_on_hover(
    world, member_client
):
    result, _ = research("How does SQLite WAL mode work?", "--engine", "extractive")
    project = Project.objects.get(pk=result["project_id"])
    claims = ledger_of(project)
    supported = [c for c in claims if c.status == "supported" and c.quote_source]
    assert supported, [(c.status, c.sentence) for c in claims]
    page = member_client.get(f"/projects/{project.pk}/report/").content.decode()
    landed = 0
    for claim in supported:
        href = f'href="/sources/{claim.quote_source_id}/#c{claim.pk}"'
        if href in page:
            landed += 1
            source = member_client.get(f"/sources/{claim.quote_source_id}/").content.decode()
            assert f'<mark id="c{claim.pk}"' in source or f'id="c{claim.pk}"' in source
    assert supported and landed >= 0.9 * len(supported), (landed, len(supported))
    assert 'class="cite" href="/sources/' in page and 'title="“' in page


MESSY = """# Sources on SQLite WAL

## Key findings

- - SQLite keeps the changes in a separate write-ahead log file [1].
• Readers keep reading while a writer commits [1].

# Sources on SQLite WAL

## Discussion

The log grows until a checkpoint runs [1]. - on the other hand, readers must finish first [1].
"""


def test_a_models_messy_markdown_is_stored_in_dossiers_own_structure(world, member_client):
    """A model that doubles its bullets, says its title twice and leaves a dash mid-paragraph:
    the report renders single bullets, one title, and its claims carry no marker."""
    from tests.fakes.researcher import Researcher, schema_name

    researcher = Researcher()
    world.llm.responder = lambda request: (
        MESSY if schema_name(request) == "text" else researcher(request)
    )
    result, _ = research("How does SQLite WAL mode work?", "--engine", "llm", "--queries", "2")
    project = Project.objects.get(pk=result["project_id"])
    report = project.reports.get(is_current=True)
    assert report.markdown.count("# Sources on SQLite WAL") == 1
    assert "- - " not in report.markdown and "• " not in report.markdown
    assert ". - on the other hand" not in report.markdown
    page = member_client.get(f"/projects/{project.pk}/report/").content.decode()
    assert page.count("<h1>Sources on SQLite WAL</h1>") == 1 and "<ul>\n<li>\n<ul>" not in page
    claims = ledger_of(project)
    assert claims and not any(c.sentence.lstrip().startswith(("-", "•")) for c in claims)
