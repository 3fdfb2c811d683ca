"""Verbatim sentences of a text, split by sentencex (Wikimedia's splitter, ~300 languages).

Sentences are cut from the text's plain form (text/plain.py: no Markdown marks, bullets or "Q:"
labels), so each is the text's own words as a reader sees them, and `start`/`end` give the
original characters it came from: a quote made of it passes the same exact-quote check as an
LLM's. Very short fragments (menus, captions), lines that do not end as a sentence does
(headings) and very long runs (tables flattened to text) are left out. A table's row, a record
line and a list item are units of their own; a heading, a title or a record line never runs
into the sentence after it. One sentence is one quote, but for a sentence that opens by
referring to the one before ("It opened in 2024.", "其中……"), which is quoted with it, and a
list item's name ("- **Dark mode.** Lumen now follows …"), quoted with the sentence after it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import sentencex

from research.text.extractive.terms import CJK, is_cjk, language_of
from research.text.plain import Plain, plain
from research.text.records import RECORD, record_pairs

MIN_CHARS, MIN_CJK_CHARS, MAX_CHARS = 30, 10, 800
MIN_ROW_CHARS = 6  # a table's row, under its header, says what it measures in few characters
ENDS = (".", "!", "?", "…", "。", "！", "？", ";", "；")
STATEMENT_ENDS = (".", "!", "…", "。", "！", ";", "；")  # a question states nothing to quote


@dataclass(frozen=True)
class Sentence:
    text: str  # as a reader sees it (its markup left out)
    start: int  # where it starts in the text
    end: int  # where it ends there
    position: float  # 0.0 at the start of the text, 1.0 at its end
    context: str = ""  # the heading it stands under, if any
    header: str = ""  # a table row's: its table's first row ("Round; Date; Amount")
    caption: str = ""  # a table row's: the line that leads into its table ("…as follows:")

    @property
    def columns(self) -> str:
        """What makes it a row of a table: its table's header, or a record line's column names
        ("Town; Population" of "Town: Quenby; Population: 9,860", as spreadsheets are stored);
        "" for a sentence."""
        pairs = None if self.header else record_pairs(self.text)
        return "; ".join(key for key, _ in pairs) if pairs else self.header


def sentences(text: str, language: str = "") -> list[Sentence]:
    """The text's sentences in order, each as a reader sees it, with its place in the text."""
    language = language or language_of(text)
    flat = plain(text)
    found, heading, header, lead = [], "", "", ""
    cut = blocks(text)
    for i, (block_start, block_end, kind) in enumerate(cut):
        block = flat.text[block_start:block_end].replace("\n", " ")  # the same length
        before = cut[i - 1][2] if i else ""
        if kind == ROW:
            header = header if before == ROW else block.strip()  # a table's first row: its header
            if header != block.strip() and _kept_row(block):
                row = _whole(block, block_start, flat, heading, len(text))
                found.append(_with_header(row, header, lead))
            continue
        lone = before != ITEM and (i + 1 == len(cut) or cut[i + 1][2] != ITEM)
        numbered = lone and _numbered(text, flat.origin[block_start])
        if kind == ITEM and not numbered and _kept_item(block):  # a list item, whole
            item = _whole(block, block_start, flat, heading, len(text))
            found.append(_with_header(item, "", lead) if RECORD.match(item.text) else item)
            continue
        lead = block.strip() if block.rstrip().endswith(LEADS_IN) else ""
        if found and before == LINE and AMOUNT_LINE.fullmatch(block.strip()):
            found[-1] = _with_amount(found[-1], block, block_start, flat)
            continue
        if _heading(block):  # a numbered one too: "3. Reasons for the overrun"
            heading = block.strip()
            continue
        for at, end in _statements(language, block, labelled=kind == ITEM):
            start, stop = flat.span(block_start + at, block_start + end)
            found.append(Sentence(block[at:end], start, stop, start / max(1, len(text)), heading))
    return found


# A line that is only a price or an amount ("£279", "From $49 / month", "2,999元"), as a shop's
# page gives it under an item's description: the amount of what the sentence before describes.
AMOUNT_LINE = re.compile(
    r"(?:(?:from|only|now|price:?|was)\s+)?(?:[£$€¥￥]\s?\d[\d,.]*|\d[\d,.]*\s?(?:元|万元|美元|欧元))"
    r"(?:\s*(?:/|per|a|每)\s*\w+)?(?:\s*(?:起|each|inc\.? VAT))?",
    re.IGNORECASE,
)


