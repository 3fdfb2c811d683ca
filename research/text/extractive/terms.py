"""A text's language by its script, and its terms: what BM25 and the key phrases count.

Latin-script words are lower-cased, stopwords dropped (bm25s's lists) and stemmed (Snowball's
English stemmer), so "checkpoints" matches "checkpoint". Chinese, Japanese and Korean text has
no spaces between words, so it is cut into overlapping character pairs (bigrams), which match
whatever the words are without a dictionary.
"""

from __future__ import annotations

import re
import threading

import snowballstemmer

from research.text.writing import CJK, is_cjk, stopwords
from research.text.writing import CJK_CHAR as _CJK_CHAR
from research.text.writing import SCRIPT_PARTS as _PARTS
from research.text.writing import WORD_RUN as _RUN

__all__ = ["CJK", "LANGUAGE_NAMES", "STOPWORDS", "is_cjk", "language_of", "terms"]

STOPWORDS = stopwords()

_KANA = re.compile("[\u3040-\u30ff]")
_HANGUL = re.compile("[\uac00-\ud7af]")
LANGUAGE_NAMES = {"en": "English", "zh": "中文", "ja": "日本語", "ko": "한국어"}


def language_of(text: str) -> str:
    """ "zh", "ja", "ko" when most letters are of that script, else "en"."""
    letters = sum(1 for _ in _RUN.finditer(text[:5000])) or 1
    cjk = len(_CJK_CHAR.findall(text[:5000]))
    if cjk < letters:  # fewer CJK characters than words: a Latin-script text
        return "en"
    if _KANA.search(text[:5000]):
        return "ja"
    return "ko" if _HANGUL.search(text[:5000]) else "zh"


_local = threading.local()


def _stemmer() -> snowballstemmer.stemmer:
    """One stemmer per thread: a Snowball stemmer keeps its word in its own state."""
    stemmer = getattr(_local, "stemmer", None)
    if stemmer is None:
        stemmer = _local.stemmer = snowballstemmer.stemmer("english")
    return stemmer


def terms(text: str) -> list[str]:
    """The text's terms, in order: stemmed words without stopwords, and CJK bigrams."""
    found: list[str] = []
    for run in _RUN.finditer(_COMPOUND.sub(r"\1\2", text.lower())):
        for part in _PARTS.findall(run.group()):
            if _CJK_CHAR.match(part):
                found += _bigrams(part)
            elif len(part) > 1 and part not in STOPWORDS:
                found.append(part)
    latin = [i for i, term in enumerate(found) if not _CJK_CHAR.match(term)]
    stems = _stemmer().stemWords([found[i] for i in latin])
    for i, stem in zip(latin, stems, strict=True):
        found[i] = stem
    return found


# Words whose first makes them another thing than their last: a car park is no park ("Which
# parks has the council opened?" beside its car parks' tariffs), one word each.
_COMPOUND = re.compile(
    r"\b(car|business|retail|theme|industrial|science|technology|office|caravan|holiday)[\s-]+"
    r"(parks?)\b"
)


def _bigrams(run: str) -> list[str]:
    if len(run) == 1:
        return [] if run in STOPWORDS else [run]
    pairs = [run[i : i + 2] for i in range(len(run) - 1)]
    return [pair for pair in pairs if pair not in STOPWORDS]
