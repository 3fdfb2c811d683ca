"""`manage.py llm_check [--json | --brief]`: probe the configured LLM endpoints."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand

from research.errors import NotConfigured
from research.services import llm_check


class Command(BaseCommand):
    help = (
        "Probe the main and fast LLM models with a few tiny calls: how they are asked (their "
        "capability profile), their speed, and warnings naming the setting to change."
    )

    def add_arguments(self, parser):
        parser.add_argument("--json", action="store_true", help="Print one JSON list.")
        parser.add_argument("--brief", action="store_true", help="One line (make run uses it).")

    def handle(self, *args, json: bool, brief: bool, **opts):
        try:
            checks = llm_check.check()
        except NotConfigured as exc:
            self.stdout.write(
                f"LLM: {exc.reason} Until then, research uses the extractive engine "
                "(quotes chosen without a language model)."
            )
            if brief:  # `make run`'s notice: no model is a way to run, not a failure
                return
            raise SystemExit(1) from None
        if json:
            self.stdout.write(_dumps(llm_check.as_json(checks)))
        elif brief:
            warned = sum(len(c.warnings) for c in checks)
            tail = f" ({warned} warnings: manage.py llm_check)" if warned else ""
            self.stdout.write("LLM: " + " | ".join(c.line() for c in checks) + tail)
        else:
            for c in checks:
                self.stdout.write(c.line())
                for warning in c.warnings:
                    self.stdout.write(f"  warning: {warning}")
        if not all(c.ok for c in checks):
            raise SystemExit(1)


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2)