def _with_amount(sentence: Sentence, block: str, block_start: int, flat: Plain) -> Sentence:
    """The sentence with the amount on the line after it, when it ends that line (a heading's
    line, or a sentence that ended earlier, keeps to itself)."""
    amount = block.strip()
    at = block_start + block.index(amount)
    gap = flat.text[flat.text.rfind("\n", 0, at - 1) + 1 : at].rstrip()
    if not gap.endswith(sentence.text) or len(sentence.text) + len(amount) > MAX_CHARS:
        return sentence
    _, end = flat.span(at, at + len(amount))
    text = f"{sentence.text} {amount}"
    return Sentence(text, sentence.start, end, sentence.position, sentence.context)


def _whole(block: str, block_start: int, flat: Plain, heading: str, size: int) -> Sentence:
    """A block as one unit: a table's row or a list item."""
    at = block_start + len(block) - len(block.lstrip())
    start, end = flat.span(at, at + len(block.strip()))
    return Sentence(block.strip(), start, end, start / max(1, size), heading)


def _numbered(text: str, at: int) -> bool:
    """Whether the line of `text` at `at` is numbered ("3. Reasons for the overrun")."""
    return bool(_NUMBERED.match(text, text.rfind("\n", 0, at) + 1))


def _statements(language: str, block: str, labelled: bool = False) -> list[tuple[int, int]]:
    """Where the block's sentences are; a sentence that refers back to the one before ("It
    opened in 2024.", "其中……") is quoted with it, while the two stay short enough to read; so
    is a list item's name (`labelled`) with the sentence after it."""
    spans: list[tuple[int, int]] = []
    cursor, label = 0, -1
    for piece in _pieces(language, block):
        sentence = piece.strip()
        at = block.find(sentence, cursor) if sentence else -1
        if at < 0:
            continue
        follows = bool(spans) and spans[-1][1] == cursor  # the sentence before is quoted
        cursor = at + len(sentence)
        joined = block[spans[-1][0] : cursor] if follows else ""
        named = block[label:cursor] if label >= 0 else ""
        if labelled and at == len(block) - len(block.lstrip()) and _LABEL.fullmatch(sentence):
            label = at  # "Dark mode." of "- **Dark mode.** Lumen now follows …": its name
        elif not spans and named and _kept(named) and _readable(named):
            spans.append((label, cursor))
        elif follows and _BACK.match(sentence) and _kept(joined) and _readable(joined):
            spans[-1] = (spans[-1][0], cursor)
        elif follows and AMOUNT_LINE.fullmatch(sentence) and len(joined) <= MAX_CHARS:
            spans[-1] = (spans[-1][0], cursor)  # "… 40 hours of battery life. £279"
        elif _kept(sentence):
            spans.append((at, cursor))
    return spans


# A name that opens a block, as a list item's bold lead-in does ("- **Dark mode.** Lumen now
# follows …"): quoted with the sentence after it, which says what it is.
_LABEL = re.compile(r"[A-Z][\w'&/+-]*(?: [\w'&/+-]+){0,4}[.:]|[\u3400-\u9fff\w]{2,10}[。：:]")
LABELLED_FIGURE = re.compile(r"[A-Z][\w '&/()-]{1,30}:\s*[£$€¥]?\d")  # "Hot desk: £149 a month."
QUOTE_CHARS, QUOTE_CJK_CHARS = 300, 150  # the most two sentences quoted as one may hold
_BACK = re.compile(  # a sentence that opens by referring to the one before
    r"(?:It|Its|They|Their|Them|He|She|His|Her)\b"
    r"|(?:This|These|Those)\b(?!\s+(?:year|month|week|quarter|season|time)\b)"
    r"|其(?![他它])|该|它|他|她|这|上述|对此"
)


def _readable(text: str) -> bool:
    return len(text) <= (QUOTE_CJK_CHARS if is_cjk(text) else QUOTE_CHARS)


