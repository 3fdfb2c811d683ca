"""The grading of bench/kinds.py: one report measured against its case's truth, mechanically.

The body is the report's Markdown before its references heading; its sections are its "## "
parts (the key figures, overview and answer parts aside). A quote is “...” followed by its
citations [n], as the extractive report cites.

- Facts covered: a fact whose figures (any one) appear in the body, not inside a longer number
  or word; a figure with its unit ("321.7万人") also in a table row that puts the unit in its
  column's name ("年末常住人口（万人）: 321.7", "Litres per person per day: 129" states
  129 litres, or a row quoted under its header:
  "*Airport; On time (%):* “Carran; 71.8”" states 71.8%).
- Empty but covered: a section that reads "No source matched this section." while a summarised
  source names its subject: a subject of the case that its heading names, or else every content
  word of its heading (in Chinese, the heading itself).
- Misfiled: a quote in a section of one subject that names another subject, which has a
  section of its own, and not its section's.
- Off-subject: a quote whose cited source is a document of the case marked `off`.
- Broken key-figure rows: a row of the key-figures table whose measure is missing, starts with
  punctuation or a digit, runs past 8 words (16 characters in Chinese) or ends on a function
  word; or whose value has no digit, or lost its unit or scale (every place its cited source
  states the number, a unit, scale or currency goes with it that the value lacks), or is an
  identifier (ISO 9001, version 2.1, model K3) rather than a quantity, or is not in the source.
- Run-on quotes: a quote holding a heading mark, table pipes, or more than 300 characters (150
  in Chinese).
- Sources: the distinct relevant (not `off`) documents fetched and summarised, and those the
  body cites.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bench.facts import CITATIONS, QUOTE, numbers, split_report, states
from bench.kinds_corpus import Case, Doc
from research.text.writing import is_cjk

if TYPE_CHECKING:
    from research.models import Project, Source

FUNCTION_WORDS = frozenset(
    "the a an of to and or in on at for by with from as was is were are has had have be been "
    "its their that which who than per 的 了 在 为 是 和 与 及 或 从 到 对".split()
)
SCALE = (
    r"(?:million|billion|thousand|trillion|mn|bn|m|b|k|percent|per\s+cent|%|"
    r"万|亿|千|百万|元|美元|欧元|英镑|港元|人民币)"
)
AFTER_UNIT = re.compile(rf"^\s?{SCALE}(?![A-Za-z])", re.IGNORECASE)
BEFORE_CURRENCY = re.compile(r"[$€£¥]\s?$")
IDENTIFIER = re.compile(
    r"(?:\bISO|\bIEC|\bversion|\bv|\bmodel|\bno\.|\broom|\bgate|\bplatform|\bline|\bK|#|第|型号|版本)"
    r"\s?[-.]?\s?$",
    re.IGNORECASE,
)
NONE_TEXTS = ("No source matched this section.", "没有来源与本节相符。")
TABLE_HEADINGS = ("Key figures", "关键数据")
NOT_SECTIONS = (*TABLE_HEADINGS, "Overview", "概述", "Answer", "Summary", "摘要", "结论")
WORD = re.compile(r"[A-Za-z][A-Za-z'-]{2,}")


@dataclass
class Graded:
    case: Case
    half: str
    status: str
    wall: float = 0.0
    words: int = 0
    covered: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    empty_covered: list[str] = field(default_factory=list)
    misfiled: list[str] = field(default_factory=list)
    off_subject: list[str] = field(default_factory=list)
    broken_rows: list[str] = field(default_factory=list)
    run_on: list[str] = field(default_factory=list)
    fetched: int = 0  # relevant documents summarised
    cited: int = 0  # of them, cited in the body
    markdown: str = ""


FIGURE_WITH_UNIT = re.compile(r"^(\d[\d,]*(?:\.\d+)?)\s*([^\d\s].*)$")


HEADED_ROW = re.compile(r"\*([^*\n]+):\* “([^”]+)”")


def with_columns(body: str) -> str:
    """The body with each quoted table row shown under its header also as its cells named by
    their columns ("*Airport; On time (%):* “Carran; 71.8”" also as "On time (%): 71.8")."""
    named = []
    for header, row in HEADED_ROW.findall(body):
        names, cells = header.split("; "), row.split("; ")
        if len(names) == len(cells):
            named.append("; ".join(f"{n}: {c}" for n, c in zip(names, cells, strict=True)))
    return "\n".join([body, *named])


def stated(body: str, figure: str) -> bool:
    """The figure in the body, or its number in a table row's cell whose column's name holds
    its unit ("年末常住人口（万人）: 321.7" states "321.7万人", and so does a row quoted under its
    header)."""
    if states(body, figure):
        return True
    body = with_columns(body)
    split = FIGURE_WITH_UNIT.match(figure.strip())
    if split is None:
        return False
    number, unit = split.groups()
    named = rf"[（(]{re.escape(unit)}[)）]|(?<![A-Za-z]){re.escape(unit)}(?![A-Za-z])"
    cell = rf"(?:{named})[^;:：\n“”]*[:：]\s*{re.escape(number)}(?![0-9.,]*[0-9])"
    return re.search(cell, body, re.IGNORECASE) is not None


def sections(body: str) -> list[tuple[str, str]]:
    """The body's ## sections, each (heading, text)."""
    found = []
    for part in re.split(r"(?m)^## ", body)[1:]:
        heading, _, text = part.partition("\n")
        found.append((heading.strip(), text.strip()))
    return found


