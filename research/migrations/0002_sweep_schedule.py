"""The watchdog runs every minute in the worker (see research/pipeline/sweeper.py)."""

from django.db import migrations


def create_schedule(apps, schema_editor):
    Schedule = apps.get_model("django_q", "Schedule")
    Schedule.objects.update_or_create(
        name="dossier-sweep",
        defaults={
            "func": "research.tasks.sweep",
            "schedule_type": "I",
            "minutes": 1,
            "repeats": -1,
        },
    )


def delete_schedule(apps, schema_editor):
    apps.get_model("django_q", "Schedule").objects.filter(name="dossier-sweep").delete()


class Migration(migrations.Migration):
    dependencies = [
        ("research", "0001_initial"),
        ("django_q", "0018_task_success_index"),
    ]

    operations = [migrations.RunPython(create_schedule, delete_schedule)]