_SENTENCE_END = re.compile(r"[.!?…。！？;；][\"'”’)»」』]*(?:\s|$)")
# Where sentencex runs two sentences together: a Chinese full stop before a digit or a Latin
# letter ("…改造。7月草案…"), and a unit's full stop after a number, which it reads as an
# initial's ("a top speed of 95 km/h. Around town…", "spans of 480 m. Its total length…").
_CJK_STOP = re.compile(r"[。！？][\"'”’)»」』]*(?=[0-9A-Za-z])")
_UNIT_STOP = re.compile(r"\d\s?[a-zµ][^\W\d_]{0,3}(?:/[^\W\d_]{1,3}){0,2}\.(?=\s+[A-Z])")
_OPENING, _CLOSING = "“「『", "”」』"


def _pieces(language: str, block: str) -> list[str]:
    """sentencex's sentences of the block, each cut again where sentencex missed an end (not
    inside a quotation, whose sentences are the speaker's)."""
    found = []
    for piece in sentencex.segment(language, block):
        cuts = sorted(
            m.end()
            for pattern in (_CJK_STOP, _UNIT_STOP)
            for m in pattern.finditer(piece)
            if not _in_quotation(piece[: m.end()])
        )
        found += [piece[a:b] for a, b in zip([0, *cuts], [*cuts, len(piece)], strict=True)]
    return found


def _in_quotation(text: str) -> bool:
    opened = sum(text.count(ch) for ch in _OPENING) - sum(text.count(ch) for ch in _CLOSING)
    return opened > 0 or text.count('"') % 2 == 1


def _heading(block: str) -> bool:
    """A short line that does not end as a sentence does: a heading (or a label or a title)."""
    line = block.strip().rstrip(":：")
    if not line or line.startswith("|") or _SENTENCE_END.search(line):
        return False
    return len(line) <= 40 if is_cjk(line[0]) else len(line.split()) <= 12


ROW, ITEM, LINE = "row", "item", "line"


def blocks(text: str) -> list[tuple[int, int, str]]:
    """The (start, end, kind) of each block of the plain form of `text` (plain(text).text): a
    table's row, a list item, or a line, or lines that one sentence runs across (a line that
    breaks where no sentence, item or heading ends, before a line that starts no item and goes
    on in lower case, or after a comma or a word such as "for"; in Chinese, a line as wide as
    the next, as wrapped text is)."""
    original = text.split("\n")
    lines = plain(text).text.split("\n")  # line for line: plain() never drops a line break
    found: list[tuple[int, int, str]] = []
    at, joined = 0, False
    for i, line in enumerate(lines):
        if joined:
            found[-1] = (found[-1][0], at + len(line), found[-1][2])
        else:
            found.append((at, at + len(line), _kind(original[i])))
        following = original[i + 1] if i + 1 < len(original) else ""
        joined = found[-1][2] != ROW and (
            _runs_on(line, following, lines[i + 1] if i + 1 < len(lines) else "")
            or (found[-1][2] == ITEM and _continues_item(following))
        )
        at += len(line) + 1
    return [(start, end, kind) for start, end, kind in found if end > start]


def _continues_item(following: str) -> bool:
    """Whether a line goes on with the list item above it, as an indented line does
    ("- Maintenance release: … dropped support for Internet\n  Explorer 11.")."""
    return bool(_INDENTED.match(following)) and not _BLOCK_START.match(following)


_INDENTED = re.compile(r"[ \t]{2,}\S")


def _kind(line: str) -> str:
    """A table's row, a list item (or a record line, a table's row under its header: a unit
    of its own, as an item is), or a line."""
    if line.lstrip().startswith("|"):
        return ROW
    return ITEM if _ITEM.match(line) or RECORD.match(line.strip()) else LINE


_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s+\S")
_NUMBERED = re.compile(r"[ \t]*\d{1,3}[.)][ \t]+\S")
_WORD = re.compile(r"[^\W_]")  # a letter or a digit


def _kept_row(row: str) -> bool:
    """A row of two cells or more, of a few characters at least ("Cars; 142" under its
    table's header is a fact)."""
    cells = [cell.strip() for cell in row.split(";")]
    return len([c for c in cells if c]) >= 2 and MIN_ROW_CHARS <= len(row.strip()) <= MAX_CHARS


