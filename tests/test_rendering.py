"""Markdown and page text as safe HTML: XSS payloads, citation links, passages, highlights."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from research.output import rendering
from research.output.rendering import best_passage, highlight, render_markdown, render_report

REL = "nofollow noopener noreferrer"
MARKDOWN_TAGS = {
    "h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "ul", "ol", "li", "strong", "em",
    "b", "i", "code", "pre", "blockquote", "table", "thead", "tbody", "tr", "th", "td", "a",
    "sup",
}  # fmt: skip

# Known XSS payloads, as an LLM or a web page might hand them to us.
XSS_PAYLOADS = [
    "<script>alert(1)</script>",
    "<SCRIPT SRC=http://evil.example/xss.js></SCRIPT>",
    "<scr<script>ipt>alert(1)</scr</script>ipt>",
    "<img src=x onerror=alert(1)>",
    "<img src=x onerror=alert(1)",  # unclosed
    '<img src="x" onerror="alert(1)"',
    "<svg onload=alert(1)>",
    "<svg><script>alert(1)</script></svg>",
    "<body onload=alert(1)>",
    "<details open ontoggle=alert(1)>",
    "<input autofocus onfocus=alert(1)>",
    '<div onmouseover="alert(1)">hover</div>',
    '<a href="https://ok.example/" onclick="alert(1)">x</a>',
    "[x](javascript:alert(1))",
    "[x](JaVaScRiPt:alert(1))",
    "[x](  javascript:alert(1) )",
    "[x](javascript&#58;alert(1))",
    "[x](jav&#x09;ascript:alert(1))",
    "[x](&#106;avascript:alert(1))",
    "[x](vbscript:msgbox(1))",
    "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "[x](DATA:text/html,<script>alert(1)</script>)",
    '[x](https://ok.example/" onmouseover="alert(1))',
    "![x](javascript:alert(1))",
    '![x](x" onerror="alert(1))',
    "![x](https://tracker.example/pixel.png)",
    "[x][evil]\n\n[evil]: javascript:alert(1)",
    '[x][evil2]\n\n[evil2]: data:text/html,<script>alert(1)</script> "t"',
    "<javascript:alert(1)>",
    "<data:text/html,<script>alert(1)</script>>",
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="jav&#x09;ascript:alert(1)">x</a>',
    '<a href="javascript&#58;alert(1)">x</a>',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
    '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>">',
    "<style>body{background:url(javascript:alert(1))}</style>",
    '<p style="width: expression(alert(1))">x</p>',
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    '<form action="javascript:alert(1)"><button>go</button></form>',
    '<object data="javascript:alert(1)"></object>',
    '<embed src="data:text/html,<script>alert(1)</script>">',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<base href="javascript:/">',
    '<link rel="stylesheet" href="https://evil.example/x.css">',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    "<!--<img src=x onerror=alert(1)>-->",
    "<textarea><script>alert(1)</script></textarea>",
    "`<script>alert(1)</script>`",
    "```html\n<script>alert(1)</script>\n```",
    "[x](//evil.example/path)",
    "[x](/admin/)",
    "Cited claim [1](javascript:alert(1)) and [1].",
    '[1]: javascript:alert(1) "t"\n\nSee [1].',
    "| a | <img src=x onerror=alert(1)> |\n|---|---|\n| [x](javascript:alert(1)) | b |",
]


class _Tags(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


def parse(html: str) -> _Tags:
    parser = _Tags()
    parser.feed(html)
    parser.close()
    return parser


def assert_safe(html: str, *, tags: set[str] = MARKDOWN_TAGS, relative: bool = False) -> None:
    lowered = html.lower()
    for bad in ("<script", "<iframe", "<style", "<form", "<img", "<svg", "<math", "<object"):
        assert bad not in lowered, (bad, html)
    for tag, attrs in parse(html).tags:
        assert tag in tags, (tag, html)
        for name, value in attrs.items():
            assert not name.startswith("on"), (name, html)
            assert name not in {"style", "src", "srcdoc", "action", "formaction"}, (name, html)
            if name == "href":
                href = (value or "").strip().lower()
                ok = href.startswith(("http://", "https://", "mailto:"))
                if relative:
                    ok = ok or (href.startswith("/") and not href.startswith("//"))
                assert ok, (value, html)
                assert "javascript:" not in href and not href.startswith("data:"), html
        if tag == "a" and "href" in attrs:
            assert attrs.get("rel") == REL, html


# --- XSS --------------------------------------------------------------------------------


def test_there_are_enough_payloads():
    assert len(XSS_PAYLOADS) >= 25


@pytest.mark.parametrize("payload", XSS_PAYLOADS)
def test_render_markdown_neutralises(payload):
    assert_safe(render_markdown(payload))
    assert_safe(render_markdown(f"Intro text.\n\n{payload}\n\nMore text [1]."))


@pytest.mark.parametrize("payload", XSS_PAYLOADS)
def test_render_report_neutralises(payload):
    def source_link(n: int, sentence: str) -> str:
        return f"/sources/{n}#q1-0"

    html = render_report(
        f"A claim [1].\n\n{payload}\n\n## References\n\n[1] T. <https://a.example/>",
        source_link=source_link,
    )
    assert_safe(html, relative=True)
    hrefs = [h for tag, a in parse(html).tags if tag == "a" and (h := a.get("href"))]
    # The only relative URLs are the citation links we made.
    assert all(h == "/sources/1#q1-0" for h in hrefs if h.startswith("/")), html


@pytest.mark.parametrize("payload", XSS_PAYLOADS)
def test_highlight_neutralises_page_text(payload):
    text = f"Before the payload.\n\n{payload}\n\nAfter the payload."
    html = highlight(text, [("q1", payload), ("q2", "After the payload")])
    assert_safe(html, tags={"p", "mark"})
    parsed = parse(html)
    squeeze = "".join  # every character comes back as text, whitespace aside
    assert squeeze("".join(parsed.text).split()) == squeeze(text.split())
    assert [t for t, _ in parsed.tags].count("mark") >= 2


@pytest.mark.parametrize("payload", [p for p in XSS_PAYLOADS if "<" in p])
def test_the_allow_list_alone_neutralises_raw_html(payload):
    """Markdown escapes raw HTML; nh3's allow-list would catch it too (defence in depth)."""
    assert_safe(rendering._cleaner().clean(payload))
    assert_safe(
        rendering._cleaner(report=True, relative=frozenset({"/sources/1"})).clean(payload),
        relative=True,
    )


