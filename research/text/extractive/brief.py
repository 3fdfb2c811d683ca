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

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from research.text.extractive import editions, filing, genre, key_figures, opening, prospects
from research.text.extractive.aspects import subject_part
from research.text.extractive.concepts import said_for
from research.text.extractive.currency import YEAR, outdated
from research.text.extractive.evidence import Candidate, Known, Part
from research.text.extractive.figures import figures, states_figures
from research.text.extractive.names import cased, named_things, subject_phrases
from research.text.extractive.scoring import bm25, jaccard, mmr
from research.text.extractive.terms import terms
from research.text.writing import budget_words

PER_SECTION = 8  # quotes ranked per section at most, or more when the length asks for more
WORDS_PER_QUOTE = 25  # about, to tell how many quotes a length asks for
NUMBER_WORDS = frozenset(
    terms(
        "how much many revenue revenues price prices pricing cost costs size fleet share growth "
        "funding raised valuation margin number figures when date year rate total count "
        "多少 收入 价格 定价 成本 规模 融资 估值 数量 增长 何时 日期"
    )
)


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
    marked: frozenset[int]  # from sources marked superseded (archive, draft)
    aged: frozenset[int] = frozenset()  # from old sources, in a question about what is now


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
    compared = named_things(question)
    by_name = compared is not None
    ranked = [_ranked(pool, part, numbers, depth=depth, by_name=by_name) for part in parts]
    about = [_about_part(pool, part, by_name) for part in parts]
    fallback = [pool.marked | _aged(pool, part) for part in parts]
    chosen = _fill(pool, ranked, budget, about, fallback)
    body = [f"# {title}", f"_{words.line}_"]
    quoted = _quoted(pool, chosen, sources)
    titled = [(part.title, own) for part, own in zip(parts, quoted, strict=True)]
    built = opening.answer(question, compared, titled, words.code)
    asked = compared.measure if compared else question
    table = key_figures.table(quoted, words.columns, asked)
    # The answer first: sentences built from the quoted figures; else, with no figures to
    # tabulate, the best answers to the question that no section quotes (no quote twice).
    best = [] if built or table else _unquoted_best(pool, chosen, question, numbers)
    if built or best:
        body.append(" ".join(built or [_cite(pool, i, sources) for i in best]))
    if table:
        body += [f"## {words.key_figures}", table]
    attached, chosen = _once(pool, chosen)
    for part, own in zip(parts, chosen, strict=True):
        history = _of_the_period(pool, attached, part.title, sources)
        lines = [
            _with_history(pool, i, history, sources, words)
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
    part = subject_part(question)
    phrases = filing.grounded(subject_phrases(part), sources) or cased(
        part, [known.about for known in sources.values()]
    )
    named = prospects.of_the_period(question, filing.naming(question, phrases, sources), sources)
    latest = max((day[0] for n in named if (day := sources[n].vintage.as_of)), default=0)
    own = _own(question, candidates, sources, phrases, named, latest)
    candidates = filing.filed_by_name(question, parts, own, sources)
    common = filing.common_words(question, phrases)
    compared = named_things(question)
    if not compared:
        candidates = filing.filed_by_topic(parts, candidates, sources, common)
    found = sorted(
        set(candidates),
        # Whole keys: the same quote found by two queries is two candidates, and a set's order
        # follows their hashes, which follow the sections' ids.
        key=lambda c: (c.section is None, c.section or 0, sources[c.n].order, c.quote, c.query),
    )
    names = compared.names if compared else ()
    newest = editions.newest_statements(found, named, sources, common, names)
    found += sorted(newest, key=lambda c: (c.section or 0, sources[c.n].order, c.quote, c.query))
    statements = [(c.quote, sources[c.n].vintage) for c in found]
    history = outdated(statements, common, items=[sources[c.n].item(c.quote) for c in found])
    if compared:
        history = {
            old: kept
            for old, newer in history.items()
            if (kept := [j for j in newer if found[j].section == found[old].section])
        }
    marked = editions.marked(question, found, sources)
    current = (
        set(range(len(found)))
        - set(history)
        - marked
        - editions.of_earlier_years(question, found, statements, common)
    )
    bags = _bags(found, sources, newest, history)
    columns = [sources[c.n].columns(c.quote) for c in found]
    # what is now of a named thing (a company, a museum), not what is known of a topic
    aged = frozenset(editions.aged(question, found, sources) if phrases else ())
    if editions.asks_now(question):
        current -= aged  # "which cheeses does it currently sell": not 2023's price list
    return _Pool(found, bags, history, current, common, latest, columns, frozenset(marked), aged)


def _bags(
    found: list[Candidate],
    sources: Mapping[int, Known],
    newest: Mapping[Candidate, Candidate],
    history: Mapping[int, list[int]],
) -> list[list[str]]:
    """Each quote's terms, with those of what it updates: a newer statement is about them."""
    bags = [filing.bag(c, sources) + filing.bag(newest.get(c), sources) for c in found]
    for older, newer in sorted(history.items()):
        for j in newer:
            if found[j].section == found[older].section:
                bags[j] = bags[j] + bags[older]
    return bags


def _own(
    question: str,
    candidates: Sequence[Candidate],
    sources: Mapping[int, Known],
    phrases: tuple[str, ...],
    named: set[int],
    latest: int,
) -> list[Candidate]:
    """The candidates of sources that name the subject, about it and not another thing of its
    name, saying what is (not what was expected, nor what to do, unless the question asks)."""
    ahead, rules = prospects.asks_ahead(question), genre.asks_about_rules(question)
    one_year = prospects.asks_one_year(question)  # read once, not for every quote
    return [
        c
        for c in candidates
        if c.n in named
        and not filing.another_things(c, sources[c.n], phrases, question)
        and (ahead or not prospects.stale(c.quote, latest))  # what was expected, not what is
        and (ahead or not prospects.planned(c.quote, sources[c.n]))  # a plan's, not what is
        and not (one_year and prospects.of_another_period(c.quote))  # Q3's, not the year's
        and (rules or not genre.advises(c.quote))  # what to do, not what is
    ]


def _ranked(
    pool: _Pool,
    part: Part,
    numbers: bool,
    any_section: bool = False,
    depth: int = PER_SECTION,
    by_name: bool = False,
) -> list[int]:
    """The current quotes of the part's section, best first, none repeating another; in a
    section of a compared thing (`by_name`), whose quotes are about it, those that state
    figures when none shares a word with what is asked ("costs £179" for its price), else any
    of them, rather than none; in a part that asks how much, those that state figures. After
    them, those of superseded sources that answer the part, which _fill quotes only where
    nothing else is."""
    own = [i for i in sorted(pool.current) if any_section or pool.candidates[i].section == part.key]
    aged = _aged(pool, part)
    ranked = _order(pool, part, [i for i in own if i not in aged], numbers, depth, by_name)
    # an old source's, after the newer ones: quoted where nothing newer answers the part
    ranked += _order(pool, part, [i for i in own if i in aged], numbers, depth, strict=True)
    if any_section:
        return ranked
    # framed as superseded: better than "No source matched" while a source names the part
    marked = [i for i in sorted(pool.marked) if pool.candidates[i].section == part.key]
    return ranked + _order(pool, part, marked, numbers, depth, strict=True)


def _aged(pool: _Pool, part: Part) -> frozenset[int]:
    """The old sources' quotes, unless the part asks a history ("Funding history") or names
    its year ("2024 revenue"), whose sources are judged by it."""
    if editions.asks_change(part.title) or YEAR.search(part.title):
        return frozenset()
    return pool.aged


def _order(
    pool: _Pool,
    part: Part,
    own: list[int],
    numbers: bool,
    depth: int,
    by_name: bool = False,
    strict: bool = False,
) -> list[int]:
    """The quotes best first, none repeating another; only those about the part when
    `strict`."""
    if not own:
        return []
    bags = [pool.bags[i] for i in own]
    value, matching = _matching(pool, part, own, numbers, by_name, strict)
    order = sorted(matching, key=lambda k: (-value[k], pool.candidates[own[k]].quote))
    # Two table rows are alike by their own cells: their table's title and header words, and
    # the column names each row repeats, made a list's rows look like repeats of each other.
    rows = {k: _cells(q) for k in order if "; " in (q := pool.candidates[own[k]].quote)}

    def alike(a: int, b: int) -> float:
        return jaccard(rows[a], rows[b]) if a in rows and b in rows else jaccard(bags[a], bags[b])

    kept = mmr(order, [value[k] for k in order], alike, depth)
    return [own[k] for k in kept]


def _matching(
    pool: _Pool, part: Part, own: list[int], numbers: bool, by_name: bool, strict: bool
) -> tuple[list[float], list[int]]:
    """Each quote's value for the part, and those (by their places in `own`) about it."""
    bags = [pool.bags[i] for i in own]
    topic = [t for t in terms(part.topic) if t not in pool.common] or terms(part.topic)
    scores = bm25(topic, bags)
    top = max(scores) or 1.0
    value = [
        scores[k] / top + (0.3 if numbers and _figured(pool, i) else 0.0) for k, i in enumerate(own)
    ]
    # a quote about the part: by a word of it beyond its years (a staff survey of 2024 is not
    # about "ridership from 2019 to 2024")
    worded = {t for t in topic if not YEAR.fullmatch(t)}
    if worded and len(worded) < len(set(topic)):  # the part names years
        worded |= set(terms(said_for(part.title)))  # the words documents use for it: passengers
        matching = [k for k in range(len(own)) if worded.intersection(bags[k])]
    else:
        matching = [k for k in range(len(own)) if scores[k] > 0]
    if not matching and by_name and not strict:
        figured = [k for k in range(len(own)) if _figured(pool, own[k])]
        matching = figured or list(range(len(own)))
    elif not matching and ASKS_AMOUNT.search(part.title) and not strict:  # "How much did each get"
        matching = [k for k in range(len(own)) if _figured(pool, own[k])]
    return value, matching


def _about_part(pool: _Pool, part: Part, by_name: bool) -> set[int]:
    """The section's current quotes that are about its part (as _order reads them)."""
    own = [i for i in sorted(pool.current) if pool.candidates[i].section == part.key]
    return {own[k] for k in _matching(pool, part, own, False, by_name, False)[1]} if own else set()


ASKS_AMOUNT = re.compile(  # "How much did each get", "what does each cost", 售价
    r"\bhow\s+(?:much|many)\b|\b(?:cost|costs|price|prices|fees?|charge)\b|多少|几[个家座条种]"
    r"|售价|价格|费用|收费",
    re.IGNORECASE,
)
LABEL = re.compile(r"^[^:：]{1,60}[:：]\s*")  # a record's column name: "Town: "


def _cells(row: str) -> list[str]:
    """A table row's terms without its column names ("Town: Quenby; Population: 9,860"):
    the cells that tell it from the table's other rows."""
    return [t for cell in row.split("; ") for t in terms(LABEL.sub("", cell.strip(), count=1))]


def _figured(pool: _Pool, i: int) -> bool:
    return states_figures(pool.candidates[i].quote)


def _fill(
    pool: _Pool,
    ranked: list[list[int]],
    budget: int,
    about: list[set[int]],
    fallback: list[frozenset[int]],
) -> list[list[int]]:
    """Each section's best (whatever the budget), then each one's next, until about `budget`
    words are quoted; a quote already in the report is not quoted again; a table row with
    its table's other rows `about` the section's part."""
    chosen: list[list[int]] = [[] for _ in ranked]
    used: set[str] = set()
    spent, depth = 0, 0
    while spent < budget and depth < max(map(len, ranked), default=0):
        for k, own in enumerate(ranked):
            # the best not yet quoted: a table's rows may have filled the places before it
            fresh = [i for i in own if pool.candidates[i].quote not in used]
            if chosen[k]:  # a superseded or an old source's quote only where nothing else is
                fresh = [i for i in fresh if i not in fallback[k]]
            if fresh and (spent < budget or depth == 0) and len(chosen[k]) <= depth:
                for i in _with_its_table(pool, fresh[0], used, about[k]):
                    chosen[k].append(i)
                    used.add(pool.candidates[i].quote)
                    spent += budget_words(pool.candidates[i].quote)
        depth += 1
    return chosen


def _with_its_table(pool: _Pool, i: int, used: set[str], about: set[int]) -> list[int]:
    """A quote; a table row with the other current rows of its table found for its section
    that are `about` its part (its total row among them): a table that answers the part is
    quoted as a table, not as its best row, and a datasheet's rows that answer nothing asked
    (its weight, beside the efficiency asked) are left out."""
    columns, chosen = pool.columns[i], pool.candidates[i]
    if not columns:
        return [i]
    rows: dict[str, int] = {chosen.quote: i}
    for j in sorted(pool.current):
        c = pool.candidates[j]
        if c.n == chosen.n and c.section == chosen.section and pool.columns[j] == columns:
            if c.quote not in used and j in about:
                rows.setdefault(c.quote, j)
    return list(rows.values())


def _cite(pool: _Pool, i: int, sources: Mapping[int, Known]) -> str:
    """“The quote” [n]; a table row after its header, an item's sentence after its heading, in
    italics: *Round; Date; Amount:*, *Tarnhold cast iron:*."""
    candidate = pool.candidates[i]
    header = sources[candidate.n].lead(candidate.quote).strip("; ")  # "| | Volt 5000 |"
    return (f"*{header}:* " if header else "") + f"“{candidate.quote}” [{candidate.n}]"


def _once(pool: _Pool, chosen: list[list[int]]) -> tuple[dict[int, int], list[list[int]]]:
    """Where each superseded statement is quoted, once: in a part that nothing current
    answers, on its own; else after the newer statement that supersedes it, unless that one
    already gives the older value ("£48.6 million (2023: £42.6 million)")."""
    alone = {pool.candidates[i].quote for own in chosen if set(own) <= pool.marked for i in own}
    attached = {
        j: o
        for j, o in _attach(pool, chosen).items()
        if pool.candidates[o].quote not in alone
        and not _restated(pool.candidates[o].quote, pool.candidates[j].quote)
    }
    after = {pool.candidates[o].quote for o in attached.values()}
    kept = [
        [i for i in own if i not in pool.marked or pool.candidates[i].quote not in after]
        for own in chosen
    ]
    return attached, kept


def _restated(older: str, newer: str) -> bool:
    given = {f.amount for f in figures(newer) if f.kind != "date"}
    return any(f.amount in given for f in figures(older) if f.kind != "date")


def _attach(pool: _Pool, chosen: list[list[int]]) -> dict[int, int]:
    """For each older statement, the quoted current one it goes after: the first of those that
    supersede it (the most alike first) that the report quotes; an older statement once. A
    superseded version's (a draft's, an archived copy's, a first account's) is no history of
    the figure: the current statement replaces it."""
    quoted = {i for own in chosen for i in own}
    attached: dict[int, int] = {}
    for older, newer in sorted(pool.history.items()):
        if older in pool.marked:
            continue
        best = next((j for j in newer if j in quoted), None)
        if best is not None and best not in attached:
            attached[best] = older
    return attached


def _of_the_period(
    pool: _Pool, attached: dict[int, int], title: str, sources: Mapping[int, Known]
) -> dict[int, int]:
    """The older statements to quote after the current ones in a part whose title names its
    period ("2024 revenue"): none from a source of a year before it (a 2021 report's revenue
    is no earlier value of 2024's, but of another year nobody asked about). A question's
    period is not a part's: a brief's older reports are its history."""
    asked = [int(y) for y in YEAR.findall(title)]
    if not asked:
        return attached
    return {
        i: o
        for i, o in attached.items()
        if not 0 < prospects.period(sources[pool.candidates[o].n]) < min(asked)
    }


def _with_history(
    pool: _Pool, i: int, attached: dict[int, int], sources: Mapping[int, Known], words: Words
) -> str:
    """The quote, and after it the older statement it supersedes, framed as history. A quote
    stating figures from a source of an earlier year than the report's newest says its date:
    nothing newer restates it, but it is not known to be current either (unless it names a
    year itself)."""
    line = _cite(pool, i, sources)
    age = sources[pool.candidates[i].n].vintage
    if i in pool.marked:  # quoted only where nothing current answers its part
        why = words.separator.join(filter(None, [age.marked, age.when]))
        return f"{words.superseded.format(why=why)} {line}"
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
    """The chosen current quotes, section by section, as the key figures table and the opening
    read them (a superseded source's, quoted where nothing current answers, is not current)."""
    return [
        [
            sources[c.n].quoting(c.quote, c.n)
            for c in (pool.candidates[i] for i in own if i not in pool.marked)
        ]
        for own in chosen
    ]
