"""An extractive brief: a report made of verbatim quotes, written as a careful analyst would.

- Sources about something else (a share's HR policy beside a company's reports) are left out:
  a source is quoted only when its document names the question's subject (a word of it).
- Currency (currency.py): a statement a newer source restates with another value is history.
  It is quoted only after the current statement it precedes, framed as earlier; a source marked
  superseded (archive, draft, v0.x) is never quoted as current.
- Selection, section by section: relevance to the section's part of the question (BM25 over
  the quote and its heading, the subject's words aside: a quote that shares no other word with
  the part is not about it), figures when the question asks for numbers, novelty against what
  the report already quotes (MMR); then every section's best before any section's second,
  until the length's word budget is spent.
- The answer first (opening.py): a comparison's highest and lowest, a trend's first and last
  values, in sentences built from the quoted figures; else the quotes that best answer the
  question and that no section quotes.
- Key figures: a table of the quoted statements' figures (measure, value, as of, source) near
  the top.
- Deterministic: every choice is by score and then by text, never by the order rows came in.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from research.text.extractive import genre, key_figures, opening
from research.text.extractive.aspects import subject_names, subject_part
from research.text.extractive.currency import Vintage, outdated
from research.text.extractive.figures import states_figures
from research.text.extractive.names import (
    mentions,
    named_in,
    named_things,
    names_another,
    names_thing,
    subject_phrases,
)
from research.text.extractive.scoring import bm25, jaccard, mmr
from research.text.extractive.sentences import Sentence, sentences
from research.text.extractive.terms import language_of, terms
from research.text.writing import is_cjk

PER_SECTION = 8  # quotes ranked per section at most, or more when the length asks for more
WORDS_PER_QUOTE = 25  # about, to tell how many quotes a length asks for
YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
ADDRESS = re.compile(r"\S+@\S+|https?://\S+|www\.\S+")
QUALIFIERS = frozenset(
    terms("current recent latest main key major overall general new any 当前 目前 最近 近期 主要")
)
NUMBER_WORDS = frozenset(
    terms(
        "how much many revenue revenues price prices pricing cost costs size fleet share growth "
        "funding raised valuation margin number figures when date year rate total count "
        "多少 收入 价格 定价 成本 规模 融资 估值 数量 增长 何时 日期"
    )
)


@dataclass(frozen=True)
class Candidate:
    quote: str
    n: int  # the source's citation number
    section: int | None  # the planned section whose query found it; None for other queries
    query: str


@dataclass(frozen=True)
class Part:
    key: int | None
    title: str
    topic: str  # the title, the goal and the queries


@dataclass
class Known:
    address: str  # its URL (a library passage's holds its document's id)
    title: str
    text: str  # the source's stored text
    vintage: Vintage
    about: str  # its whole document's names and text (a library passage's document's)
    path: str = ""  # its document's folder and file name, or its URL's path

    @property
    def order(self) -> tuple[bool, tuple[int, int, int], str, str, str]:
        """What orders sources where nothing else does: current before superseded, newer
        before older, then their documents' paths and titles ("…, p. 2"), which, unlike the
        ids in their addresses, do not change from one library to another."""
        year, month, day = self.vintage.as_of or (0, 0, 0)
        marked = bool(self.vintage.marked)
        return marked, (-year, -month, -day), self.path or self.address, self.title, self.address

    @functools.cached_property
    def units(self) -> dict[str, Sentence]:
        """Its sentence units (a table's rows among them), by their text."""
        return {s.text: s for s in sentences(self.text)}

    def header(self, quote: str) -> str:
        """A table row's header ("Round; Date; Amount"); "" for a sentence."""
        unit = self.units.get(quote)
        return unit.header if unit else ""

    def columns(self, quote: str) -> str:
        """A table row's columns (its header, or a record line's column names); "" else."""
        unit = self.units.get(quote)
        return unit.columns if unit else ""

    def position(self, quote: str) -> int:
        """Where the unit stands in the source (the sources' units in their order)."""
        return self._positions.get(quote, len(self._positions))

    @functools.cached_property
    def _positions(self) -> dict[str, int]:
        return {text: k for k, text in enumerate(self.units)}


@dataclass(frozen=True)
class Words:
    code: str  # the report's language: "en", "zh"
    line: str
    key_figures: str
    none: str
    columns: tuple[str, str, str, str]  # measure, value, as of, source
    earlier: str  # "Earlier, as of {when}:"
    dated: str  # "As of {when}:"
    superseded: str  # "Superseded ({why}):", why: its mark, and its date when known
    separator: str  # between those two: ", "


@dataclass
class _Pool:
    candidates: list[Candidate]
    bags: list[list[str]]  # each candidate's terms, with its heading's
    history: dict[int, list[int]]  # candidate index -> the newer ones that supersede it
    current: set[int]
    common: frozenset[str]  # the subject's words and qualifiers: they tell no section apart
    newest: int  # the year of the newest source
    columns: list[str]  # each candidate's table's columns ("" for a sentence)


def write(
    question: str,
    title: str,
    parts: Sequence[Part],
    candidates: Sequence[Candidate],
    sources: Mapping[int, Known],
    words: Words,
    budget: int,
) -> str:
    """The brief's Markdown, quoting about `budget` words."""
    pool = _pool(question, candidates, sources, parts)
    numbers = bool(NUMBER_WORDS & set(terms(question)))
    depth = max(PER_SECTION, math.ceil(budget / WORDS_PER_QUOTE / max(1, len(parts))))
    ranked = [_ranked(pool, part, numbers, depth=depth) for part in parts]
    chosen = _fill(pool, ranked, budget)
    body = [f"# {title}", f"_{words.line}_"]
    quoted = _quoted(pool, chosen, sources)
    titled = [(part.title, own) for part, own in zip(parts, quoted, strict=True)]
    built = opening.answer(question, named_things(question), titled, words.code)
    table = key_figures.table(quoted, words.columns)
    # The answer first: sentences built from the quoted figures; else, with no figures to
    # tabulate, the best answers to the question that no section quotes (no quote twice).
    best = [] if built or table else _unquoted_best(pool, chosen, question, numbers)
    if built or best:
        body.append(" ".join(built or [_cite(pool, i, sources) for i in best]))
    if table:
        body += [f"## {words.key_figures}", table]
    attached = _attach(pool, chosen)
    for part, own in zip(parts, chosen, strict=True):
        lines = [
            _with_history(pool, i, attached, sources, words)
            for i in _rows_together(pool, own, sources)
        ]
        body += [f"## {part.title}", "\n\n".join(lines) if lines else words.none]
    return "\n\n".join(body)


def _rows_together(pool: _Pool, own: list[int], sources: Mapping[int, Known]) -> list[int]:
    """The section's quotes in their order, but the rows of one table together, in the
    table's order, where its best row stands: a table is read down, not in score order."""

    def table(i: int) -> tuple[int, str] | None:
        c = pool.candidates[i]
        columns = sources[c.n].columns(c.quote)
        return (c.n, columns) if columns else None

    placed: list[int] = []
    for i in own:
        key = table(i)
        if i in placed:
            continue
        if key is None:
            placed.append(i)
            continue
        rows = [j for j in own if table(j) == key]
        placed += sorted(rows, key=lambda j: sources[key[0]].position(pool.candidates[j].quote))
    return placed


def _unquoted_best(pool: _Pool, chosen: list[list[int]], question: str, numbers: bool) -> list[int]:
    quoted = {pool.candidates[i].quote for own in chosen for i in own}
    best = _ranked(pool, Part(None, "", question), numbers, any_section=True)
    return [i for i in best if pool.candidates[i].quote not in quoted][:2]


def _pool(
    question: str,
    candidates: Sequence[Candidate],
    sources: Mapping[int, Known],
    parts: Sequence[Part] = (),
) -> _Pool:
    phrases = _grounded(subject_phrases(subject_part(question)), sources)
    named = _naming(question, phrases, sources)
    own = [c for c in candidates if c.n in named and not _about_another(c.quote, phrases, question)]
    candidates = _filed_by_name(question, parts, own, sources)
    if not named_things(question):
        candidates = _filed_by_topic(parts, candidates, sources, _common(question, phrases))
    found = sorted(
        set(candidates),
        # Whole keys: the same quote found by two queries is two candidates, and a set's order
        # follows their hashes, which follow the sections' ids.
        key=lambda c: (c.section is None, c.section or 0, sources[c.n].order, c.quote, c.query),
    )
    compared = named_things(question)
    common = _common(question, phrases)
    by_address = sorted(named, key=lambda n: sources[n].order)  # not by number: provisional
    said = {n: list(sources[n].units) for n in by_address}  # its units, cut once
    newest = _newest(found, said, sources, common)
    if compared:  # one thing's figure is no update of another's
        newest = {
            new: old
            for new, old in newest.items()
            if _owner(new, sources[new.n], compared.names)
            == _owner(old, sources[old.n], compared.names)
        }
    found += sorted(newest, key=lambda c: (c.section or 0, sources[c.n].order, c.quote, c.query))
    statements = [(c.quote, sources[c.n].vintage) for c in found]
    history = outdated(statements, common)
    if compared:
        history = {
            old: kept
            for old, newer in history.items()
            if (kept := [j for j in newer if found[j].section == found[old].section])
        }
    marked = {i for i, c in enumerate(found) if sources[c.n].vintage.marked}
    current = set(range(len(found))) - set(history) - marked
    bags = [_bag(c, sources) + _bag(newest.get(c), sources) for c in found]
    for older, newer in sorted(history.items()):  # a newer statement is about what it updates
        for j in newer:
            if found[j].section == found[older].section:
                bags[j] = bags[j] + bags[older]
    dates = [sources[n].vintage.as_of for n in named]
    years = [day[0] for day in dates if day]
    columns = [sources[c.n].columns(c.quote) for c in found]
    return _Pool(found, bags, history, current, common, max(years, default=0), columns)


def _common(question: str, phrases: tuple[str, ...]) -> frozenset[str]:
    """The words that tell no section apart: the subject's names (in Chinese, whose question
    has no capitals, the name it opens with, not the whole question) and qualifiers."""
    compared = named_things(question)
    named = subject_names(question) if language_of(question) == "en" else ""
    if named == subject_part(question):
        named = ""  # no capitals: the question names nothing, its words are the sections'
    names = " ".join(phrases or (compared.names if compared else ())) or named
    return frozenset(terms(names)) | QUALIFIERS


def _filed_by_topic(
    parts: Sequence[Part],
    found: list[Candidate],
    sources: Mapping[int, Known],
    common: frozenset[str],
) -> list[Candidate]:
    """Each quote under the part it answers, whichever part's search found it: one that
    matches another part's words more than twice as well as its own part's (or that no
    planned part's search found) goes to that part ("net debt fell to $96.4 million", found
    by the search for who runs the company, goes under Debt)."""
    keyed = [part for part in parts if part.key is not None]
    if len(keyed) < 2 or not found:
        return found
    bags = [_bag(c, sources) for c in found]
    scores = [bm25([t for t in terms(p.topic) if t not in common], bags) for p in keyed]
    where = {part.key: k for k, part in enumerate(keyed)}
    filed = []
    for i, c in enumerate(found):
        best = max(range(len(keyed)), key=lambda k: (scores[k][i], -k))
        own = scores[where[c.section]][i] if c.section in where else 0.0
        if scores[best][i] > 2 * own and keyed[best].key != c.section:
            c = Candidate(c.quote, c.n, keyed[best].key, c.query)
        filed.append(c)
    return filed


def _bag(candidate: Candidate | None, sources: Mapping[int, Known]) -> list[str]:
    """A quote's terms with its source's title's, its heading's and (a table row's) its
    header's: what it is about."""
    if candidate is None:
        return []
    known = sources[candidate.n]
    unit = known.units.get(candidate.quote)
    heading, header = (f"{unit.context} {unit.caption}", unit.header) if unit else ("", "")
    return terms(f"{known.title} {heading} {header} {candidate.quote}")


def _newest(
    found: list[Candidate], said: Mapping[int, list[str]], sources: Mapping[int, Known], common
) -> dict[Candidate, Candidate]:
    """For each quote a newer source's sentence supersedes, that sentence (the most alike),
    as a quote for the same section, with the quote it supersedes (whose words say what it
    is about): the newest value is stated, even where no summary quoted it."""
    extra = [(text, n) for n, texts in said.items() for text in texts]
    statements = [(c.quote, sources[c.n].vintage) for c in found]
    statements += [(text, sources[n].vintage) for text, n in extra]
    history = outdated(statements, common, only=len(found))
    added: dict[Candidate, Candidate] = {}
    for i, newer in sorted(history.items()):
        j = newer[0] - len(found)
        if j >= 0 and not sources[extra[j][1]].vintage.marked:
            old = found[i]
            new = Candidate(extra[j][0], extra[j][1], old.section, old.query)
            if new not in found:
                added.setdefault(new, old)
    return added


def _filed_by_name(
    question: str, parts: Sequence[Part], found: list[Candidate], sources: Mapping[int, Known]
) -> list[Candidate]:
    """In a question over named things with a section each ("Compare the revenue of Aurora
    Bikes, Boreal Cycles and Cirrus Bikes"), each quote goes to the section of the thing it is
    about, whichever query found it: the thing the quote names (not as a possessive, first),
    or else its heading, its source's title, or the one thing its document is mostly about. A
    quote about none of them stays where its query put it; one whose document is about several
    and that names none of them is left out, as it cannot be told whose it is."""
    named = named_things(question)
    sections: dict[str, int] = {}
    for part in parts:
        owners = named_in(part.title, named.names) if named else []
        if owners and part.key is not None:
            sections.setdefault(owners[0], part.key)
    if not named or len(sections) < 2:
        return found
    filed = []
    for candidate in found:
        owner = _owner(candidate, sources[candidate.n], named.names)
        if owner and owner in sections:
            filed.append(Candidate(candidate.quote, candidate.n, sections[owner], candidate.query))
    return filed


def _owner(candidate: Candidate, known: Known, names: tuple[str, ...]) -> str | None:
    """Whose the quote is: a name; "" when it cannot be told; None when about none."""
    unit = known.units.get(candidate.quote)
    for text in (candidate.quote, unit.context if unit else "", known.title):
        if owners := named_in(text, names):
            return owners[0]
    counts = sorted(((len(mentions(known.about, n, names)), n) for n in names), reverse=True)
    if counts[0][0] == 0:
        return None
    if len(counts) == 1 or counts[0][0] >= 2 * max(1, counts[1][0]):
        return counts[0][1]
    return ""


def _grounded(phrases: tuple[str, ...], sources: Mapping[int, Known]) -> tuple[str, ...]:
    """The subject's names as the sources write them: a name no source gives is misread from
    the question; in Chinese, which has no spaces to end a name, its longest start that at
    least half as many sources give as its best-given start (启明电池 of 启明电池去年良品率;
    not 蓝鲸数据中心规, which one source's 规划 gives), else nothing."""
    abouts = [known.about for known in sources.values()]
    kept = []
    for phrase in phrases:
        if not is_cjk(phrase[:1]):
            kept += [phrase] if any(names_thing(a, phrase) for a in abouts) else []
            continue
        given = {k: sum(phrase[:k] in a for a in abouts) for k in range(2, len(phrase) + 1)}
        most = max(given.values(), default=0)
        start = next((phrase[:k] for k in sorted(given, reverse=True) if 2 * given[k] >= most), "")
        kept += [start] if most else []
    return tuple(dict.fromkeys(kept))


def _naming(question: str, phrases: tuple[str, ...], sources: Mapping[int, Known]) -> set[int]:
    """The sources whose document names the question's subject (all when it has no words);
    an e-mail or web address that holds a name does not count. A document titled with
    something else of a colliding name ("Vellmar Brewing Co." beside Vellmar Island), or that
    names only such a thing, is about that thing, not the subject; a document of rules (a
    policy, a notice: text/extractive/genre.py) states nothing about it, unless the question
    asks about rules."""
    subject = set(terms(subject_names(question)))
    rules = genre.asks_about_rules(question)
    kept = set()
    for n, known in sources.items():
        about = ADDRESS.sub(" ", known.about)
        if phrases and _about_another(known.title, phrases, question):
            continue
        if not rules and genre.of_rules(known.about):
            continue  # a policy or a notice: it says what to do, not what is so
        if genre.administrative(known.path, question):
            continue  # kept in an HR, IT or brand folder: about the organisation's running
        if phrases and any(names_thing(about, p) for p in phrases):
            kept.add(n)
        elif phrases and _about_another(about, phrases, question):
            continue
        elif not subject or subject & set(terms(about)):
            kept.add(n)
    return kept


def _about_another(text: str, phrases: tuple[str, ...], question: str) -> bool:
    """Whether `text` names another thing of a colliding name (not of the kind the question
    asks about) and not the subject."""
    return any(names_another(text, p, question) for p in phrases) and not any(
        names_thing(text, p) for p in phrases
    )


def _ranked(
    pool: _Pool, part: Part, numbers: bool, any_section: bool = False, depth: int = PER_SECTION
) -> list[int]:
    """The current quotes of the part's section, best first, none repeating another."""
    own = [i for i in sorted(pool.current) if any_section or pool.candidates[i].section == part.key]
    if not own:
        return []
    bags = [pool.bags[i] for i in own]
    topic = [t for t in terms(part.topic) if t not in pool.common] or terms(part.topic)
    scores = bm25(topic, bags)
    top = max(scores) or 1.0
    value = [
        scores[k] / top + (0.3 if numbers and _figured(pool, i) else 0.0) for k, i in enumerate(own)
    ]
    matching = [k for k in range(len(own)) if scores[k] > 0]  # a quote about the part
    order = sorted(matching, key=lambda k: (-value[k], pool.candidates[own[k]].quote))
    # Two table rows are alike by their own cells: their table's title and header words, and
    # the column names each row repeats, made a list's rows look like repeats of each other.
    rows = {k: _cells(q) for k in order if "; " in (q := pool.candidates[own[k]].quote)}

    def alike(a: int, b: int) -> float:
        return jaccard(rows[a], rows[b]) if a in rows and b in rows else jaccard(bags[a], bags[b])

    kept = mmr(order, [value[k] for k in order], alike, depth)
    return [own[k] for k in kept]


LABEL = re.compile(r"^[^:：]{1,60}[:：]\s*")  # a record's column name: "Town: "


def _cells(row: str) -> list[str]:
    """A table row's terms without its column names ("Town: Quenby; Population: 9,860"):
    the cells that tell it from the table's other rows."""
    return [t for cell in row.split("; ") for t in terms(LABEL.sub("", cell.strip(), count=1))]


def _figured(pool: _Pool, i: int) -> bool:
    return states_figures(pool.candidates[i].quote)


def _fill(pool: _Pool, ranked: list[list[int]], budget: int) -> list[list[int]]:
    """Each section's best (whatever the budget), then each one's next, until about `budget`
    words are quoted; a quote already in the report is not quoted again."""
    chosen: list[list[int]] = [[] for _ in ranked]
    used: set[str] = set()
    spent, depth = 0, 0
    while spent < budget and depth < max(map(len, ranked), default=0):
        for k, own in enumerate(ranked):
            fresh = [i for i in own[depth:] if pool.candidates[i].quote not in used]
            if fresh and (spent < budget or depth == 0) and len(chosen[k]) <= depth:
                for i in _with_its_table(pool, fresh[0], used):
                    chosen[k].append(i)
                    used.add(pool.candidates[i].quote)
                    spent += _word_count(pool.candidates[i].quote)
        depth += 1
    return chosen


def _with_its_table(pool: _Pool, i: int, used: set[str]) -> list[int]:
    """A quote; a table row with the other current rows of its table found for its section
    (its total row among them): a table that answers the part is quoted as a table, not as
    its best row."""
    columns, chosen = pool.columns[i], pool.candidates[i]
    if not columns:
        return [i]
    rows: dict[str, int] = {chosen.quote: i}
    for j in sorted(pool.current):
        c = pool.candidates[j]
        if c.n == chosen.n and c.section == chosen.section and pool.columns[j] == columns:
            if c.quote not in used:
                rows.setdefault(c.quote, j)
    return list(rows.values())


def _word_count(text: str) -> int:
    """Words, counting a CJK character as half of one (a Chinese word is about two)."""
    cjk = sum(1 for ch in text if "\u4e00" <= ch <= "\u9fff")
    return len(text.split()) + cjk // 2


def _cite(pool: _Pool, i: int, sources: Mapping[int, Known]) -> str:
    """“The quote” [n]; a table row after its header, in italics: *Round; Date; Amount:*."""
    candidate = pool.candidates[i]
    header = sources[candidate.n].header(candidate.quote)
    return (f"*{header}:* " if header else "") + f"“{candidate.quote}” [{candidate.n}]"


def _attach(pool: _Pool, chosen: list[list[int]]) -> dict[int, int]:
    """For each older statement, the quoted current one it goes after: the first of those that
    supersede it (the most alike first) that the report quotes; an older statement once."""
    quoted = {i for own in chosen for i in own}
    attached: dict[int, int] = {}
    for older, newer in sorted(pool.history.items()):
        best = next((j for j in newer if j in quoted), None)
        if best is not None and best not in attached:
            attached[best] = older
    return attached


def _with_history(
    pool: _Pool, i: int, attached: dict[int, int], sources: Mapping[int, Known], words: Words
) -> str:
    """The quote, and after it the older statement it supersedes, framed as history. A quote
    stating figures from a source of an earlier year than the report's newest says its date:
    nothing newer restates it, but it is not known to be current either (unless it names a
    year itself)."""
    line = _cite(pool, i, sources)
    age = sources[pool.candidates[i].n].vintage
    dated = YEAR.search(pool.candidates[i].quote)  # it says when its figures are of
    if age.as_of and age.as_of[0] < pool.newest and _figured(pool, i) and not dated:
        line = f"{words.dated.format(when=age.when)} {line}"
    if i in attached:
        o = attached[i]
        age = sources[pool.candidates[o].n].vintage
        frame = (
            words.superseded.format(why=words.separator.join(filter(None, [age.marked, age.when])))
            if age.marked
            else words.earlier.format(when=age.when)
        )
        line += f" {frame} {_cite(pool, o, sources)}"
    return line


def _quoted(
    pool: _Pool, chosen: list[list[int]], sources: Mapping[int, Known]
) -> list[list[key_figures.Quoted]]:
    """The chosen quotes, section by section, as the key figures table reads them."""
    return [
        [
            key_figures.Quoted(
                c.quote, c.n, sources[c.n].header(c.quote), sources[c.n].vintage.when
            )
            for c in (pool.candidates[i] for i in own)
        ]
        for own in chosen
    ]
