"""What the Word and PowerPoint exports share: the pictures a report shows, and the stamps that
make one version's file the same bytes every time.

python-docx and python-pptx write the time of saving into each ZIP entry, and their templates'
core properties carry the template's dates. Here every date is the version's creation time
(UTC): the core properties' created and modified, and each ZIP entry's time (as the evidence
package stamps its own, `zip_time`).
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass
from datetime import UTC, datetime

from research.output import charts, source_figures

ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)  # the earliest time a ZIP entry can carry
FILE_MODE = 0o100644  # a regular file, rw-r--r--
AUTHOR = "Dossier"
# An image block as a report file's Markdown has it once numbered: alt text (the caption's
# "Figure k: ..."), and the file it shows.
IMAGE = re.compile(r"!\[([^\]\n]*)\]\((charts/\d+\.svg|figures/\d+\.(?:png|jpg))\)")


def created(report) -> datetime:
    """The version's creation time in UTC, whole seconds; 1980 if earlier or unknown."""
    epoch = datetime(*ZIP_EPOCH, tzinfo=UTC)
    if report.created_at is None:
        return epoch
    return max(epoch, report.created_at.astimezone(UTC).replace(microsecond=0))


def zip_time(report) -> tuple[int, int, int, int, int, int]:
    """The version's creation time (UTC) for every ZIP entry; 1980 if earlier or unknown."""
    moment = created(report)
    return (moment.year, moment.month, moment.day, moment.hour, moment.minute, moment.second)


def stamp_core(core, report, title: str) -> None:
    """The core properties of a python-docx or python-pptx file: its title, Dossier as author,
    the version's creation time as created and modified, revision 1, never printed."""
    moment = created(report)
    core.title = title[:255]
    core.subject = ""
    core.author = AUTHOR
    core.last_modified_by = AUTHOR
    core.created = moment
    core.modified = moment
    core.revision = 1
    core.comments = f"Version {report.version}"


def repack(data: bytes, report) -> bytes:
    """An Office file (a ZIP) with its entries in the same order, each stamped with the
    version's creation time and fixed permissions, deflated."""
    stamp = zip_time(report)
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(data)) as source,
        zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as target,
    ):
        for info in source.infolist():
            entry = zipfile.ZipInfo(info.filename, date_time=stamp)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = FILE_MODE << 16
            entry.create_system = 3  # Unix, whatever the machine: the mode bits mean the same
            target.writestr(entry, source.read(info))
    return out.getvalue()


@dataclass(frozen=True)
class Picture:
    path: str  # as the report's HTML parts name it: "/charts/k.svg", "/figures/k.png"
    data: bytes  # PNG (a chart, drawn) or the stored PNG or JPEG (a source's figure)
    caption: str  # its alt text: "Figure k: ..."


def pictures(report) -> dict[str, bytes]:
    """The report's charts (drawn as PNG) and its sources' figures (as stored), by the path
    its HTML parts give them (export.report_parts)."""
    found = {
        f"/charts/{k}.svg": charts.png_of(dataset)
        for k, dataset in charts.shown(report.markdown, report.project_id)
    }
    found.update(source_figures.files(report.markdown, report.project_id, "/figures/"))
    return found


def figures_in_order(report, numbered_markdown: str) -> list[Picture]:
    """The report's pictures in the order it shows them, each with its caption; the Markdown is
    the report's own once its images are numbered (`charts/k.svg`, `figures/k.<ext>`)."""
    found = pictures(report)
    shown: list[Picture] = []
    for match in IMAGE.finditer(numbered_markdown):
        path = f"/{match.group(2)}"
        if path in found and all(picture.path != path for picture in shown):
            shown.append(Picture(path, found[path], " ".join(match.group(1).split())))
    return shown
