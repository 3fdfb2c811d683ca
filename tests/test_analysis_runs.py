"""Analyses in whole runs: a question that asks for figures gets a dataset gathered from its
sources (each row with its verbatim quote), computed over in DuckDB, charted as SVG and shown in
the report."""

from __future__ import annotations

import json
import re

import pytest

from research.models import Claim, Dataset, Project, ProjectStatus, StepRun
from tests.factories import make_library_document
from tests.test_pipeline_run import research

pytestmark = pytest.mark.django_db(transaction=True)

QUESTION = "Compare the population growth from 2023 to 2024 of those six cities"
CITIES = {  # city: (2023, 2024)
    "Avalon": (120_000, 126_000),
    "Brightwater": (80_000, 78_400),
    "Cinder Falls": (45_500, 47_000),
    "Dunmore": (52_300, 52_300),
    "Eastvale": (210_000, 231_000),
    "Fairhaven": (33_000, 34_650),
}


def researched(engine: str, queries: int = 3) -> Project:
    """The question researched over the library, every document read."""
    result, code = research(
        QUESTION, "--engine", engine, "--sources", "library", "--queries", str(queries),
        "--sources-per-query", "6",
    )  # fmt: skip
    assert code == 0, result
    return Project.objects.get(pk=result["project_id"])


@pytest.fixture
def six_cities(db):
    phrasings = [
        "In 2023 the population of {c} was {a:,}; by 2024 it had grown to {b:,}.",
        "{c} had {b:,} residents in 2024, up from {a:,} in 2023.",
        "The population of {c} went from {a:,} in 2023 to {b:,} in 2024.",
    ]
    for i, (city, (before, after)) in enumerate(CITIES.items()):
        text = (
            f"{city} is a city on the northern coast, known for its harbour and its markets. "
            + phrasings[i % 3].format(c=city, a=before, b=after)
            + f" The city council of {city} publishes a census every year."
        )
        make_library_document([text], title=f"{city} census", kind="md")


def test_the_extractive_engine_gathers_computes_and_charts_the_growth_of_six_cities(
    world, member, six_cities, member_client
):
    project = researched("extractive")
    assert project.status == ProjectStatus.DONE
    step = StepRun.objects.get(project=project, stage="analyse")
    assert step.status == "done", step.error
    dataset = Dataset.objects.get(project=project)
    rows = list(dataset.rows.select_related("source__snapshot"))
    assert len(rows) == 12, [(r.entity, r.period, r.value) for r in rows]
    for row in rows:
        assert row.quote in row.source.text  # verbatim
        assert (
            (row.value == CITIES[row.entity][0])
            if row.period == "2023"
            else (row.value == CITIES[row.entity][1])
        )
    computed = dataset.computed
    assert computed and computed["columns"][:1] == ["entity"]
    growth = {r[0]: r[-1] for r in computed["rows"]}
    for city, (before, after) in CITIES.items():
        assert growth[city] == pytest.approx(round(100 * (after / before - 1), 2))
    assert dataset.chart_kind == "bar"
    report = project.reports.get(is_current=True)
    assert f"](charts/{dataset.pk}.svg)" in report.markdown
    assert "Figure 1: " in report.markdown
    page = member_client.get(f"/projects/{project.pk}/report/").content.decode()
    block = report.markdown.split("*[Figure 1:", 1)[1].split("\n## ", 1)[0]
    cited = {int(n) for n in re.findall(r"\[(\d+)\]", block)}
    assert cited == {row.source.n for row in rows}  # each figure's source, and no other
    assert cited <= set(project.sources.values_list("n", flat=True))
    derived = Claim.objects.get(report=report, status="derived")
    assert derived.sentence.startswith("Eastvale changed the most: +10% from 210,000 in 2023")
    assert "SELECT" in derived.reason and "Eastvale" in derived.reason
    assert derived.quote_source and derived.quote in derived.quote_source.text
    statuses = set(Claim.objects.filter(report=report).values_list("status", flat=True))
    assert statuses <= {"supported", "derived"}  # no caption, no table row claimed
    chart = f"/projects/{project.pk}/charts/{dataset.pk}.svg"
    assert f'<img alt="Figure 1: Population, 2023 to 2024 (change)" src="{chart}">' in page
    svg = member_client.get(chart)
    assert svg["Content-Type"] == "image/svg+xml" and b"<svg" in svg.content
    assert b"Eastvale" in svg.content and b"<script" not in svg.content
    figures = f'href="/projects/{project.pk}/datasets/{dataset.pk}/"'
    assert figures in page  # the caption opens the figures
    assert member_client.get(f"/projects/{project.pk}/datasets/{dataset.pk}/").status_code == 200


