"""OCR speed and memory: seconds per A4 page at 300 dpi, and the peak memory it takes.

An image-only PDF of N A4 pages at 300 dpi is made here (tests/library_files.py draws each page
full of 12-point text with a real font: about 500 words; pages alternate English and Simplified
Chinese when the Noto CJK fonts are installed), then read as the library reads a scan:
`ocr.read` starts one OCR process, which renders each page with pypdfium2 at 300 dpi and reads
it with Tesseract in LIBRARY_OCR_LANGUAGES' default languages (eng+chi_sim). Making the PDF is
not timed; the read is, whole (the process's start included), in one run. Prints seconds per
page, words read and their mean confidence, and peak memory: the largest of the OCR process and
its Tesseract runs (getrusage of the children), and this process's, which stands for the
worker's. Goal: <= 3 s per page on the development machine.

    .venv/bin/python bench/ocr.py [--pages 6]
"""

from __future__ import annotations

import argparse
import io
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The project first, and not this folder: run as a script, bench/ would come first on the path,
# and bench/mcp.py would hide the mcp SDK that research/ imports.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

from research.providers import ocr  # noqa: E402
from tests import library_files as files  # noqa: E402

DPI = 300
A4_WIDTH = round(8.27 * DPI)
LETTERS = round(12 / 72 * DPI)  # 12-point type, in pixels at 300 dpi
ENGLISH = (
    "the harbour board approved the survey of the main channel after the spring tides and the "
    "dredging contract went to the lowest bidder who removed silt from the eastern basin while "
    "cargo volumes rose by twelve percent once larger vessels could reach the container berths"
).split()
CHINESE = [
    "固态电池的能量密度比锂离子电池更高。",
    "研究人员在实验室中测试了新的电解质。",
    "这种材料在低温下仍然能够保持稳定。",
    "港口管理局批准了主航道的勘测计划。",
    "疏浚工程从东部港池清除了大量淤泥。",
    "大型船舶进港以后货运量增长了百分之十二。",
]


def has_cjk_font() -> bool:
    found = subprocess.run(
        ["fc-match", "-f", "%{family}", "sans-serif:lang=zh-cn"], capture_output=True, text=True
    ).stdout
    return "CJK" in found


def page(rng: random.Random, chinese: bool):
    if chinese:
        paragraphs = ["".join(rng.choice(CHINESE) for _ in range(6)) for _ in range(8)]
        return files.page_picture(paragraphs, language="zh-cn", width=A4_WIDTH, size=LETTERS)
    paragraphs = []
    for _ in range(8):
        text = " ".join(rng.choice(ENGLISH) for _ in range(70))
        paragraphs.append(text[0].upper() + text[1:] + ".")
    return files.page_picture(paragraphs, width=A4_WIDTH, size=LETTERS)


def scan(pages: int) -> bytes:
    rng = random.Random(7)
    chinese = has_cjk_font()
    pictures = [page(rng, chinese and n % 2 == 1) for n in range(pages)]
    out = io.BytesIO()
    pictures[0].save(out, format="PDF", save_all=True, append_images=pictures[1:], resolution=DPI)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=6)
    args = parser.parse_args()
    body = scan(args.pages)
    limits = ocr.Limits(page_seconds=600, max_pages=args.pages)
    children_before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    self_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with tempfile.NamedTemporaryFile(suffix=".pdf") as file:
        file.write(body)
        file.flush()
        started = time.perf_counter()
        result = ocr.read(Path(file.name), kind="pdf", pages=range(args.pages), limits=limits)
        seconds = time.perf_counter() - started
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    self_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    words = sum(page.words for page in result.pages)
    print(
        f"ocr: {args.pages} A4 pages at {DPI} dpi ({limits.languages}) in {seconds:.1f} s: "
        f"{seconds / args.pages:.2f} s per page (goal <= 3 s)"
    )
    print(
        f"  {words} words read, {words // args.pages} per page, mean confidence {result.confidence}"
    )
    peak = max(children, children_before) / 1024
    print(
        f"  peak memory: OCR process or its Tesseract {peak:.0f} MB; this process "
        f"{self_before / 1024:.0f} MB before, {self_after / 1024:.0f} MB after"
    )


if __name__ == "__main__":
    main()
