"""Report pages: the rendered report with linked citations, versions, diffs, regenerate, export,
the editor (a member's hand edit, previewed as the report is rendered) and a section's
rewrite."""

from __future__ import annotations

import difflib
import re
from collections import Counter

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_POST

from research.errors import BadInput, NotAllowed, NotFound
from research.models import Claim, Note, Project, ProjectStatus, Report, Stage, StepRun, Summary
from research.output import charts, export, package, rendering, source_figures
from research.services import claims, edits, figures, rewrites, runs, selectors
from research.text import claims as claims_text
from research.text import diff as diff_text
from research.text import sections
from research.text.analysis.figure import CHART_LINK
from research.text.figures import FIGURE_LINK
from research.views.forms import RegenerateForm, ReportEditForm, SectionRewriteForm


def _pick(project: Project, version: str | None) -> Report | None:
    """The current version (None before the first), or the version asked for (404 if none)."""
    reports = project.reports.select_related("created_by")
    if not version:
        return reports.filter(is_current=True).first()
    return _version(project, version)


def _version(project: Project, version: str) -> Report:
    if not version.isdigit():
        raise NotFound(f"Project {project.pk} has no report version {version!r}.")
    return selectors.get_report(project, int(version), project.reports.select_related("created_by"))


def passages(project: Project) -> dict[int, tuple[int, list[tuple[str, str]]]]:
    """For each citation number: the source id and its quotes as (anchor, quote).

    Quotes come in the source page's order (outline order), and a quote another query's
    summary already gave is left out: the source page marks only its first anchor, so a link
    to a later one would land on an empty mark.
    """
    rows = (
        Summary.objects.filter(query__project=project, relevant=True)
        .in_outline_order("source__n")
        .values_list("id", "source_id", "source__n", "quotes")
    )
    found: dict[int, tuple[int, list[tuple[str, str]]]] = {}
    for summary_id, source_id, n, quotes in rows:
        _, known = found.setdefault(n, (source_id, []))
        seen = {quote for _, quote in known}
        known.extend(
            (f"q{summary_id}-{i}", quote) for i, quote in enumerate(quotes) if quote not in seen
        )
    for n, source_id in project.sources.values_list("n", "pk"):
        found.setdefault(n, (source_id, []))
    return found


def render_report(report: Report) -> str:
    return render_cited(report.project, report.markdown, ledger_of(report))


# A claim the ledger found a quote for: the quoted source's number, its id, the claim's id and
# the quote.
Checked = tuple[int, int, int, str]


def ledger_of(report: Report) -> dict[str, list[Checked]]:
    """The claims the ledger found a quote for, by their sentence as a reader sees it, in the
    report's order (a sentence said twice is two claims)."""
    rows = Claim.objects.filter(report=report, quote_source__isnull=False).exclude(quote="")
    found: dict[str, list[Checked]] = {}
    for pk, sentence, n, source_id, quote in rows.order_by("position").values_list(
        "pk", "sentence", "quote_source__n", "quote_source_id", "quote"
    ):
        found.setdefault(_said(claims_text.plain(sentence)), []).append((n, source_id, pk, quote))
    return found


def _said(sentence: str) -> str:
    """A sentence as compared: its words, lower case, no quotation marks or framing."""
    return " ".join(re.sub(r"[“”\"*]", " ", sentence).split()).casefold()


def render_cited(
    project: Project, markdown: str, ledger: dict[str, list[Checked]] | None = None
) -> str:
    """Markdown citing the project's [n] as safe HTML, each [n] linked to the passage of its
    source that supports the sentence: the claim ledger's quote when it found one (a report),
    else the summary quote that shares the most words with it; hovering shows the quote."""
    found, ledger, taken = passages(project), ledger or {}, Counter[str]()

    def source_link(n: int, sentence: str) -> tuple[str, str] | str | None:
        if n not in found:
            return None
        source_id, quotes = found[n]
        url = reverse("source", args=[source_id])
        checked = _checked(ledger, n, sentence, taken)
        if checked:
            return f"{url}#c{checked[2]}", checked[3]
        best = rendering.best_passage(sentence, [q for _, q in quotes])
        return (f"{url}#{quotes[best][0]}", quotes[best][1]) if best is not None else url

    chart_dir = reverse("project-chart", args=[project.pk, 0]).rsplit("0.svg", 1)[0]
    markdown = CHART_LINK.sub(lambda m: f"]({chart_dir}{m.group(1)}.svg)", markdown)
    figure_dir = reverse("project-figure", args=[project.pk, 0, "png"]).rsplit("0.png", 1)[0]
    markdown = FIGURE_LINK.sub(lambda m: f"]({figure_dir}{m.group(1)}.{m.group(2)})", markdown)
    datasets = reverse("dataset", args=[project.pk, 0]).rsplit("0/", 1)[0]
    own = ("/library/documents/", reverse("report-claims", args=[project.pk]), datasets)
    html = rendering.render_report(
        markdown, source_link=source_link, own_paths=own, charts=(chart_dir, figure_dir)
    )
    return mark_safe(html)  # noqa: S308 - sanitised by nh3