def names(text: str, aliases: tuple[str, ...]) -> bool:
    return any(states(text, alias) for alias in aliases)


def subject_of(heading: str, case: Case) -> tuple[str, ...] | None:
    return next((s for s in case.subjects if names(heading, s)), None)


def doc_of(source: Source, case: Case) -> Doc | None:
    """The case's document a source was read from (a library file, or its page)."""
    document = source.document if source.document_id else None
    path = "/".join(filter(None, [document.folder, document.filename])) if document else ""
    for doc in case.documents:
        page = doc.path.replace(".docx", ".html")
        if path == doc.path or source.url.endswith(f"/{case.id}/{page}"):
            return doc
    return None


def source_text(source: Source) -> str:
    if source.snapshot_id and source.snapshot:
        return source.snapshot.text
    return source.passage.text if source.passage_id and source.passage else ""


def grade(project: Project, case: Case, half: str, wall: float) -> Graded:
    from research.providers.documents.passages import word_count

    markdown = project.reports.get(is_current=True).markdown
    body, _ = split_report(markdown)
    sources = {s.n: s for s in project.sources.select_related("snapshot", "passage", "document")}
    docs = {n: doc_of(s, case) for n, s in sources.items()}
    summarised = {n for n, s in sources.items() if s.summaries.filter(relevant=True).exists()}
    graded = Graded(case, half, project.status, wall, word_count(CITATIONS.sub("", body)))
    graded.markdown = markdown
    for fact in case.facts:
        (graded.covered if any(stated(body, f) for f in fact.figures) else graded.missed).append(
            fact.name
        )
    texts = [source_text(sources[n]) for n in sorted(summarised)]
    own = [(h, t) for h, t in sections(body) if h not in NOT_SECTIONS]
    graded.empty_covered = [h for h, t in own if t in NONE_TEXTS and covered(h, case, texts)]
    graded.misfiled = misfiled(own, case)
    for quote, cited in QUOTE.findall(body):
        off = [n for n in numbers(cited) if (doc := docs.get(n)) is not None and doc.off]
        if off:
            graded.off_subject.append(f"“{quote}” [{off[0]}: {docs[off[0]].path}]")  # type: ignore[union-attr]
        if run_on(quote):
            graded.run_on.append(f"“{quote}” {cited.strip()}")
    table = next((t for h, t in sections(body) if h in TABLE_HEADINGS), "")
    graded.broken_rows = broken_rows(table, sources)
    relevant = {n for n in summarised if (doc := docs.get(n)) is not None and not doc.off}
    cited_numbers = set(numbers(body))
    fetched_docs = {docs[n].path for n in relevant}  # type: ignore[union-attr]
    graded.fetched = len(fetched_docs)
    graded.cited = len({docs[n].path for n in relevant & cited_numbers})  # type: ignore[union-attr]
    return graded


