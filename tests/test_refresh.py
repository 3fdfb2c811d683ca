"""Refreshing a finished project: pages rechecked with conditional GETs, new results looked
for since the last run, only what changed summarised again, and a new version only when
something changed, closing with what did."""

from __future__ import annotations

import pytest

from research.models import (
    ActivityAction,
    ActivityEntry,
    Claim,
    PageCheck,
    Project,
    ProjectStatus,
    Refresh,
    SourceCheck,
    Stage,
    StepRun,
)
from research.services import refreshes
from research.views.reports import render_report
from tests.fakes.web import article, render_article
from tests.test_pipeline_run import research, run_inline

pytest_plugins = ["tests.api_fixtures"]
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fast_passwords")]


GARDENING = (
    "<html><head><title>Winter pruning</title></head><body><article><h1>Winter pruning</h1>"
    + "".join(
        f"<p>{line}</p>"
        for line in (
            "Apple trees are pruned in late winter, while the buds are still closed.",
            "Cut back crossing branches first, then open the centre of the tree to light.",
            "Roses want a harder cut: take each stem down to three or four outward buds.",
            "Clean blades between plants, so that canker does not travel from one to the next.",
            "Leave stone fruit alone until summer, when silver leaf spores are fewer.",
        )
    )
    + "</article></body></html>"
)


def finished(*args: str) -> Project:
    result, code = research("How does SQLite WAL mode work?", *args)
    assert code == 0, result
    return Project.objects.get(pk=result["project_id"])


def refreshed(api, project: Project) -> tuple[Project, dict]:
    started: dict = {}

    def post() -> None:
        response = api.post(f"/api/projects/{project.pk}/refresh")
        assert response.status_code == 202, response.content
        started.update(response.json())

    project = run_inline(post, project)
    return project, started


def summaries_asked(world) -> int:
    return world.llm.responder.kinds.count("ChunkSummary")


def test_a_refresh_that_finds_nothing_new_makes_no_version_and_spends_no_summary_tokens(world, api):
    project = finished()
    versions, summaries = project.reports.count(), summaries_asked(world)
    searches = len(world.searx.requests)
    project, started = refreshed(api, project)
    assert started["status"] == "running" and started["since_version"] == 1
    assert started["time_range"] == "day"  # the project finished moments ago
    assert project.status == ProjectStatus.DONE and project.reports.count() == versions
    assert summaries_asked(world) == summaries  # 0 summary tokens
    checks = SourceCheck.objects.filter(refresh_id=started["id"])
    fetched = project.sources.filter(fetch_status="fetched").count()
    assert checks.count() == fetched and {c.outcome for c in checks} == {PageCheck.UNCHANGED}
    assert world.web.not_modified == fetched  # every page answered 304 to its ETag
    new_searches = world.searx.requests[searches:]
    assert len(new_searches) == project.queries.count()
    assert {r.get("time_range") for r in new_searches} == {"day"}
    line = ActivityEntry.objects.get(project=project, action=ActivityAction.REFRESHED)
    assert line.detail.startswith("Nothing changed since v1:")
    listed = api.get(f"/api/projects/{project.pk}/refreshes").json()
    assert [(r["status"], r["changed"]) for r in listed] == [("done", False)]


def test_a_refresh_where_one_page_changed_writes_a_version_saying_so_and_resummarises_it_alone(
    world, api
):
    project = finished()
    cited = project.reports.get().cited_sources.order_by("n")[0]
    path = "/" + cited.url.split("/", 3)[3]
    world.web.add(path, render_article(article("tidal-energy-in-norway")).encode())
    selected_by = cited.results.filter(selected=True).count()
    summaries = summaries_asked(world)
    project, started = refreshed(api, project)
    assert project.status == ProjectStatus.DONE
    report = project.reports.get(is_current=True)
    assert report.version == 2
    section = report.markdown.split("## What changed since v1", 1)[1]
    assert "### Changed sources (1)\n\n- " in section and f"[{cited.n}]" in section
    assert "New sources" not in section and "disappeared" not in section.split("## Ref")[0]
    assert "\n    - Added: “" in section and "tidal" in section.split("Added:")[1].lower()
    assert "\n    - Removed: “" in section  # the page as it was, in short
    html = render_report(report)
    assert "<h3>Changed sources (1)</h3>" in html and "<li>Added: " in html
    ledger = Claim.objects.filter(report=report)
    assert ledger.exists() and not any("Changed sources" in c.sentence for c in ledger)
    assert not any("Added:" in c.sentence or "tidal" in c.sentence.lower() for c in ledger)
    assert summaries_asked(world) - summaries == selected_by  # only the changed page again
    cited.refresh_from_db()
    assert cited.generation == 1 and "tidal energy" in cited.text
    check = SourceCheck.objects.get(refresh_id=started["id"], source=cited)
    assert check.previous is not None and "tidal" not in check.previous.text
    assert check.outcome == PageCheck.CHANGED
    done = Refresh.objects.get(pk=started["id"])
    assert (done.status, done.changed) == ("done", True)
    assert [c["n"] for c in done.changes["changed"]] == [cited.n]
    assert StepRun.objects.filter(project=project, stage=Stage.CLAIMS).count() >= 2


