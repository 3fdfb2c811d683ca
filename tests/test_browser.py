"""A member's day in a real browser: Debian's Chromium driven by Playwright, against the live
server, the real worker and the loopback fakes. Screenshots go to test-output/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.system import chromium, needs_chromium, needs_pango

CHROMIUM = chromium() or "chromium"
SHOTS = Path(__file__).resolve().parent.parent / "test-output" / "screenshots"
FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.worker,
    needs_chromium("the pages cannot be driven in a browser (Debian's Chromium, by Playwright)"),
    needs_pango(),  # the member downloads the report as a PDF
]


@pytest.fixture
def browser(monkeypatch):
    from django.db import connections
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; the test's own ORM calls are
    # still synchronous and safe.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser
        browser.close()
        # While that loop counts as running, Django keeps this thread's connections apart, in
        # context-local storage that the test database teardown never sees: close them before
        # Playwright stops, or the test database cannot be dropped (another session uses it).
        connections.close_all()


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(base_url=live_server.url, accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield page
    context.close()


def shot(page, name: str) -> None:
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def sign_in(page) -> None:
    page.goto("/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", "correct horse battery")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/$"))


def wait_until_done(page, timeout_ms: int = 150_000) -> None:
    page.wait_for_selector('#progress[data-status="done"]', timeout=timeout_ms)


def researched(page, member, question: str = "How does SQLite WAL mode work?", **options):
    """A project of this question and options, run by the started worker and signed in to,
    with its page open once it is done."""
    from research.models import ProjectStatus
    from research.services import runs
    from tests.factories import make_project

    project = make_project(member, status=ProjectStatus.DRAFT, question=question, options=options)
    runs.start(project, user=member)
    sign_in(page)
    page.goto(f"/projects/{project.pk}/")
    wait_until_done(page)
    return project


def test_a_member_researches_inspects_reruns_and_exports(page, world, start_worker, member):
    start_worker()
    # 1. log in
    sign_in(page)
    shot(page, "01-projects")
    # 2. create a project against the loopback fakes
    page.click("text=New research")
    page.fill("#id_question", "How does SQLite WAL mode work?")
    page.fill("#id_queries", "2")
    page.fill("#id_sources_per_query", "2")
    page.fill("#id_reflection_rounds", "0")
    page.select_option("#id_engine", "extractive")  # styles need the LLM: greyed out, saying so
    style = page.locator("#id_report_style")
    assert "needs-llm" in (style.get_attribute("class") or "")
    assert "Styles need the LLM" in (style.get_attribute("title") or "")
    page.select_option("#id_engine", "llm")
    assert "needs-llm" not in (style.get_attribute("class") or "")
    shot(page, "02-new-project")
    page.click("button:has-text('Start research')")
    page.wait_for_url(re.compile(r"/projects/\d+/$"))
    shot(page, "03-project-running")
    # 3. watch it reach done (the page polls and reloads itself)
    wait_until_done(page)
    assert page.locator("article.report a.cite").count() > 0
    shot(page, "04-project-done")
    # 4. open a source from a citation and see its quote highlighted
    page.locator("article.report a.cite").first.click()
    page.wait_for_url(re.compile(r"/sources/\d+/#(?:c\d+|q\d+-\d+)$"))  # the ledger's quote
    mark = page.locator("mark:target")
    assert mark.count() == 1 and mark.is_visible()
    assert len(mark.inner_text()) > 10
    shot(page, "05-source")
    # 5. edit and rerun a query
    page.go_back()
    page.locator("ul.queries a").first.click()
    page.wait_for_url(re.compile(r"/queries/\d+/$"))
    shot(page, "06-query")
    page.fill("#query-text", "sqlite wal checkpoints")
    page.click("button:has-text('Save and rerun')")
    page.wait_for_selector("text=The query is being researched again.")
    page.locator(".crumbs a").first.click()
    wait_until_done(page)
    assert "sqlite wal checkpoints" in page.locator("#outline").inner_text()
    assert "version 2" in page.locator("#report").inner_text()
    # 6. export the PDF
    with page.expect_download() as download_info:
        page.locator("#report a:has-text('PDF')").click()
    pdf = Path(download_info.value.path()).read_bytes()
    assert pdf.startswith(b"%PDF")
    page.goto(page.url.split("#")[0] + "report/")
    shot(page, "07-report-versions")


def test_a_member_uploads_files_with_progress_and_sees_each_outcome(
    page, member, settings, tmp_path
):
    """The collection page's script sends each file to the API with a progress bar, and each
    row ends with what happened to its file: added, already in the library, or refused with
    the API's reason. The page is not reloaded."""
    from research.models import Collection, Document

    settings.DATA_DIR = tmp_path
    settings.LIBRARY_MAX_UPLOAD_MB = 1
    board = Collection.objects.create(name="Board")
    minutes = b"# Minutes\n\nThe board approved the budget for 2026.\n" * 2000
    sign_in(page)
    page.click("nav >> text=Library")
    page.click(f"a[href='/library/collections/{board.pk}/']")
    page.evaluate("window.notReloaded = true")
    page.set_input_files(
        "#upload-form input[type=file]",
        files=[
            {"name": "minutes.md", "mimeType": "text/markdown", "buffer": minutes},
            {"name": "copy of minutes.md", "mimeType": "text/markdown", "buffer": minutes},
            {"name": "scan.pdf", "mimeType": "application/pdf", "buffer": b"0" * 1536 * 1024},
        ],
    )
    page.click("#upload-form button[type=submit]")
    page.wait_for_selector("#uploads li[data-outcome] >> nth=2")
    rows = page.locator("#uploads li")
    assert rows.count() == 3
    outcomes = [rows.nth(i).get_attribute("data-outcome") for i in range(3)]
    assert outcomes == ["added", "duplicate", "refused"]
    assert "Already in the library" in rows.nth(1).inner_text()
    assert "Refused: The file is 1.5 MB; the library takes files of up to 1 MB" in (
        rows.nth(2).inner_text()
    )
    for index in range(3):
        bar = rows.nth(index).locator("progress")
        assert bar.evaluate("bar => bar.value === bar.max && bar.max >= 100000")
    assert rows.nth(0).locator("[data-badge]").inner_text() == "Queued"
    assert page.evaluate("window.notReloaded") is True
    document = Document.objects.get()
    assert (document.collection_id, document.filename, document.size) == (
        board.pk,
        "minutes.md",
        len(minutes),
    )
    shot(page, "08-library-upload")


