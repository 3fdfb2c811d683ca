"""`manage.py import_documents`: folders walked, files stored once, read here or queued."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from research.models import Collection, Document, DocumentStatus
from tests import library_files as files

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def data_dir(settings, tmp_path):
    settings.DATA_DIR = tmp_path / "data"


@pytest.fixture
def folder(tmp_path):
    root = tmp_path / "reports"
    (root / "2025" / "q1").mkdir(parents=True)
    (root / ".git").mkdir()
    (root / "2025" / "q1" / "plan.pdf").write_bytes(files.pdf([["Plan for the first quarter."]]))
    (root / "2025" / "notes.md").write_bytes(b"# Notes\n\nWe met on Monday.\n")
    (root / "2025" / "copy-of-notes.md").write_bytes(b"# Notes\n\nWe met on Monday.\n")
    (root / "2025" / "locked.pdf").write_bytes(files.encrypted(files.pdf([["Secret."]])))
    (root / ".git" / "config").write_bytes(b"[core]\n")
    (root / ".hidden.txt").write_bytes(b"hidden")
    return root


def run(*args: str) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("import_documents", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_a_folder_is_walked_and_its_files_read_here_with_failures_listed(folder):
    out, err = run(str(folder), "--collection", "Reports", "--here")
    assert 'Made the collection "Reports".' in out
    assert "3 added, 1 already there, 0 refused." in out
    assert "2 read, 1 failed." in out
    assert "locked.pdf" in err and "encrypted PDF" in err
    assert "Importing" in err  # the progress bar
    names = set(Document.objects.values_list("filename", "status"))
    assert names == {
        ("plan.pdf", "ready"),
        ("notes.md", "ready"),
        ("locked.pdf", "failed"),
    } or names == {
        ("plan.pdf", "ready"),
        ("copy-of-notes.md", "ready"),
        ("locked.pdf", "failed"),
    }
    assert not Document.objects.filter(filename__in=["config", ".hidden.txt"]).exists()


def test_without_here_the_files_are_queued_for_the_worker(folder):
    Collection.objects.create(name="Reports")
    out, _ = run(str(folder / "2025" / "notes.md"), "--collection", "Reports")
    assert "1 added" in out and "queued" in out
    assert Document.objects.get().status == DocumentStatus.QUEUED


def test_a_missing_path_is_an_error_naming_it(tmp_path):
    with pytest.raises(CommandError, match="nowhere: no such file or folder"):
        run(str(tmp_path / "nowhere"), "--collection", "Reports")
