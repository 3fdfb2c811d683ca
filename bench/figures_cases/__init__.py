"""The corpora of bench/figures.py, kept as data: a folder per language (en/, zh/), each with its
cases.json and a folder per case holding its documents' Markdown at their paths (the suffix
says the format the bench renders: .pdf, .docx, .xlsx, .html, .md).

A case is a question asking for an analysis (a trend over years, or a comparison across named
things) and the truth of its corpus: every entity a figure is stated of (the asked ones, their
rivals, namesakes), every figure the documents state of an entity for a year (all measures, in
base units: "$19.7 million" is 19,700,000 USD; current, superseded by a newer document, or a
draft's), and what the question asks (a measure, entities and periods). Loading checks that
every figure is written, as stated, in the document it names.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from bench.kinds_cases import doubled_ids
from bench.kinds_corpus import Doc

FOLDER = Path(__file__).resolve().parent
STATES = ("current", "superseded", "draft")


@dataclass(frozen=True)
class Entity:
    name: str
    names: tuple[str, ...]  # every way the documents name it


@dataclass(frozen=True)
class Figure:
    entity: str  # an Entity's name
    measure: str
    period: str  # "2023"
    value: float  # in base units
    unit: str  # USD, EUR, GBP, CNY, JPY, percent; "" for anything else
    state: str  # one of STATES
    doc: str  # the path of the document that states it
    written: str  # as that document writes it


@dataclass(frozen=True)
class Asked:
    measure: str
    entities: tuple[str, ...]
    periods: tuple[str, ...]


@dataclass(frozen=True)
class Case:
    id: str
    language: str
    kind: str  # "trend" or "comparison"
    question: str
    where: str
    notes: str
    entities: tuple[Entity, ...]
    figures: tuple[Figure, ...]
    asked: Asked
    documents: tuple[Doc, ...]


def _case(folder: Path, row: dict) -> Case:
    documents = tuple(
        Doc(d["path"], d["date"], (folder / row["id"] / d["path"]).read_text("utf-8"), d["off"])
        for d in row["documents"]
    )
    asked = row["asked"]
    return Case(
        id=row["id"],
        language=row["language"],
        kind=row["kind"],
        question=row["question"],
        where=row.get("where", "library"),
        notes=row.get("notes", ""),
        entities=tuple(Entity(e["name"], tuple(e["names"])) for e in row["entities"]),
        figures=tuple(
            Figure(
                f["entity"],
                f["measure"],
                str(f["period"]),
                float(f["value"]),
                f["unit"],
                f["state"],
                f["doc"],
                f["written"],
            )
            for f in row["figures"]
        ),
        asked=Asked(asked["measure"], tuple(asked["entities"]), tuple(map(str, asked["periods"]))),
        documents=documents,
    )


def check(case: Case) -> list[str]:
    """What is wrong with a case's truth: a figure not written in its document, of an unknown
    entity or state; an asked entity and period without a current figure of the measure."""
    texts = {doc.path: doc.text for doc in case.documents}
    known = {entity.name for entity in case.entities}
    wrong = []
    for f in case.figures:
        if f.doc not in texts or f.written not in texts[f.doc]:
            wrong.append(f"{f.entity} {f.period}: {f.written!r} is not in {f.doc}")
        if f.entity not in known or f.state not in STATES:
            wrong.append(f"{f.entity} {f.period}: unknown entity or state {f.state!r}")
    for entity in case.asked.entities:
        for period in case.asked.periods:
            if not fact_of(case, entity, period):
                wrong.append(f"asked {entity} {period}: no current {case.asked.measure}")
    return wrong


def fact_of(case: Case, entity: str, period: str) -> Figure | None:
    """The current figure of the asked measure for an entity and period."""
    return next(
        (
            f
            for f in case.figures
            if (f.entity, f.period, f.measure, f.state)
            == (entity, period, case.asked.measure, "current")
        ),
        None,
    )


def collect(folder: Path = FOLDER) -> tuple[Case, ...]:
    found = [
        _case(index.parent, row)
        for index in sorted(folder.glob("*/cases.json"))
        for row in json.loads(index.read_text("utf-8"))
    ]
    doubled = doubled_ids([case.id for case in found])
    wrong = [f"{case.id}: {line}" for case in found for line in check(case)]
    if doubled or wrong:
        raise ValueError("\n".join([f"case ids used twice: {doubled}"] * bool(doubled) + wrong))
    return tuple(found)