def test_a_member_uploads_documents_the_worker_reads_them_and_search_finds_them(
    page, member, start_worker
):
    """Several real files through the page's uploader; the real worker reads them while the
    rows show their status; then the library's search box finds a passage, highlighted, with
    its page, and the link lands on the passage in the document's page."""
    from research.models import Collection
    from tests import library_files as files

    start_worker()
    shelf = Collection.objects.create(name="Field guides")
    guide = files.pdf(
        [["Cover page."], ["Checkpoints copy the write-ahead log back into the database."]],
        title="SQLite field guide",
    )
    notes = files.docx(
        [("Title", "Ops notes"), ("Heading 1", "Backups"), ("", "Take nightly snapshots.")]
    )
    sign_in(page)
    page.goto(f"/library/collections/{shelf.pk}/")
    page.set_input_files(
        "#upload-form input[type=file]",
        files=[
            {"name": "guide.pdf", "mimeType": "application/pdf", "buffer": guide},
            {"name": "notes.docx", "mimeType": "application/octet-stream", "buffer": notes},
        ],
    )
    page.click("#upload-form button[type=submit]")
    for index in range(2):
        badge = page.locator("#uploads li").nth(index).locator("[data-badge]")
        badge.filter(has_text="Ready").wait_for(timeout=90_000)
    shot(page, "08-library-uploads")
    page.goto("/library/")
    page.fill("input[name=q]", "checkpoints database")
    page.press("input[name=q]", "Enter")
    hit = page.locator("mark").first
    hit.wait_for()
    body = page.locator("main").inner_text()
    assert "SQLite field guide" in body and "p. 2" in body
    shot(page, "09-library-search")
    page.locator("a[href*='#passage-']").first.click()
    page.wait_for_url(re.compile(r"/library/documents/\d+/#passage-\d+$"))
    assert "Checkpoints copy the write-ahead log" in page.locator(":target").inner_text()


