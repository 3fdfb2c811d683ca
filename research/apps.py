from typing import Any

from django.apps import AppConfig


class ResearchConfig(AppConfig):
    name = "research"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from axes.signals import user_locked_out
        from django_q.signals import post_spawn

        from research.services.health import record_native_crashes

        record_native_crashes()

        from research.models import status_changed

        # Each django-q2 worker process runs steps on its own pool of threads.
        post_spawn.connect(_start_step_pool, dispatch_uid="research.step_pool")
        # A question researched further is answered again once its project is done.
        status_changed.connect(_answer_questions, dispatch_uid="research.services.questions")
        # A refresh ends with its project's run.
        status_changed.connect(_close_refresh, dispatch_uid="research.refresh")
        # A new version is announced to the project's watchers and webhook.
        status_changed.connect(_announce_version, dispatch_uid="research.services.watching")
        # A lockout after too many failed sign-ins goes to the activity log.
        user_locked_out.connect(_locked_out, dispatch_uid="research.services.signins")


# The receivers import what they call when they are first called, not here: every process
# runs this, and the worker cluster's sentinel, monitor and pusher (forked from its main process
# before any step runs) then hold only Django and django-q2, not the pipeline and its libraries.


def _start_step_pool(**kwargs: Any) -> None:
    from research import tasks

    tasks.start_step_pool(**kwargs)


def _answer_questions(sender: Any, **kwargs: Any) -> None:
    from research.services import questions

    questions.on_status_changed(sender, **kwargs)


def _close_refresh(sender: Any, **kwargs: Any) -> None:
    from research.services import refreshes

    refreshes.close_refresh(sender, **kwargs)


def _announce_version(sender: Any, **kwargs: Any) -> None:
    from research.services import watching

    watching.on_status_changed(sender, **kwargs)


def _locked_out(sender: Any, **kwargs: Any) -> None:
    from research.services import signins

    signins.on_locked_out(sender, **kwargs)
