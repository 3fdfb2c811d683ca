"""Facts, figures and versions in a report written with no language model (issue 28).

A fictional company's document share (bench/facts_corpus.py: 27 files of Kestrel Robotics, a
delivery-robot start-up, in PDF by WeasyPrint, DOCX by python-docx, Markdown and HTML, made
here) goes into a team library collection as the app stores and reads it
(`library.add_document`, then `library.extract` in this process). Beside the current documents
are superseded ones whose figures differ (archive/2024, archive/2025, a draft price list, a
v0.3 roadmap) and distractors (HR, IT, facilities). One due-diligence question that asks for 8
facts is researched with `{"engine": "extractive", "sources": ["library"]}` through the real
pipeline in this process, `--runs` times (each a new project over the same library), and
each current report is measured. The body is the report's Markdown before its references
heading.

- Checkpoints covered: a checkpoint (funding, revenue, pricing, ...) is stated by 2-3 key
  figures or names; it counts as covered when at least `--need` of them (a fraction, rounded
  up: by default half) appear in the body (case-insensitive, not inside a longer number or
  word).
- Stale figures stated as current: a superseded value of a measure (ARR, price, fleet, ...)
  in a body sentence that does not mark it as history. A sentence marks history when it has
  one of the corpus's history words ("up from", "previously", "was", "earlier", "archived",
  "draft"; in Chinese 此前, 去年, 一年前, 原为, 草稿 ...) or a year before the current
  documents' (2026). Sentences end at . ! ? followed by a space, at 。！？ and at line ends.
- Quotes: “...” followed by citations [n]; this is how the extractive report cites a quote.
  A fragment is a quote that starts mid-sentence (its first character is a lower-case letter,
  punctuation or, in Chinese, a particle such as 的 or 和) or ends mid-sentence (no . ! ? 。！？,
  closing quotes or brackets allowed after it), unless the cited source's stored text has a
  line (a list item, a table row, a heading) that starts, or ends, with the quote.
- Quotes carrying markup: **, __, an _ opening or closing it, a leading # or list bullet, a
  FAQ's Q:/A: (问：/答：), a Markdown link [text](url), table pipes, or one of the documents'
  headings run into the sentence after it, as a PDF's text layer runs them ("Fleet and
  operations Kestrel operates ...": the heading, then a space and a capital or a digit, or in
  Chinese any character; a heading that a paragraph of the documents also begins with is not
  counted).
- Citation gaps: the numbers from 1 to the highest cited in the body that it never cites; and
  reference lines whose title repeats a part ("Overview, Overview").
- Words in the body (each CJK character counts one, as the library counts them; citations
  not counted) and the wall time from start until the project has settled.
- With two runs or more: whether the reports' Markdown is byte-identical. Nothing in it is
  specific to the project (its title is the question; library sources' links name passages of
  the shared library, web sources' the one loopback server of the invocation), so the
  Markdown is compared as it is; the first differing lines are printed.

    .venv/bin/python bench/facts.py [--language zh] [--runs 2] [--web] [--need 0.5]

`--web` serves the same documents as web pages instead (Markdown as text/markdown, HTML as
HTML, PDF as PDF, Word files as their HTML rendering) through the loopback fakes, with a fake
search engine that ranks them by BM25 against each query, and researches with
`sources: ["web"]`. It uses a throwaway SQLite file and no network.
"""

from __future__ import annotations

import argparse
import difflib
import math
import re
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

ROOT = Path(__file__).resolve().parent.parent
# The project first, and not this folder: run as a script, bench/ would come first on the path,
# and bench/mcp.py would hide the mcp SDK that research/ imports.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

from bench.django_env import setup_django  # noqa: E402
from bench.facts_corpus import Checkpoint, Corpus  # noqa: E402
from bench.facts_corpus_en import ENGLISH  # noqa: E402
from bench.facts_corpus_zh import CHINESE  # noqa: E402
from bench.facts_share import (  # noqa: E402
    HEADING,
    build_share,
    load_library,
    markdown_blocks,
    plain,
    research,
    serve_share,
)
from research.text.writing import is_cjk  # noqa: E402

