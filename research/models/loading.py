"""Rows by id with their forward relations, in one SELECT whose SQL is built once per process;
and new rows inserted, unless their unique key exists, in one INSERT built the same way.

The step pool loads every claimed step with its project and targets, and the scheduler reads
its project after every step. Built through the ORM, each such read compiles its SQL again
(several times what the database takes to answer it); a `Loader` builds the SQL and the
column converters once, then turns each row into model instances as the ORM would: through
each field's own converters and `Model.from_db`, with the related rows cached on the instance
as `select_related` caches them. The scheduler creates the steps it needs after every step: an
`Inserter` prepares each value through its field as `bulk_create` does, and returns the ids of
the rows it created (which `bulk_create(ignore_conflicts=True)` cannot).

Both earn their place: see the figures in pipeline/engine/state.py (the scheduler) and
pipeline/engine/runner.py (the claim), measured against the ORM side by side.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from django.db import connections
from django.db.models import Field, Model

M = TypeVar("M", bound=Model)
B = TypeVar("B")
Convert = Callable[[Any, Any, Any], Any]


class _PerVendor(Generic[B]):
    """What `build(connection)` makes, made once per database vendor and process."""

    def __init__(self, build: Callable[[Any], B]):
        self._build = build
        self._built: dict[str, B] = {}
        self._lock = threading.Lock()

    def get(self, connection: Any) -> B:
        with self._lock:
            if connection.vendor not in self._built:
                self._built[connection.vendor] = self._build(connection)
            return self._built[connection.vendor]


class _Columns:
    """One model's columns in the SELECT: their SQL, names and converters."""

    def __init__(self, model: type[Model], alias: str, connection: Any):
        self.model = model
        fields: list[Field] = list(model._meta.concrete_fields)
        quote = connection.ops.quote_name
        self.sql = [f"{alias}.{quote(field.column)}" for field in fields]
        self.names = [field.attname for field in fields]
        self.converters: list[tuple[int, list[Convert], Any]] = []
        for n, field in enumerate(fields):
            column = field.get_col(alias)
            found = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
            if found:
                self.converters.append((n, found, column))

    def load(self, values: list[Any], connection: Any) -> Model | None:
        if values[0] is None:  # the pk: no related row (a null foreign key)
            return None
        for n, converters, column in self.converters:
            for convert in converters:
                values[n] = convert(values[n], column, connection)
        return self.model.from_db(connection.alias, self.names, values)


class Loader(Generic[M]):
    """`load(ids)`: the `model` rows with those ids (in no particular order), each with its
    `related` forward relations (foreign keys, null or not) loaded and cached."""

    def __init__(self, model: type[M], related: Sequence[str] = (), using: str = "default"):
        self.model = model
        self.related = tuple(related)
        self.using = using
        self._built = _PerVendor(self._sql)  # (the SELECT, its columns)

    def get(self, pk: int) -> M:
        """The row with this id, or the model's DoesNotExist."""
        found = self.load([pk])
        if not found:
            missing: type[Exception] = getattr(self.model, "DoesNotExist")  # noqa: B009
            raise missing(f"{self.model.__name__} {pk} does not exist.")
        return found[0]

    def load(self, ids: Sequence[int]) -> list[M]:
        if not ids:
            return []
        connection = connections[self.using]
        sql, parts = self._built.get(connection)
        with connection.cursor() as cursor:
            cursor.execute(sql.format(ids=", ".join(["%s"] * len(ids))), list(ids))
            rows = cursor.fetchall()
        return [self._instance(list(row), parts, connection) for row in rows]

    def _instance(self, row: list[Any], parts: list[_Columns], connection: Any) -> M:
        objects, start = [], 0
        for part in parts:
            width = len(part.names)
            objects.append(part.load(row[start : start + width], connection))
            start += width
        instance, related = objects[0], objects[1:]
        for name, value in zip(self.related, related, strict=True):
            if value is not None:
                setattr(instance, name, value)  # cached, as select_related caches it
        return instance  # type: ignore[return-value]

    def _sql(self, connection: Any) -> tuple[str, list[_Columns]]:
        quote = connection.ops.quote_name
        meta = self.model._meta
        parts = [_Columns(self.model, "t0", connection)]
        joins = []
        for n, name in enumerate(self.related, start=1):
            field = meta.get_field(name)
            target = field.related_model
            assert isinstance(field, Field) and isinstance(target, type), name
            assert issubclass(target, Model), name
            alias = f"t{n}"
            parts.append(_Columns(target, alias, connection))
            joins.append(
                f"LEFT JOIN {quote(target._meta.db_table)} {alias} "
                f"ON {alias}.{quote(target._meta.pk.column)} = t0.{quote(field.column)}"
            )
        columns = ", ".join(column for part in parts for column in part.sql)
        sql = (
            f"SELECT {columns} FROM {quote(meta.db_table)} t0 {' '.join(joins)} "
            f"WHERE t0.{quote(meta.pk.column)} IN ({{ids}})"
        )
        return sql, parts


class Inserter(Generic[M]):
    """`insert_new(objs)`: insert the rows, skipping any whose unique key exists already, and
    return the ids of those inserted (INSERT ... ON CONFLICT DO NOTHING RETURNING, which
    SQLite since 3.35 and PostgreSQL both speak). Values go through each field's `pre_save`
    and `get_db_prep_save`, as the ORM's own inserts do (defaults, auto_now_add, JSON)."""

    def __init__(self, model: type[M], using: str = "default"):
        self.model = model
        self.using = using
        self.fields: list[Field] = [
            field for field in model._meta.concrete_fields if field is not model._meta.pk
        ]
        self._built = _PerVendor(self._sql)  # (INSERT ... VALUES, ON CONFLICT ...)

    def insert_new(self, objs: Sequence[M]) -> list[int]:
        if not objs:
            return []
        connection = connections[self.using]
        head, tail = self._built.get(connection)
        params: list[Any] = []
        for obj in objs:
            for field in self.fields:
                value = field.pre_save(obj, add=True)
                params.append(field.get_db_prep_save(value, connection))
        row = "(" + ", ".join(["%s"] * len(self.fields)) + ")"
        with connection.cursor() as cursor:
            cursor.execute(f"{head} {', '.join([row] * len(objs))} {tail}", params)
            return [found[0] for found in cursor.fetchall()]

    def _sql(self, connection: Any) -> tuple[str, str]:
        quote = connection.ops.quote_name
        columns = ", ".join(quote(field.column) for field in self.fields)
        return (
            f"INSERT INTO {quote(self.model._meta.db_table)} ({columns}) VALUES",
            f"ON CONFLICT DO NOTHING RETURNING {quote(self.model._meta.pk.column)}",
        )