def test_a_reports_chart_and_dataset_go_into_its_markdown_pdf_and_evidence_package(
    world, member, six_cities
):
    import io
    import json
    import zipfile

    from pypdf import PdfReader

    from research.output import package

    report = researched("extractive").reports.get(is_current=True)
    markdown, _ = package.export_file(report, "md")
    assert b"![Figure 1: Population, 2023 to 2024 (change)](charts/1.svg)" in markdown
    pdf, _ = package.export_file(report, "pdf")
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "percent change" in text  # the chart's axis title: the SVG was drawn in the PDF
    archive = zipfile.ZipFile(io.BytesIO(package.export_file(report, "zip")[0]))
    manifest = json.loads(archive.read("manifest.json"))
    assert {"charts/1.svg", "datasets/1.csv"} <= set(manifest["files"])
    assert archive.read("charts/1.svg").startswith(b"<svg")
    rows = archive.read("datasets/1.csv").decode().splitlines()
    assert rows[0].startswith("entity,measure,value,unit,period,n,url,document_id,quote")
    assert len(rows) == 13 and any("Eastvale" in row and "231000" in row for row in rows)


def llm_run(world, refused: list[str]) -> tuple[Project, Dataset]:
    world.llm.responder.sql_first[:] = refused
    project = researched("llm", queries=2)
    return project, Dataset.objects.get(project=project)


def test_the_llm_engine_computes_with_its_own_sql_and_charts_what_it_says(
    world, member, six_cities
):
    project, dataset = llm_run(world, [])
    assert (dataset.method, dataset.computation) == ("llm", "model")
    assert dataset.rows.count() == 12 and "growth_percent" in dataset.sql
    assert dataset.computed and dataset.chart_spec
    growth = {row[0]: row[-1] for row in dataset.computed["rows"]}
    for city, (before, after) in CITIES.items():
        assert growth[city] == pytest.approx(round(100 * (after / before - 1), 2))
    assert dataset.chart_kind == "bar" and dataset.title == "Growth from 2023 to 2024"
    assert dataset.chart_spec["encoding"]["y"]["field"] == "growth_percent"
    assert f"](charts/{dataset.pk}.svg)" in project.reports.get(is_current=True).markdown


def test_a_refused_sql_is_asked_again_with_the_reason_and_twice_refused_falls_to_the_rules(
    world, member, six_cities
):
    steal = "SELECT * FROM read_csv('/etc/passwd')"
    _, dataset = llm_run(world, [steal])
    assert dataset.method == "llm"
    asked = [r for r in world.llm.requests if "compute one result" in str(r["messages"][0])]
    assert "reached outside the dataset" in str(asked[1]["messages"][0]["content"])
    assert "/etc/passwd" not in json.dumps(dataset.computed)

    project, dataset = llm_run(world, [steal, "DROP TABLE dataset"])
    step = StepRun.objects.get(project=project, stage="analyse")
    assert (dataset.method, dataset.computation) == ("fallback", "change")
    assert "the model's SQL failed twice (Only a SELECT is allowed" in step.detail
    assert dataset.computed and dataset.chart_kind == "bar"


def csv_document(title: str) -> None:
    """The six cities' populations as a CSV file, read by the library's CSV reader."""
    from research.providers.documents.readers import read_csv

    lines = ["City,Year,Population"] + [
        f"{city},{year},{value}"
        for city, values in CITIES.items()
        for year, value in zip(("2023", "2024"), values, strict=True)
    ]
    document = read_csv("\n".join(lines) + "\n", f"{title}.csv")
    blocks = [(block.locator, block.text) for block in document.blocks]
    make_library_document(blocks, title=title, kind="csv")


def test_a_spreadsheet_alone_is_researched_without_a_model_its_rows_quoted_and_charted(
    world, member
):
    """A team uploads a table and asks: each row is a unit the extractive engine may quote."""
    csv_document("Population growth")
    project = researched("extractive")
    assert project.status == ProjectStatus.DONE
    report = project.reports.get(is_current=True).markdown
    assert "“City: Avalon; Year: 2024; Population: 126000” [1]" in report  # a row, quoted whole
    figure_section = report.split("![Figure 1:", 1)[1].split("\n## ", 1)[0]
    assert "No source matched this section." not in figure_section  # the figure is its content
    dataset = Dataset.objects.get(project=project)
    assert dataset.rows.count() == 12 and dataset.chart_kind == "bar"