def covered(heading: str, case: Case, texts: list[str]) -> bool:
    """Whether a summarised source names the section's subject."""
    subject = subject_of(heading, case)
    if subject:
        return any(names(text, subject) for text in texts)
    if any(is_cjk(ch) for ch in heading):
        core = re.sub(r"[\s:：，,（）()0-9–-]+", "", heading)
        return bool(core) and any(core in text for text in texts)
    words = [w.lower() for w in WORD.findall(heading) if w.lower() not in FUNCTION_WORDS]
    return bool(words) and any(all(w in text.lower() for w in words) for text in texts)


def misfiled(own: list[tuple[str, str]], case: Case) -> list[str]:
    placed = {subject_of(h, case) for h, _ in own} - {None}
    found = []
    for heading, text in own:
        subject = subject_of(heading, case)
        if subject is None:
            continue
        for quote, cited in QUOTE.findall(text):
            others = [s[0] for s in placed if s != subject and names(quote, s)]  # type: ignore[index,arg-type]
            if others and not names(quote, subject):
                found.append(f"{heading}: “{quote}” {cited.strip()} (names {', '.join(others)})")
    return found


def run_on(quote: str) -> bool:
    limit = 150 if sum(map(is_cjk, quote)) > len(quote) / 3 else 300
    return "##" in quote or " | " in quote or len(quote) > limit


def broken_rows(table: str, sources: dict[int, Source]) -> list[str]:
    found = []
    for line in table.splitlines()[2:]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 4:
            continue
        measure, value, cited = cells[0], cells[1], cells[-1]
        cited_n = numbers(cited)
        text = source_text(sources[cited_n[0]]) if cited_n and cited_n[0] in sources else ""
        why = broken_measure(measure) or broken_value(value, text)
        if why:
            found.append(f"{why}: {line.strip()}")
    return found


def broken_measure(measure: str) -> str:
    if not measure or measure in ("—", "-"):
        return "no measure"
    first = measure[0]
    if not (first.isalpha() or is_cjk(first)):
        return "measure starts with punctuation or a digit"
    cjk = sum(map(is_cjk, measure))
    if (cjk > 16) or (not cjk and len(measure.split()) > 8):
        return "measure is a sentence"
    said = re.split(r"\s+", measure.rstrip(" .,:;"))[-1]
    last = "" if re.fullmatch(r"[A-Z]", said) else said.lower()  # "Series A" names a round
    if last in FUNCTION_WORDS or (cjk and measure.rstrip(" ，：")[-1:] in FUNCTION_WORDS):
        return "measure ends on a function word"
    return ""


def broken_value(value: str, text: str) -> str:
    if not re.search(r"\d", value):
        return "value has no figure"
    places = [m for m in re.finditer(re.escape(value), text)]
    places = [m for m in places if not _inside_number(text, m.start(), m.end())]
    if not places:
        return "value not in its source"
    if all(IDENTIFIER.search(text[max(0, m.start() - 12) : m.start()]) for m in places):
        return "an identifier read as a quantity"
    if all(_loses_unit(value, text, m.start(), m.end()) for m in places):
        return "value lost its unit or scale"
    return ""


def _inside_number(text: str, start: int, end: int) -> bool:
    before, after = text[start - 1 : start], text[end : end + 2]
    return bool(re.match(r"[\d.,]", before) or re.match(r"\d|[.,]\d", after))


def _loses_unit(value: str, text: str, start: int, end: int) -> bool:
    after, before = text[end : end + 12], text[max(0, start - 2) : start]
    scale = AFTER_UNIT.match(after)
    if scale and is_cjk(value[-1:]) and scale[0].strip().isascii():
        scale = None  # "3.5亿元B轮": 元 is its unit, B the round's letter
    if scale or BEFORE_CURRENCY.search(before):
        return True
    bare = re.fullmatch(r"[\d.,]+", value) is not None
    word = re.match(r"\s([a-z][a-z-]+)", after)
    return bare and word is not None and word[1] not in FUNCTION_WORDS
