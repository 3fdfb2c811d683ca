"""The dataset computations: one SELECT over the dataset's own tables, in DuckDB, and nothing
else (each way out the issue names is tried and refused, with a reason that says which)."""

from __future__ import annotations

import pytest

from research.errors import ComputeRefused
from research.providers.compute import Limits, Table, select

CITIES = Table(
    name="dataset",
    columns=(("entity", "VARCHAR"), ("date", "DATE"), ("value", "DOUBLE")),
    rows=[
        ("Avalon", "2023-01-01", 120_000.0),
        ("Avalon", "2024-01-01", 126_000.0),
        ("Brightwater", "2023-01-01", 80_000.0),
        ("Brightwater", "2024-01-01", 78_000.0),
    ],
)
GROWTH = """
SELECT entity,
       max(value) FILTER (WHERE year(date) = 2024) - max(value) FILTER (WHERE year(date) = 2023)
         AS change,
       round(100 * (max(value) FILTER (WHERE year(date) = 2024)
         / max(value) FILTER (WHERE year(date) = 2023) - 1), 1) AS percent
FROM dataset GROUP BY entity ORDER BY entity
"""


def test_a_select_over_the_dataset_computes_each_citys_growth():
    result = select(GROWTH, [CITIES])
    assert result.columns == ["entity", "change", "percent"]
    assert result.rows == [["Avalon", 6000.0, 5.0], ["Brightwater", -2000.0, -2.5]]
    assert not result.truncated


def test_dates_come_back_as_iso_text_and_rows_past_the_limit_are_cut():
    result = select("SELECT date FROM dataset ORDER BY date", [CITIES], Limits(max_rows=2))
    assert result.rows == [["2023-01-01"], ["2023-01-01"]] and result.truncated


@pytest.mark.parametrize(
    "sql, says",
    [
        ("SELECT * FROM read_csv('/etc/passwd')", "reached outside the dataset"),
        ("SELECT * FROM read_text('/etc/passwd')", "reached outside the dataset"),
        ("SELECT * FROM glob('/etc/*')", "reached outside the dataset"),
        ("SELECT * FROM '/etc/passwd'", "Table with name /etc/passwd does not exist"),
        ("SELECT * FROM read_csv('http://127.0.0.1:9/x.csv')", "reached outside the dataset"),
        ("COPY dataset TO '/tmp/dossier-stolen.csv'", "this is a COPY statement"),
        ("ATTACH '/tmp/dossier-other.db'", "this is a ATTACH statement"),
        ("INSTALL httpfs", "this is a LOAD statement"),
        ("LOAD httpfs", "this is a LOAD statement"),
        ("SET enable_external_access = true", "this is a SET statement"),
        ("PRAGMA threads = 4", "Only a SELECT is allowed"),
        ("CREATE TABLE t AS SELECT 1", "this is a CREATE statement"),
        ("INSERT INTO dataset VALUES ('x', NULL, 1)", "this is a INSERT statement"),
        ("DROP TABLE dataset", "this is a DROP statement"),
        ("SELECT 1; SELECT * FROM read_csv('/etc/passwd')", "this has 2"),
        ("SELECT * FROM dataset; DROP TABLE dataset", "this has 2"),
        ("SELEC 1", "does not parse"),
        ("SELECT getenv('HOME')", "The query failed"),
        ("SELECT * FROM nowhere", "The query failed"),
    ],
)
def test_anything_but_one_select_over_the_dataset_is_refused_saying_what(sql, says, tmp_path):
    with pytest.raises(ComputeRefused) as refused:
        select(sql, [CITIES])
    assert says in refused.value.reason


def test_the_query_runs_with_external_access_off_and_the_configuration_locked():
    result = select(
        "SELECT current_setting('enable_external_access'), current_setting('lock_configuration'),"
        " current_setting('threads')",
        [],
    )
    assert result.rows == [[False, True, 1]]


def test_a_query_past_its_time_limit_is_stopped_and_says_so():
    with pytest.raises(ComputeRefused, match="ran past its time limit of 0.3 s"):
        select("SELECT max(hash(i)) FROM range(100000000000) t(i)", [], Limits(seconds=0.3))


def test_a_query_past_its_memory_limit_is_stopped_and_says_so():
    with pytest.raises(ComputeRefused, match="more than its memory limit of 32 MB"):
        select("SELECT list(i) FROM range(100000000) t(i)", [], Limits(memory_mb=32))


def test_a_dataset_column_of_an_unknown_type_is_refused():
    table = Table(name="t", columns=(("x", "BLOB"),), rows=[])
    with pytest.raises(ComputeRefused, match="cannot be of type BLOB"):
        select("SELECT * FROM t", [table])
