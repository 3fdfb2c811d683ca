"""The product's memory: every intermediate result of a research run is a row here.

statuses.py   every status and choice (TextChoices), the project status table, and OneOf (a
              pydantic type of a TextChoices' values)
options.py    a project's options: the pydantic model of the JSON on its row
projects.py   projects, sections, queries, and the one door for status changes
sources.py    the page cache, sources, search results, summaries
reports.py    report versions and notes
watching.py   watchers, a project's webhook, and each notification sent
refreshes.py  refreshes of a finished project, and what each found of every page
questions.py  follow-up questions on a project, answered from its sources
figures.py    figures from sources: their images, kept re-encoded, and the versions showing them
claims.py     the claim ledger: each report sentence checked against its sources
steps.py      one row per execution of a pipeline step
accounts.py   API tokens
activity.py   the activity log of whole projects: trashed, restored, purged
profiles.py   what each LLM endpoint and model accepts, as learnt
mcp.py        what each configured MCP server listed last, and its last failure
library.py    the team's library: collections, documents, passages
search.py     full-text search over passages, in each database's own engine
semantic.py   passages nearest a vector, with numpy (EMBEDDING_MODEL)
"""

from research.models.accounts import ApiToken
from research.models.activity import ActivityAction, ActivityEntry
from research.models.analysis import Dataset, DatasetRow
from research.models.claims import Claim, ClaimMethod, ClaimReview, ClaimStatus
from research.models.figures import Figure
from research.models.library import Collection, Document, Passage, PassageEmbedding
from research.models.mcp import McpServerState
from research.models.profiles import ModelProfile
from research.models.projects import Project, Query, Section, status_changed
from research.models.questions import Question
from research.models.refreshes import Refresh, SourceCheck
from research.models.reports import NOTE_TARGETS, Note, Report
from research.models.sources import PageSnapshot, QuerySource, Source, Summary
from research.models.statuses import (
    TRANSITIONS,
    Analysis,
    ChartKind,
    CitationStyle,
    Computation,
    Direction,
    DocumentKind,
    DocumentStatus,
    Engine,
    FetchStatus,
    FigureChoice,
    FigureStatus,
    Method,
    OneOf,
    PageCheck,
    ProjectStatus,
    QueryOrigin,
    QueryStatus,
    QuestionStatus,
    RefreshEvery,
    RefreshStatus,
    ReportLength,
    ReportStyle,
    SourceKind,
    Stage,
    StepStatus,
    TimeRange,
)
from research.models.steps import StepRun
from research.models.watching import (
    Delivery,
    DeliveryChannel,
    DeliveryStatus,
    Watch,
    Webhook,
)

__all__ = [
    "NOTE_TARGETS",
    "TRANSITIONS",
    "ActivityAction",
    "ActivityEntry",
    "ApiToken",
    "Claim",
    "Dataset",
    "DatasetRow",
    "ChartKind",
    "CitationStyle",
    "Computation",
    "ClaimMethod",
    "ClaimReview",
    "ClaimStatus",
    "Collection",
    "Document",
    "DocumentKind",
    "DocumentStatus",
    "Direction",
    "Engine",
    "FetchStatus",
    "Figure",
    "FigureChoice",
    "FigureStatus",
    "McpServerState",
    "Method",
    "ModelProfile",
    "Note",
    "OneOf",
    "Passage",
    "PassageEmbedding",
    "PageSnapshot",
    "Project",
    "ProjectStatus",
    "Query",
    "Question",
    "Refresh",
    "Analysis",
    "RefreshEvery",
    "Delivery",
    "DeliveryChannel",
    "DeliveryStatus",
    "Watch",
    "Webhook",
    "SourceCheck",
    "PageCheck",
    "RefreshStatus",
    "QuestionStatus",
    "QueryOrigin",
    "QuerySource",
    "QueryStatus",
    "Report",
    "ReportLength",
    "ReportStyle",
    "Section",
    "Source",
    "SourceKind",
    "Stage",
    "StepRun",
    "StepStatus",
    "Summary",
    "TimeRange",
    "status_changed",
]
