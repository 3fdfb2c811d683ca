"""The one family of errors that people are told about.

Every failure a member can see is a `DossierError`. Its `reason` is written for people: it says
what happened and, where a setting or an action would fix it, which one. The subclass says what
kind of failure it is and carries the HTTP status the API answers with. The family is mapped to
responses in exactly two places: research_site/api.py for the API and research/middleware.py for
the pages. A step that fails records `reason` on its StepRun, where the pages show it.

This module is a leaf: it imports nothing from Dossier, so every layer can raise these.
"""

from __future__ import annotations

from typing import ClassVar


class DossierError(Exception):
    """A failure to show to people, as it is: `reason` is the message."""

    http_status: ClassVar[int] = 500
    stops_run: ClassVar[bool] = False  # a step that fails with it fails its whole project

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class NotAllowed(DossierError):
    """The action does not fit the current state (a running project cannot be deleted...)."""

    http_status = 409


class NotFound(DossierError):
    """No row with that id."""

    http_status = 404


class Forbidden(DossierError):
    """This member may not do this (only a note's author edits it)."""

    http_status = 403


class BadInput(DossierError):
    """The input itself is wrong; `field` names the part of it that is."""

    http_status = 422

    def __init__(self, reason: str, *, field: str = "") -> None:
        super().__init__(reason)
        self.field = field


class NotConfigured(DossierError):
    """A setting the work needs is empty; the reason names the variable to set."""

    http_status = 503
    stops_run = True


class ProviderFailed(DossierError):
    """An outside service failed for good: the LLM endpoint, a search engine or a web page."""

    http_status = 502


class BudgetSpent(DossierError):
    """The project's token budget cannot cover the next LLM call."""

    http_status = 409
    stops_run = True


class ComputeRefused(DossierError):
    """A computation over a dataset was refused or stopped: it was not one SELECT, it reached
    for a file, the network or a setting, or it passed its time or memory limit."""

    http_status = 422


class MissingInput(DossierError):
    """A step found nothing to work on: a row it reads is missing or empty."""

    http_status = 409


def reason_of(exc: BaseException) -> str:
    """What to tell people about `exc`: its reason, or its type for an unexpected error."""
    if isinstance(exc, DossierError):
        return exc.reason
    return f"Unexpected error ({type(exc).__name__}): {exc}"


class TooLarge(DossierError):
    """An upload over its size limit; the reason names the limit and its setting."""

    http_status = 413


class DocumentUnreadable(DossierError):
    """A library file that cannot be read into text; the reason says why and what to do."""

    http_status = 422


class TooManyAttempts(DossierError):
    """Too many failed sign-ins or bad tokens from one address: wait `retry_after` seconds."""

    http_status = 429

    def __init__(self, reason: str, *, retry_after: int) -> None:
        super().__init__(reason)
        self.retry_after = retry_after