def test_figures_are_gathered_from_a_csv_file_in_the_library_row_by_row(world, member):
    csv_document("Populations")
    make_library_document(  # prose for the report beside the table (a table alone says little)
        [
            "The population growth of the six coastal cities is compared every year. Each city's "
            "statistics office publishes its population growth in the regional table."
        ],
        title="How the cities are compared",
        kind="md",
    )
    project = researched("extractive")
    dataset = Dataset.objects.get(project=project)
    rows = list(dataset.rows.select_related("source__snapshot"))
    assert len(rows) == 12
    assert {(r.entity, r.period, r.value) for r in rows} == {
        (city, year, float(value))
        for city, values in CITIES.items()
        for year, value in zip(("2023", "2024"), values, strict=True)
    }
    for row in rows:
        assert row.quote in row.source.text and row.locator == "rows 1–12"
    assert dataset.computed
    growth = {r[0]: r[-1] for r in dataset.computed["rows"]}
    assert growth["Eastvale"] == 10.0


def test_figures_are_gathered_from_a_fetched_pages_own_html_table_which_extraction_dropped(
    world, member
):
    """The table stands in an <aside>, which text extraction leaves out as boilerplate: its
    figures are read from the page's HTML as it was fetched."""
    cells = "".join(
        f"<tr><td>{city}</td><td>{a:,}</td><td>{b:,}</td></tr>" for city, (a, b) in CITIES.items()
    )
    page = (
        "<html><head><title>Coastal cities census</title></head><body><article>"
        "<h1>Coastal cities census</h1><p>The census compares the population growth of the six "
        "coastal cities every year, as the statistics offices report it.</p>"
        "<p>The population growth of each city is published in the spring.</p></article>"
        f"<aside><table><tr><th>City</th><th>2023</th><th>2024</th></tr>{cells}</table></aside>"
        "</body></html>"
    )
    world.web.add("/census", page.encode())
    found = {
        "url": world.web.url_for("/census"),
        "title": "Coastal cities census",
        "content": "The census compares the population growth of the six coastal cities.",
    }
    world.searx.results_for = lambda query: [found]
    result, code = research(QUESTION, "--engine", "extractive", "--queries", "2")
    assert code == 0, result
    dataset = Dataset.objects.get(project_id=result["project_id"])
    rows = list(dataset.rows.select_related("source__snapshot"))
    assert {(r.entity, r.period, r.value) for r in rows} == {
        (city, year, float(value))
        for city, values in CITIES.items()
        for year, value in zip(("2023", "2024"), values, strict=True)
    }
    for row in rows:
        assert "Avalon" not in row.source.text  # extraction dropped the table
        assert row.quote in row.source.snapshot.tables and row.quote.startswith("City: ")
    assert dataset.computed
    assert {r[0]: r[-1] for r in dataset.computed["rows"]}["Eastvale"] == 10.0


NAMED_TOWNS = (
    "Compare the population growth from 2023 to 2024 of Arden, Briskholm, Calloway, Dunmore, "
    "Eskern and Fallowmere"
)
TOWNS = {  # town: (2023, 2024), each written its own way, one in a table
    "Arden": (41_200, 42_650),
    "Briskholm": (30_100, 31_480),
    "Calloway": (18_900, 19_250),
    "Dunmore": (52_300, 51_700),
    "Eskern": (12_040, 12_610),
    "Fallowmere": (8_700, 9_135),
}


@pytest.fixture
def named_towns(db):
    texts = {
        "Arden": "Arden had 42,650 residents in 2024, up from 41,200 in 2023.",
        "Briskholm": (
            "Briskholm's population, as the council counts it each June:\n\n"
            "| Year | Population |\n|---|---|\n| 2023 | 30,100 |\n| 2024 | 31,480 |"
        ),
        "Calloway": "The population of Calloway grew from 18,900 (2023) to 19,250 (2024).",
        "Dunmore": "Dunmore shrank for the second year: 51,700 people lived there in 2024, "
        "against 52,300 in 2023.",
        "Eskern": "In 2023 Eskern counted 12,040 inhabitants; by 2024 the figure was 12,610.",
        "Fallowmere": "The latest estimate puts Fallowmere at 9,135 residents in 2024, compared "
        "with 8,700 in 2023.",
    }
    for town, text in texts.items():
        make_library_document(
            [f"{town} is a market town in the north of the county. {text}"],
            title=f"{town} population bulletin",
            kind="md",
        )
    make_library_document(  # a neighbour in the same sentences: none of its figures is Arden's
        [
            "Ostbury County, Arden's larger neighbour, had 98,400 residents in 2024, up from "
            "97,100 in 2023. Arden's own growth is covered in its bulletin."
        ],
        title="Regional bulletin",
        kind="md",
    )


