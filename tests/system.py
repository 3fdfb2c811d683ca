"""The system packages some tests need (Debian names). `make test` installs the missing ones when
it runs as root with apt (.ci/system-packages); elsewhere a test that needs a missing one is
skipped, saying which package, what cannot be checked without it, and how to install it."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import warnings
from pathlib import Path

import pytest

PANGO = "libpango-1.0-0 libpangoft2-1.0-0"


def _install(packages: str) -> str:
    return f"install {'them' if ' ' in packages else 'it'} with apt-get install {packages}"


@functools.cache
def pango_error() -> str:
    """Why WeasyPrint cannot load Pango and its libraries, or "" when it can."""
    try:
        with warnings.catch_warnings():  # weasyprint warns about an optional system library
            warnings.simplefilter("ignore", DeprecationWarning)
            import weasyprint  # noqa: F401
    except OSError as exc:
        return str(exc).split(".  ")[0]  # cffi appends how it searched
    return ""


@functools.cache
def has_cjk_font() -> bool:
    """Whether fontconfig (which WeasyPrint asks) knows a Noto CJK family."""
    fc_list = shutil.which("fc-list")
    if fc_list is None:  # no fontconfig tools: look where Debian puts the fonts
        return any(Path("/usr/share/fonts").glob("**/Noto*CJK*"))
    families = subprocess.run(
        [fc_list, ":", "family"], capture_output=True, text=True, check=False
    ).stdout
    return "Noto Sans CJK" in families or "Noto Serif CJK" in families


def chromium() -> str | None:
    """Debian's Chromium, as the browser test launches it."""
    found = shutil.which("chromium")
    if found:
        return found
    path = Path("/usr/bin/chromium")
    return str(path) if path.is_file() and os.access(path, os.X_OK) else None


def needs_pango() -> pytest.MarkDecorator:
    error = pango_error()
    return pytest.mark.skipif(
        bool(error),
        reason=f"{PANGO} are not installed ({error}): WeasyPrint cannot make a PDF; "
        + _install(PANGO),
    )


def needs_cjk_font(why: str) -> pytest.MarkDecorator:
    return pytest.mark.skipif(
        not has_cjk_font(),
        reason=f"fonts-noto-cjk is not installed: {why}; {_install('fonts-noto-cjk')}",
    )


def needs_chromium(why: str) -> pytest.MarkDecorator:
    return pytest.mark.skipif(
        chromium() is None, reason=f"chromium is not installed: {why}; {_install('chromium')}"
    )


def soffice() -> str | None:
    """LibreOffice's command (Debian's libreoffice-calc-nogui has it)."""
    return shutil.which("soffice") or shutil.which("libreoffice")


CALC, IMPRESS = "libreoffice-calc-nogui", "libreoffice-impress-nogui"


def libreoffice_has(package: str) -> bool:
    """Whether LibreOffice is installed with this part (its registry file, calc.xcd for Calc,
    impress.xcd for Impress, lies beside its program folder)."""
    command = soffice()
    if command is None:
        return False
    part = package.removeprefix("libreoffice-").removesuffix("-nogui")
    return (Path(command).resolve().parent.parent / "share" / "registry" / f"{part}.xcd").is_file()


def needs_libreoffice(why: str, package: str = CALC) -> pytest.MarkDecorator:
    return pytest.mark.skipif(
        not libreoffice_has(package),
        reason=f"{package} is not installed: {why}; {_install(package)}",
    )


TESSERACT = "tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim"


@functools.cache
def tesseract_languages() -> frozenset[str]:
    """The languages the installed Tesseract reads (none without Tesseract)."""
    command = shutil.which("tesseract")
    if command is None:
        return frozenset()
    listed = subprocess.run(
        [command, "--list-langs"], capture_output=True, text=True, check=False
    ).stdout
    return frozenset(line.strip() for line in listed.splitlines()[1:] if line.strip())


def needs_tesseract(why: str) -> pytest.MarkDecorator:
    return pytest.mark.skipif(
        not {"eng", "chi_sim"} <= tesseract_languages(),
        reason=f"{TESSERACT} are not installed: {why}; {_install(TESSERACT)}",
    )
