"""Server-rendered pages: what members see and do, and the SQL a big project costs."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from research.models import (
    ApiToken,
    Claim,
    FetchStatus,
    ModelProfile,
    Note,
    PageSnapshot,
    Project,
    ProjectStatus,
    Query,
    QuerySource,
    Report,
    Section,
    Stage,
    StepRun,
    StepStatus,
    Summary,
)
from tests.factories import (
    add_report,
    add_source,
    big_project,
    force_status,
    make_project,
    many_projects,
)
from tests.system import needs_pango

PAGE_TEXT = (
    "The write-ahead log lets readers continue while a writer appends. Checkpoints copy pages back."
)


@pytest.fixture
def done_project(member):
    project = make_project(
        member,
        status=ProjectStatus.DONE,
        question="How does SQLite WAL mode work?",
        title="SQLite WAL",
        language="English",
    )
    section = Section.objects.create(project=project, title="Background", position=0)
    query = Query.objects.create(project=project, section=section, text="sqlite wal", status="done")
    snapshot = PageSnapshot.objects.create(url="https://example.com/wal", text=PAGE_TEXT)
    source = add_source(
        project,
        "https://example.com/wal",
        title="WAL explained",
        fetch_status=FetchStatus.FETCHED,
        snapshot=snapshot,
    )
    QuerySource.objects.create(
        query=query, source=source, rank=1, score=9, reason="Primary docs", selected=True
    )
    Summary.objects.create(
        query=query,
        source=source,
        text="Readers continue during writes.",
        quotes=["The write-ahead log lets readers continue while a writer appends."],
    )
    add_report(
        project,
        [],
        markdown="# WAL\n\nReaders keep reading while a writer appends [1].\n\n## References\n\n"
        "[1] WAL explained. example.com. <https://example.com/wal>\n",
    )
    StepRun.objects.create(project=project, stage=Stage.PLAN, key="plan", status=StepStatus.DONE)
    return project


def test_the_project_list_shows_counts_and_the_report_date(member_client, done_project):
    response = member_client.get("/")
    assert response.status_code == 200
    body = response.content.decode()
    assert "SQLite WAL" in body and "v1," in body
    assert "claims," not in body  # not checked yet


def test_the_project_list_shows_how_many_claims_of_the_current_report_are_unsupported(
    member_client, done_project
):
    old = done_project.reports.get()
    add_report(done_project, [], markdown="# WAL\n\nReaders wait [1]. Writers wait [1].")
    current = done_project.reports.get(is_current=True)
    for report, statuses in ((old, ["unsupported"] * 3), (current, ["supported", "unsupported"])):
        for position, status in enumerate(statuses):
            Claim.objects.create(report=report, position=position, sentence="S.", status=status)
    body = member_client.get("/").content.decode()
    assert "2 claims, 1 unsupported" in body


def test_the_project_list_searches_summaries_and_notes(member_client, done_project, member):
    make_project(member, status=ProjectStatus.DRAFT, question="Unrelated")
    Note.objects.create(project=done_project, author=member, text="checkpoint starvation matters")
    for text in ("Readers continue", "checkpoint starvation", "WAL mode"):
        body = member_client.get("/", {"q": text}).content.decode()
        assert "SQLite WAL" in body and "Unrelated" not in body, text


def test_the_project_list_filters_by_status_and_owner(member_client, done_project, other_member):
    make_project(other_member, status=ProjectStatus.DRAFT, question="Bob's draft")
    body = member_client.get("/", {"status": "draft"}).content.decode()
    assert "Bob&#x27;s draft" in body and "SQLite WAL" not in body
    body = member_client.get("/", {"owner": "alice"}).content.decode()
    assert "SQLite WAL" in body and "Bob" not in body


def test_the_new_project_page_says_which_llm_and_search_will_be_used(member_client, settings):
    settings.LLM_MODEL = "gpt-test"
    body = member_client.get("/projects/new/").content.decode()
    assert "gpt-test" in body and "DuckDuckGo" in body


def test_the_new_project_page_shows_how_each_model_is_asked(member_client, settings):
    settings.LLM_MODEL, settings.LLM_FAST_MODEL = "big", "small"
    ModelProfile.objects.save_profile(
        "http://llm.test/v1/", "small", {"token_param": "max_completion_tokens"}
    )
    body = member_client.get("/projects/new/").content.decode()
    assert "small: structured output: json_schema; output limit: max_completion_tokens" in body


def test_the_new_project_page_refuses_an_llm_project_without_an_llm(member_client, settings):
    settings.LLM_MODEL = ""
    body = member_client.get("/projects/new/").content.decode()
    assert "LLM_MODEL" in body and "extractive engine" in body
    form = {**_form(), "question": "Why?", "engine": "llm"}
    response = member_client.post("/projects/new/", form, follow=True)
    assert "LLM_MODEL" in response.content.decode()
    assert not Project.objects.exists()


def test_without_an_llm_the_new_project_page_starts_an_extractive_project(member_client, settings):
    settings.LLM_MODEL = ""
    body = member_client.get("/projects/new/").content.decode()
    assert '<option value="extractive" selected>' in body
    response = member_client.post("/projects/new/", {**_form(), "engine": "extractive"})
    project = Project.objects.get()
    assert response.status_code == 302 and project.opts.engine == "extractive"
    assert project.status == "planning"


def _form(**overrides) -> dict:
    data = {
        "question": "Why is the sky blue?",
        "queries": 4,
        "sources_per_query": 4,
        "reflection_rounds": 1,
        "report_style": "professional",
        "language": "",
        "search_provider": "",
        "time_range": "",
        "token_budget": 100000,
        "engine": "llm",
        "fallback": "on",
        "sources": ["web"],
    }
    return {**data, **overrides}


def test_a_project_can_research_chosen_library_collections(member_client):
    from research.models import Collection

    chosen = Collection.objects.create(name="Board minutes")
    Collection.objects.create(name="Contracts")
    body = member_client.get("/projects/new/").content.decode()
    assert "The team library" in body and "Board minutes" in body
    form = _form(sources=["web", "library"], collections=[chosen.pk], draft="1")
    member_client.post("/projects/new/", form)
    project = Project.objects.get()
    assert (project.opts.sources, project.opts.collections) == (["web", "library"], [chosen.pk])


def test_a_project_must_search_somewhere(member_client):
    response = member_client.post("/projects/new/", _form(sources=[]))
    assert response.status_code == 200
    assert "This field is required" in response.content.decode()
    assert not Project.objects.exists()


def test_a_draft_can_be_saved_without_starting(member_client, member):
    response = member_client.post("/projects/new/", {**_form(), "draft": "1"})
    project = Project.objects.get()
    assert response.url == f"/projects/{project.pk}/"
    assert project.status == ProjectStatus.DRAFT and project.owner == member
    assert project.opts.token_budget == 100000


def test_bad_options_are_shown_next_to_their_field(member_client):
    response = member_client.post("/projects/new/", _form(queries=99))
    assert response.status_code == 200
    assert "less than or equal to 20" in response.content.decode()
    assert not Project.objects.exists()


def test_the_project_page_shows_outline_report_with_linked_citations_and_activity(
    member_client, done_project
):
    body = member_client.get(f"/projects/{done_project.pk}/").content.decode()
    source = done_project.sources.get()
    summary = Summary.objects.get()
    assert "sqlite wal" in body and "Background" in body
    assert f'href="/sources/{source.pk}/#q{summary.pk}-0"' in body
    assert "Plan" in body  # the activity log


def test_the_progress_partial_polls_only_while_running(member_client, done_project):
    body = member_client.get(f"/projects/{done_project.pk}/progress/").content.decode()
    assert 'id="progress"' in body and "data-poll" not in body
    force_status(done_project, ProjectStatus.RESEARCHING)
    body = member_client.get(f"/projects/{done_project.pk}/progress/").content.decode()
    assert f'data-poll="/projects/{done_project.pk}/progress/"' in body


def test_the_source_page_highlights_the_quotes_in_the_text(member_client, done_project):
    source = done_project.sources.get()
    summary = Summary.objects.get()
    body = member_client.get(f"/sources/{source.pk}/").content.decode()
    assert f'<mark id="q{summary.pk}-0">The write-ahead log lets readers' in body
    assert "Readers continue during writes." in body


def test_a_citation_links_to_a_marked_quote_when_two_queries_quote_the_same_passage(
    member_client, done_project
):
    """The source page marks a repeated quote inside the first, which is under the first query
    in the outline; the report's citation links to that outer mark, even when the later
    query's summary was written first."""
    first_query = done_project.queries.get()
    source = done_project.sources.get()
    Summary.objects.all().delete()
    later_query = Query.objects.create(project=done_project, text="wal readers", position=1)
    quote = "The write-ahead log lets readers continue while a writer appends."
    written_first = Summary.objects.create(query=later_query, source=source, quotes=[quote])
    marked = Summary.objects.create(query=first_query, source=source, quotes=[quote])
    assert written_first.pk < marked.pk
    page = member_client.get(f"/sources/{source.pk}/").content.decode()
    assert f'<mark id="q{marked.pk}-0"><mark id="q{written_first.pk}-0">The write-ahead' in page
    report = member_client.get(f"/projects/{done_project.pk}/").content.decode()
    assert f'href="/sources/{source.pk}/#q{marked.pk}-0"' in report


