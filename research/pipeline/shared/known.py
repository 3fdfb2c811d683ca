"""The sources a report quotes as the extractive engine knows them (evidence.Known): each
one's text, vintage, what its whole document is about, and its figures that are not its
subject's now."""

from __future__ import annotations

from datetime import date
from urllib.parse import urlsplit

from research.models import Passage, Project
from research.pipeline.shared import datasets, vintages
from research.text.extractive import evidence


def of_sources(project: Project, numbers: set[int], today: date) -> dict[int, evidence.Known]:
    """Each of these sources' text, vintage (from its document's file name and title, its own
    title, its text and its date) and what its whole document is about."""
    rows = project.sources.filter(n__in=numbers).select_related("snapshot", "document")
    sources = list(rows)
    documents = {s.document_id for s in sources if s.document_id}
    texts: dict[int, list[str]] = {}
    passages = Passage.objects.filter(document_id__in=documents).order_by("document_id", "position")
    for document_id, text in passages.values_list("document_id", "text"):
        texts.setdefault(document_id, []).append(text)
    unsaid = datasets.unsaid_values(project, sources)
    found = {}
    for source in sources:
        whole = texts.get(source.document_id or 0) or [source.text]
        # a passage is of its document's date, which its opening gives, or of a later one it
        # gives itself
        opening = whole[0] if source.document and whole[0] != source.text else ""
        age = vintages.of_source(source, today, opening)
        about = "\n".join([*vintages.names_of(source), *whole])
        title = source.title or source.url
        path = (
            f"{source.document.folder}/{source.document.filename}"
            if source.document
            else urlsplit(source.url).path
        )
        headline = (source.document.title or source.document.filename) if source.document else title
        found[source.n] = evidence.Known(
            source.url,
            title,
            source.text,
            age,
            about,
            path,
            headline,
            unsaid.get(source.pk, frozenset()),
        )
    return found