CORPORA = {"en": ENGLISH, "zh": CHINESE}

if TYPE_CHECKING:
    from research.models import Project

EXAMPLES = 5  # lines printed per finding

# --- Measuring a report -----------------------------------------------------------------------

CITATIONS = re.compile(r"\[(\d{1,4}(?:\s*[,;]\s*\d{1,4})*)\]")
QUOTE = re.compile(r"“([^“”]+)”\s*((?:\[\d{1,4}(?:\s*[,;]\s*\d{1,4})*\]\s*)+)")
SENTENCE_END = re.compile(  # a sentence's end, with the closing quotes and citations after it
    r"(?<=[.!?])[\"'”’)\]]*(?:\s*\[[\d,; ]+\])*\s+"
    r"|(?<=[。！？])[\"'”’）」]*(?:\s*\[[\d,; ]+\])*\s*|\n+"
)
YEAR = re.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)")
WHOLE_END = re.compile(r"[.!?。！？…][\"'”’)\]）」』]*$")
MID_START = re.compile(r"^(?:[a-z]|[,;:.)\]}、，；：。）》」』!?！？…-]|[的了和与及并或而])")
LINE_MARKS = re.compile(r"^(?:#{1,6}\s+|[-*+]\s+|\d+[.)]\s+)")
FAQ_MARK = re.compile(r"^(?:[QA]:\s*|[问答][:：])")
MARKUP = {
    "bold or italic marks": re.compile(r"\*\*|__|^_(?=\S)|(?<=\S)_[.!?。]?$"),
    "heading mark": re.compile(r"^\s*#{1,6}(?:\s|$)"),
    "list bullet": re.compile(r"^\s*[-*+]\s"),
    "FAQ marker": re.compile(r"(?:^|\s)[QA]:\s|(?:^|\s)[问答][:：]"),
    "Markdown link": re.compile(r"\[[^\]]+\]\([^)]*\)"),
    "table pipes": re.compile(r"(?:^|\s)\|(?:\s|$)"),
}


@dataclass
class Measured:
    words: int
    wall: float
    covered: list[tuple[Checkpoint, list[str]]]  # every checkpoint, with the figures found
    need: list[int]  # per checkpoint: how many figures cover it
    stale: list[str]
    quotes: int
    fragments: list[str]
    markup: list[str]
    highest: int
    gaps: list[int]
    doubled: list[str]
    not_verbatim: list[str]  # quotes not found in their source's stored text
    unsupported: list[str]  # quotes the claim ledger does not find supported

    @property
    def covered_count(self) -> int:
        return sum(len(found) >= n for (_, found), n in zip(self.covered, self.need, strict=True))


def split_report(markdown: str) -> tuple[str, str]:
    """The body and the references section (everything from its heading)."""
    from research.text.citations import REFERENCES_HEADING

    match = REFERENCES_HEADING.search(markdown)
    return (markdown[: match.start()], markdown[match.start() :]) if match else (markdown, "")


def states(text: str, value: str) -> bool:
    """`value` in `text`, case-insensitive, not inside a longer number or word."""
    pattern = rf"(?<![0-9A-Za-z.,]){re.escape(value)}(?![0-9A-Za-z])"
    return re.search(pattern, text, re.IGNORECASE) is not None


def coverage(corpus: Corpus, body: str, need: float) -> tuple[list, list[int]]:
    found = [(c, [f for f in c.figures if states(body, f)]) for c in corpus.checkpoints]
    return found, [max(1, math.ceil(len(c.figures) * need)) for c in corpus.checkpoints]


