"""Text tools for the extractive engine: plain functions over text, no network, no model.

terms.py      a text's language by its script; its terms (stemmed words, CJK bigrams)
sentences.py  verbatim sentences, one maintained splitter (sentencex) for every language
scoring.py    BM25 (bm25s), key phrases, and MMR to keep quotes that say different things
feedback.py   a member's written feedback on a plan, read by rule: what to drop, what to add
"""