def test_source_flags_are_set_by_the_buttons(member_client, done_project, member):
    source = done_project.sources.get()
    member_client.post(f"/sources/{source.pk}/exclude/")
    member_client.post(f"/sources/{source.pk}/pin/")
    source.refresh_from_db()
    assert source.excluded and source.pinned and source.updated_by == member


def test_the_query_page_shows_judgements_and_offers_a_rerun(member_client, done_project):
    query = done_project.queries.get()
    body = member_client.get(f"/queries/{query.pk}/").content.decode()
    assert "Primary docs" in body and "Save and rerun" in body and "other queries" in body.lower()


def test_editing_a_query_of_a_cancelled_project_is_refused_with_a_message(
    member_client, done_project
):
    force_status(done_project, ProjectStatus.CANCELLED)
    query = done_project.queries.get()
    response = member_client.post(
        f"/queries/{query.pk}/edit/", {"text": "new", "rerun": "1"}, follow=True
    )
    assert "cancelled" in response.content.decode()
    query.refresh_from_db()
    assert query.text == "sqlite wal"


def test_plan_review_edits_adds_removes_and_reorders(member_client, member):
    project = make_project(member, status=ProjectStatus.AWAITING_REVIEW, question="q")
    section = Section.objects.create(project=project, title="One", position=0)
    first = Query.objects.create(project=project, section=section, text="first", position=0)
    second = Query.objects.create(project=project, section=section, text="second", position=1)
    assert member_client.get(f"/projects/{project.pk}/review/").status_code == 200
    member_client.post(f"/queries/{first.pk}/edit/", {"text": "first, edited", "rerun": "0"})
    member_client.post(
        f"/projects/{project.pk}/queries/add/", {"text": "third", "section": section.pk}
    )
    member_client.post(f"/queries/{second.pk}/move/up/")
    member_client.post(f"/queries/{first.pk}/delete/")
    texts = list(project.queries.order_by("position").values_list("text", flat=True))
    assert texts == ["second", "third"]
    assert not StepRun.objects.filter(project=project).exists()  # nothing ran


