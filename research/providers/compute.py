"""Computations over a dataset: one SELECT statement, run by DuckDB in this process, in a
connection that can read nothing but the dataset's own tables.

The guards, each enough alone for what it covers:
- the SQL is parsed first, and anything but exactly one SELECT is refused (COPY, ATTACH,
  INSTALL, LOAD, SET, PRAGMA, CREATE, INSERT, DROP, a second statement);
- the connection is in memory, with external access off (no file, no URL: `read_csv`,
  `read_text`, `glob`, `COPY ... TO` and `ATTACH` are refused by DuckDB itself), extensions
  neither installed nor loaded, no spilling to disk, one thread, a memory limit, and its
  configuration locked before the query runs, so that nothing in it can loosen them;
- a timer interrupts a query that runs past its time limit.

Every refusal is a `ComputeRefused` whose reason names what was refused.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

import duckdb

from research.errors import ComputeRefused

# DuckDB's own settings for a connection that reads only what it is given.
LOCKED: dict[str, str | int | float | bool] = {
    "enable_external_access": False,
    "autoinstall_known_extensions": False,
    "autoload_known_extensions": False,
    "allow_community_extensions": False,
    "temp_directory": "",  # an in-memory database with no directory cannot spill to disk
    "threads": 1,
}
COLUMN_TYPES = frozenset({"VARCHAR", "DOUBLE", "BIGINT", "DATE"})


@dataclass(frozen=True)
class Limits:
    seconds: float = 2.0
    memory_mb: int = 64
    max_rows: int = 1000


@dataclass(frozen=True)
class Table:
    """A table the query may read: its name, its (column, type) pairs and its rows."""

    name: str
    columns: tuple[tuple[str, str], ...]
    rows: Sequence[Sequence[object]]


@dataclass(frozen=True)
class Computed:
    columns: list[str]
    rows: list[list[object]]  # JSON values: numbers, text, ISO dates, None
    truncated: bool  # more rows than `max_rows` came back; the first ones are kept


def select(sql: str, tables: Sequence[Table], limits: Limits = Limits()) -> Computed:
    """The result of `sql`, one SELECT over `tables`, within `limits`."""
    _one_select(sql)
    con = duckdb.connect(":memory:", config={**LOCKED, "memory_limit": f"{limits.memory_mb}MB"})
    try:
        for table in tables:
            _load(con, table)
        con.execute("SET lock_configuration = true")
        return _run(con, sql, limits)
    finally:
        con.close()


def _one_select(sql: str) -> None:
    try:
        statements = duckdb.extract_statements(sql)
    except duckdb.Error as exc:
        raise ComputeRefused(f"The SQL does not parse: {_first_line(exc)}") from exc
    if len(statements) != 1:
        raise ComputeRefused(f"One SELECT statement is allowed; this has {len(statements)}.")
    kind = statements[0].type
    if kind != duckdb.StatementType.SELECT:
        raise ComputeRefused(f"Only a SELECT is allowed; this is a {kind.name} statement.")


def _load(con: duckdb.DuckDBPyConnection, table: Table) -> None:
    for _, kind in table.columns:
        if kind not in COLUMN_TYPES:
            raise ComputeRefused(f"A dataset column cannot be of type {kind}.")
    columns = ", ".join(f"{_quoted(name)} {kind}" for name, kind in table.columns)
    con.execute(f"CREATE TABLE {_quoted(table.name)} ({columns})")
    if table.rows:
        marks = ", ".join("?" for _ in table.columns)
        con.executemany(f"INSERT INTO {_quoted(table.name)} VALUES ({marks})", table.rows)


def _run(con: duckdb.DuckDBPyConnection, sql: str, limits: Limits) -> Computed:
    timer = threading.Timer(limits.seconds, con.interrupt)
    timer.start()
    try:
        cursor = con.execute(sql)
        rows = cursor.fetchmany(limits.max_rows + 1)
        columns = [d[0] for d in cursor.description or []]
    except duckdb.InterruptException as exc:
        raise ComputeRefused(
            f"The query ran past its time limit of {limits.seconds:g} s and was stopped."
        ) from exc
    except duckdb.OutOfMemoryException as exc:
        raise ComputeRefused(
            f"The query needed more than its memory limit of {limits.memory_mb} MB."
        ) from exc
    except duckdb.PermissionException as exc:
        raise ComputeRefused(
            f"The query reached outside the dataset, which is refused: {_first_line(exc)}"
        ) from exc
    except duckdb.Error as exc:
        raise ComputeRefused(f"The query failed: {_first_line(exc)}") from exc
    finally:
        timer.cancel()
    return Computed(
        columns=columns,
        rows=[[_json(value) for value in row] for row in rows[: limits.max_rows]],
        truncated=len(rows) > limits.max_rows,
    )


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _json(value: object) -> object:
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, dt.date | dt.datetime):
        return value.isoformat()
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]
