"""Forms for the pages. Options are validated once more by ProjectOptions (the one source of
truth for defaults and bounds); the form fields mirror it for labels, help and widgets."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings

from research.limits import (
    COLLECTION_NAME_MAX,
    DESCRIPTION_MAX,
    INSTRUCTION_MAX,
    LANGUAGE_MAX,
    QUESTION_MAX,
    REPORT_EDIT_MAX,
    SEARCH_TERMS_MAX,
)
from research.models import (
    Analysis,
    CitationStyle,
    Collection,
    DocumentKind,
    Engine,
    ProjectStatus,
    RefreshEvery,
    ReportLength,
    ReportStyle,
    SourceKind,
    TimeRange,
)
from research.models.options import ProjectOptions, default_engine
from research.providers.search import PROVIDERS, describe
from research.text import scope

_FIELDS = ProjectOptions.model_fields


def _help(name: str) -> str:
    return _FIELDS[name].description or ""


def _bounds(name: str) -> dict:
    bounds = {}
    for item in _FIELDS[name].metadata:
        if hasattr(item, "ge"):
            bounds["min_value"] = item.ge
        if hasattr(item, "le"):
            bounds["max_value"] = item.le
    return bounds


MCP_HELP = (
    " MCP servers are outside tools your admin connected (MCP_SERVERS): a team's wiki, "
    "tickets or a data feed; each query searches every source ticked, and their documents are "
    "cited like pages."
)


# What each kind of source is, a line each beside its box on the new-project page.
SOURCE_LINES = {
    SourceKind.WEB: "pages a web search engine finds, read in full",
    SourceKind.LIBRARY: "the documents your team uploaded, passage by passage",
    SourceKind.SCHOLARLY: "papers from OpenAlex, arXiv, PubMed, Crossref or Semantic Scholar, "
    "read from their open-access PDF or else their abstract, cited with their DOI",
}


def source_choices() -> list[tuple[str, str]]:
    """The web, the library, scholarly papers, and each configured MCP server ("mcp:docs"),
    each with a line saying what it is."""
    servers = [server["name"] for server in settings.MCP_SERVERS]
    kinds = [(kind.value, f"{kind.label}: {SOURCE_LINES[kind]}") for kind in SourceKind]
    return [*kinds, *((f"mcp:{name}", f"MCP server {name}") for name in servers)]


def provider_choices() -> list[tuple[str, str]]:
    default = f"Server default: {describe(settings.SEARCH_PROVIDER)}"
    return [("", default)] + [(name, describe(name)) for name in PROVIDERS]


class ProjectForm(forms.Form):
    question = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3, "autofocus": True}),
        max_length=QUESTION_MAX,
        help_text="Ask it the way you would ask a careful colleague.",
    )
    queries = forms.IntegerField(initial=4, help_text=_help("queries"), **_bounds("queries"))
    sources_per_query = forms.IntegerField(
        initial=4, help_text=_help("sources_per_query"), **_bounds("sources_per_query")
    )
    reflection_rounds = forms.IntegerField(
        initial=1, help_text=_help("reflection_rounds"), **_bounds("reflection_rounds")
    )
    report_style = forms.ChoiceField(
        choices=ReportStyle.choices,
        initial=ReportStyle.PROFESSIONAL,
        help_text=_help("report_style"),
    )
    length = forms.ChoiceField(
        required=False,
        choices=ReportLength.choices,
        initial=ReportLength.STANDARD,
        help_text=_help("length"),
    )
    language = forms.CharField(required=False, max_length=LANGUAGE_MAX, help_text=_help("language"))
    search_provider = forms.ChoiceField(required=False, help_text=_help("search_provider"))
    time_range = forms.ChoiceField(
        required=False, choices=TimeRange.choices, help_text=_help("time_range")
    )
    sources = forms.MultipleChoiceField(
        choices=SourceKind.choices,
        initial=[SourceKind.WEB],
        widget=forms.CheckboxSelectMultiple,
        help_text=_help("sources"),
    )
    collections = forms.ModelMultipleChoiceField(
        queryset=Collection.objects.order_by("name"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text="With the library: the collections searched; none ticked means all of them.",
    )
    citation_style = forms.ChoiceField(
        required=False,
        choices=CitationStyle.choices,
        initial=CitationStyle.NUMERIC,
        help_text=_help("citation_style"),
    )
    domains_allow = forms.CharField(
        required=False,
        label="Only these domains",
        widget=forms.Textarea(
            attrs={"rows": 3, "placeholder": "who.int\n*.gov.uk\nexample.org/docs/"}
        ),
        help_text="One pattern a line: a host (example.org, also www.example.org), a host and "
        "every host under it (*.example.org), or either with a path prefix (example.org/docs/). "
        "Empty: the whole web. Web results elsewhere are dropped and never fetched.",
    )
    domains_deny = forms.CharField(
        required=False,
        label="Never these domains",
        widget=forms.Textarea(attrs={"rows": 2, "placeholder": "example.com"}),
        help_text="One pattern a line, as above; these win over the allowed ones.",
    )
    refresh = forms.ChoiceField(
        required=False, choices=RefreshEvery.choices, help_text=_help("refresh")
    )
    analysis = forms.ChoiceField(
        required=False,
        choices=Analysis.choices,
        initial=Analysis.AUTO,
        help_text="Sections that ask for figures (a comparison, a trend or growth, a ranking, a "
        "total or a share) gather them from their sources, compute over them and chart them.",
    )
    clarify = forms.BooleanField(
        required=False, label="Ask clarifying questions", help_text=_help("clarify")
    )
    review_plan = forms.BooleanField(required=False, help_text=_help("review_plan"))
    engine = forms.ChoiceField(
        choices=Engine.choices,
        help_text=_help("engine"),
    )
    fallback = forms.BooleanField(required=False, initial=True, help_text=_help("fallback"))
    token_budget = forms.IntegerField(help_text=_help("token_budget"), **_bounds("token_budget"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        provider = self.fields["search_provider"]
        assert isinstance(provider, forms.ChoiceField)
        provider.choices = provider_choices()
        sources = self.fields["sources"]
        assert isinstance(sources, forms.MultipleChoiceField)
        sources.choices = source_choices()
        if settings.MCP_SERVERS:
            sources.help_text += MCP_HELP
        self.fields["token_budget"].initial = settings.DEFAULT_TOKEN_BUDGET
        self.fields["clarify"].initial = settings.CLARIFY_DEFAULT
        self.fields["engine"].initial = default_engine()
        self.fields[
            "report_style"
        ].help_text += " Styles need the LLM: an extractive report is quotes."

    def clean_domains_allow(self) -> list[str]:
        return _patterns(self.cleaned_data["domains_allow"])

    def clean_domains_deny(self) -> list[str]:
        return _patterns(self.cleaned_data["domains_deny"])

    def options(self) -> dict:
        """The options as entered; create_project validates them with ProjectOptions."""
        options = {k: v for k, v in self.cleaned_data.items() if k != "question"}
        options["domains"] = {
            "allow": options.pop("domains_allow", []),
            "deny": options.pop("domains_deny", []),
        }
        for default in ("length", "analysis", "citation_style"):  # left out: the default
            if not options.get(default):
                options.pop(default, None)
        options["collections"] = [c.pk for c in options.get("collections") or []]
        return options


def _patterns(text: str) -> list[str]:
    """Domain patterns, one a line (blank lines left out), each checked as the options are."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    try:
        scope.patterns(lines)
    except ValueError as exc:
        raise forms.ValidationError(str(exc)) from None
    return lines