def test_claims_a_changed_page_no_longer_supports_are_listed_linked_to_their_ledger_entry(
    world, api, member_client
):
    project = finished("--engine", "extractive")
    first = project.reports.get()
    cited = first.cited_sources.order_by("n")[0]
    moved = list(Claim.objects.filter(report=first, sources=cited, status="supported"))
    assert moved
    # The page now says something else entirely (another article of the fake web would share
    # its sentence frames, "Experts caution that data on ... is hard to compare", with it).
    world.web.add("/" + cited.url.split("/", 3)[3], GARDENING.encode())
    project, _ = refreshed(api, project)
    report = project.reports.get(is_current=True)
    section = report.markdown.split("### Claims whose support changed", 1)[1].split("##")[0]
    for claim in moved:
        href = f"/projects/{project.pk}/report/claims/?version=1#sentence-{claim.position}"
        assert f"was supported, [now unsupported]({href})" in section
    page = member_client.get(f"/projects/{project.pk}/report/").content.decode()
    href = f"/projects/{project.pk}/report/claims/?version=1#sentence-{moved[0].position}"
    assert f'<a href="{href}" rel="nofollow noopener noreferrer">now unsupported</a>' in page
    claims_page = member_client.get(href.split("#")[0]).content.decode()
    assert f'id="sentence-{moved[0].position}"' in claims_page


def test_a_page_without_validators_is_compared_by_its_text_and_a_vanished_one_is_listed(world, api):
    project = finished("--engine", "extractive")
    world.web.validators = False  # no ETag: each page is downloaded and its text compared
    gone = project.reports.get().cited_sources.order_by("-n")[0]
    world.web.add("/" + gone.url.split("/", 3)[3], b"Not here", status=404)
    stamped = project.reports.get().cited_sources.order_by("n")[0]
    slug = stamped.url.rsplit("/", 1)[1]
    page = render_article(article(slug)) + "<!-- served at 12:00 -->"  # other bytes, same text
    world.web.add(f"/page/{slug}", page.encode())
    project, started = refreshed(api, project)
    checks = {c.source_id: c for c in SourceCheck.objects.filter(refresh_id=started["id"])}
    assert checks[gone.pk].outcome == PageCheck.GONE and "404" in checks[gone.pk].detail
    assert (checks[stamped.pk].outcome, checks[stamped.pk].detail) == ("unchanged", "the same text")
    others = [c for pk, c in checks.items() if pk not in (gone.pk, stamped.pk)]
    assert others and {c.detail for c in others} == {"the same bytes (sha256)"}
    report = project.reports.get(is_current=True)
    assert report.version == 2 and "### Sources that disappeared (1)" in report.markdown


def test_a_new_result_since_the_last_run_is_fetched_summarised_and_listed_as_new(world, api):
    project = finished()
    plain = world.searx.results_for

    def with_news(query: str) -> list[dict]:
        results = plain(query)
        news = dict(results[0], url=world.web.page_url("sqlite-wal-news-2026"))
        news["title"] = f"News on {query}"
        return [news, *results]

    world.searx.results_for = with_news
    summaries = summaries_asked(world)
    project, _ = refreshed(api, project)
    new = project.sources.get(url=world.web.page_url("sqlite-wal-news-2026"))
    assert new.fetch_status == "fetched" and new.summaries.filter(relevant=True).exists()
    assert summaries_asked(world) - summaries == new.results.filter(selected=True).count()
    report = project.reports.get(is_current=True)
    assert "### New sources (1)" in report.markdown and f"[{new.n}]" in report.markdown