def test_a_member_asks_a_follow_up_question_and_checks_the_claims_of_the_report(
    page, world, start_worker, member
):
    """On a finished project the question box's answer appears without a reload (the block
    polls while the worker answers), its [n] linking to the source; on the claims page,
    focusing a sentence shows its quote and source."""
    start_worker()
    project = researched(page, member, engine="extractive", queries=2, sources_per_query=2)
    page.evaluate("window.notReloaded = true")
    page.fill("#question-text", "How do checkpoints work in WAL mode?")
    page.click("#questions button:has-text('Ask')")
    page.wait_for_url(re.compile(r"/projects/\d+/#questions$"))
    page.evaluate("window.notReloaded = true")
    answer = page.locator("#questions article.question .answer a.cite").first
    answer.wait_for(timeout=60_000)
    assert page.evaluate("window.notReloaded") is True  # the block was replaced in place
    shot(page, "11-question-answered")
    answer.click()
    page.wait_for_url(re.compile(r"/sources/\d+/"))
    page.goto(f"/projects/{project.pk}/report/claims/")
    sentence = page.locator("span.claim").first
    evidence = page.locator(".claim-evidence").first
    assert not evidence.is_visible()
    sentence.focus()
    assert evidence.is_visible() and "“" in evidence.inner_text()
    shot(page, "12-claims-focused")


def test_on_a_phone_the_pages_a_member_reads_have_no_horizontal_scroll(
    browser, live_server, world, start_worker, member
):
    """At 390 px wide: the project list, a report, a source page and the library."""
    from research.models import ProjectStatus
    from research.services import runs
    from tests.factories import make_library_document, make_project

    start_worker()
    make_library_document(["A long passage about write-ahead logging in SQLite. " * 20])
    project = make_project(
        member,
        status=ProjectStatus.DRAFT,
        question="How does SQLite WAL mode work, and how do its checkpoints and readers interact?",
        options={"engine": "extractive", "queries": 2, "sources_per_query": 2},
    )
    runs.start(project, user=member)
    context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(20_000)
    sign_in(page)
    page.goto(f"/projects/{project.pk}/")
    wait_until_done(page)
    source = project.sources.filter(fetch_status="fetched").order_by("n")[0]
    for path in ("/", f"/projects/{project.pk}/report/", f"/sources/{source.pk}/", "/library/"):
        page.goto(path)
        wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        shot(page, "13-phone-" + (path.strip("/").replace("/", "-") or "projects"))
        assert wide <= 1, (path, wide)
    context.close()


