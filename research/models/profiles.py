"""What each LLM endpoint and model accepts, learnt by the LLM provider and shared by workers.

The provider (research/providers/llm/profile.py) imports no models; it is handed
`ModelProfile.objects`, whose `load_profile` and `save_profile` are its ProfileStore.
"""

from __future__ import annotations

from django.db import IntegrityError, models, transaction


class ModelProfileQuerySet(models.QuerySet):
    def load_profile(self, endpoint: str, model: str) -> dict | None:
        return self.filter(endpoint=endpoint, model=model).values_list("data", flat=True).first()

    def save_profile(self, endpoint: str, model: str, data: dict) -> None:
        try:
            with transaction.atomic():
                self.update_or_create(endpoint=endpoint, model=model, defaults={"data": data})
        except IntegrityError:  # another worker created it between our read and our write
            self.filter(endpoint=endpoint, model=model).update(data=data)


class ModelProfile(models.Model):
    endpoint = models.CharField(max_length=500, help_text="The base URL the model is served at.")
    model = models.CharField(max_length=200)
    data = models.JSONField(default=dict, help_text="The capability profile, as learnt.")
    updated_at = models.DateTimeField(auto_now=True)

    objects = ModelProfileQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["endpoint", "model"], name="modelprofile_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.model} at {self.endpoint}"