class ProjectFilterForm(forms.Form):
    q = forms.CharField(required=False, label="Search")
    status = forms.ChoiceField(required=False, choices=[("", "Any status"), *ProjectStatus.choices])
    owner = forms.CharField(required=False)


class RegenerateForm(forms.Form):
    engine = forms.ChoiceField(
        required=False,
        choices=[("", "Same engine"), *Engine.choices],
    )
    style = forms.ChoiceField(
        required=False,
        choices=[("", "Same style"), *ReportStyle.choices],
        help_text="Styles need the LLM; an extractive version is quotes in any style.",
    )
    length = forms.ChoiceField(required=False, choices=[("", "Same length"), *ReportLength.choices])
    language = forms.CharField(required=False, max_length=LANGUAGE_MAX)
    citation_style = forms.ChoiceField(
        required=False, choices=[("", "Same references"), *CitationStyle.choices]
    )


class ReportEditForm(forms.Form):
    """A member's hand edit of the report; research.services.edits checks its [n] and version."""

    markdown = forms.CharField(max_length=REPORT_EDIT_MAX, strip=False)
    base_version = forms.IntegerField(min_value=1)


class SectionRewriteForm(forms.Form):
    """A member's ask to rewrite one section: a quick instruction (a button) or their own
    words; research.services.rewrites checks it and the version once more."""

    QUICK = ("shorter", "longer", "more figures")

    instruction = forms.CharField(required=False, max_length=INSTRUCTION_MAX)
    quick = forms.ChoiceField(required=False, choices=[("", "")] + [(q, q) for q in QUICK])
    version = forms.IntegerField(min_value=1)


class CollectionForm(forms.Form):
    """A collection's name and description; research.services.library checks them once more."""

    name = forms.CharField(max_length=COLLECTION_NAME_MAX)
    description = forms.CharField(
        required=False, max_length=DESCRIPTION_MAX, widget=forms.Textarea(attrs={"rows": 2})
    )


class LibrarySearchForm(forms.Form):
    q = forms.CharField(required=False, max_length=SEARCH_TERMS_MAX, label="Search")
    collection = forms.TypedChoiceField(
        required=False,
        coerce=int,
        empty_value=None,
        widget=forms.Select(attrs={"aria-label": "Collection"}),
    )
    kind = forms.ChoiceField(
        required=False,
        choices=[("", "Any type"), *DocumentKind.choices],
        widget=forms.Select(attrs={"aria-label": "Type"}),
    )

    def __init__(self, *args: Any, collections: Any = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["collection"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = [("", "Every collection"), *((c.pk, c.name) for c in collections)]