def test_hostile_anchor_ids_are_escaped():
    html = highlight("Some text here.", [('x" onmouseover="alert(1)', "text")])
    assert_safe(html, tags={"p", "mark"})
    assert parse(html).tags[1] == ("mark", {"id": 'x" onmouseover="alert(1)'})


def test_a_note_with_payloads_renders_safely():
    note = "\n\n".join(XSS_PAYLOADS)
    assert_safe(render_markdown(note))


# --- What is allowed --------------------------------------------------------------------


def test_good_links_survive_with_rel():
    html = render_markdown(
        "[web](https://example.org/a?b=1&c=2) [plain](http://example.org/) "
        "[mail](mailto:someone@example.org) <https://example.org/auto>"
    )
    links = [a for tag, a in parse(html).tags if tag == "a"]
    assert [a["href"] for a in links] == [
        "https://example.org/a?b=1&c=2",
        "http://example.org/",
        "mailto:someone@example.org",
        "https://example.org/auto",
    ]
    assert all(a["rel"] == REL for a in links)


def test_relative_links_are_dropped_by_render_markdown():
    html = render_markdown("[home](/projects/) [up](../x) [proto](//evil.example/)")
    assert "href" not in html


def test_allowed_markdown_renders():
    html = render_markdown(
        "# Title\n\n## Sub\n\nSome **bold**, *em* and `code`.\n\n> quoted\n\n"
        "- one\n- two\n\n3. three\n4. four\n\n---\n\n```\nx < y\n```\n\n"
        "| a | b |\n|:--|--:|\n| 1 | 2 |\n"
    )
    tags = {tag for tag, _ in parse(html).tags}
    assert {"h1", "h2", "p", "strong", "em", "code", "blockquote", "ul", "ol", "li"} <= tags
    assert {"hr", "pre", "table", "thead", "tbody", "tr", "th", "td"} <= tags
    assert '<ol start="3">' in html
    assert '<td align="right">2</td>' in html
    assert "x &lt; y" in html


def test_raw_html_is_shown_as_text():
    html = render_markdown("Use <b>bold</b> & <script>x()</script>")
    assert "&lt;b&gt;bold&lt;/b&gt;" in html
    assert "&lt;script&gt;x()&lt;/script&gt;" in html


