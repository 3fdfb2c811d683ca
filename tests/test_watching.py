"""Keeping up with a project: the refresh schedule, watchers emailed and a signed webhook
POSTed when a new report version is made, each notice recorded."""

from __future__ import annotations

import hashlib
import hmac
import json

import pytest
from django.core import mail
from django_q.models import Schedule

from research import tasks
from research.models import Delivery, Project, ProjectStatus, Refresh, StepRun
from research.services import runs
from tests.factories import make_project
from tests.fakes.server import FakeServer, RecordedRequest, Reply
from tests.test_pipeline_run import research, run_inline

pytest_plugins = ["tests.api_fixtures"]
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fast_passwords")]


class HookReceiver(FakeServer):
    """A webhook endpoint on loopback: records each POST, answers `status`."""

    label = "HookReceiver"

    def __init__(self, status: int = 204) -> None:
        super().__init__()
        self.status = status
        self.requests: list[RecordedRequest] = []

    def record(self, request: RecordedRequest) -> None:
        self.requests.append(request)

    def answer(self, request: RecordedRequest) -> Reply:
        return Reply(self.status, {"Content-Type": "text/plain"}, b"")


def run_project(member, **options) -> Project:
    project = make_project(
        member,
        status=ProjectStatus.DRAFT,
        question="How does SQLite WAL mode work?",
        options={"engine": "extractive", "queries": 2, "reflection_rounds": 0, **options},
    )
    return run_inline(lambda: runs.start(project, user=member), project)


def test_the_refresh_option_keeps_a_django_q_schedule_and_only_it_changes_after_the_start(
    world, api
):
    result, _ = research("How does SQLite WAL mode work?", "--engine", "extractive")
    project = Project.objects.get(pk=result["project_id"])
    name = f"refresh-project-{project.pk}"
    response = api.patch(f"/api/projects/{project.pk}", {"options": {"refresh": "weekly"}})
    assert response.status_code == 200, response.content
    assert response.json()["options"]["refresh"] == "weekly"
    schedule = Schedule.objects.get(name=name)
    assert (schedule.func, schedule.args) == ("research.tasks.refresh_project", str(project.pk))
    assert schedule.schedule_type == Schedule.WEEKLY and schedule.repeats == -1
    api.patch(f"/api/projects/{project.pk}", {"options": {"refresh": "monthly"}})
    assert Schedule.objects.get(name=name).schedule_type == Schedule.MONTHLY
    response = api.patch(f"/api/projects/{project.pk}", {"options": {"refresh": "hourly"}})
    assert response.status_code == 422 and "options.refresh" in response.content.decode()
    response = api.patch(f"/api/projects/{project.pk}", {"options": {"queries": 9}})
    assert response.status_code == 422 and "options.queries" in response.content.decode()
    api.patch(f"/api/projects/{project.pk}", {"options": {"refresh": ""}})
    assert not Schedule.objects.filter(name=name).exists()


def test_a_project_created_with_a_refresh_option_is_scheduled_and_its_task_refreshes_it(world, api):
    body = {"question": "Why?", "options": {"refresh": "daily"}, "start": False}
    created = api.post("/api/projects", body).json()
    schedule = Schedule.objects.get(name=f"refresh-project-{created['id']}")
    assert schedule.schedule_type == Schedule.DAILY
    assert tasks.refresh_project(created["id"]).startswith("not refreshed: Only a finished")
    result, _ = research("How does SQLite WAL mode work?", "--engine", "extractive")
    assert tasks.refresh_project(result["project_id"]).startswith("refresh ")
    assert Refresh.objects.get(project_id=result["project_id"]).scheduled
    assert tasks.refresh_project(result["project_id"]).endswith("already under way.")


def test_watchers_are_emailed_once_per_new_version(world, api, member):
    member.email = "alice@example.org"
    member.save()
    project = make_project(member, status=ProjectStatus.DRAFT, options={"engine": "extractive"})
    assert api.put(f"/api/projects/{project.pk}/watch").json() == {"watching": True}
    project = run_inline(lambda: runs.start(project, user=member), project)
    assert project.status == ProjectStatus.DONE
    assert [m.to for m in mail.outbox] == [["alice@example.org"]]
    assert "version 1" in mail.outbox[0].subject
    assert f"/projects/{project.pk}/report/?version=1" in mail.outbox[0].body
    project = run_inline(lambda: runs.recheck_claims(project, user=member), project)
    assert len(mail.outbox) == 1  # done again, but no new version: no second notice
    deliveries = api.get(f"/api/projects/{project.pk}/deliveries").json()
    assert [(d["channel"], d["status"], d["version"]) for d in deliveries] == [("email", "sent", 1)]
    assert api.delete(f"/api/projects/{project.pk}/watch").json() == {"watching": False}