def test_a_refresh_is_refused_while_the_project_runs_or_another_refresh_is_under_way(
    world, api, member
):
    from tests.factories import make_project

    draft = make_project(member, status=ProjectStatus.DRAFT)
    response = api.post(f"/api/projects/{draft.pk}/refresh")
    assert response.status_code == 409 and "Only a finished project" in response.json()["detail"]
    project = finished()
    refreshes.start_refresh(project, user=member)  # nothing runs it: it stays under way
    response = api.post(f"/api/projects/{project.pk}/refresh")
    assert response.status_code == 409
    assert "already under way" in response.json()["detail"]
    assert Refresh.objects.filter(project=project).count() == 1


def test_a_refresh_has_its_own_token_budget(world, api):
    project = finished()
    used = project.tokens
    budget = used + 2000  # what the first run leaves is too little for two changed pages
    project.options = {**project.options, "token_budget": budget}
    project.save(update_fields=["options"])
    cited = project.reports.get().cited_sources.order_by("n")
    for source in cited[:2]:  # two changed pages: more to summarise than the budget has left
        path = "/" + source.url.split("/", 3)[3]
        world.web.add(path, render_article(article(f"tidal-energy-{source.n}")).encode())
    project, started = refreshed(api, project)
    assert project.status == ProjectStatus.DONE, project.error
    assert project.tokens_base == used
    assert project.tokens - used > budget - used  # what the first run left would not do


def test_the_search_range_is_the_smallest_covering_the_time_since_the_last_run():
    from datetime import datetime, timedelta

    now = datetime(2026, 11, 23, 12, 0)
    since = refreshes.time_range_since
    assert since(now - timedelta(hours=3), now) == "day"
    assert since(now - timedelta(days=3), now) == "week"
    assert since(now - timedelta(days=20), now) == "month"
    assert since(now - timedelta(days=200), now) == "year"
    assert since(now - timedelta(days=800), now) == ""
    assert since(None, now) == ""


def test_the_project_page_refreshes_and_says_what_the_last_refresh_found(world, member_client):
    project = finished("--engine", "extractive")
    page = member_client.get(f"/projects/{project.pk}/").content.decode()
    assert f'action="/projects/{project.pk}/refresh/"' in page

    def press() -> None:
        assert member_client.post(f"/projects/{project.pk}/refresh/").status_code == 302

    project = run_inline(press, project)
    page = member_client.get(f"/projects/{project.pk}/").content.decode()
    assert "nothing changed." in page and "Nothing changed since v1" in page


def test_a_refresh_after_a_revised_figure_says_old_to_new_and_the_figures_show_the_new_one(
    world, api
):
    from research.models import Dataset
    from tests.factories import make_library_document

    make_library_document(
        [
            "Aurora Cycles preliminary results. Aurora Cycles revenue was $17.9 million in "
            "2023, up from $16.8 million in 2022, on strong cargo bike sales."
        ],
        title="Aurora Cycles preliminary results 2023",
        kind="md",
    )
    question = "How did Aurora Cycles' revenue change from 2022 to 2023?"
    result, code = research(question, "--engine", "extractive", "--sources", "library")
    assert code == 0, result
    project = Project.objects.get(pk=result["project_id"])
    (before,) = Dataset.objects.filter(project=project)
    assert {r.period: r.value for r in before.rows.counted()}["2023"] == 17_900_000
    make_library_document(
        [
            "Aurora Cycles annual report, final figures. Aurora Cycles revenue was $18.2 million "
            "in 2023 after the audit, up from $16.8 million in 2022."
        ],
        title="Aurora Cycles annual report 2023",
        kind="md",
    )
    project, _ = refreshed(api, project)
    report = project.reports.get(is_current=True)
    assert report.version == 2
    changed = report.markdown.split("### Changed figures (1)", 1)[1].split("\n##", 1)[0]
    assert "17,900,000 USD" in changed and "→ 18,200,000 USD" in changed
    (now,) = Dataset.objects.filter(project=project, current=True)
    assert {r.period: r.value for r in now.rows.counted()}["2023"] == 18_200_000
    assert now.rows.exclude(superseded="").get().value == 17_900_000  # shown, not counted
    top = dict(zip(now.computed["columns"], now.computed["rows"][0], strict=True))
    assert top["last_value"] == 18_200_000  # what is charted: the change to the new figure
    assert now.chart_spec["data"]["values"][0]["percent_change"] == top["percent_change"]
    figures = report.markdown.split("## References")[0]
    assert f"/datasets/{now.pk}/" in figures and "$17.9 million | " not in figures
    first = project.reports.get(version=1)
    assert f"/datasets/{before.pk}/" in first.markdown
    assert Dataset.objects.filter(pk=before.pk, current=False).exists()  # v1's, kept