def _checked(
    ledger: dict[str, list[Checked]], n: int, sentence: str, taken: Counter[str]
) -> Checked | None:
    """The ledger's claim for this sentence, quoting source n: the same sentence, or one that
    holds it (an extractive quote after its framing). A sentence said again takes its next
    claim, which `taken` counts."""
    said = _said(sentence)
    key = said if said in ledger else None
    if key is None:
        key = next((k for k, c in ledger.items() if k and k in said and c[0][0] == n), None)
    if key is None or ledger[key][0][0] != n:
        return None
    claims = ledger[key]
    taken[key] += 1
    return claims[min(taken[key], len(claims)) - 1]


def report_context(project: Project, version: str | None) -> dict:
    report = _pick(project, version)
    versions = project.reports.select_related("created_by").order_by("-version")
    return {
        "report": report,
        "report_html": render_report(report) if report else "",
        "versions": versions,
        "regenerate_form": RegenerateForm(),
    }


FIGURE_VERBS = ("hide", "add")
RECENT_REWRITES = 5


@require_GET
def report_page(request: HttpRequest, project_id: int) -> HttpResponse:
    project = selectors.get_project(project_id)
    context = _page_context(project, request.GET.get("version"))
    if request.GET.get("a") and request.GET.get("b"):
        context["diff"] = diff(project, request.GET["a"], request.GET["b"])
    return render(request, "research/report.html", context)


def _page_context(project: Project, version: str | None) -> dict:
    context = {"project": project, **report_context(project, version)}
    if context["report"]:
        context["notes"] = Note.objects.filter(report=context["report"]).select_related("author")
        context["note_target"] = f"report:{context['report'].pk}"
        context["figures"] = _figures(project, context["report"])
        context["rewritable"] = _rewritable(project, context["report"])
        context["rewrites"] = _rewrites(project)
    return context


def _rewrites(project: Project) -> list[StepRun]:
    """The last section rewrites asked for, newest first: what each was asked, by whom, and
    how it went (a failed one with its reason)."""
    steps = project.steps.filter(stage=Stage.REWRITE).select_related("requested_by")
    return list(steps.order_by("-created_at", "-id")[:RECENT_REWRITES])


def _rewritable(project: Project, report: Report) -> list[tuple[int, str]]:
    """The sections a member may ask to rewrite, as (k, title): those of the current version
    of a done project."""
    if not report.is_current or project.status != ProjectStatus.DONE:
        return []
    return [(k, s.title) for k, s in enumerate(sections.split(report.markdown).sections, 1)]


def diff(project: Project, a: str, b: str) -> dict:
    old, new = _version(project, a), _version(project, b)
    lines = []
    for line in difflib.ndiff(old.markdown.splitlines(), new.markdown.splitlines()):
        tag, text = line[:2], line[2:]
        if tag == "? ":
            continue
        lines.append({"kind": {"+ ": "add", "- ": "del"}.get(tag, "same"), "text": text})
    return {
        "old": old,
        "new": new,
        "lines": lines,
        "sections": diff_text.by_section(old.markdown, new.markdown),
        "claims": claims.status_changes(old, new),
    }


@require_POST
def report_edit(request: HttpRequest, project_id: int) -> HttpResponse:
    """Save the member's hand edit as a new version; a refused one comes back in the editor."""
    project = selectors.get_project(project_id)
    form = ReportEditForm(request.POST)
    if not form.is_valid():
        raise BadInput("Write the report's text, from its current version.", field="markdown")
    text = form.cleaned_data["markdown"]
    try:
        report = edits.edit(
            project,
            markdown=text,
            base_version=form.cleaned_data["base_version"],
            user=request.user,
        )
    except (BadInput, NotAllowed) as exc:
        return _editor(request, project, text, error=exc.reason, status=exc.http_status)
    messages.success(request, f"Version {report.version} saved; its claims are being checked.")
    return redirect("report", project.pk)


