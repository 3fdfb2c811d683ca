"""Research over the team's library: passages found, "fetched" from the stored text, summarised
and cited with their document and locator, alongside the web or alone, with or without a model."""

from __future__ import annotations

import re

import pytest

from research.errors import BadInput
from research.models import Collection, FetchStatus, Project, ProjectStatus, Source
from research.pipeline.shared.library import passage_title
from research.services import projects
from tests.factories import make_library_document
from tests.test_pipeline_run import research

pytestmark = pytest.mark.django_db(transaction=True)

QUESTION = "How does SQLite WAL mode work?"
QUOTE = re.compile(r"“(.+?)” \[(\d+)\]")
MANUAL = [
    (
        "p. 3",
        "In WAL mode SQLite writes changes to a separate write-ahead log file instead of the "
        "database file. Readers keep reading the database file and the committed frames of the "
        "log, so readers do not block writers and a writer does not block readers.",
    ),
    (
        "p. 4",
        "A checkpoint copies the pages of the write-ahead log back into the database file. By "
        "default SQLite runs a checkpoint automatically when the log reaches 1000 pages.",
    ),
    (
        "p. 5",
        "WAL mode needs shared memory, so every process using the database must be on the same "
        "host. WAL mode does not work over a network file system.",
    ),
]
NOTES = [
    (
        "Operations › Checkpoints",
        "Long-running readers can stop a checkpoint from finishing, and then the write-ahead log "
        "keeps growing. Run checkpoints regularly to keep the log small and reads fast.",
    ),
    (
        "Operations › Performance",
        "Most applications write faster in WAL mode, because a writer only appends frames to "
        "the end of the log and readers run at the same time as the writer.",
    ),
]
ELSEWHERE = [("slide 2", "WAL mode in SQLite is secret material from the other collection.")]


@pytest.fixture
def shelves(db):
    manuals = Collection.objects.create(name="Manuals")
    other = Collection.objects.create(name="Other")
    manual = make_library_document(MANUAL, collection=manuals, title="SQLite manual")
    notes = make_library_document(NOTES, collection=manuals, title="Ops notes", kind="docx")
    hidden = make_library_document(ELSEWHERE, collection=other, title="Other deck", kind="pptx")
    return {"manuals": manuals, "other": other, "manual": manual, "notes": notes, "hidden": hidden}


def sources_of(project_id: int) -> list[Source]:
    return list(Source.objects.filter(project_id=project_id).order_by("n"))


def test_a_library_only_project_with_no_model_never_touches_the_network(world, shelves, settings):
    settings.LLM_MODEL = ""
    result, code = research(QUESTION, "--sources", "library", "--queries", "3")
    assert code == 0, result
    project = Project.objects.get(pk=result["project_id"])
    assert project.status == ProjectStatus.DONE
    assert (world.searx.calls, world.web.calls, world.llm.calls) == (0, 0, 0)
    fetched = [s for s in sources_of(project.pk) if s.fetch_status == FetchStatus.FETCHED]
    assert fetched and all(s.url.startswith("/library/documents/") for s in fetched)
    assert all(s.document_id and s.locator for s in fetched)
    report = project.reports.get(is_current=True).markdown
    quotes = QUOTE.findall(report)
    assert len(quotes) >= 3, report
    texts = {s.n: s.text for s in fetched}
    for quote, n in quotes:
        assert quote in texts[int(n)]
    assert re.search(
        r"\[\d+\] \[SQLite manual, p\. [345]\]\(/library/documents/\d+/#passage-\d\)", report
    )


def test_the_library_and_the_web_are_researched_together_and_cited_alike(world, shelves):
    result, code = research(QUESTION, "--sources", "web,library", "--queries", "3")
    assert code == 0, result
    project = Project.objects.get(pk=result["project_id"])
    summarised = {s for s in sources_of(project.pk) if s.summaries.exists()}
    assert any(s.document_id for s in summarised), "no library source was summarised"
    assert any(s.url.startswith("http") for s in summarised), "no web source was summarised"
    report = project.reports.get(is_current=True).markdown
    cited = {int(n) for n in re.findall(r"\[(\d+)\]", report.split("## References")[0])}
    library_cited = [s for s in summarised if s.document_id and s.n in cited]
    assert library_cited, report
    for source in library_cited:
        assert f"[{source.n}] [{source.title}]({source.url})" in report
        assert source.title.startswith(("SQLite manual, p. ", "Ops notes, Operations › ", "Other"))
    assert world.searx.calls > 0