def test_empty_input():
    assert render_markdown("") == ""
    assert render_report("", source_link=lambda n, s: None) == ""


# --- Citations --------------------------------------------------------------------------

REPORT = """## Findings

Cats sleep about sixteen hours a day [1]. Dogs bark when *strangers* approach.[2] Nothing
supports this [7]. Both appear in `code [1]` and in [a link [1]](https://example.org/).

- Parrots mimic speech [3][1].

## References

[1] Cats. cats.example. <https://cats.example/>

[2] Dogs. dogs.example. <https://dogs.example/>

[3] Parrots. birds.example. <https://birds.example/>
"""


def _links(html: str) -> list[tuple[str, str]]:
    class Links(HTMLParser):
        def __init__(self):
            super().__init__()
            self.found: list[tuple[str, str]] = []
            self.current: dict | None = None

        def handle_starttag(self, tag, attrs):
            if tag == "a":
                self.current = dict(attrs)

        def handle_data(self, data):
            if self.current is not None and self.current.get("class") == "cite":
                self.found.append((self.current["href"], data))

        def handle_endtag(self, tag):
            if tag == "a":
                self.current = None

    parser = Links()
    parser.feed(html)
    return parser.found


def test_citations_become_links_and_unknown_numbers_stay_text():
    calls: list[tuple[int, str]] = []

    def source_link(n: int, sentence: str) -> str | None:
        calls.append((n, sentence))
        return None if n == 7 else f"/sources/{n * 10}#q{n}-0"

    html = render_report(REPORT, source_link=source_link)
    assert _links(html) == [
        ("/sources/10#q1-0", "[1]"),
        ("/sources/20#q2-0", "[2]"),
        ("/sources/30#q3-0", "[3]"),
        ("/sources/10#q1-0", "[1]"),
    ]
    assert "Nothing\nsupports this [7]." in html
    assert '<a class="cite" href="/sources/10#q1-0" rel="nofollow noopener noreferrer">[1]</a>' in (
        html
    )
    assert "<code>code [1]</code>" in html
    assert calls == [
        (1, "Cats sleep about sixteen hours a day."),
        (2, "Dogs bark when strangers approach."),
        (7, "Nothing supports this."),
        (3, "Parrots mimic speech."),
        (1, "Parrots mimic speech."),
    ]
    assert_safe(html, relative=True)


@pytest.mark.parametrize("link", [lambda n, s: f"/sources/{n}", lambda n, s: None])
def test_references_get_ids_and_are_not_linked(link):
    html = render_report(REPORT, source_link=link)
    assert '<p id="ref-1">[1] Cats.' in html
    assert '<p id="ref-3">[3] Parrots.' in html
    assert 'href="https://cats.example/"' in html


def test_chinese_sentences_are_found():
    calls: list[tuple[int, str]] = []

    def source_link(n: int, sentence: str) -> str:
        calls.append((n, sentence))
        return f"/sources/{n}"

    html = render_report(
        "猫每天睡十六个小时[1]。狗见到陌生人会叫。[2]鹦鹉会学说话[3]", source_link=source_link
    )
    assert calls == [(1, "猫每天睡十六个小时。"), (2, "狗见到陌生人会叫。"), (3, "鹦鹉会学说话")]
    assert len(_links(html)) == 3


@pytest.mark.parametrize(
    "href",
    ["javascript:alert(1)", "//evil.example/x", "data:text/html,x", "/x y", "", None, 42],
)
def test_bad_hrefs_from_the_caller_are_ignored(href):
    html = render_report("A claim [1].", source_link=lambda n, s: href)
    assert _links(html) == []
    assert "[1]" in html
    assert_safe(html, relative=True)


def test_llm_relative_links_do_not_ride_on_citation_links():
    html = render_report(
        "A claim [1]. [admin](/admin/) [same](/sources/1)", source_link=lambda n, s: "/sources/2"
    )
    hrefs = [a.get("href") for tag, a in parse(html).tags if tag == "a"]
    assert hrefs == ["/sources/2", None, None]