def test_notes_are_added_by_anyone_and_changed_only_by_their_author(
    client, member, other_member, done_project
):
    client.force_login(member)
    client.post("/notes/add/", {"target": f"project:{done_project.pk}", "text": "Check [1]"})
    note = Note.objects.get()
    assert note.author == member and note.project == done_project
    client.force_login(other_member)
    response = client.post(f"/notes/{note.pk}/edit/", {"text": "hijacked"}, follow=True)
    assert "Only the author" in response.content.decode()
    client.post(f"/notes/{note.pk}/delete/")
    note.refresh_from_db()
    assert note.text == "Check [1]"
    client.force_login(member)
    client.post(f"/notes/{note.pk}/delete/")
    assert not Note.objects.exists()


def test_notes_attach_to_sources_summaries_and_reports(member_client, done_project):
    source, summary, report = (
        done_project.sources.get(),
        Summary.objects.get(),
        Report.objects.get(),
    )
    for target in (f"source:{source.pk}", f"summary:{summary.pk}", f"report:{report.pk}"):
        member_client.post("/notes/add/", {"target": target, "text": f"on {target}"})
    assert Note.objects.filter(project=done_project).count() == 3
    assert (
        f"on summary:{summary.pk}" in member_client.get(f"/sources/{source.pk}/").content.decode()
    )
    assert (
        f"on report:{report.pk}"
        in member_client.get(f"/projects/{done_project.pk}/report/").content.decode()
    )


