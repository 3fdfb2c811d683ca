from django.apps import AppConfig


class ResearchConfig(AppConfig):
    name = "research"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django_q.signals import post_spawn

        from research import questions, tasks, watching
        from research.models import status_changed
        from research.pipeline import refresh

        # Each django-q2 worker process runs steps on its own pool of threads.
        post_spawn.connect(tasks.start_step_pool, dispatch_uid="research.step_pool")
        # A question researched further is answered again once its project is done.
        status_changed.connect(questions.on_status_changed, dispatch_uid="research.questions")
        # A refresh ends with its project's run.
        status_changed.connect(refresh.close_refresh, dispatch_uid="research.refresh")
        # A new version is announced to the project's watchers and webhook.
        status_changed.connect(watching.on_status_changed, dispatch_uid="research.watching")
