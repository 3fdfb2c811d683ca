"""The data directory, and the secret key generated into it (`$DOSSIER_DATA_DIR/secret_key`).

The settings use the key file whenever `SECRET_KEY` is not set, with DEBUG on or off, so every
`manage.py` command reads the same key as the server. It is made once, readable by its owner
only. This module does not import Django, so `make run` makes the file before anything reads
the settings:

    python -m research_site.keyfile
"""

from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
NAME = "secret_key"


def data_dir() -> Path:
    """`DOSSIER_DATA_DIR` (default `data`, relative to the project), created if missing."""
    path = Path(os.environ.get("DOSSIER_DATA_DIR", "data").strip())
    if not path.is_absolute():
        path = BASE_DIR / path
    path.mkdir(parents=True, exist_ok=True)
    return path


def key_path(directory: Path) -> Path:
    return directory / NAME


def create(key_file: Path) -> bool:
    """Write a new random key unless the file exists; True when this call wrote it.

    The key is written to a private temporary file and then linked into place, so a process
    starting at the same moment sees either no file or the whole key, and one key wins.
    """
    if key_file.exists():
        return False
    fd, temporary = tempfile.mkstemp(dir=key_file.parent, prefix=".secret_key.")
    try:
        with os.fdopen(fd, "w") as out:  # mkstemp makes it 0600
            out.write(secrets.token_urlsafe(50))
        os.link(temporary, key_file)
    except FileExistsError:
        return False
    finally:
        os.unlink(temporary)
    return True


def read(key_file: Path) -> str:
    return key_file.read_text().strip()


def main() -> None:
    key_file = key_path(data_dir())
    if create(key_file):
        print(f"Generated a secret key in {key_file}")


if __name__ == "__main__":
    main()
