"""Where a question's words say to search, for a plan made without a model: papers, or the
news of a recent period.

"What do recent studies say about ...", "clinical trials of ...", "the evidence for ..." ask for
papers (`asks_for_papers`); "the latest on ...", "what happened this week", "today's ..." ask for
the news (`news_period`: "day" for today or yesterday, "week" for this week, "month" otherwise).
The planner routes such a section's queries to the project's scholarly source, or to its web
engine's news search, when the project has them.
"""

from __future__ import annotations

import re

PAPERS = re.compile(
    r"\b(?:stud(?:y|ies)|papers?|trials?|evidence|meta-?analys[ie]s|systematic reviews?"
    r"|peer[- ]reviewed|preprints?)\b",
    re.IGNORECASE,
)
NEWS_TODAY = re.compile(r"\b(?:today(?:'s)?|yesterday(?:'s)?|breaking news)\b", re.IGNORECASE)
NEWS_WEEK = re.compile(r"\b(?:this|last|past) week(?:'s)?\b", re.IGNORECASE)
NEWS_RECENT = re.compile(
    r"\b(?:latest|recent news|news this month|this month(?:'s)? news|current events)\b",
    re.IGNORECASE,
)


def asks_for_papers(text: str) -> bool:
    """Whether these words ask for studies, papers, trials or evidence."""
    return bool(PAPERS.search(text))


def news_period(text: str) -> str:
    """The recent period these words ask the news of ("day", "week", "month"), or ""."""
    if NEWS_TODAY.search(text):
        return "day"
    if NEWS_WEEK.search(text):
        return "week"
    if NEWS_RECENT.search(text):
        return "month"
    return ""
