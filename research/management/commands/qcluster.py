"""`manage.py qcluster`: django-q2's worker cluster, started without Django's URL checks.

Django runs its system checks before a command; the URL checks import the URLconf, and with it
every view, the API and the pipeline, into the cluster's main process before it forks its
sentinel's helpers (monitor, pusher) and its workers: each would hold them (about 70 MiB a
process). Its workers import the pipeline when they start (research.tasks.start_step_pool); the
web server and `manage.py check` run the URL checks. This app comes before django_q in
INSTALLED_APPS, so this command is the one `qcluster` runs.
"""

from __future__ import annotations

from django.core import checks
from django_q.management.commands.qcluster import Command as ClusterCommand

TAGS = [
    value
    for name, value in vars(checks.Tags).items()
    if not name.startswith("_") and value != checks.Tags.urls
]


class Command(ClusterCommand):
    requires_system_checks = TAGS
