"""The research pipeline: one module per stage, each a function of a StepContext.

Stage order and what each one reads (see flow.py for when each runs):
  ground     the question                     -> search results on its StepRun
  plan       the question, ground's results   -> Sections and planned Queries, language
  search     one Query                        -> Sources and QuerySource links
  rank       one Query's links (snippets)     -> scores, reasons, the best K selected
  fetch      one selected Source              -> a PageSnapshot (shared cache) and fetch status
  summarize  one (Query, Source) pair         -> a Summary with exact quotes
  reflect    one Section's summaries          -> at most one follow-up Query
  report     every relevant Summary           -> a new Report version with checked citations
"""

from __future__ import annotations

from research.models import Stage
from research.pipeline import fetch, ground, plan, rank, reflect, report, search, summarize

STAGES = {
    Stage.GROUND: ground.run,
    Stage.PLAN: plan.run,
    Stage.SEARCH: search.run,
    Stage.RANK: rank.run,
    Stage.FETCH: fetch.run,
    Stage.SUMMARIZE: summarize.run,
    Stage.REFLECT: reflect.run,
    Stage.REPORT: report.run,
}