def test_links_to_the_sites_own_pages_under_the_given_paths_are_kept_and_no_others():
    markdown = (
        "See [the manual](/library/documents/4/#passage-2), [x](/library/documents/../admin/), "
        "[admin](/admin/) and [claims](/projects/3/report/claims/?version=1#sentence-4)."
    )
    html = render_report(
        markdown,
        source_link=lambda n, s: None,
        own_paths=("/library/documents/", "/projects/3/report/claims/"),
    )
    hrefs = [a.get("href") for tag, a in parse(html).tags if tag == "a"]
    assert hrefs == [
        "/library/documents/4/#passage-2",
        None,
        None,
        "/projects/3/report/claims/?version=1#sentence-4",
    ]


def test_citation_href_is_escaped():
    html = render_report("A claim [1].", source_link=lambda n, s: '/s?a=1&b="2"<x>')
    assert _links(html) == [('/s?a=1&b="2"<x>', "[1]")]
    assert "<x>" not in html


# --- best_passage -----------------------------------------------------------------------


def test_best_passage_picks_the_most_overlapping_quote():
    quotes = [
        "The stock market fell sharply in October.",
        "Domestic cats typically sleep between twelve and sixteen hours each day.",
        "Dogs are loyal companions.",
    ]
    assert best_passage("Cats sleep up to sixteen hours a day", quotes) == 1
    assert best_passage("DOGS make LOYAL companions", quotes) == 2
    assert best_passage("anything", []) is None


def test_best_passage_ignores_very_short_words():
    quotes = ["it is a an of to in on at by", "photosynthesis in plants"]
    assert best_passage("it is a an of to in on at by photosynthesis", quotes) == 1


def test_best_passage_chinese_by_bigrams():
    quotes = ["股市在十月大幅下跌。", "家猫通常每天睡十二到十六个小时。", "狗是忠诚的伙伴。"]
    assert best_passage("猫每天睡十六个小时", quotes) == 1
    assert best_passage("狗很忠诚", quotes) == 2


def test_best_passage_without_overlap_still_points_at_a_quote():
    assert best_passage("zzz", ["alpha beta", "gamma"]) in (0, 1)


# --- highlight --------------------------------------------------------------------------


def test_highlight_marks_exact_quotes_in_paragraphs():
    text = "First paragraph <b>here</b>.\n\nThe quick brown fox jumps.\nOver the dog & cat."
    html = highlight(text, [("q1-0", "quick brown fox"), ("q1-1", "dog & cat")])
    assert html == (
        "<p>First paragraph &lt;b&gt;here&lt;/b&gt;.</p>"
        '<p>The <mark id="q1-0">quick brown fox</mark> jumps.\n'
        'Over the <mark id="q1-1">dog &amp; cat</mark>.</p>'
    )


def test_a_repeated_or_inner_quote_is_marked_inside_and_a_crossing_one_keeps_its_anchor():
    text = "one two three four five"
    html = highlight(
        text,
        [("a", "two three"), ("b", "three four"), ("c", "two three"), ("d", "missing")]
        + [("e", "one two three four"), ("f", "three")],
    )
    assert html == (
        '<p><mark id="e">one <mark id="a"><mark id="c">two <mark id="b"></mark>'
        '<mark id="f">three</mark></mark></mark> four</mark> five</p>'
    )


def test_highlight_marks_only_the_first_occurrence():
    html = highlight("cat dog cat", [("a", "cat")])
    assert html == '<p><mark id="a">cat</mark> dog cat</p>'


def test_highlight_quote_across_paragraphs():
    html = highlight("alpha beta\n\ngamma delta", [("a", "beta\n\ngamma")])
    assert html == '<p>alpha <mark id="a">beta</mark></p><p><mark>gamma</mark> delta</p>'


def test_highlight_plain_text_without_quotes():
    assert highlight("a < b\n\n\n  c", []) == "<p>a &lt; b</p><p>c</p>"


def test_a_report_shows_its_own_charts_and_no_other_image():
    markdown = (
        "![Figure 1: Growth](/projects/3/charts/7.svg)\n\n"
        "![pixel](https://tracker.example/p.png) ![other](/projects/4/charts/1.svg) "
        '![x](/projects/3/charts/7.svg" onerror="alert(1))'
    )
    html = render_report(markdown, source_link=lambda n, s: None, charts=("/projects/3/charts/",))
    images = [a for tag, a in parse(html).tags if tag == "img"]
    assert images == [{"alt": "Figure 1: Growth", "src": "/projects/3/charts/7.svg"}]
    assert "pixel" in html and "other" in html and "onerror" not in html
    assert "<img" not in render_report(markdown, source_link=lambda n, s: None)
