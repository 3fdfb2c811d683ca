"""Which sources and quotes the extractive brief keeps, and under which part each quote goes.

- A source is kept when its document names the question's subject (as the sources write its
  name), and not a namesake; documents of rules and administrative folders are left out.
- In a comparison each quote goes to the section of the thing it is about; in a plan of parts,
  to the part it answers, whichever search found it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence

from research.text.extractive import genre
from research.text.extractive.aspects import subject_names, subject_part
from research.text.extractive.disclaimers import disclaims
from research.text.extractive.evidence import Candidate, Known, Part
from research.text.extractive.headlines import anothers_news
from research.text.extractive.names import (
    Named,
    mentions,
    named_in,
    named_things,
    names_a_time,
    place_of,
)
from research.text.extractive.namesakes import (
    distinctive_word,
    ends_a_name,
    name_pattern,
    names_another,
    names_thing,
)
from research.text.extractive.other_kinds import other_kind, other_measure
from research.text.extractive.scoring import bm25
from research.text.extractive.sentences import Sentence
from research.text.extractive.subject_words import WEB, heads, name_terms, owners, sheet_of_no_one
from research.text.extractive.terms import language_of, terms
from research.text.writing import is_cjk

ADDRESS = re.compile(r"\S+@\S+|https?://\S+|www\.\S+")
QUALIFIERS = frozenset(
    terms("current recent latest main key major overall general new any 当前 目前 最近 近期 主要")
)


def common_words(question: str, phrases: tuple[str, ...]) -> frozenset[str]:
    """The words that tell no section apart: the subject's names (in Chinese, whose question
    has no capitals, the name it opens with, not the whole question) and qualifiers."""
    compared = named_things(question)
    named = subject_names(question) if language_of(question) == "en" else ""
    if named == subject_part(question):
        named = ""  # no capitals: the question names nothing, its words are the sections'
    names = " ".join(phrases or (compared.names if compared else ())) or named
    return frozenset(terms(names)) | QUALIFIERS


def filed_by_topic(
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
    bags = [bag(c, sources) for c in found]
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


def bag(candidate: Candidate | None, sources: Mapping[int, Known]) -> list[str]:
    """A quote's terms with its source's title's, its heading's and (a table row's) its
    header's: what it is about."""
    if candidate is None:
        return []
    known = sources[candidate.n]
    unit = known.units.get(candidate.quote)
    heading, header = (f"{unit.context} {unit.caption}", unit.header) if unit else ("", "")
    return terms(f"{known.title} {heading} {header} {candidate.quote}")


def filed_by_name(
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
        owner = owner_of(candidate, sources[candidate.n], named.names)
        if owner and owner in sections:
            filed.append(Candidate(candidate.quote, candidate.n, sections[owner], candidate.query))
    return filed


def owner_of(candidate: Candidate, known: Known, names: tuple[str, ...]) -> str | None:
    """Whose the quote is: a name; "" when it cannot be told; None when about none (a table's
    row of another thing or of a total, whose table gives the compared things rows of their
    own: "Kelbrook Infirmary; 6,140; 74.0%" beside "Corrant General Hospital; 12,684; 71.3%")."""
    unit = known.units.get(candidate.quote)
    if unit and unit.columns and _row_of_another(unit, known, names):
        return None
    for text in (candidate.quote, unit.context if unit else "", known.title):
        if owners := named_in(text, names):
            return owners[0]
    counts = sorted(((len(mentions(known.about, n, names)), n) for n in names), reverse=True)
    if counts[0][0] == 0:
        return None
    if len(counts) == 1 or counts[0][0] >= 2 * max(1, counts[1][0]):
        return counts[0][1]
    return ""


def _row_of_another(unit: Sentence, known: Known, names: tuple[str, ...]) -> bool:
    """Whether a table's row names none of the things in its first cell while other rows of
    its table name two of them there: the table's rows are things compared, and this one is
    another (a table of one of them, its hotels' rows under its total, is its own)."""
    if named_in(_first_cell(unit), names):
        return False
    firsts = {
        owner
        for other in known.units.values()
        if other.columns == unit.columns and other.header == unit.header
        for owner in named_in(_first_cell(other), names)
    }
    return len(firsts) >= 2


def _first_cell(unit: Sentence) -> str:
    return unit.text.split(";")[0]


def _beside_the_subjects_row(unit: Sentence, known: Known, phrases: tuple[str, ...]) -> bool:
    """Whether a table's row is another thing's beside the subject's own: another row's first
    cell is the subject's name and nothing more ("Station: Caddow Bank"), and this row's is
    not ("Station: Skerrow Sands"). A row whose first cell only holds the name ("Greyhaven
    Central" of the Greyhaven tram's stops) makes no table of peers."""
    own = {p.lower() for p in phrases}

    def value(row: Sentence) -> str:
        return _first_cell(row).split(":", 1)[-1].strip().lower()

    if value(unit) in own or named_in(_first_cell(unit), phrases):
        return False
    return any(
        value(other) in own
        for other in known.units.values()
        if other.columns == unit.columns and other.header == unit.header
    )


def grounded(phrases: tuple[str, ...], sources: Mapping[int, Known]) -> tuple[str, ...]:
    """The subject's names as the sources write them: a name no source gives is misread from
    the question; in Chinese, which has no spaces to end a name, its longest start that at
    least half as many sources give as its best-given start (启明电池 of 启明电池去年良品率;
    not 蓝鲸数据中心规, which one source's 规划 gives), else nothing; a name that ends as a
    place's or an organisation's (晟海市, 岚溪市水务集团) is kept whole when a source gives it."""
    abouts = [known.about for known in sources.values()]
    kept = []
    for phrase in phrases:
        if not is_cjk(phrase[:1]):
            kept += [phrase] if any(names_thing(a, phrase) for a in abouts) else []
            continue
        given = {k: sum(phrase[:k] in a for a in abouts) for k in range(2, len(phrase) + 1)}
        if given.get(len(phrase)) and ends_a_name(phrase):
            kept.append(phrase)  # 晟海市, 云雾县: whole names, not 晟海 of 晟海路 too
            continue
        most = max(given.values(), default=0)
        start = next((phrase[:k] for k in sorted(given, reverse=True) if 2 * given[k] >= most), "")
        kept += [start] if most else []
    return tuple(dict.fromkeys(kept))


def naming(question: str, phrases: tuple[str, ...], sources: Mapping[int, Known]) -> set[int]:
    """The sources whose document names the question's subject (all when it has no words);
    an e-mail or web address that holds a name does not count. A document titled with
    something else of a colliding name ("Vellmar Brewing Co." beside Vellmar Island), or that
    names only such a thing, is about that thing, not the subject, and so is one that tells
    itself apart from the subject (text/extractive/disclaimers.py); a document of rules (a
    policy, a notice: text/extractive/genre.py) states nothing about it, unless the question
    asks about rules. A document of tables that names no one is kept when it is on the
    question's topic; in a comparison of things of a kind, a document that names neither the
    kind nor two of them is left out."""
    subject = set(terms(subject_names(question)))
    kept = set()
    for n, known in sources.items():
        about = ADDRESS.sub(" ", known.about)
        if _left_out(known, about, question, phrases):
            continue
        if phrases and any(names_thing(about, p) for p in owners(phrases)):
            kept.add(n)
        elif WEB.match(known.address) and any(names_thing(about, p) for p in phrases):
            continue  # another's round: "Loamwise announces $22 million Series B"
        elif phrases and any(names_thing(about, p) for p in phrases):
            kept.add(n)
        elif phrases and about_another(about, phrases, question, whole=True, members=True):
            continue
        elif not subject or heads(phrases, subject) & name_terms(known, about, phrases):
            kept.add(n)
        elif _data_on(known, question, subject):
            kept.add(n)
    return _in_the_place(question, kept | _only_pages(question, sources, kept), sources)


def _in_the_place(question: str, kept: set[int], sources: Mapping[int, Known]) -> set[int]:
    """Of a comparison put in a place ("… at Hivebase and Ledgerloft in Dublin"), the pages of
    a compared thing that never name the place, while another page of it does ("Ledgerloft's
    Cork space" beside its Dublin one)."""
    compared = _compared(question)
    where = place_of(compared) if compared else ""
    if compared is None or not where:
        return kept
    there = {n for n in kept if names_thing(sources[n].about, where)}
    left = set()
    for name in compared.names:
        pages = {n for n in kept if names_thing(sources[n].about, name)}
        if pages & there:
            left |= pages - there
    return kept - left


def _only_pages(question: str, sources: Mapping[int, Known], kept: set[int]) -> set[int]:
    """The pages of a compared thing of which no kept page is about it alone, left out only
    for not naming the kind of thing compared (a maker's "Cordane launches the Urban 5" need
    not say "e-bike"): its section would hold only what pages about them all say, or nothing,
    while one names it."""
    compared = named_things(question)
    if compared is None or not compared.kind:
        return set()
    abouts = {n: ADDRESS.sub(" ", known.about) for n, known in sources.items()}
    names = compared.names
    named = {n: {name for name in names if mentions(abouts[n], name, names)} for n in sources}
    missing = {name for name in names if not any(named[n] == {name} for n in kept)}
    return {
        n
        for n, known in sources.items()
        if n not in kept
        and any(names_thing(abouts[n], name) for name in missing)  # by its whole name
        and not _left_out(known, abouts[n], question, (), kinds=False)
    }


@functools.lru_cache(maxsize=64)
def _compared(question: str) -> Named | None:
    """The question's named things, read once for all its sources."""
    return named_things(question)


def _left_out(
    known: Known, about: str, question: str, phrases: tuple[str, ...], kinds: bool = True
) -> bool:
    """Whether a document is about something else, whatever names it gives (with `kinds`,
    also for naming neither the kind of thing compared nor two of them)."""
    compared = _compared(question)
    phrases = tuple(p for p in phrases if not names_a_time(p))
    own_names = compared.names if compared else phrases
    if phrases and about_another(known.title, phrases, question):
        return True
    if any(_peer_titled(known, p, own_names, question) for p in phrases) or anothers_news(
        known.headline or known.title, about, _not_places(phrases, question)
    ):
        # "About Varnex Systems" beside Orvane Systems, its rival it names; "Cobaltline
        # Automation reports …, which competes with Fenwright Robotics"
        return True
    if any(other_kind(about, p, question) for p in phrases):
        return True  # "Orkney folk band Selkie Dawn" beside the ferry MV Selkie Dawn
    if other_measure(about, question):
        return True  # a solar portfolio beside a question about installed wind capacity
    if any(_other_code(known.title, p) for p in phrases):
        return True  # "X41 Ostby – Dunmere express: timetable" beside the X14 bus
    if own_names and disclaimed(about, own_names):
        return True  # "..., which is not connected to the milk processor Garrow Dairy"
    if _rules_not_asked(known, question):
        return True  # a policy or a notice: it says what to do, not what is so
    if genre.administrative(known.path, question):
        return True  # kept in an HR, IT or brand folder: about the organisation's running
    if kinds and compared and not of_the_kind(known.title, about, compared):
        return True  # "Venn Air introduces Air X fares" beside the Venn Air X earbuds
    return compared is not None and elsewhere(about, compared)  # 南川市白沙区, not 江州市's


def _not_places(phrases: tuple[str, ...], question: str) -> tuple[str, ...]:
    """The subject's names but the place the question puts it in, right after another of them
    ("Stenbridge" of "the new Halvard Arena in Stenbridge"): a rival's page names the town as
    often as the subject."""

    def placed(p: str) -> bool:
        return any(
            re.search(rf"{re.escape(o)}\s+(?:in|near)\s+(?:the\s+)?{re.escape(p)}\b", question)
            for o in phrases
            if o != p
        )

    return tuple(p for p in phrases if not placed(p)) or phrases


def _rules_not_asked(known: Known, question: str) -> bool:
    """Whether a document is of rules the question does not ask about: any, of a question
    about no rules; of a question about some (补贴政策), one that never says what they are of
    (a safety inspection notice)."""
    if genre.asks_about_rules(question):
        return genre.of_other_rules(known.about, question)
    return genre.of_rules(known.about)


def _peer_titled(known: Known, phrase: str, own: tuple[str, ...], question: str) -> bool:
    """Whether a title names, and not the subject, another thing of the subject's kind by its
    last word ("Varnex Systems" for Orvane Systems, "Kelbrook Hospital" for Corrant General
    Hospital), or by the words the question calls the subject after its name, and the page
    names that thing as often as the subject at least ("Skerrow Sands Wind Farm" for "the
    Caddow Bank offshore wind farm"): a rival's or a neighbour's page, however often it names
    the subject."""
    title, words = known.title, phrase.split()
    if len(words) < 2 or is_cjk(phrase[:1]) or any(names_thing(title, name) for name in own):
        return False
    if distinctive_word(phrase) == words[-1]:
        return False  # "River Aske", "Port Ellery": the last word is the name, not a kind
    kind = re.escape(words[-1])
    # "Shires Rail" of "Northern Shires Rail Regulator" is no rival of Westmarch Rail: a name
    # that goes on past the kind is of another kind
    rivals = re.finditer(rf"\b([A-Z][\w&'’-]+)\s+{kind}\b(?!\s+[A-Z])", title)
    if any(m[1] != words[-2] for m in rivals):
        return True
    called = asked_kind(question, phrase)
    if not called or _compared(question):
        return False  # "…, B and C laptops": the kind of all that the question compares
    kinds, kind = "|".join(map(re.escape, called)), re.escape(called[-1])
    found = re.finditer(rf"((?:\b[A-Z][\w&'’-]+\s+)+?)(?i:(?:{kinds})\s+)*(?i:{kind})\b", title)
    skip = JOINING | set(called)
    peers = {" ".join(w for w in m[1].split() if w.lower() not in skip) for m in found}
    peers = {p for p in peers if p and not re.search(name_pattern(phrase), p)}
    said = max(1, len(mentions(known.about, phrase, own)))
    return any(len(mentions(known.about, peer, own)) >= said for peer in peers)


JOINING = frozenset("the a an our your this that its their of and new".split())


# Where the words the question calls its subject by after its name end: a word that joins or
# asks, or one of a verb's forms ("the Caddow Bank offshore wind farm changed between").
CALLED_END = re.compile(
    r"of|in|on|at|for|to|from|since|between|by|and|or|with|is|are|was|were|has|have|had|did"
    r"|does|do|\w+ed|\w+ing"
)


def asked_kind(question: str, phrase: str) -> list[str]:
    """The lowercase words the question gives right after the subject's name, which say what
    kind of thing it is ("offshore wind farm" of "the Caddow Bank offshore wind farm
    changed"), the last its kind."""
    found = re.search(rf"{name_pattern(phrase)}((?:\s+[a-z][a-z-]*){{1,4}})", question)
    called: list[str] = []
    for word in found[1].split() if found else ():
        if CALLED_END.fullmatch(word):
            break
        called.append(word)
    return called


CODES = (
    re.compile(r"(?<![\w-])([A-Z]{1,3})-?(\d{1,4})[A-Za-z]?(?![\w-])"),  # X14, HX-40
    re.compile(  # Series B, Line 3, Phase 2
        r"(?<![\w-])(Series|Line|Phase|Route|Stage|Tranche|Terminal|Platform)\s+([A-Z]|\d{1,3})"
        r"(?![\w-])"
    ),
)
NOT_CODES = frozenset("Q H FY CY".split())  # a quarter, a half or a year: no thing's code


def _other_code(title: str, phrase: str) -> bool:
    """Whether a title gives, in place of the subject's code (a route, a model, a round: X14,
    HX-40, Series B), another of the same kind and not the subject's own (X41, HX-30, Series
    A)."""
    for code in CODES:
        own = code.fullmatch(phrase)
        if own is None or own[1] in NOT_CODES or names_thing(title, phrase):
            continue
        return any(m[1] == own[1] and m[2] != own[2] for m in code.finditer(title))
    return False


DATA_WORDS = 2  # of the question's words besides its subject's, at least


def _data_on(known: Known, question: str, subject: set[str]) -> bool:
    """Whether a document of tables (a sheet, an export) that names no one is on the
    question's topic: the subject's own figures, which a sheet seldom names ("Trucks per day;
    Average turnaround" for the Port of Saltmarsh's gate)."""
    if not sheet_of_no_one(known):
        return False
    topic = set(terms(question)) - subject - QUALIFIERS
    return len(topic & set(terms(known.about))) >= DATA_WORDS


def of_the_kind(title: str, about: str, compared: Named) -> bool:
    """Whether a document may be about the compared things: it names the kind of thing the
    question says they are ("wireless earbuds", 扫地机器人) in its title or text, or two of
    them; any document when the question names no kind ("Venn Air introduces Air X fares" is
    no earbuds' page)."""
    kind = set(terms(compared.kind))
    if not kind or kind & set(terms(f"{title} {about}")):
        return True
    return sum(names_thing(about, name) for name in compared.names) >= 2


CJK_CITY_OF = re.compile(r"([\u3400-\u9fff]{2,4}?[市省])$")


def elsewhere(about: str, compared: Named) -> bool:
    """Whether a document is about places of the compared names in another city than the one
    the question puts them in (南川市白沙区 when it compares 江州市's 青溪区、临港区和白沙区)."""
    city = CJK_CITY_OF.search(compared.scope.split("年")[-1] or compared.scope)
    city = city or re.match(r"^([\u3400-\u9fff]{2,4}?[市省])", compared.scope)
    if city is None or city[1] in about:
        return False
    other = rf"[\u3400-\u9fff]{{2,4}}?[市省](?:{'|'.join(map(re.escape, compared.names))})"
    return re.search(other, about) is not None


def disclaimed(about: str, phrases: tuple[str, ...]) -> bool:
    """Whether a document tells itself apart from one of the names and names none of the
    others."""
    apart = [p for p in phrases if disclaims(about, p)]
    return bool(apart) and not any(names_thing(about, p) for p in phrases if p not in apart)


def another_things(
    candidate: Candidate, known: Known, phrases: tuple[str, ...], question: str
) -> bool:
    """Whether a quote is about another thing of a colliding name, or says something of
    another thing to compare ("For comparison, …") without naming the subject; a table's row
    is about what its table is, in a document titled with the subject ("北辰港口集团; 55%" of
    the subject's shareholders), unless its table's rows are things and another row the
    subject's."""
    unit = known.units.get(candidate.quote)
    if (
        unit
        and unit.columns
        and not _compared(question)
        and _beside_the_subjects_row(unit, known, phrases)
    ):
        return True  # "Station: Skerrow Sands; 2020: 1,210" beside "Station: Caddow Bank; …"
    if known.header(candidate.quote) and any(names_thing(known.title, p) for p in phrases):
        return False
    if COMPARING.match(candidate.quote) and not any(
        names_thing(candidate.quote, p) for p in phrases
    ):
        return True  # "For comparison, the older Kessock Narrows Bridge has a main span of…"
    return about_another(candidate.quote, phrases, question, members=True)


COMPARING = re.compile(
    r"^\W*(?:for|by|in)\s+(?:comparison|contrast)\b|^\W*(?:相比之下|作为对比|与之相比|相较而言)",
    re.IGNORECASE,
)


def about_another(
    text: str, phrases: tuple[str, ...], question: str, whole: bool = False, members: bool = False
) -> bool:
    """Whether `text` names another thing of a colliding name (not of the kind the question
    asks about) and not the subject; a `whole` document in Chinese, only another thing
    wherever it gives the name's first characters; a quote (`members`) of a question that
    asks which organisations, none ("Harwick Dementia Choir" among the Harwick Community
    Fund's grantees)."""
    return any(
        names_another(text, p, question, every=whole, members=members) for p in phrases
    ) and not any(names_thing(text, p) for p in phrases)