def is_history(sentence: str, corpus: Corpus) -> bool:
    if any(int(year) < corpus.current_year for year in YEAR.findall(sentence)):
        return True
    for word in corpus.history_words:
        if word.isascii() and re.search(rf"\b{re.escape(word)}\b", sentence, re.IGNORECASE):
            return True
        if not word.isascii() and word in sentence:
            return True
    return False


def stale_statements(corpus: Corpus, body: str) -> list[str]:
    found = []
    for sentence in SENTENCE_END.split(body):
        for measure in corpus.measures:
            for value in measure.stale:
                if states(sentence, value) and not is_history(sentence, corpus):
                    found.append(f"{measure.name} {value} (current: {measure.current}): {sentence}")
    return found


def source_lines(project: Project) -> dict[int, list[str]]:
    """Each source's stored text (what its quotes were taken from) as lines, list marks,
    heading marks, bold marks and link targets removed, a table's row as its cells."""
    lines = {}
    for source in project.sources.select_related("snapshot", "passage"):
        text = source.snapshot.text if source.snapshot else ""
        text = text or (source.passage.text if source.passage else "")
        lines[source.n] = [
            row(line) if line.lstrip().startswith("|") else plain(LINE_MARKS.sub("", line.strip()))
            for line in text.splitlines()
        ]
    return lines


def row(line: str) -> str:
    """A table row as its cells, as a whole row is quoted: "Seed; March 2020; $3 million"."""
    return "; ".join(plain(cell.strip()) for cell in line.strip().strip("|").split("|"))


def fragment(quote: str, lines: list[str]) -> str:
    """Why `quote` is a fragment ("" when it is whole), given its source's lines."""
    quote = plain(LINE_MARKS.sub("", FAQ_MARK.sub("", quote.strip())))
    item_start = any(line.startswith(quote[:40]) for line in lines if line)
    item_end = any(line.endswith(quote[-40:]) for line in lines if line)
    if MID_START.match(quote) and not item_start:
        return "starts mid-sentence"
    if not WHOLE_END.search(quote) and not item_end:
        return "ends mid-sentence"
    return ""


def numbers(citations: str) -> list[int]:
    return [int(n) for group in CITATIONS.findall(citations) for n in re.split(r"[,;]", group)]


def headings(corpus: Corpus) -> list[str]:
    """The documents' headings, longest first, as their text reads; but not one that a
    paragraph or list item of the documents begins with (专属车队套餐 is both)."""
    found = {plain(m[2]) for doc in corpus.documents for m in HEADING.finditer(doc.text)}
    starts = [
        plain(text)
        for doc in corpus.documents
        for kind, text, _ in markdown_blocks(doc.text)
        if kind in ("p", "ul", "ol")
    ]
    kept = [h for h in found if not any(start.startswith(h) for start in starts)]
    return sorted(kept, key=lambda heading: (-len(heading), heading))


def starts_with_heading(quote: str, titles: list[str]) -> bool:
    """A heading glued before the quote's sentence ("Fleet and operations Kestrel operates"):
    the heading, then (in a spaced script) a space and a capital or a digit."""
    for heading in titles:
        rest = quote[len(heading) :] if quote.startswith(heading) else None
        if rest and (is_cjk(rest[0]) or re.match(r"\s+[A-Z0-9$]", rest)):
            return True
    return False


def quote_findings(project: Project, corpus: Corpus, body: str) -> tuple[int, list, list]:
    """The quotes, the fragments among them and the quotes that carry markup."""
    lines, titles = source_lines(project), headings(corpus)
    quotes = QUOTE.findall(body)
    fragments, markup = [], []
    for quote, cited in quotes:
        own = [line for n in numbers(cited) for line in lines.get(n, [])]
        if why := fragment(quote, own):
            fragments.append(f"{why}: “{quote}” {cited.strip()}")
        kinds = [kind for kind, pattern in MARKUP.items() if pattern.search(quote)]
        kinds += ["a heading glued to it"] if starts_with_heading(quote, titles) else []
        if kinds:
            markup.append(f"{', '.join(kinds)}: “{quote}” {cited.strip()}")
    return len(quotes), fragments, markup


