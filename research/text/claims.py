"""Claims of a report body, and their lexical alignment with the sources they cite.

Splitting: the body before "## References" is read paragraph by paragraph (headings, italic
framing lines, table rows and list markers aside) and cut into sentences by a careful regular
expression: "e.g.", "Dr.", initials and decimals do not end a sentence, and the [n] markers
that follow a full stop stay with the sentence they close. An extractive report's quotes
(“...” [n]) are claims as they stand, without the italic words that frame one as history. A
sentence that cites [n] is a claim; one that states numbers, dates or names without citing
anything is kept as `uncited`.

Alignment costs no tokens: each cited source's stored text is cut into its sentences (verbatim,
so a quote is always an exact substring of the text) and its summaries' quotes are added; the
window that covers most of the claim's terms (stemmed words and CJK bigrams, numbers weighing
double) is the quote. A number the claim states and the cited text never does is an invented
number; a claim whose words are found in another source of the project rather than in the
cited one is misattributed. Both are `unsupported`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from research.text import changes
from research.text.analysis.figure import FIGURE_START
from research.text.extractive.sentences import sentences
from research.text.extractive.terms import terms
from research.text.quotes import find_exact

SUPPORTED = 0.7  # share of the claim's weighted terms in the best window (bench/claims.py)
PARTIAL = 0.35
OTHER_MARGIN = 0.2  # another source beats the cited ones by this much: misattributed
NUMBER_WEIGHT = 2.0

_CITE = re.compile(r"\[(\d+)\]")
_CITES_AFTER = re.compile(r"^(?:\s*\[\d+\])+")
_END = re.compile(r"[.!?。！？]+[\"'”’)»]*")
_ABBREVIATIONS = frozenset(
    "e.g i.e etc vs cf al dr mr mrs ms prof st no fig figs eq approx ca jan feb mar apr jun jul "
    "aug sep sept oct nov dec inc ltd co corp u.s u.k".split()
)
_LIST_MARKER = re.compile(r"^\s*(?:(?:[-*+•◦]|\d+[.)])\s+)+")
_QUOTED = re.compile(r"“([^”]+)”((?:\s*\[\d+\])+)")
_FRAMING = re.compile(r"\*[^*\n]+\*")  # "*Earlier, as of 2025:*" before an extractive quote
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_MONTHS = re.compile(
    r"\b(?:January|February|March|April|May|June|July|August|September|October|November|"
    r"December)\b"
)
_NAME = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*")
_NEGATIONS = frozenset("not no never neither nor without cannot none n't isn't aren't".split())
_MARKUP = re.compile(r"\*\*|__|`|\[([^\]]*)\]\([^)]*\)")


@dataclass(frozen=True)
class SplitClaim:
    position: int  # the sentence's index in the body
    sentence: str  # as the body has it, with its [n] markers
    citations: tuple[int, ...]
    section: str  # the heading it stands under ("" before the first)
    figure: int = 0  # the dataset a figure's result sentence was computed from; 0: none

    @property
    def text(self) -> str:
        """The sentence without its citation markers and Markdown."""
        return plain(self.sentence)


def plain(sentence: str) -> str:
    """A sentence's words as a reader sees them: no citation markers, links, emphasis, or list
    marker or numbering before it."""
    text = _CITE.sub("", _MARKUP.sub(lambda m: m.group(1) or "", _LIST_MARKER.sub("", sentence)))
    text = re.sub(r"\s+([.,;:!?。！？])", r"\1", re.sub(r"\s+", " ", text))
    return text.strip().strip('“”"').strip()


def body_of(markdown: str) -> str:
    """The report body: everything before its references."""
    return re.split(r"^## References\s*$", markdown, maxsplit=1, flags=re.M)[0]


def split_claims(markdown: str) -> list[SplitClaim]:
    """The claims of a report, in order: cited sentences and uncited ones that state facts. A
    figure's chart and caption are no claims, and the paragraph after its table (the result
    said) is claimed as computed from its dataset (`figure`)."""
    found: list[SplitClaim] = []
    position, section, figure = 0, "", 0
    for block in re.split(r"\n\s*\n", _without_changes(body_of(markdown))):
        start = FIGURE_START.search(block)
        if start:
            figure = int(start.group(1) or start.group(2) or 0)  # 0: a source's figure
            continue
        lines = _lines(block)
        for line in lines:
            if line.startswith("#"):
                section, figure = line.lstrip("#").strip(), 0
                continue
            for sentence in split_sentences(line):
                cited = tuple(dict.fromkeys(int(n) for n in _CITE.findall(sentence)))
                if cited or _states_facts(plain(sentence)):
                    found.append(SplitClaim(position, sentence, cited, section, figure))
                position += 1
        figure = figure if not lines else 0  # a table between: still the figure's
    return found


def _without_changes(body: str) -> str:
    """The body without its "What changed since vN" section, which reports and claims nothing
    (up to the next heading of its level or above)."""
    match = changes.HEADING.search(body)
    if not match:
        return body
    after = re.search(r"^#{1,2}\s", body[match.end() :], re.MULTILINE)
    return body[: match.start()] + (body[match.end() + after.start() :] if after else "")


def _lines(block: str) -> list[str]:
    """A paragraph's lines worth reading: a heading alone; list items one by one; a wrapped
    paragraph joined; italic framing lines (an extractive report's, a fallback note) and
    table rows left out."""
    kept: list[str] = []
    for raw in block.splitlines():
        line = raw.strip()
        if not line or line.startswith("|") or _is_italic_line(line):
            continue
        if line.startswith("#") or _LIST_MARKER.match(line) or not kept:
            kept.append(_LIST_MARKER.sub("", line) if not line.startswith("#") else line)
        elif kept[-1].startswith("#"):
            kept.append(line)
        else:
            kept[-1] += " " + line
    return kept


def _is_italic_line(line: str) -> bool:
    return len(line) > 2 and line[0] == line[-1] == "_" and "_" not in line[1:-1]


def split_sentences(text: str) -> list[str]:
    """The sentences of one paragraph, each with the [n] markers that close it."""
    if _QUOTED.search(text) and not _FRAMING.sub("", _QUOTED.sub("", text)).strip():
        return [m.group(0).strip() for m in _QUOTED.finditer(text)]
    found: list[str] = []
    start = 0
    for match in _END.finditer(text):
        end = match.end()
        markers = _CITES_AFTER.match(text[end:])
        if markers:
            end += markers.end()
        if not _ends_sentence(text, match.start(), end):
            continue
        found.append(text[start:end].strip())
        start = end
    if text[start:].strip():
        found.append(text[start:].strip())
    return [s for s in found if s]


def _ends_sentence(text: str, stop: int, end: int) -> bool:
    """A full stop at `stop` ends a sentence when what follows starts another: not inside a
    number (3.5), not after an abbreviation or an initial, not before a lower-case word."""
    if text[stop] in "。！？":
        return True
    rest = text[end:]
    if rest and not rest[0].isspace():
        return False
    following = rest.lstrip()
    if not following:
        return True
    if following[0].islower() or following[0] in ",;:":
        return False
    word = re.search(r"([\w.]+)$", text[:stop])
    if text[stop] == "." and word:
        before = word.group(1).lower()
        if before in _ABBREVIATIONS or (len(before) == 1 and before.isalpha()):
            return False
    return True


def _states_facts(text: str) -> bool:
    """Numbers, dates or names: what an uncited sentence must not state unchecked."""
    return bool(_NUMBER.search(text) or _MONTHS.search(text) or _NAME.search(text))


# --- Lexical alignment ---------------------------------------------------------------------


def numbers(text: str) -> set[str]:
    """The numbers a text states, without their thousands separators ("1,200" is "1200")."""
    found = set()
    for match in _NUMBER.finditer(text):
        value = match.group(0)
        if re.fullmatch(r"\d{1,3}(?:,\d{3})+", value):
            value = value.replace(",", "")
        found.add(value.rstrip(".,"))
    return found


def negations(text: str) -> int:
    """How many negations a text has: "do not" against "do", "cannot" against "can"."""
    words = re.findall(r"[a-z]+(?:'[a-z]+)?", text.lower())
    return sum(word in _NEGATIONS or word.endswith("n't") for word in words)


@dataclass(frozen=True)
class Window:
    text: str  # verbatim in the source's text
    terms: frozenset[str]
    negations: int


@dataclass
class SourceIndex:
    """One source's stored text, cut into windows to align claims with."""

    n: int
    text: str
    windows: list[Window] = field(default_factory=list)
    numbers: set[str] = field(default_factory=set)

    @classmethod
    def build(cls, n: int, text: str, quotes: Sequence[str] = ()) -> SourceIndex:
        units = sentences(text) if text.strip() else []
        pieces = [s.text for s in units]
        if not pieces:  # a text without sentence ends: its lines
            pieces = [line.strip() for line in text.splitlines() if len(line.strip()) >= 8]
        for quote in quotes:
            exact = find_exact(quote, text)
            if exact and exact not in pieces:
                pieces.append(exact)
        # A table row is read with its header: "Stannard Motion; $27.9M" under "Company; FY2025
        # revenue" says what the figure is.
        headers = {s.text: s.header for s in units if s.header}
        windows = [
            Window(piece, frozenset(terms(f"{headers.get(piece, '')} {piece}")), negations(piece))
            for piece in dict.fromkeys(pieces)
        ]
        return cls(n=n, text=text, windows=windows, numbers=numbers(text))


@dataclass(frozen=True)
class Verdict:
    status: str
    score: float
    quote: str
    quote_n: int | None
    reason: str
    firm: bool = False  # hard evidence: an invented number, no text, another source's words


@dataclass(frozen=True)
class _Best:
    score: float
    window: Window | None
    n: int | None


def _weighted(claim_terms: set[str], claim_numbers: set[str]) -> float:
    return sum(NUMBER_WEIGHT if t in claim_numbers else 1.0 for t in claim_terms)


def best_window(claim: str, index: SourceIndex) -> _Best:
    """The window of the source that covers most of the claim's weighted terms."""
    wanted = set(terms(claim))
    if not wanted or not index.windows:
        return _Best(0.0, None, index.n)
    figures = {t for t in wanted if t.replace(".", "").isdigit()}
    total = _weighted(wanted, figures)
    best = max(index.windows, key=lambda w: _weighted(wanted & w.terms, figures))
    return _Best(_weighted(wanted & best.terms, figures) / total, best, index.n)


def align(claim: SplitClaim, indexes: dict[int, SourceIndex]) -> Verdict:
    """The lexical verdict on one claim, given the project's sources by their number."""
    text = claim.text
    if not claim.citations:
        best = _best_of(text, list(indexes.values()))
        quote, n = _quote(best, PARTIAL)
        reason = f"no citation; closest: [{n}]" if n else "no citation, and no source says it"
        return Verdict("uncited", round(best.score, 3), quote, n, reason)
    cited = [indexes[n] for n in claim.citations if n in indexes]
    if not any(i.text.strip() for i in cited):
        listed = ", ".join(f"[{n}]" for n in claim.citations)
        return Verdict("unsupported", 0.0, "", None, f"{listed}: no stored text to check", True)
    best = _best_of(text, cited)
    missing = sorted(numbers(text) - set().union(*(i.numbers for i in cited)))
    if missing:
        quote, n = _quote(best, 0.0)
        return Verdict(
            "unsupported",
            round(min(best.score, PARTIAL) / 2, 3),
            quote,
            n,
            f"the number{'s' if len(missing) > 1 else ''} {', '.join(missing)} "
            f"{'are' if len(missing) > 1 else 'is'} not in {_named(claim.citations)}",
            firm=True,
        )
    if best.score < SUPPORTED:
        elsewhere = _best_of(text, [i for n, i in indexes.items() if n not in claim.citations])
        if elsewhere.score >= SUPPORTED and elsewhere.score >= best.score + OTHER_MARGIN:
            quote, n = _quote(elsewhere, 0.0)
            return Verdict(
                "unsupported",
                round(best.score, 3),
                quote,
                n,
                f"the quote is in [{n}], not {_named(claim.citations)}",
                firm=True,
            )
    return _by_score(text, best)


def _by_score(text: str, best: _Best) -> Verdict:
    quote, n = _quote(best, 0.0)
    score = round(best.score, 3)
    if best.score >= SUPPORTED:
        if best.window and best.window.negations != negations(text):
            return Verdict(
                "contradicted",
                score,
                quote,
                n,
                f"[{n}] says it with the opposite polarity (a negation differs)",
            )
        return Verdict("supported", score, quote, n, f"[{n}] says it ({score:.0%} of its terms)")
    if best.score >= PARTIAL:
        return Verdict("partial", score, quote, n, f"[{n}] says part of it ({score:.0%})")
    return Verdict(
        "unsupported",
        score,
        quote if best.score > 0 else "",
        n if best.score else None,
        f"the cited source does not say it ({score:.0%} of its terms at best)",
    )


def _best_of(text: str, indexes: list[SourceIndex]) -> _Best:
    found = [best_window(text, index) for index in indexes]
    return max(found, key=lambda b: b.score, default=_Best(0.0, None, None))


def _quote(best: _Best, floor: float) -> tuple[str, int | None]:
    if best.window is None or best.score <= floor:
        return "", None
    return best.window.text, best.n


def _named(citations: tuple[int, ...]) -> str:
    return ", ".join(f"[{n}]" for n in citations)