def test_the_webhook_gets_each_version_signed_with_its_secret(world, api, member):
    project = make_project(member, status=ProjectStatus.DRAFT, options={"engine": "extractive"})
    with HookReceiver() as receiver:
        response = api.put(f"/api/projects/{project.pk}/webhook", {"url": receiver.url})
        assert response.status_code == 200, response.content
        secret = response.json()["secret"]
        project = run_inline(lambda: runs.start(project, user=member), project)
    assert len(receiver.requests) == 1
    sent = receiver.requests[0]
    stamp = sent.headers["x-dossier-timestamp"].encode()
    expected = hmac.new(secret.encode(), stamp + b"." + sent.body, hashlib.sha256).hexdigest()
    assert sent.headers["x-dossier-signature"] == f"sha256={expected}"
    payload = json.loads(sent.body)
    assert (payload["event"], payload["project"]["id"], payload["version"]) == (
        "report.version",
        project.pk,
        1,
    )
    assert Delivery.objects.get().status == "sent"


def test_a_failing_webhook_is_retried_then_recorded_failed_and_the_project_stays_done(
    world, api, member, settings
):
    settings.WEBHOOK_ATTEMPTS, settings.WEBHOOK_BACKOFF_SECONDS = 3, 0
    project = make_project(member, status=ProjectStatus.DRAFT, options={"engine": "extractive"})
    with HookReceiver(status=500) as receiver:
        api.put(f"/api/projects/{project.pk}/webhook", {"url": receiver.url})
        project = run_inline(lambda: runs.start(project, user=member), project)
    assert len(receiver.requests) == 3
    delivery = Delivery.objects.get()
    assert (delivery.status, delivery.attempts) == ("failed", 3)
    assert "HTTP 500" in delivery.reason
    assert project.status == ProjectStatus.DONE and not project.error
    step = StepRun.objects.get(project=project, stage="notify")
    assert step.status == "done" and "webhook failed" in step.detail


@pytest.mark.parametrize("url", ["http://10.0.0.7/hook", "http://[::ffff:0:7f00:1]/hook"])
def test_a_webhook_to_a_refused_address_is_refused_naming_why(api, member, url):
    project = make_project(member)
    response = api.put(f"/api/projects/{project.pk}/webhook", {"url": url})
    assert response.status_code == 422
    assert "The webhook URL is refused" in response.json()["detail"]


def test_a_member_watches_and_sets_the_webhook_from_the_project_page(world, member_client, member):
    from research.models import Watch, Webhook

    project = make_project(member)
    page = member_client.get(f"/projects/{project.pk}/").content.decode()
    assert 'id="watching"' in page and ">Watch<" in page
    member_client.post(f"/projects/{project.pk}/watch/")
    assert Watch.objects.filter(project=project).count() == 1
    response = member_client.post(
        f"/projects/{project.pk}/webhook/", {"url": world.web.url_for("/hook")}, follow=True
    )
    hook = Webhook.objects.get(project=project)
    assert hook.secret in response.content.decode()  # shown once, to the member who set it
    assert ">Unwatch<" in response.content.decode()
    refused = member_client.post(
        f"/projects/{project.pk}/webhook/",
        {"url": "http://10.1.2.3/hook"},
        HTTP_REFERER=f"http://testserver/projects/{project.pk}/",
        follow=True,
    )
    assert "The webhook URL is refused" in refused.content.decode()
    member_client.post(f"/projects/{project.pk}/webhook/", {"url": ""})
    assert not Webhook.objects.filter(project=project).exists()


def test_the_schedule_of_a_project_deleted_for_good_removes_itself(api, member):
    from research.services.projects import sync_schedule

    project = make_project(member, options={"refresh": "daily"})
    sync_schedule(project)
    project_id = project.pk
    project.delete()
    assert tasks.refresh_project(project_id).endswith("its schedule is removed")
    assert not Schedule.objects.filter(name=f"refresh-project-{project_id}").exists()