def doubled_titles(references: str) -> list[str]:
    """Reference lines whose title (the link's text, or the text before the first ". ")
    repeats one of its parts (parts split at , › — – · |)."""
    doubled = []
    for line in references.splitlines():
        match = re.match(r"\[\d+\]\s*(?:\[([^\]]*)\]\(|(.*?)(?:\.\s|$))", line)
        if not match:
            continue
        title = match[1] if match[1] is not None else match[2]
        parts = [p.casefold() for p in re.split(r"\s*[,›—–·|]\s*", title) if p.strip()]
        if any(count > 1 for count in Counter(parts).values()):
            doubled.append(line)
    return doubled


def measure(project: Project, corpus: Corpus, wall: float, need: float) -> Measured:
    from research.providers.documents.passages import word_count

    markdown = project.reports.get(is_current=True).markdown
    body, references = split_report(markdown)
    covered, needed = coverage(corpus, body, need)
    quotes, fragments, markup = quote_findings(project, corpus, body)
    cited = set(numbers(body))
    highest = max(cited, default=0)
    return Measured(
        words=word_count(CITATIONS.sub("", body)),
        wall=wall,
        covered=covered,
        need=needed,
        stale=stale_statements(corpus, body),
        quotes=quotes,
        fragments=fragments,
        markup=markup,
        highest=highest,
        gaps=[n for n in range(1, highest + 1) if n not in cited],
        doubled=doubled_titles(references),
        not_verbatim=not_verbatim(project, body),
        unsupported=unsupported(project),
    )


def not_verbatim(project: Project, body: str) -> list[str]:
    """The quotes that are not a part of their source's stored text (its markup left out)."""
    from research.text.plain import locate

    texts = {s.n: s.text for s in project.sources.select_related("snapshot")}
    return [
        f"“{quote}” {cited.strip()}"
        for quote, cited in QUOTE.findall(body)
        if not any(locate(quote, texts.get(n, "")) for n in numbers(cited))
    ]


def unsupported(project: Project) -> list[str]:
    """The claims of the current report that the ledger does not find supported."""
    report = project.reports.get(is_current=True)
    rows = report.claims.exclude(status="supported").values_list("status", "sentence")
    return [f"{status}: {sentence}" for status, sentence in rows]


# --- Printing ---------------------------------------------------------------------------------


