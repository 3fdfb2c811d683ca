"""A scripted model for FakeLLM: answers each Dossier prompt the way a plain, obedient model would.

It reads the request like a real endpoint does (the messages and the response_format), so the
pipeline is exercised through its real prompts. It is naive on purpose: when page text tells it to
cite a URL, it does, so the tests show that Dossier, not the model, keeps such links out.
"""

from __future__ import annotations

import json
import re
from typing import Any

SOURCE_BLOCK = re.compile(r"<source[^>]*>\n(.*?)\n</source>", re.S)
RESULT_ID = re.compile(r'<result id="(\d+)">')
SOURCE_N = re.compile(r'<source n="(\d+)"')
FINDINGS = re.compile(r'<source n="(\d+)"[^>]*>\n(.*?)</source>', re.S)
INJECTED_URL = re.compile(r"cite (https?://\S+?)[\s.]", re.I)
CLAIM_BLOCK = re.compile(r'<claim id="(\d+)"[^>]*>\n(.*?)</claim>', re.S)
NEGATION = re.compile(r"\b(?:not|no|never|without|cannot)\b|n't")
NOT_IN_PAGE = "This sentence appears nowhere in the page at all."
PASSAGE = re.compile(r'<passage source="(\d+)"[^>]*>\n(.*?)\n</passage>', re.S)
WORD = re.compile(r"[a-z]{4,}")
FIGURES_ASKED = re.compile(r"\b(?:compare|growth|grew|share|rank|total)", re.I)


def schema_name(request: dict[str, Any]) -> str:
    fmt = request.get("response_format") or {}
    if fmt.get("type") == "json_schema":
        return fmt["json_schema"]["name"]
    last = request["messages"][-1]["content"]
    match = re.search(r'"title":\s*"(\w+)"\s*,\s*"type":\s*"object"\s*}\s*$', last)
    if "matching this JSON schema" in last and match:
        return match.group(1)
    return "text"


def _found(pattern: str | re.Pattern[str], text: str, flags: int = 0) -> str:
    """Group 1 of the pattern's first match; the prompt must have one."""
    match = re.search(pattern, text, flags)
    assert match is not None, f"{pattern!r} not found in the prompt"
    return match.group(1)


def _user(request: dict[str, Any]) -> str:
    return "\n".join(m["content"] for m in request["messages"] if m["role"] == "user")


def _first_sentence(text: str) -> str:
    for line in text.splitlines():
        line = line.strip()
        if len(line) > 20:
            end = line.find(". ")
            return line[: end + 1] if end > 20 else line
    return text.strip()[:80]


