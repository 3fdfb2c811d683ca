"""Which sources are earlier editions of another: the same publisher's report of a series
("Emergency department performance: March 2019" beside "…: March 2025", in one folder or
under one address), of which the newest speaks for the series. A question that asks how
things changed reads every edition; any other reads the newest, and an earlier one only where
nothing else answers (as a source marked superseded is read), and leaves out an older
source's rows of the years a newer one's rows of later years follow. A first account (a
provisional bulletin, a preliminary assessment) is read so too once a final one follows it,
whatever the question asks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from research.text.extractive import explanations
from research.text.extractive.asks import asks_trend
from research.text.extractive.aspects import aspects
from research.text.extractive.currency import YEAR, outdated
from research.text.extractive.evidence import Candidate, Known
from research.text.extractive.figures import MONTHS
from research.text.extractive.filing import owner_of
from research.text.extractive.names import named_things
from research.text.extractive.terms import is_cjk

_DATED = re.compile(
    r"\b(?:" + "|".join(MONTHS) + r"|q[1-4]|h[12]|fy)\b|\d+|[年月日季度第]", re.IGNORECASE
)
MIN_WORDS, MIN_CJK = 2, 4  # a series' title, its dates aside: "Report" names no series


def earlier_editions(sources: Mapping[int, Known]) -> set[int]:
    """The sources that a newer edition of their series, from the same place, supersedes:
    by their titles ("Annual Report 2022 (extract)", "Annual Report 2024") or their files'
    names ("annual-report-2016-17.html", "annual-report-2023-24.pdf")."""
    series: dict[tuple[str, str], list[int]] = {}
    for n, known in sources.items():
        folder, stem = _folder_and_stem(known)
        for named in (known.headline, stem):
            key = _undated(named)
            if YEAR.search(named) and _names_a_series(key):
                series.setdefault((folder, key), []).append(n)
    for pair, alike in _current_and_dated(sources).items():
        listed = series.setdefault(pair, [])
        listed.extend(n for n in alike if n not in listed)
    earlier = set()
    for members in series.values():
        for n in members:  # a document's passages are one edition, however each is dated
            newer = (m for m in members if sources[m].path != sources[n].path)
            if any(sources[n].vintage.older_than(sources[m].vintage) for m in newer):
                earlier.add(n)
    return earlier


def _current_and_dated(sources: Mapping[int, Known]) -> dict[tuple[str, str], list[int]]:
    """Files of one folder named alike, one of them with a year and one without
    ("theloom/pricing-2022.html" beside "theloom/pricing.html"), however short the name: the
    undated one is the page kept current."""
    stems: dict[tuple[str, str], list[int]] = {}
    dated: dict[tuple[str, str], set[bool]] = {}
    for n, known in sources.items():
        folder, stem = _folder_and_stem(known)
        key = (folder, _undated(stem))
        stems.setdefault(key, []).append(n)
        dated.setdefault(key, set()).add(bool(YEAR.search(stem)))
    return {key: members for key, members in stems.items() if dated[key] == {True, False}}


def _folder_and_stem(known: Known) -> tuple[str, str]:
    """A document's folder and its file's name without the extension."""
    folder, _, name = known.path.rpartition("/")
    return folder, name.rpartition(".")[0] or name


def _undated(title: str) -> str:
    """A title or a file's name without its dates, periods, numbers and qualifiers
    ("(extract)"), in lower case, its hyphens and underscores as spaces."""
    title = _QUALIFIED.sub(" ", title.lower().replace("-", " ").replace("_", " "))
    return " ".join(_DATED.sub(" ", title).replace(":", " ").split())


_QUALIFIED = re.compile(r"[(（][^()（）]{1,20}[)）]")


def _names_a_series(undated: str) -> bool:
    if undated[:1] and is_cjk(undated[0]):
        return len(undated) >= MIN_CJK
    return len(undated.split()) >= MIN_WORDS


def marked(question: str, found: list[Candidate], sources: Mapping[int, Known]) -> set[int]:
    """The quotes of sources marked superseded (archive, draft), of first accounts a final one
    follows and, unless the question asks how things changed or their history, of a series'
    earlier editions: the newest speaks."""
    earlier: set[int] = set() if asks_change(question) else earlier_editions(sources)
    earlier |= first_accounts({c.n: sources[c.n] for c in found})
    return {i for i, c in enumerate(found) if sources[c.n].vintage.marked or c.n in earlier}


def first_accounts(sources: Mapping[int, Known]) -> set[int]:
    """The sources that call themselves a first account (a provisional bulletin, a preliminary
    assessment, a rumour) while a final one, of another document and no older, is quoted
    beside them: what they said is what the final account corrects."""
    final = [k for k in sources.values() if not k.vintage.provisional and not k.vintage.marked]
    return {
        n
        for n, known in sources.items()
        if known.vintage.provisional
        and any(_as_new(k, known) and k.path != known.path for k in final)
    }


def _as_new(known: Known, than: Known) -> bool:
    """Whether a source is dated, and no earlier than `than` (at their shared precision)."""
    ours, theirs = known.vintage, than.vintage
    return ours.as_of is not None and theirs.as_of is not None and not ours.older_than(theirs)


def of_earlier_years(
    question: str, found: list[Candidate], statements: list, common: frozenset[str]
) -> set[int]:
    """Statements a newer source's of the same measure leaves behind by stating later years
    ("£m: Revenue; 2019: 171.3; 2020: 158.8" beside 2024's), in the same section, when the
    question asks no change over time or history: not current, nor history, but left out."""
    if asks_change(question):
        return set()
    return {
        old
        for old, newer in outdated(statements, common, later=True).items()
        if any(found[j].section == found[old].section for j in newer)
    }


AGE_GAP = 2  # years before the newest source's: an old source, in a question about what is


def aged(question: str, found: list[Candidate], sources: Mapping[int, Known]) -> set[int]:
    """The quotes of old sources (dated at least AGE_GAP years before the newest source, by
    what they say, not by their upload), in a question about what is now (of a named thing:
    the caller asks; an older study of a topic is still evidence): a careful reader
    quotes them only where nothing newer answers a part ("Employees: 54" of a 2022 article
    beside a 2025 profile's 86). Not in a trend, a history (but one part's: "Funding
    history"), the causes of an event, or a comparison (one thing's newest source may be
    older than another's)."""
    if asks_trend(question) or explanations.angles(question) or named_things(question):
        return set()
    if asks_change(question) and len(aspects(question)) < 2:
        return set()
    years = {
        n: known.vintage.as_of[0]
        for n, known in sources.items()
        if known.vintage.as_of and not known.vintage.uploaded
    }
    newest = max((years.get(c.n, 0) for c in found), default=0)
    return {i for i, c in enumerate(found) if 0 < years.get(c.n, newest) <= newest - AGE_GAP}


NOW = re.compile(r"\b(?:currently|at present|these days|right now)\b|现在|目前|当前|如今", re.I)


def asks_now(question: str) -> bool:
    """Whether the question asks, in so many words, what is so now ("which cheeses does it
    currently sell"): an old source answers none of it, not even where nothing newer does."""
    return NOW.search(question) is not None


def asks_change(question: str) -> bool:
    """Whether the question asks how things changed over time, or their history."""
    return asks_trend(question) or HISTORY.search(question) is not None


HISTORY = re.compile(r"\b(?:history|histories|historical|past|background)\b|历史|历程|沿革", re.I)


def newest_statements(
    found: list[Candidate],
    kept: Iterable[int],
    sources: Mapping[int, Known],
    common: frozenset[str],
    compared: tuple[str, ...] = (),
) -> dict[Candidate, Candidate]:
    """For each quote a newer sentence of the `kept` sources supersedes, that sentence (the
    most alike), as a quote for the same section, with the quote it supersedes (whose words
    say what it is about): the newest value is stated, even where no summary quoted it. Of
    `compared` things, only the same thing's sentence: one's figure is no update of another's."""
    by_address = sorted(kept, key=lambda n: sources[n].order)  # not by number: provisional
    extra = [(text, n) for n in by_address for text in sources[n].units]
    statements = [(c.quote, sources[c.n].vintage) for c in found]
    statements += [(text, sources[n].vintage) for text, n in extra]
    history = outdated(statements, common, only=len(found))
    added: dict[Candidate, Candidate] = {}
    for i, newer in sorted(history.items()):
        j = newer[0] - len(found)
        if j >= 0 and not sources[extra[j][1]].vintage.marked:
            old = found[i]
            new = Candidate(extra[j][0], extra[j][1], old.section, old.query)
            if new not in found and _same_owner(new, old, sources, compared):
                added.setdefault(new, old)
    return added


def _same_owner(
    new: Candidate, old: Candidate, sources: Mapping[int, Known], compared: tuple[str, ...]
) -> bool:
    if not compared:
        return True
    return owner_of(new, sources[new.n], compared) == owner_of(old, sources[old.n], compared)