def short(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def print_list(title: str, items: list[str]) -> None:
    print(f"  {title}: {len(items)}")
    for item in items[:EXAMPLES]:
        print(f"    {short(item)}")
    if len(items) > EXAMPLES:
        print(f"    ... and {len(items) - EXAMPLES} more")


def print_measured(m: Measured) -> None:
    total = len(m.covered)
    print(f"  checkpoints covered: {m.covered_count} of {total}")
    for (checkpoint, found), n in zip(m.covered, m.need, strict=True):
        mark = "covered" if len(found) >= n else "MISSED "
        figures = ", ".join(f if f in found else f"({f})" for f in checkpoint.figures)
        print(f"    {mark} {checkpoint.name}: {figures}  [{len(found)} found, {n} needed]")
    print_list("stale figures stated as current", m.stale)
    print(f"  quotes: {m.quotes}")
    print_list("fragments", m.fragments)
    print_list("quotes carrying markup", m.markup)
    never = ", ".join(map(str, m.gaps)) or "none"
    print(f"  citation gaps: {len(m.gaps)} of 1..{m.highest} never cited: {never}")
    print_list("reference titles written twice", m.doubled)
    print_list("quotes not verbatim in their source", m.not_verbatim)
    print_list("claims the ledger does not find supported", m.unsupported)
    print(f"  words in the body: {m.words}; wall time: {m.wall:.2f} s")


def print_summary(measured: list[Measured], markdowns: list[str]) -> None:
    print(
        f"{'run':>3} {'wall s':>7} {'words':>6} {'covered':>8} {'stale':>6} {'quotes':>7} "
        f"{'fragm.':>7} {'markup':>7} {'gaps':>5} {'twice':>6} {'unquoted':>9} {'unsupp.':>8}"
    )
    for i, m in enumerate(measured, 1):
        covered = f"{m.covered_count}/{len(m.covered)}"
        print(
            f"{i:>3} {m.wall:>7.2f} {m.words:>6} {covered:>8} {len(m.stale):>6} {m.quotes:>7} "
            f"{len(m.fragments):>7} {len(m.markup):>7} {len(m.gaps):>5} {len(m.doubled):>6} "
            f"{len(m.not_verbatim):>9} {len(m.unsupported):>8}"
        )
    if len(markdowns) > 1:
        same = all(md == markdowns[0] for md in markdowns[1:])
        print(f"byte-identical reports over {len(markdowns)} runs: {'yes' if same else 'NO'}")
        if not same:
            other = next(md for md in markdowns[1:] if md != markdowns[0])
            diff = difflib.unified_diff(
                markdowns[0].splitlines(), other.splitlines(), "run 1", "other", n=0, lineterm=""
            )
            for line in list(diff)[2 : 2 + EXAMPLES * 2]:
                print(f"    {short(line)}")


# --- Main -------------------------------------------------------------------------------------


def prepare(args: argparse.Namespace, corpus: Corpus, data_dir: Path, owner: Any) -> dict:
    """The share made, and loaded into the library unless the run is on the web: the
    project's options."""
    started = time.perf_counter()
    files = build_share(corpus.documents, args.language, data_dir / "share")
    kinds = Counter(Path(path).suffix.lstrip(".") for path in files)
    made = ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items()))
    print(f"share: {len(files)} files ({made}), made in {time.perf_counter() - started:.1f} s")
    if args.web:
        return {"engine": "extractive", "sources": ["web"], "search_provider": "searxng"}
    started = time.perf_counter()
    collection, passages, failed = load_library(files, owner)
    print(
        f"library: {len(files) - len(failed)} of {len(files)} documents ready, {passages} "
        f"passages, stored and read in {time.perf_counter() - started:.1f} s"
    )
    for line in failed:
        print(f"  not read: {line}")
    return {"engine": "extractive", "sources": ["library"], "collections": [collection]}


def run_all(args: argparse.Namespace, corpus: Corpus, data_dir: Path) -> None:
    from django.contrib.auth import get_user_model

    owner, _ = get_user_model().objects.get_or_create(username="bench")
    options = prepare(args, corpus, data_dir, owner)
    print(f"question: {corpus.question}")
    print(f"options: {options}")
    measured, markdowns = [], []
    for run in range(1, args.runs + 1):
        project, wall = research(corpus, options, owner)
        markdowns.append(project.reports.get(is_current=True).markdown)
        measured.append(measure(project, corpus, wall, args.need))
        print(f"run {run}: {project.status}")
        print_measured(measured[-1])
    print_summary(measured, markdowns)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--language", choices=sorted(CORPORA), default="en")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--web", action="store_true", help="the documents as web pages")
    parser.add_argument(
        "--need", type=float, default=0.5, help="share of a checkpoint's figures that cover it"
    )
    args = parser.parse_args()
    corpus = CORPORA[args.language]
    with tempfile.TemporaryDirectory() as directory:
        setup_django(directory, LLM_MODEL="")
        if not args.web:
            run_all(args, corpus, Path(directory))
            return
        from django.conf import settings

        from tests.fakes import FakeSearx, FakeWeb

        with FakeWeb() as web, FakeSearx(page_base_url=web.url) as searx:
            settings.SEARXNG_URL = searx.url
            serve_share(corpus.documents, args.language, web, searx)
            run_all(args, corpus, Path(directory))


if __name__ == "__main__":
    main()