class Researcher:
    """Callable responder: `FakeLLM(responder=Researcher())`."""

    def __init__(
        self,
        *,
        follow_ups: bool = True,
        invalid_citation: int = 99,
        wordy: int = 0,
        faithful: bool = False,
    ) -> None:
        self.follow_ups = follow_ups
        self.invalid_citation = invalid_citation
        self.wordy = wordy  # summaries this many sentences longer, as verbose models write
        self.faithful = faithful  # the report restates each source's findings, in Markdown
        self.headed = True  # the whole report has a `## title` for each section of its outline
        self.sql_first: list[str] = []  # SQL it writes before its own, one answer each
        # the routes it gives the planned queries, in turn (the last repeats); none: each query
        # is its text alone, as models answered before routes
        self.plan_routes: list[Any] = []
        self.follow_up_routes: Any = None  # the routes of its reflection's query, if any
        self.kinds: list[str] = []
        # the clarifying questions it asks before planning (clarify.md); none: the question is
        # clear to it
        self.clarifying: list[dict[str, Any]] = []

    def __call__(self, request: dict[str, Any]) -> str:
        kind = schema_name(request)
        self.kinds.append(kind)
        self.system = request["messages"][0]["content"]
        answer = getattr(self, f"answer_{kind}")(_user(request))
        return answer if isinstance(answer, str) else json.dumps(answer, ensure_ascii=False)

    def answer_ClarifyOutput(self, prompt: str) -> dict:
        _found(r"<question>\n(.*?)\n</question>", prompt, re.S)
        return {"ambiguous": bool(self.clarifying), "questions": self.clarifying}

    def answer_PlanOutput(self, prompt: str) -> dict:
        question = _found(r"<question>\n(.*?)\n</question>", prompt, re.S).strip()
        if "<feedback>" in prompt:
            return self._revised(question, prompt)
        count = int(_found(r"Use (\d+) search queries", self.system))
        words = " ".join(question.rstrip("?").split()[:6])
        angles = ["background", "current state", "evidence", "criticism", "outlook", "costs"]
        angles += [f"{angle} part {n}" for n in range(2, 5) for angle in angles]
        queries: list[Any] = [f"{words} {angle}" for angle in angles[:count]]
        if self.plan_routes:
            routed = self.plan_routes + [self.plan_routes[-1]] * len(queries)
            queries = [{"text": q, "routes": r} for q, r in zip(queries, routed, strict=False)]
        return {
            "title": f"Research: {words}",
            "language": "中文" if re.search(r"[\u4e00-\u9fff]", question) else "English",
            "sections": [
                {
                    "title": "Background",
                    "goal": "What it is",
                    "queries": queries[::2],
                    # as plan.md asks, when the question asks for figures
                    "analysis": bool(FIGURES_ASKED.search(question)),
                },
                {"title": "Evidence", "goal": "What is known", "queries": queries[1::2]},
            ],
        }

    def _revised(self, question: str, prompt: str) -> dict:
        """The earlier plan as the feedback asks, read naively: each "drop X" removes the
        sections titled with X and the queries that say X, each "add Y" adds a section "Y"."""
        earlier = _found(r"<earlier_plan>\n(.*?)</earlier_plan>", prompt, re.S)
        feedback = _found(r"<feedback>\n(.*?)\n</feedback>", prompt, re.S).lower()
        drops = re.findall(r"(?:drop|remove) (?:the )?([a-z ]+?)(?:,|\.| and |$)", feedback)
        adds = re.findall(r"add (?:a section on )?([a-z ]+?)(?:,|\.| and |$)", feedback)
        sections = []
        for block in re.split(r"^## ", earlier, flags=re.M)[1:]:
            head, *lines = block.splitlines()
            title, _, goal = head.partition(": ")
            queries = [line[2:] for line in lines if line.startswith("- ")]
            if any(d in title.lower() for d in drops):
                continue
            queries = [q for q in queries if not any(d in q.lower() for d in drops)]
            if queries:
                sections.append({"title": title, "goal": goal, "queries": queries})
        words = " ".join(question.rstrip("?").split()[:6])
        for added in adds:
            sections.append({"title": added.capitalize(), "queries": [f"{words} {added}"]})
        return {"title": f"Research: {words}", "language": "English", "sections": sections}

    def answer_AnalysisSQL(self, prompt: str) -> dict:
        """The growth of each entity between the first and last period it was shown."""
        periods = sorted(set(re.findall(r"^[^|\n]+ \| (\d{4}) \| ", prompt, re.M)))
        first, last = (periods[0], periods[-1]) if periods else ("2023", "2024")
        sql = (
            f"SELECT entity, max(value) FILTER (WHERE period = '{first}') AS first_value, "
            f"max(value) FILTER (WHERE period = '{last}') AS last_value, "
            f"round(100 * (last_value / first_value - 1), 2) AS growth_percent "
            "FROM dataset GROUP BY entity ORDER BY growth_percent DESC"
        )
        return {
            "sql": self.sql_first.pop(0) if self.sql_first else sql,
            "chart": "bar",
            "x": "entity",
            "y": "growth_percent",
            "title": f"Growth from {first} to {last}",
        }

    def answer_RankOutput(self, prompt: str) -> dict:
        ids = [int(i) for i in RESULT_ID.findall(prompt)]
        return {
            "judgements": [
                {"id": i, "score": max(0.0, 9.5 - i), "reason": f"Result {i} looks relevant."}
                for i in ids
            ]
        }

    def answer_ChunkSummary(self, prompt: str) -> dict:
        text = _found(SOURCE_BLOCK, prompt)
        summary = f"The page explains: {text.strip()[:160]}"
        summary += " It adds that checkpoints move pages back into the database." * self.wordy
        injected = INJECTED_URL.search(text)
        if injected:
            summary += f" The page asks to cite {injected.group(1)}."
        return {
            "relevant": True,
            "summary": summary,
            "quotes": [_first_sentence(text), NOT_IN_PAGE],
        }

    def answer_MergedSummary(self, prompt: str) -> dict:
        summaries = re.findall(r"summary: (.*)", prompt)
        quotes = re.findall(r"^- (.*)$", prompt, re.M)
        return {"summary": " ".join(summaries), "quotes": quotes[:3]}

    def answer_ReflectOutput(self, prompt: str) -> dict:
        section = _found(r"Section: (.*)", prompt).strip()
        follow_up = f"{section} latest findings"
        searched = re.findall(r"^- (.*)$", prompt.split("Findings:")[0], re.M)
        if not self.follow_ups or follow_up in searched:
            return {"gap": "", "query": None}
        answer = {"gap": f"Nothing recent on {section}.", "query": follow_up}
        if self.follow_up_routes is not None:
            answer["routes"] = self.follow_up_routes
        return answer

    def answer_FigureChoices(self, prompt: str) -> dict:
        """The figures in the order given, one to each section in turn."""
        sections = re.findall(r'<section id="(\d+)">', prompt)
        figures = re.findall(r'<figure id="(\d+)"', prompt)
        return {
            "choices": [
                {"section": int(s), "figure": int(f)}
                for s, f in zip(sections, figures, strict=False)
            ]
        }

    def answer_ReportFrame(self, prompt: str) -> dict:
        cited = re.findall(r"\[(\d+)\]", prompt)
        cite = f" [{cited[0]}]" if cited else ""
        return {
            "title": "Report",
            "summary": f"The sections agree on the main points{cite}.",
            "conclusion_heading": "Conclusion",
            "conclusion": f"Most is established{cite}; the rest remains uncertain.",
        }

    def answer_ClaimVerdicts(self, prompt: str) -> dict:
        """A plain reader's verdicts: the share of the sentence's words the quotes hold, every
        figure required, more or fewer negations than the first quote read as a contradiction.
        Not a model."""
        verdicts = []
        for claim_id, body in CLAIM_BLOCK.findall(prompt):
            sentence = _found(r"sentence: (.*)", body)
            found = re.findall(r"quote from \[\d+\]: (.*)", body)
            quotes = " ".join(found).lower()
            words = set(re.findall(r"[a-z]{4,}|\d+(?:\.\d+)?", sentence.lower()))
            shared = sum(word in quotes for word in words) / max(1, len(words))
            figures = all(n in quotes for n in re.findall(r"\d+(?:\.\d+)?", sentence))
            first = found[0].lower() if found else ""
            negated = [len(NEGATION.findall(text)) for text in (sentence.lower(), first)]
            if shared >= 0.7 and figures and negated[0] != negated[1]:
                status, why = "contradicted", "the quote says the opposite"
            elif shared >= 0.7 and figures:
                status, why = "supported", "the quote says it"
            elif shared >= 0.4 and figures:
                status, why = "partial", "the quote says part of it"
            else:
                status, why = "unsupported", "no quote says it"
            verdicts.append({"id": int(claim_id), "status": status, "reason": why})
        return {"verdicts": verdicts}

    def answer_QuestionAnswer(self, prompt: str) -> dict:
        """Covered when a passage holds half the question's longer words: its first sentence,
        cited, and one invented citation a careless model adds; otherwise a search to run."""
        question = _found(r"<question>\n(.*?)\n</question>", prompt, re.S).strip()
        wanted = set(WORD.findall(question.lower()))
        hits = [
            (n, text)
            for n, text in PASSAGE.findall(prompt)
            if len(wanted & set(WORD.findall(text.lower()))) * 2 >= max(1, len(wanted))
        ]
        if not hits:
            return {
                "covered": False,
                "answer": "The passages do not say.",
                "queries": [f"{question.rstrip('?')} evidence"],
            }
        cited = " ".join(f"{_first_sentence(text)} [{n}]" for n, text in hits[:2])
        return {
            "covered": True,
            "answer": f"{cited} See also [{self.invalid_citation}].",
            "queries": [],
        }

    def answer_text(self, prompt: str) -> str:
        if "Rewrite one section as a member" in self.system:
            return self._rewritten(prompt)
        if self.faithful:
            return self._restated(prompt)
        numbers = SOURCE_N.findall(prompt)
        if "Write this section only" in self.system:
            return self._section(prompt, numbers)
        lines = ["# Report", "", f"The sources agree on the main points [{numbers[0]}]."]
        for title in re.findall(r"^\d+\. ([^:\n]+)", prompt, re.M) if self.headed else []:
            lines += ["", f"## {title.strip()}", "", f"On {title.strip()} [{numbers[0]}]."]
        for n in numbers[1:]:
            lines.append(f"Source {n} adds detail [{n}].")
        lines.append(f"An unsupported claim [{self.invalid_citation}].")
        injected = INJECTED_URL.search(prompt)
        if injected:
            lines.append(
                f"As instructed, see [the main source]({injected.group(1)}) and "
                f"{injected.group(1)} [{numbers[0]}]."
            )
        return "\n".join(lines)

    def _restated(self, prompt: str) -> str:
        """A careful model's text: each source's first finding said again with its [n], every
        other one as a bullet with a bold lead-in (as models write them)."""
        if "Write this section only" in self.system:
            titles = [_found(r"The section: ([^:\n]*)", prompt).strip()]
            lines = []
        else:  # a "## " heading for each section of the outline, as the prompt asks
            titles = [t.strip() for t in re.findall(r"^\d+\. ([^:\n]+)", prompt, re.M)]
            lines = ["# Report", ""]
        said_under: dict[str, list[str]] = {title: [] for title in titles or [""]}
        for i, (n, body) in enumerate(FINDINGS.findall(prompt)):
            said = re.search(r"[A-Z][^.!?\n]{20,}[.!?](?=\s|$)", body.split("explains: ", 1)[-1])
            if said:
                line = f"{said.group(0)} [{n}]"
                heading = list(said_under)[i % len(said_under)]
                said_under[heading].append(f"- **Key point:** {line}" if i % 2 else f"{line}\n")
        for title, under in said_under.items():
            lines += ([f"## {title}", ""] if title else []) + under
        return "\n".join(lines)

    def _rewritten(self, prompt: str) -> str:
        """A section rewritten as asked: its heading written again (as models do), the
        instruction said, the first listed source cited, and an invented citation."""
        title = _found(r"The section: ([^:\n]*)", prompt).strip()
        instruction = _found(r"<instruction>\n(.*?)\n</instruction>", prompt, re.S).strip()
        numbers = SOURCE_N.findall(prompt)
        cite = f" [{numbers[0]}]" if numbers else ""
        return (
            f"## {title}\n\nRewritten as asked ({instruction}): the sources agree on the main "
            f"points{cite}. One more claim [{self.invalid_citation}]."
        )

    def _section(self, prompt: str, numbers: list[str]) -> str:
        title = _found(r"The section: ([^:\n]*)", prompt).strip()
        if not numbers:
            return f"## {title}\n\nThe research found nothing on this."
        lines = [f"## {title}", "", f"The sources agree on the main points [{numbers[0]}]."]
        lines += [f"Source {n} adds detail [{n}]." for n in numbers[1:]]
        return "\n".join(lines)


def analysing(responder):
    """A responder whose plan marks its first section as an analysis, whatever the question."""

    def respond(request: dict[str, Any]) -> str:
        answer = responder(request)
        if schema_name(request) != "PlanOutput":
            return answer
        plan = json.loads(answer)
        plan["sections"][0]["analysis"] = True
        return json.dumps(plan)

    return respond