def test_only_the_chosen_collections_are_searched(world, shelves, settings):
    settings.LLM_MODEL = ""
    chosen = str(shelves["manuals"].pk)
    result, code = research(
        QUESTION, "--sources", "library", "--collections", chosen, "--queries", "3"
    )
    assert code == 0, result
    documents = {s.document_id for s in sources_of(result["project_id"])}
    assert shelves["hidden"].pk not in documents
    assert documents <= {shelves["manual"].pk, shelves["notes"].pk}


def test_a_project_naming_a_collection_that_does_not_exist_is_refused(member, shelves):
    with pytest.raises(BadInput, match="no collection with id 999"):
        projects.create_project(
            question=QUESTION,
            options={"sources": ["library"], "collections": [999]},
            user=member,
            start=False,
        )
    with pytest.raises(BadInput, match='only with "library"'):
        projects.create_project(
            question=QUESTION,
            options={"collections": [shelves["manuals"].pk]},
            user=member,
            start=False,
        )


def test_a_passage_under_its_documents_own_title_is_cited_without_saying_it_twice(db):
    document = make_library_document(
        [("Overview", "Kestrel runs robots."), ("Overview › Costs", "Costs fell.")],
        title="Overview",
        kind="md",
    )
    first, second = document.passages.order_by("position")
    assert passage_title(document, first) == "Overview"
    assert passage_title(document, second) == "Overview, Costs"
    other = make_library_document([("Results › Costs", "Costs fell.")], title="Annual report")
    assert passage_title(other, other.passages.get()) == "Annual report, Results › Costs"
    paragraphs = make_library_document(
        [("Notes, ¶ 2", "Kestrel runs robots."), ("Notes › Costs, ¶ 3", "Costs fell.")],
        title="Notes",
        kind="md",
    )
    first, second = paragraphs.passages.order_by("position")
    assert passage_title(paragraphs, first) == "Notes, ¶ 2"
    assert passage_title(paragraphs, second) == "Notes, Costs, ¶ 3"


def test_a_document_in_an_archive_folder_gives_way_to_the_current_one(world, settings):
    """Two price lists with the same title; the folder the old one was uploaded from says it
    is archived, so with no model the brief states the current price and not the archived one
    (which it would quote, as superseded, only in a part nothing current answers)."""
    settings.LLM_MODEL = settings.LLM_FAST_MODEL = ""
    prices = Collection.objects.create(name="Prices")
    current = "Fleet Plus costs $3,200 per robot per month for Kestrel Robotics merchants."
    old = "Fleet Plus costs $3,900 per robot per month for Kestrel Robotics merchants."
    make_library_document([("p. 1", current)], collection=prices, title="Kestrel price list")
    make_library_document(
        [("p. 1", old)], collection=prices, title="Kestrel price list", folder="archive/2025"
    )
    question = "Prepare a brief on Kestrel Robotics: its pricing and its fleet plans."
    result, _ = research(question, "--engine", "extractive", "--sources", "library")
    report = Project.objects.get(pk=result["project_id"]).reports.get().markdown
    assert f"“{current}” [1]" in report and old not in report


def test_an_uploaded_files_folders_are_kept_beside_its_name(member, tmp_path):
    from io import BytesIO

    from research.services import library

    shelf = Collection.objects.create(name="Share")
    added = library.add_document(
        shelf,
        stream=BytesIO(b"# Old prices\n\nIt was dearer."),
        filename="../archive/2025/p.md",
        user=member,
    )
    assert (added.document.folder, added.document.filename) == ("archive/2025", "p.md")