def test_report_versions_can_be_compared(member_client, done_project):
    add_report(
        done_project, [], markdown="# WAL\n\nWriters append to a separate log [1].\n", style="news"
    )
    body = member_client.get(f"/projects/{done_project.pk}/report/", {"a": 1, "b": 2}).content
    body = body.decode()
    assert 'class="diff-add">+ Writers append' in body
    assert 'class="diff-del">- Readers keep reading' in body


def test_the_report_exports_as_markdown(member_client, done_project):
    response = member_client.get(f"/projects/{done_project.pk}/report/export.md")
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    text = response.content.decode()
    assert done_project.question in text and "## References" in text


@needs_pango()
def test_the_report_exports_as_pdf(member_client, done_project):
    response = member_client.get(f"/projects/{done_project.pk}/report/export.pdf", {"version": 1})
    assert response.status_code == 200 and response.content.startswith(b"%PDF")


def test_the_report_page_offers_the_evidence_package(member_client, done_project):
    body = member_client.get(f"/projects/{done_project.pk}/report/").content.decode()
    href = f"/projects/{done_project.pk}/report/export.zip?version=1"
    assert f'href="{href}"' in body
    assert "Evidence package (ZIP)" in body


@needs_pango()
def test_the_report_exports_as_an_evidence_package(member_client, done_project):
    response = member_client.get(f"/projects/{done_project.pk}/report/export.zip", {"version": 1})
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    assert response.content.startswith(b"PK")
    again = member_client.get(f"/projects/{done_project.pk}/report/export.zip", {"version": 1})
    assert again.content == response.content


def test_an_unknown_version_is_a_404(member_client, done_project):
    response = member_client.get(f"/projects/{done_project.pk}/report/export.md", {"version": 9})
    assert response.status_code == 404
    response = member_client.get(f"/projects/{done_project.pk}/report/export.zip", {"version": 9})
    assert response.status_code == 404


def test_deleting_a_project_moves_it_to_the_trash(member_client, done_project):
    response = member_client.post(f"/projects/{done_project.pk}/delete/", follow=True)
    assert "was moved to the trash" in response.content.decode()
    assert Project.objects.trashed().get() == done_project


def test_api_tokens_are_shown_once_and_can_be_revoked(member_client, member):
    response = member_client.post("/account/tokens/", {"name": "script"}, follow=True)
    shown = re.search(r'id="new-token">(dsr_[^<]+)<', response.content.decode())
    assert shown is not None
    token = shown.group(1)
    assert "dsr_" not in member_client.get("/account/").content.decode().replace(
        ApiToken.objects.get().prefix, ""
    )
    saved = ApiToken.objects.get()
    assert saved.key_hash != token and token.startswith(saved.prefix)
    member_client.post(f"/account/tokens/{saved.pk}/revoke/")
    saved.refresh_from_db()
    assert saved.revoked_at is not None


def test_every_page_sends_a_content_security_policy_without_inline_script(
    member_client, done_project
):
    response = member_client.get(f"/projects/{done_project.pk}/")
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert "<script>" not in response.content.decode()


def test_forms_without_the_csrf_token_are_refused(done_project, member):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(member)
    response = client.post(f"/projects/{done_project.pk}/delete/")
    assert response.status_code == 403
    assert Project.objects.filter(pk=done_project.pk).exists()


def test_the_project_page_costs_the_same_sql_whatever_its_size(
    member_client, member, django_assert_max_num_queries
):
    small = big_project(member, sources=5, summaries=3, notes=1)
    big = big_project(member)
    for project in (small, big):
        with django_assert_max_num_queries(30):
            assert member_client.get(f"/projects/{project.pk}/").status_code == 200


