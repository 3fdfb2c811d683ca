"""A source's vintage (text/extractive/currency.py): how new it is and whether its names mark
it as a draft, an archive's or a first account, read from its document's folder, file name and
title (a page's title and path) and its text. Shared by the report, which states older figures
as history, and the datasets, which compute with the newest."""

from __future__ import annotations

from datetime import date
from urllib.parse import urlsplit

from research.models import Source
from research.text.extractive.currency import Vintage, vintage


def names_of(source: Source) -> list[str]:
    """Its title, and its document's folder, file name and title."""
    names = [source.title]
    if source.document:
        names += [source.document.folder, source.document.filename, source.document.title]
    return names


def of_source(source: Source, today: date, opening: str = "") -> Vintage:
    """The source's vintage; `opening`, its document's first passage, gives the document's
    date to a later passage of it."""
    uploaded = source.document.created_at.date() if source.document else None
    # What dates and marks a source is its document's names, not a passage's heading
    # ("Item 6: interim findings" of final minutes); a page's path does as a document's
    # folder and file name do (/archive/, initial-recall-statement.html).
    dating = names_of(source)[1:] if source.document else [source.title, urlsplit(source.url).path]
    return vintage(dating, f"{opening}\n{source.text}", source.published, today, uploaded)