@require_POST
def report_rewrite(request: HttpRequest, project_id: int, k: int) -> HttpResponse:
    """Ask for section k's rewrite (a quick button's instruction, or the member's words)."""
    project = selectors.get_project(project_id)
    form = SectionRewriteForm(request.POST)
    if not form.is_valid():
        raise BadInput("Say how to rewrite the section.", field="instruction")
    data = form.cleaned_data
    try:
        rewrites.rewrite(
            project,
            k=k,
            instruction=data["quick"] or data["instruction"],
            version=data["version"],
            user=request.user,
        )
    except (BadInput, NotAllowed, NotFound) as exc:
        messages.error(request, exc.reason)
        return redirect("report", project.pk)
    messages.success(request, f"Section {k} is being rewritten; a new version will show it.")
    return redirect("report", project.pk)


@require_POST
def report_preview(request: HttpRequest, project_id: int) -> HttpResponse:
    """The report page with the member's edit shown as it would be stored, rendered and
    sanitised as the report is, and the text kept in the editor."""
    project = selectors.get_project(project_id)
    text = request.POST.get("markdown", "")
    try:
        preview = render_cited(project, edits.prepare(project, text).markdown)
    except (BadInput, NotAllowed) as exc:
        return _editor(request, project, text, error=exc.reason)
    return _editor(request, project, text, preview=preview)


def _editor(
    request: HttpRequest,
    project: Project,
    text: str,
    *,
    preview: str = "",
    error: str = "",
    status: int = 200,
) -> HttpResponse:
    context = _page_context(project, None)
    context.update(edit_text=text, edit_preview=preview, edit_error=error, editing=True)
    return render(request, "research/report.html", context, status=status)


@require_POST
def report_regenerate(request: HttpRequest, project_id: int) -> HttpResponse:
    project = selectors.get_project(project_id)
    form = RegenerateForm(request.POST)
    if not form.is_valid():
        raise BadInput("Choose a known style.", field="style")
    runs.new_report(
        project,
        style=form.cleaned_data["style"],
        language=form.cleaned_data["language"],
        engine=form.cleaned_data["engine"],
        length=form.cleaned_data["length"],
        citation_style=form.cleaned_data["citation_style"],
        user=request.user,
    )
    messages.success(request, "A new version of the report is being written.")
    return redirect("project", project.pk)


@require_GET
def report_export(request: HttpRequest, project_id: int, fmt: str) -> HttpResponse:
    project = selectors.get_project(project_id)
    report = _pick(project, request.GET.get("version"))
    if report is None:
        raise NotFound(f"Project {project.pk} has no report yet.")
    body, content_type = package.export_file(report, fmt, export.site_url(request))
    response = HttpResponse(body, content_type=content_type)
    filename = export.export_filename(report, package.extension(fmt))
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def project_chart(request: HttpRequest, project_id: int, dataset_id: int) -> HttpResponse:
    """A dataset's chart as SVG, for members."""
    project = selectors.get_project(project_id)
    return charts.response(selectors.get_dataset(project, dataset_id))


@require_GET
def project_figure(request: HttpRequest, project_id: int, figure_id: int, ext: str) -> HttpResponse:
    """A source's figure as its re-encoded image, for members (never the outside address)."""
    project = selectors.get_project(project_id)
    figure = selectors.get_figure(project, figure_id)
    if ext != figure.extension:
        raise NotFound(f"Figure {figure_id} is a .{figure.extension} image.")
    return source_figures.response(figure)


def _figures(project: Project, report: Report) -> list[dict]:
    """The sources' kept figures, each with whether this version shows it."""
    shown = set(report.figures.values_list("pk", flat=True))
    found = selectors.figures(project).select_related("chosen_by")
    return [{"figure": figure, "shown": figure.pk in shown} for figure in found]


@require_POST
def report_figure(request: HttpRequest, project_id: int, figure_id: int, verb: str) -> HttpResponse:
    """Hide a figure from the report, or add one: a new version is written."""
    figure = selectors.get_figure(selectors.get_project(project_id), figure_id)
    (figures.hide if verb == "hide" else figures.add)(figure, user=request.user)
    done = "hidden from" if verb == "hide" else "added to"
    messages.success(request, f"Figure {done} the report; a new version is being written.")
    return redirect("report", project_id)