def test_a_running_projects_outline_and_counts_change_without_a_reload(
    page, world, start_worker, member
):
    """The outline, the counts and the notes on the project's page, and the source list."""
    from research.models import Note, ProjectStatus
    from research.services import runs
    from tests.factories import make_project

    world.searx.latency = 1  # searches, then pages, take a while: the run is seen in its middle
    world.web.latency = 3
    start_worker()
    project = make_project(
        member,
        status=ProjectStatus.DRAFT,
        question="How does SQLite WAL mode work?",
        options={"engine": "extractive", "queries": 4, "sources_per_query": 2},
    )
    sign_in(page)
    runs.start(project, user=member)
    page.goto(f"/projects/{project.pk}/")
    page.evaluate("window.notReloaded = true")
    page.locator("#outline-list ul.queries li a").first.wait_for(timeout=60_000)
    assert page.evaluate("window.notReloaded") is True  # replaced in place, not reloaded
    for _ in range(120):  # the counts move on as pages are read
        if "Sources (0 read of 0)" not in page.locator("#tabs").inner_text():
            break
        page.wait_for_timeout(500)
    assert "Sources (0 read of 0)" not in page.locator("#tabs").inner_text()
    assert page.evaluate("window.notReloaded") is True
    Note.objects.create(project=project, author=member, text="Ask about the checkpoint size")
    page.locator("#notes .note-text:has-text('Ask about the checkpoint size')").wait_for()
    assert page.evaluate("window.notReloaded") is True
    shot(page, "14-running-live")
    # The source list, too, shows pages as they are read.
    page.goto(f"/projects/{project.pk}/sources/")
    page.evaluate("window.notReloaded = true")
    first = read_rows(page)
    for _ in range(120):
        if read_rows(page) > first or not page.evaluate("window.notReloaded"):
            break
        page.wait_for_timeout(500)
    assert read_rows(page) > first and page.evaluate("window.notReloaded") is True
    shot(page, "15-sources-live")


def read_rows(page) -> int:
    return page.locator("#source-rows .status-fetched").count()


@pytest.mark.parametrize("engine", ["extractive", "llm"])
def test_a_supported_sentences_citation_lands_on_the_ledgers_quote_highlighted_in_view(
    page, world, start_worker, member, engine
):
    """For every supported claim of a run over the web and the library: clicking its [n] in the
    report opens the source, scrolled to a highlighted passage holding the ledger's quote, and
    hovering the [n] shows that quote. At least 90% must land (the issue's bar); the figure
    is printed."""
    from research.models import Claim, ClaimStatus
    from tests.factories import make_library_document
    from tests.fakes.researcher import Researcher
    from tests.test_library_research import MANUAL, NOTES

    world.llm.responder = Researcher(faithful=True)  # for the LLM engine: says what they say
    start_worker()
    make_library_document(MANUAL, title="SQLite manual")
    make_library_document(NOTES, title="Ops notes", kind="docx")
    project = researched(
        page,
        member,
        "How does SQLite WAL mode work, and what does a checkpoint do?",
        engine=engine,
        queries=3,
        sources_per_query=2,
        sources=["web", "library"],
    )
    report = project.reports.get(is_current=True)
    supported = Claim.objects.filter(report=report, status=ClaimStatus.SUPPORTED).exclude(quote="")
    assert supported.count() >= 5
    misses = {claim.pk: missed(page, project.pk, claim) for claim in supported}
    landed = [pk for pk, why in misses.items() if not why]
    print(f"citations landing on the ledger's quote: {len(landed)} of {supported.count()}")
    assert len(landed) >= 0.9 * supported.count(), [why for why in misses.values() if why]
    assert {c.quote_source.document_id is not None for c in supported if c.pk in landed} == {
        True,
        False,
    }  # library passages and web pages alike
    shot(page, "16-citation-landed")


def missed(page, project_id: int, claim) -> str:
    """Why the report's link for this claim does not open its source scrolled to a highlighted
    passage with the claim's quote, saying the quote on hover ("" when it does)."""
    page.goto(f"/projects/{project_id}/report/")
    link = page.locator(f'article.report a.cite[href$="#c{claim.pk}"]').first
    if not link.count():
        return f"no link to #c{claim.pk} for {claim.sentence!r}"
    said = " ".join(claim.quote.split())
    hover = " ".join((link.get_attribute("title") or "").split())
    link.click()
    page.wait_for_url(re.compile(rf"/sources/{claim.quote_source_id}/#c{claim.pk}$"))
    shown = page.locator(":target").evaluate(
        """e => {
          const box = e.getBoundingClientRect(), text = e.closest(".source-text");
          const inside = text ? text.getBoundingClientRect() : { top: 0, bottom: box.bottom };
          return {
            text: e.innerText,
            inView: box.top >= Math.max(0, inside.top) && box.top < window.innerHeight
              && box.bottom <= inside.bottom,
            lit: getComputedStyle(e).backgroundColor !== "rgba(0, 0, 0, 0)",
          };
        }"""
    )
    checks = {
        "the passage holds the quote": said in " ".join(shown["text"].split()),
        "in view": shown["inView"],
        "highlighted": shown["lit"],
        "the hover says the quote": said[:300] in hover,  # a long quote is cut for it
    }
    failed = [name for name, ok in checks.items() if not ok]
    return f"#c{claim.pk}: not {', '.join(failed)}: {said!r} / {shown['text']!r}" if failed else ""


