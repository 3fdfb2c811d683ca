import pytest
from django.db import IntegrityError, transaction

from research.models import (
    Note,
    Project,
    ProjectStatus,
    Query,
    QuerySource,
    Report,
    Source,
    Summary,
)
from tests.factories import make_project


@pytest.fixture
def project(member):
    return make_project(member, status=ProjectStatus.DRAFT, question="What is WAL mode?")


def test_it_refuses_a_duplicate_source_url_in_one_project(project):
    Source.objects.create(project=project, n=1, url="https://example.com/a")
    with pytest.raises(IntegrityError), transaction.atomic():
        Source.objects.create(project=project, n=2, url="https://example.com/a")


def test_it_allows_the_same_url_in_two_projects(project, member):
    other = make_project(member, status=ProjectStatus.DRAFT, question="Another question")
    Source.objects.create(project=project, n=1, url="https://example.com/a")
    Source.objects.create(project=other, n=1, url="https://example.com/a")
    assert Source.objects.filter(url="https://example.com/a").count() == 2


def test_it_refuses_a_duplicate_citation_number(project):
    Source.objects.create(project=project, n=1, url="https://example.com/a")
    with pytest.raises(IntegrityError), transaction.atomic():
        Source.objects.create(project=project, n=1, url="https://example.com/b")


def test_citation_numbers_are_never_reused(project):
    first = project.allocate_source_numbers(3)
    Source.objects.create(project=project, n=first[-1], url="https://example.com/c")
    Source.objects.all().delete()
    second = project.allocate_source_numbers(2)
    assert list(first) == [1, 2, 3]
    assert list(second) == [4, 5]


def test_it_refuses_a_second_link_between_a_query_and_a_source(project):
    query = Query.objects.create(project=project, text="sqlite wal")
    source = Source.objects.create(project=project, n=1, url="https://example.com/a")
    QuerySource.objects.create(query=query, source=source, rank=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        QuerySource.objects.create(query=query, source=source, rank=2)


def test_it_refuses_a_second_summary_of_a_source_for_one_query(project):
    query = Query.objects.create(project=project, text="sqlite wal")
    source = Source.objects.create(project=project, n=1, url="https://example.com/a")
    Summary.objects.create(query=query, source=source, text="x")
    with pytest.raises(IntegrityError), transaction.atomic():
        Summary.objects.create(query=query, source=source, text="y")


def test_it_refuses_a_duplicate_report_version(project):
    Report.objects.create(
        project=project, version=1, markdown="a", style="news", language="en", is_current=False
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        Report.objects.create(
            project=project, version=1, markdown="b", style="news", language="en", is_current=False
        )


def test_it_refuses_two_current_reports(project):
    Report.objects.create(project=project, version=1, markdown="a", style="news", language="en")
    with pytest.raises(IntegrityError), transaction.atomic():
        Report.objects.create(project=project, version=2, markdown="b", style="news", language="en")


def test_it_refuses_a_note_with_two_targets(project, member):
    query = Query.objects.create(project=project, text="sqlite wal")
    source = Source.objects.create(project=project, n=1, url="https://example.com/a")
    with pytest.raises(IntegrityError), transaction.atomic():
        Note.objects.create(project=project, query=query, source=source, author=member, text="x")


def test_source_domain_is_derived_from_the_url(project):
    source = Source.objects.create(project=project, n=1, url="https://www.Example.com/a?b=1")
    assert source.domain == "example.com"


def test_options_have_validated_defaults(project):
    opts = project.opts
    assert (opts.queries, opts.sources_per_query, opts.reflection_rounds) == (4, 4, 1)
    assert opts.report_style == "professional"


def test_running_projects_are_those_planning_researching_or_writing(project, member):
    make_project(member, status=ProjectStatus.RESEARCHING, question="q2")
    make_project(member, status=ProjectStatus.DONE, question="q3")
    make_project(member, status=ProjectStatus.AWAITING_REVIEW, question="q4")
    assert list(Project.objects.running().values_list("question", flat=True)) == ["q2"]


def test_a_project_without_a_title_yet_shows_its_question_cut_at_a_word(member):
    long = (
        "Which electric SUVs sold in the US in 2025 can drive on a charge of more than 300 miles?"
    )
    assert str(make_project(member, question=long)) == (
        "Which electric SUVs sold in the US in 2025 can drive on a charge of more than…"
    )
    assert str(make_project(member, question="Short?")) == "Short?"


def test_a_new_version_counts_its_elapsed_time_from_its_own_start(member):
    from datetime import timedelta

    from django.utils import timezone

    from research.services import runs

    earlier = timezone.now() - timedelta(hours=1)
    project = make_project(
        member, options={"engine": "extractive"}, started_at=earlier, finished_at=earlier
    )
    runs.new_report(project, user=member)
    project.refresh_from_db()
    assert project.started_at is not None
    assert project.started_at > timezone.now() - timedelta(minutes=1)
    assert project.finished_at is None
