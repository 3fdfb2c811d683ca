from django.apps import AppConfig


class ResearchConfig(AppConfig):
    name = "research"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django_q.signals import post_spawn

        from research import tasks

        # Each django-q2 worker process runs steps on its own pool of threads.
        post_spawn.connect(tasks.start_step_pool, dispatch_uid="research.step_pool")