def test_a_models_nested_lists_repeated_title_and_stray_dash_read_as_dossiers_own_markdown(
    page, world, start_worker, member
):
    """The model doubles its bullets, says its title twice and leaves "- " mid-paragraph: the
    report shows single bullets and the title once, and no claim starts with a marker."""
    from tests.fakes.researcher import Researcher, schema_name
    from tests.test_claims_runs import MESSY

    researcher = Researcher()
    world.llm.responder = lambda request: (
        MESSY if schema_name(request) == "text" else researcher(request)
    )
    start_worker()
    project = researched(page, member, engine="llm", queries=2, sources_per_query=2)
    for path in (f"/projects/{project.pk}/", f"/projects/{project.pk}/report/"):
        page.goto(path)
        report = page.locator("article.report")
        assert report.locator("h1:has-text('Sources on SQLite WAL')").count() == 1
        assert report.locator("li ul, li ol").count() == 0  # no list inside a list item
        assert report.locator("li").count() == 2
        text = report.inner_text()
        assert "•" not in text and ". - on the other hand" not in text
    shot(page, "17-messy-model-report")
    page.goto(f"/projects/{project.pk}/report/claims/")
    claims = page.locator("span.claim").all_inner_texts()
    assert claims and not [c for c in claims if c.lstrip().startswith(("-", "•", "*"))]


def test_a_chart_drawn_from_hostile_quoted_text_runs_nothing_in_the_report_or_alone(page, member):
    """Entity names are quoted text from pages: one that is markup is drawn as text, and the
    chart, inline in the report and opened on its own, runs no script."""
    from research.models import Dataset, ProjectStatus
    from research.text.analysis import figure, rules
    from tests.factories import add_report, make_project

    hostile = "<script>window.ran=1</script><img src=x onerror=window.ran=1>"
    project = make_project(member, status=ProjectStatus.DONE)
    columns, rows = ["entity", "percent_change"], [[hostile, 5.0], ["Avalon", 2.0]]
    made = figure.chart_spec("Growth", rules.CHANGE, columns, rows)
    assert made is not None
    dataset = Dataset.objects.create(
        project=project, title="Growth", computation=rules.CHANGE, sql="SELECT 1",
        computed={"columns": columns, "rows": rows}, chart_kind=made[0], chart_spec=made[1],
    )  # fmt: skip
    add_report(project, [], markdown=f"# Growth\n\n![Figure 1: Growth](charts/{dataset.pk}.svg)\n")
    dialogs: list[str] = []

    def refuse(dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", refuse)
    sign_in(page)
    page.goto(f"/projects/{project.pk}/report/")
    page.locator("article.report img").wait_for()
    assert page.evaluate("() => document.querySelector('article.report img').naturalWidth") > 0
    assert page.evaluate("() => window.ran === undefined")
    shot(page, "18-hostile-chart")
    page.goto(f"/projects/{project.pk}/charts/{dataset.pk}.svg")
    labels = page.locator("text").all_text_contents()
    assert any("<script>" in label for label in labels)  # the markup is drawn as text
    assert page.evaluate("() => window.ran === undefined") and not dialogs
