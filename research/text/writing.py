"""Writing systems and stopwords, shared by every layer that cuts text into terms.

Chinese, Japanese and Korean are written without spaces between words; `CJK` is their character
ranges, for regular expressions. `stopwords()` are words too common to search for or to score
(bm25s's English and Chinese lists) and words that ask rather than name. This module is a leaf.
"""

from __future__ import annotations

import functools
import re

CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
CJK_CHAR = re.compile(f"[{CJK}]")
WORD_RUN = re.compile(r"[^\W_]+")  # letters and digits, in any script
SCRIPT_PARTS = re.compile(f"[{CJK}]+|[^{CJK}]+")  # a run cut where the script changes
# Words that ask rather than name: a question's key phrases must not be made of them.
QUESTION_WORDS = frozenset(
    "what how why when where which who whom whose does do did done happen happens happened "
    "work works working explain explained tell told describe way ways".split()
)


@functools.cache
def stopwords() -> frozenset[str]:
    """Read on first use: bm25s brings numpy, which the models (that import this module for
    their search) must not load into every process."""
    from bm25s.stopwords import STOPWORDS_CHINESE, STOPWORDS_EN_PLUS

    return frozenset(STOPWORDS_EN_PLUS) | frozenset(STOPWORDS_CHINESE) | QUESTION_WORDS


def is_cjk(text: str) -> bool:
    return bool(CJK_CHAR.search(text))


def pairs(run: str) -> list[str]:
    """Overlapping character pairs of a CJK run ("固态电池": 固态 态电 电池); a lone one whole."""
    return [run] if len(run) < 2 else [run[i : i + 2] for i in range(len(run) - 1)]


_CJK_RUN = re.compile(f"[{CJK}]+")


def index_text(text: str) -> str:
    """What a full-text index holds for `text`: CJK runs cut into pairs, the rest as it is."""
    return _CJK_RUN.sub(lambda run: f" {' '.join(pairs(run.group()))} ", text)


def budget_words(text: str) -> int:
    """Words as a length budget counts them: a CJK character as half of one (a Chinese word is
    about two)."""
    cjk = sum(1 for ch in text if "\u4e00" <= ch <= "\u9fff")
    return len(text.split()) + cjk // 2
