"""What leaves the house: how reports, pages' text and progress are shown and exported.

rendering.py   Markdown (a report, a page's text, a snippet) as safe HTML: Python-Markdown, then
               nh3's allow-list; citation links to the supporting passage
export.py      a report version as a file: Markdown, or a deterministic PDF (WeasyPrint)
docx_export.py, pptx_export.py, html_export.py  the same as Word, a briefing deck, and one
               self-contained HTML file; office.py their pictures and fixed dates (same bytes)
package.py     the evidence package: a ZIP of the report, its cited sources' texts, the claim
               ledger and the notes, the same bytes for the same version
source_figures.py  the sources' figures a report shows, as files: served to members, numbered
               figures/k.<ext> in the exports
tables.py      CSV that spreadsheets open as text (formula-like cells escaped, OWASP)
progress.py    a project's progress from its steps: counts per stage, a bar, recent events

Output reads models; it never changes them (services/ do).
"""
