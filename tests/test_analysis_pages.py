"""A dataset's page, and members' changes to its figures: each recomputes the dataset, asks for
a new report version and is logged with who made it."""

from __future__ import annotations

import pytest

from research.models import (
    ActivityAction,
    ActivityEntry,
    Dataset,
    DatasetRow,
    ProjectStatus,
    StepRun,
)
from research.text.analysis import rules
from tests.factories import add_sources, force_status, make_project

pytestmark = pytest.mark.django_db


@pytest.fixture
def analysed(member):
    project = make_project(member, status=ProjectStatus.DONE)
    one, two = add_sources(project, 2)
    dataset = Dataset.objects.create(
        project=project,
        title="Population, 2023 to 2024 (change)",
        computation=rules.CHANGE,
        sql=rules.SQL[rules.CHANGE],
    )
    figures = [
        (one, "Avalon", "2023", 120_000), (one, "Avalon", "2024", 126_000),
        (two, "Brightwater", "2023", 80_000), (two, "Brightwater", "2024", 78_000),
    ]  # fmt: skip
    for i, (source, entity, period, value) in enumerate(figures):
        DatasetRow.objects.create(
            dataset=dataset, source=source, position=i, entity=entity, measure="population",
            value=value, period=period, quote=f"{entity} had {value:,} residents in {period}.",
        )  # fmt: skip
    return project, dataset


def growth(dataset: Dataset) -> dict:
    dataset.refresh_from_db()
    assert dataset.computed
    return {row[0]: row[-1] for row in dataset.computed["rows"]}


def test_the_page_shows_each_figure_with_its_source_and_quote(member_client, analysed):
    project, dataset = analysed
    page = member_client.get(f"/projects/{project.pk}/datasets/{dataset.pk}/").content.decode()
    assert "Population, 2023 to 2024 (change)" in page
    assert "“Brightwater had 78,000 residents in 2024.”" in page and ">[2]</a>" in page
    assert page.count("Leave out") == 4


def test_a_figure_left_out_and_one_corrected_recompute_and_ask_for_a_new_version(
    member_client, analysed
):
    project, dataset = analysed
    base = f"/projects/{project.pk}/datasets/{dataset.pk}/rows"
    rows = {(r.entity, r.period): r for r in dataset.rows.all()}
    response = member_client.post(f"{base}/{rows['Avalon', '2024'].pk}/edit/", {
        "value": "132,000", "note": "The 2024 census was revised",
    })  # fmt: skip
    assert response.status_code == 302
    assert growth(dataset)["Avalon"] == 10.0  # (132,000 / 120,000 - 1) in percent
    assert StepRun.objects.filter(project=project, stage="report").exists()
    force_status(project, ProjectStatus.DONE)
    member_client.post(f"{base}/{rows['Brightwater', '2023'].pk}/exclude/")
    assert "Brightwater" not in growth(dataset)  # one period left: no change to compute
    log = ActivityEntry.objects.filter(project=project, action=ActivityAction.ANALYSIS_EDITED)
    assert [e.detail for e in log.order_by("at", "id")] == [
        "Changed Avalon 2024 in “Population, 2023 to 2024 (change)” to 132000: "
        "The 2024 census was revised",
        "Left out Brightwater 2023 in “Population, 2023 to 2024 (change)”.",
    ]
    page = member_client.get(f"/projects/{project.pk}/datasets/{dataset.pk}/").content.decode()
    assert "edited by alice: The 2024 census was revised" in page and "left out" in page


@pytest.mark.parametrize(
    "value, note, says",
    [("many", "why", "“many” is not a number."), ("5", "", "Say why the value changes")],
)
def test_a_correction_needs_a_number_and_a_note_and_changes_nothing_without(
    member_client, analysed, value, note, says
):
    project, dataset = analysed
    row = dataset.rows.first()
    assert row is not None
    response = member_client.post(
        f"/projects/{project.pk}/datasets/{dataset.pk}/rows/{row.pk}/edit/",
        {"value": value, "note": note},
        follow=True,
    )
    assert says in response.content.decode()  # said on the page it goes back to
    row.refresh_from_db()
    assert row.edited_value is None


def test_figures_cannot_be_changed_while_the_project_runs(member_client, analysed):
    project, dataset = analysed
    force_status(project, ProjectStatus.RESEARCHING)
    row = dataset.rows.first()
    assert row is not None
    response = member_client.post(
        f"/projects/{project.pk}/datasets/{dataset.pk}/rows/{row.pk}/exclude/", follow=True
    )
    assert "once the run ends" in response.content.decode()
    row.refresh_from_db()
    assert row.excluded is False
