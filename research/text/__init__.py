"""Pure algorithms on text: no Django, no network, no database (an import contract says so).

writing.py     writing systems: CJK ranges, stopwords, character pairs (every layer cutting
               text into terms shares them, the full-text index in models/ too)
tokens.py      token estimates, chunks on a token budget, even shares, truncation
quotes.py      exact quotes: the passage of a text a model's quote reproduces, or none
citations.py   [n] markers in a report: found, checked against the sources, renumbered
edits.py       a member's hand-edited report made ready to store: its [n] checked, links cut
sections.py    a report cut into its preamble, `## ` sections and References, joined back
               byte for byte (a section's rewrite changes that section alone)
rewrites.py    a section rewritten by selection (shorter, longer, more figures), no model
claims.py      a report cut into claims, each aligned with the sources it cites
answers.py     answer retrieval: the passages of stored sources that answer a question
changes.py     the "What changed since vN" section of a refreshed report
legible.py     whether a PDF page's text layer is text, or a scan's (then OCR reads it)
figures.py     a source's figure in a report: its block, the report's figure numbers, and
               which section each fits without a model
extractive/    the extractive engine: terms, sentences, BM25, key phrases and MMR

Only `research.errors` and `research.limits` may be imported from the rest of Dossier.
"""
