"""One limit, one value: the page, the API and the domain refuse the same sizes."""

from __future__ import annotations

import pytest

from research.errors import BadInput
from research.limits import QUERY_MAX, QUESTION_MAX
from research.models import Project
from research.services.projects import create_project
from research.views.forms import ProjectForm

pytest_plugins = ["tests.api_fixtures"]


def test_the_longest_question_is_the_same_on_the_page_in_the_api_and_in_the_domain(api, member):
    longest, too_long = "q" * QUESTION_MAX, "q" * (QUESTION_MAX + 1)
    form: dict[str, int | str | list[str]] = {
        "queries": 4,
        "sources_per_query": 4,
        "reflection_rounds": 1,
        "token_budget": 5000,
    }
    form["report_style"], form["engine"] = "professional", "extractive"
    form["sources"] = ["web"]
    assert ProjectForm({**form, "question": longest}).is_valid()
    assert list(ProjectForm({**form, "question": too_long}).errors) == ["question"]
    ok = api.post("/api/projects", {"question": longest, "start": False})
    refused = api.post("/api/projects", {"question": too_long, "start": False})
    assert (ok.status_code, refused.status_code) == (201, 422)
    with pytest.raises(BadInput, match="at most"):
        create_project(question=too_long, options={}, user=member, start=False)
    assert Project.objects.count() == 1


def test_the_longest_query_is_the_same_in_the_api_and_in_the_domain(api, member):
    project = create_project(question="q", options={}, user=member, start=False)
    path = f"/api/projects/{project.pk}/queries"
    assert api.post(path, {"text": "w" * QUERY_MAX}).status_code == 201
    assert api.post(path, {"text": "w" * (QUERY_MAX + 1)}).status_code == 422