def test_the_project_list_costs_the_same_sql_whatever_its_length(
    member_client, member, django_assert_max_num_queries
):
    owners = [get_user_model().objects.create_user(f"u{i}") for i in range(5)]
    many_projects(owners, 60, question="q{i}")
    with django_assert_max_num_queries(12):
        assert member_client.get("/").status_code == 200
    with django_assert_max_num_queries(12):
        assert member_client.get("/", {"q": "q1", "page": 2}).status_code == 200


XSS = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "[click](javascript:alert(1))",
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    "<iframe src=//evil.example></iframe>",
    '<svg onload="alert(1)">',
]


def _assert_inert(body: str) -> None:
    """Parse the page as a browser would: only our own script, no handlers, no bad links."""
    from html.parser import HTMLParser

    found = []

    class Tags(HTMLParser):
        def handle_starttag(self, tag, attrs):
            found.append((tag, dict(attrs)))

    Tags().feed(body)
    for tag, attrs in found:
        assert tag not in ("iframe", "svg", "object", "embed", "img"), (tag, attrs)
        if tag == "script":
            assert attrs.get("src", "").startswith("/static/"), attrs
        assert not [name for name in attrs if name.startswith("on")], (tag, attrs)
        href = (attrs.get("href") or "").strip().lower()
        assert not href.startswith(("javascript:", "data:", "vbscript:")), (tag, attrs)


@pytest.mark.parametrize("payload", XSS)
def test_payloads_from_the_llm_the_web_and_notes_stay_inert(
    member_client, done_project, member, payload
):
    Report.objects.filter(project=done_project).update(markdown=f"# R\n\n{payload} [1]\n")
    PageSnapshot.objects.update(text=f"{PAGE_TEXT}\n\n{payload}")
    Summary.objects.update(text=payload)
    Note.objects.create(project=done_project, author=member, text=payload)
    source = done_project.sources.get()
    for path in (
        f"/projects/{done_project.pk}/",
        f"/projects/{done_project.pk}/report/",
        f"/sources/{source.pk}/",
    ):
        _assert_inert(member_client.get(path).content.decode())


def test_a_page_under_a_trashed_project_is_the_sites_own_404_saying_why(
    member_client, done_project, member
):
    from research.services import trash

    query = done_project.queries.first()
    trash.trash(done_project, user=member)
    response = member_client.get(f"/queries/{query.pk}/")
    body = response.content.decode()
    assert response.status_code == 404 and "<h1>Not found</h1>" in body
    assert "trash" in body and 'href="/"' in body
    missing = member_client.get("/no/such/page/")
    assert missing.status_code == 404 and "There is no page at /no/such/page/" in (
        missing.content.decode()
    )


def test_a_result_another_query_chose_says_it_was_read_for_that_query_not_this_one(
    member_client, member
):
    from research.models import QuerySource
    from tests.factories import add_queries, add_source

    project = make_project(member)
    here, there = add_queries(project, 2)
    page = add_source(project, "https://example.org/a", fetch_status="fetched")
    QuerySource.objects.create(query=here, source=page, rank=1, selected=False)
    QuerySource.objects.create(query=there, source=page, rank=1, selected=True)
    body = member_client.get(f"/queries/{here.pk}/").content.decode()
    assert "not read for this query" in body and f'href="/queries/{there.pk}/"' in body
    chosen = member_client.get(f"/queries/{there.pk}/").content.decode()
    assert "not read for this query" not in chosen and "Fetched" in chosen


def test_the_version_diff_compares_the_previous_version_with_the_current_by_default(
    member_client, done_project
):
    from tests.factories import add_report

    add_report(done_project, [], markdown="# Report\n\nNewer text.", version=2)
    body = member_client.get(f"/projects/{done_project.pk}/report/").content.decode()
    assert re.search(r'name="a" value="1" checked', body)
    assert re.search(r'name="b" value="2" checked', body)