def _kept_item(item: str) -> bool:
    """A list item of three words or more (or ten CJK characters) that is not a sentence, or a
    record line (whose semicolons end no sentence)."""
    item = item.strip()
    if RECORD.match(item):
        return True
    if not item or _SENTENCE_END.search(item):
        return False
    words = [word for word in item.split() if _WORD.search(word)]  # not bullets ("• • •")
    return len(item) >= MIN_CJK_CHARS if is_cjk(item[0]) else len(words) >= 3


LEADS_IN = (":", "：")  # a line that ends so leads into the table (or list) under it


def _with_header(row: Sentence, header: str, caption: str = "") -> Sentence:
    return Sentence(row.text, row.start, row.end, row.position, row.context, header, caption)


_BLOCK_START = re.compile(
    r"^\s*(?:[#>|•*+-]|\d{1,3}[.)]\s|(?:Q|A|问|答)\s*[:：]"
    r"|[一二三四五六七八九十]{1,3}、|[（(][一二三四五六七八九十\d]{1,3}[)）]"  # 一、 （二） (3)
    r"|第[一二三四五六七八九十百\d]{1,4}[章节条部篇])"
)
_GOES_ON = re.compile(r"^\s*[a-z(]")
_OPEN_END = re.compile(
    r"(?:[,(\-–]|\b(?:a|an|the|of|for|to|in|on|at|by|with|and|or|from|as|is|are|was|were))$", re.I
)
_CLOSERS = "\"'”’)»」』"
_CJK_OPENING = "（《“「『【"  # a Chinese line may open with one
NUMBER_SIGN = re.compile(r"\b(?:no|nos|nr|vol|pp?|fig|art|sec)\.$", re.IGNORECASE)  # "no. 4471"
WRAP_SLACK = 4  # columns a wrapped line may fall short of the next by
_WIDE = re.compile(f"[{CJK}\u3000-\u303f\uff00-\uffef]")  # two columns: CJK, its punctuation


def _runs_on(line: str, following: str, following_plain: str) -> bool:
    """Whether the sentence at the end of `line` goes on in the next line. Never from or into
    a table's row or a record line; after ";" or ":" only into lower case ("purchase;\nsee
    the…"); in Chinese, after a comma or where the text was wrapped."""
    line, after = line.rstrip(), following_plain.strip()
    if not line or not after or _BLOCK_START.match(following) or line.lstrip().startswith("|"):
        return False
    if RECORD.match(line.strip()) or RECORD.match(after):
        return False
    end = line.rstrip(_CLOSERS)
    if end.endswith((";", ":")):  # "judged Good in every area:\nquality of education, …"
        return bool(_GOES_ON.match(following_plain))
    if end.endswith(ENDS + ("：",)):  # but "certificate no." before "4471)"
        return bool(NUMBER_SIGN.search(line)) and after[:1].isdigit()
    chinese = is_cjk(after[0]) or after[0] in _CJK_OPENING
    if is_cjk(line[-1]) or chinese or line.endswith(("，", "、")):
        return is_cjk(line) and chinese and (line.endswith(("，", "、")) or _wraps(line, after))
    return bool(_GOES_ON.match(following_plain) or _OPEN_END.search(line))


def _wraps(line: str, following: str) -> bool:
    """Whether a line of Chinese that ends no sentence was wrapped: text wrapped at a width
    fills each line to about that width, while a title, heading or byline is narrower than
    the paragraph after it (a CJK character is two columns wide)."""
    return len(line) >= 20 and _columns(line) + WRAP_SLACK >= _columns(following)


def _columns(text: str) -> int:
    return len(text) + len(_WIDE.findall(text))


def _kept(sentence: str) -> bool:
    """A sentence of a fitting length that ends as sentences do (not a heading or a menu); a
    short one that gives a figure after its label ("Hot desk: £149 a month.") too."""
    shortest = MIN_CJK_CHARS if is_cjk(sentence) or LABELLED_FIGURE.match(sentence) else MIN_CHARS
    end = sentence.rstrip("\"'”’)»」』")
    return shortest <= len(sentence) <= MAX_CHARS and end.endswith(STATEMENT_ENDS)
