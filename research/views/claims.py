"""The claim ledger's page: a report version's sentences coloured by how well their sources
support them, the flagged ones first, and members' reviews."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from research.models import ClaimStatus, Stage
from research.services import claims, runs, selectors


@require_GET
def claims_page(request: HttpRequest, project_id: int) -> HttpResponse:
    project = selectors.get_project(project_id)
    version = request.GET.get("version", "")
    report = selectors.get_report(project, int(version) if version.isdigit() else None)
    rows = list(claims.claims_of(report).select_related("quote_source"))
    steps = project.steps.filter(stage=Stage.CLAIMS, params__report_id=report.pk)
    context = {
        "project": project,
        "report": report,
        "claims": rows,
        "flagged": [c for c in rows if c.status in ClaimStatus.flagged()],
        "step": steps.order_by("-created_at", "-id").first(),
    }
    return render(request, "research/report_claims.html", context)


@require_POST
def claim_review(request: HttpRequest, claim_id: int) -> HttpResponse:
    claim = selectors.get_claim(claim_id)
    claims.review_claim(
        claim,
        review=request.POST.get("review", ""),
        note=request.POST.get("note", ""),
        user=request.user,
    )
    url = reverse("report-claims", args=[claim.report.project_id])
    return redirect(f"{url}?version={claim.report.version}#sentence-{claim.position}")


@require_POST
def claims_check(request: HttpRequest, project_id: int) -> HttpResponse:
    project = selectors.get_project(project_id)
    runs.recheck_claims(project, user=request.user)
    messages.success(request, "The claims of the current version are being checked again.")
    return redirect("report-claims", project.pk)