def test_the_new_project_form_sets_a_refresh_schedule_and_names_collections_plainly(
    member_client,
):
    page = member_client.get("/projects/new/").content.decode()
    assert 'name="refresh"' in page and "Every week" in page and "by id" not in page
    member_client.post("/projects/new/", {**_form(), "refresh": "weekly", "draft": "1"})
    assert Project.objects.get().opts.refresh == "weekly"


def test_a_run_of_the_same_step_is_one_activity_line_with_the_rest_under_more(
    member_client, member
):
    from django.utils import timezone

    from tests.factories import add_step

    project = make_project(member)
    for i in range(14):
        add_step(project, f"recheck:{i}", started_at=timezone.now())
    body = member_client.get(f"/projects/{project.pk}/").content.decode()
    activity = body.split('<section id="activity">')[1]
    assert activity.count("Recheck") == 1 and "and 13 more" in activity


def test_the_progress_poll_brings_the_outline_and_the_counts_with_it(member_client, member):
    from tests.factories import add_queries

    project = make_project(member, status=ProjectStatus.RESEARCHING)
    add_queries(project, 2)
    body = member_client.get(f"/projects/{project.pk}/progress/").content.decode()
    assert 'id="progress"' in body and 'id="outline-list" data-live' in body
    assert 'id="tabs" data-live' in body and "Outline (2 queries)" in body
    assert body.count('href="/queries/') == 2


def test_the_progress_poll_brings_a_note_added_since_the_page_was_loaded(member_client, member):
    from research.models import Note

    project = make_project(member, status=ProjectStatus.RESEARCHING)
    Note.objects.create(project=project, author=member, text="Check the 2026 figures")
    body = member_client.get(f"/projects/{project.pk}/progress/").content.decode()
    notes = body.split(f'id="notes-list-project{project.pk}" data-live>')[1]
    assert "Check the 2026 figures" in notes


def test_a_running_projects_source_list_polls_itself_and_a_finished_ones_does_not(
    member_client, member
):
    from tests.factories import add_sources

    project = make_project(member, status=ProjectStatus.RESEARCHING)
    add_sources(project, 2)
    url = f"/projects/{project.pk}/sources/?status=fetched"
    body = member_client.get(url).content.decode()
    assert f'data-poll="{url.replace("&", "&amp;")}"' in body
    assert 'id="source-rows" data-live' in body and body.count('href="/sources/') == 2
    force_status(project, ProjectStatus.DONE)
    body = member_client.get(url).content.decode()
    assert 'id="progress"' not in body and "data-poll" not in body


def test_the_version_diff_shows_each_section_with_its_words_added_and_removed(
    member_client, done_project
):
    from tests.factories import add_report

    first = done_project.reports.get()
    changed = first.markdown.replace("WAL", "Write-ahead logging", 1)
    changed = changed.replace("## References", "## Added section\n\nNew text.\n\n## References")
    add_report(done_project, [], markdown=changed, version=2)
    body = member_client.get(f"/projects/{done_project.pk}/report/?a=1&b=2").content.decode()
    assert "<ins>Write-ahead logging</ins>" in body and "<del>WAL</del>" in body
    assert 'Added section <span class="tag">added</span>' in body


def test_a_projects_refresh_schedule_is_set_on_its_page(member_client, done_project):
    page = member_client.get(f"/projects/{done_project.pk}/").content.decode()
    assert f'action="/projects/{done_project.pk}/schedule/"' in page and "Every week" in page
    member_client.post(f"/projects/{done_project.pk}/schedule/", {"refresh": "weekly"})
    done_project.refresh_from_db()
    assert done_project.opts.refresh == "weekly"
    refused = member_client.post(
        f"/projects/{done_project.pk}/schedule/", {"refresh": "hourly"}, follow=True
    )
    assert "Choose never, every day" in refused.content.decode()
    done_project.refresh_from_db()
    assert done_project.opts.refresh == "weekly"


def test_no_template_comment_spans_lines_for_django_would_print_it():
    from pathlib import Path

    templates = Path(__file__).resolve().parent.parent / "templates"
    for path in templates.rglob("*.html"):
        for line in path.read_text().splitlines():
            assert "{#" not in line or "#}" in line.split("{#", 1)[1], (path, line)
