"""The analysis API: a project's datasets (rows with their sources and quotes, and what was
computed) and their charts, whose SVG members may fetch."""

import pytest

from research.models import Dataset, DatasetRow, ProjectStatus
from research.text.analysis import figure, rules
from tests.factories import add_sources, make_project

pytest_plugins = ["tests.api_fixtures"]
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]


@pytest.fixture
def analysed(member):
    project = make_project(member, status=ProjectStatus.DONE)
    one, two = add_sources(project, 2)
    columns, rows = ["entity", "percent_change"], [["Avalon", 5.0], ["Brightwater", -2.0]]
    kind, spec = figure.chart_spec("Population", rules.CHANGE, columns, rows) or ("", {})
    dataset = Dataset.objects.create(
        project=project,
        title="Population, 2023 to 2024 (change)",
        computation=rules.CHANGE,
        sql="SELECT 1",
        computed={"columns": columns, "rows": rows},
        chart_kind=kind,
        chart_spec=spec,
    )
    for i, (source, entity, value) in enumerate(
        [(one, "Avalon", 120_000), (two, "Brightwater", 80_000)]
    ):
        DatasetRow.objects.create(
            dataset=dataset,
            source=source,
            position=i,
            entity=entity,
            measure="population",
            value=value,
            period="2023",
            quote=f"{entity} had {value:,} residents in 2023.",
        )
    return project, dataset


def test_it_lists_each_dataset_with_its_rows_sources_quotes_and_what_was_computed(api, analysed):
    project, dataset = analysed
    (listed,) = api.get(f"/api/projects/{project.pk}/datasets").json()
    assert listed["id"] == dataset.pk and listed["section"] is None
    assert listed["columns"] == ["entity", "measure", "value", "unit", "period"]
    first = listed["rows"][0]
    assert first["values"] == {
        "entity": "Avalon",
        "measure": "population",
        "value": 120000.0,
        "unit": "",
        "period": "2023",
    }
    assert (first["n"], first["quote"]) == (1, "Avalon had 120,000 residents in 2023.")
    assert listed["computed"] == {
        "sql": "SELECT 1",
        "columns": ["entity", "percent_change"],
        "rows": [["Avalon", 5.0], ["Brightwater", -2.0]],
    }


def test_it_lists_the_charts_whose_svg_members_fetch_and_others_do_not(api, analysed, client):
    project, dataset = analysed
    (chart,) = api.get(f"/api/projects/{project.pk}/charts").json()
    assert (chart["id"], chart["kind"], chart["dataset_id"]) == (dataset.pk, "bar", dataset.pk)
    assert chart["spec"]["mark"]["type"] == "bar"
    svg = api.get(chart["svg_url"])
    assert svg.status_code == 200 and svg["Content-Type"] == "image/svg+xml"
    assert b"Brightwater" in svg.content and "default-src 'none'" in svg["Content-Security-Policy"]
    assert client.get(chart["svg_url"]).status_code == 401  # no token, no chart
    assert api.get("/api/charts/999999/svg").json()["detail"] == "No chart with id 999999."
