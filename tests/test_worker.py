"""The real django-q2 worker consumes the queue: a ping round-trips, shown on the health page."""

import pytest

pytestmark = pytest.mark.worker


def test_the_health_page_shows_a_ping_answered_by_the_worker(worker, client, member):
    client.force_login(member)
    response = None
    for _ in range(6):  # the cluster takes a moment to start its workers
        response = client.get("/health/")
        if response.status_code == 200:
            break
    assert response is not None
    assert response.status_code == 200, worker.log_path.read_text()
    assert b"ping answered" in response.content


def test_the_health_page_says_when_no_worker_answers(client, member, settings):
    client.force_login(member)
    response = client.get("/health/")
    assert response.status_code == 503
    assert b"no worker answered a ping" in response.content
