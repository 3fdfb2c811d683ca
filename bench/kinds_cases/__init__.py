"""The cases of bench/kinds.py, kept as data: a folder per kind and language (fact_en/,
fact_zh/, ...), each with its cases.json (per case: id, kind, language, question, where, notes,
subjects, facts, and its documents' paths, dates and off marks) and a folder per case holding
its documents' Markdown at their paths. Collected here in the folders' order."""

from __future__ import annotations

import json
from pathlib import Path

from bench.kinds_corpus import Case, Doc, Fact

FOLDER = Path(__file__).resolve().parent


def _case(folder: Path, row: dict) -> Case:
    documents = tuple(
        Doc(d["path"], d["date"], (folder / row["id"] / d["path"]).read_text("utf-8"), d["off"])
        for d in row["documents"]
    )
    return Case(
        id=row["id"],
        kind=row["kind"],
        language=row["language"],
        question=row["question"],
        documents=documents,
        facts=tuple(Fact(f["name"], tuple(f["figures"])) for f in row["facts"]),
        subjects=tuple(tuple(s) for s in row["subjects"]),
        where=row["where"],
        notes=row["notes"],
    )


def collect(folder: Path) -> tuple[Case, ...]:
    """The cases of every <kind>_<language>/cases.json under `folder`, each id once."""
    found = [
        _case(index.parent, row)
        for index in sorted(folder.glob("*/cases.json"))
        for row in json.loads(index.read_text("utf-8"))
    ]
    doubled = doubled_ids([case.id for case in found])
    if doubled:
        raise ValueError(f"case ids used twice: {', '.join(doubled)}")
    return tuple(found)


def doubled_ids(ids: list[str]) -> list[str]:
    """The ids that stand more than once."""
    return sorted({i for i in ids if ids.count(i) > 1})


def collect_extra(folder: Path, prefix: str) -> tuple[Case, ...]:
    """The cases of a set outside the halves (bench/kinds_more/, bench/kinds_fresh*/): every
    id starts with `prefix`, and every fact has a figure in a document that is not off."""
    found = collect(folder)
    unprefixed = sorted(case.id for case in found if not case.id.startswith(prefix))
    if unprefixed:
        raise ValueError(f"case ids without {prefix!r}: {', '.join(unprefixed)}")
    for case in found:
        texts = [doc.text.lower() for doc in case.documents if not doc.off]
        for fact in case.facts:
            if not any(f.lower() in text for f in fact.figures for text in texts):
                raise ValueError(f"{case.id}: {fact.name}: no figure of it is in a document")
    return found


CASES = collect(FOLDER)