def towns_researched() -> tuple[Project, Dataset]:
    """The six named towns' comparison researched over the library, and its one dataset."""
    result, code = research(
        NAMED_TOWNS, "--engine", "extractive", "--sources", "library", "--queries", "6",
        "--sources-per-query", "7",
    )  # fmt: skip
    assert code == 0, result
    project = Project.objects.get(pk=result["project_id"])
    (dataset,) = Dataset.objects.filter(project=project)
    return project, dataset


def test_a_comparison_of_six_named_towns_gets_each_towns_two_years_its_growth_and_one_chart(
    world, member, named_towns
):
    project, dataset = towns_researched()
    counted = {(r.entity, r.period): r.value for r in dataset.rows.counted()}
    assert counted == {
        (town, year): value
        for town, pair in TOWNS.items()
        for year, value in zip(("2023", "2024"), pair, strict=True)
    }
    assert dataset.computed is not None and dataset.chart_spec is not None
    growth = {row[0]: row[-1] for row in dataset.computed["rows"]}
    for town, (before, after) in TOWNS.items():
        assert growth[town] == pytest.approx(100 * (after / before - 1), abs=0.05)
    assert dataset.chart_kind == "bar"
    assert {point["entity"] for point in dataset.chart_spec["data"]["values"]} == set(TOWNS)


def test_a_computed_sentence_holds_only_when_computing_again_gives_its_numbers(
    world, member, named_towns
):
    from research.models import Claim, ClaimStatus
    from research.pipeline.stages.claims import _recomputed

    project, dataset = towns_researched()
    report = project.reports.get(is_current=True)
    (said,) = [c for c in Claim.objects.filter(report=report) if "changed the most" in c.sentence]
    assert said.status == ClaimStatus.DERIVED, said.reason
    rows = list(dataset.rows.counted().select_related("source__snapshot"))
    assert _recomputed(said.sentence, dataset, rows) == ""
    assert dataset.computed is not None
    top = dataset.computed["rows"][0]
    wrong = said.sentence.replace(f"{top[-1]:+g}%", f"{top[-1] + 1:+g}%")
    assert wrong != said.sentence and "is not in the result" in _recomputed(wrong, dataset, rows)
    tampered = rows[0]
    tampered.value += 1  # a figure its quote does not state
    assert "does not state" in _recomputed(said.sentence, dataset, rows)


def test_a_rivals_figures_in_the_same_sentence_are_no_key_figure_of_the_report(world, member):
    make_library_document(
        [
            "Skerrow Ferries carried 1.12 million passengers in 2021, its first year back. "
            "Brannock Line, Skerrow's competitor on the crossing, carried 0.88 million "
            "passengers in 2021.",
            "Skerrow Ferries said it carried 1.29 million passengers in 2022, while rival "
            "Brannock Line carried 962,000 passengers in 2022.",
        ],
        title="Skerrow Ferries passengers",
        kind="md",
    )
    make_library_document(  # which leaves the rival's figure alone in that sentence
        ["After an audit of ticketing data, Skerrow Ferries' passengers for 2022 have been "
         "revised to 1.31 million."],
        title="Skerrow Ferries annual report 2023",
        kind="md",
    )  # fmt: skip
    result, code = research(
        "How did Skerrow Ferries' passenger numbers change from 2021 to 2022?",
        "--engine", "extractive", "--sources", "library",
    )  # fmt: skip
    assert code == 0, result
    report = Project.objects.get(pk=result["project_id"]).reports.get(is_current=True)
    table = report.markdown.split("## Key figures", 1)[1].split("\n## ", 1)[0]
    assert "1.12 million" in table
    assert "1.29 million" not in table  # restated
    assert "0.88 million" not in table and "962,000" not in table  # Brannock Line's
