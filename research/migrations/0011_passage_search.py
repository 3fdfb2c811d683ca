"""Full-text search over library passages, kept by the database itself.

SQLite: an FTS5 table with the trigram tokenizer (it matches any 3+ character substring, so
Chinese, Japanese and Korean work without a word list), external content on research_passage,
kept in step by triggers. PostgreSQL: a generated tsvector column ('simple' configuration: no
language's stemming) with a GIN index.

On SQLite, a later migration that alters research_passage rebuilds the table, which drops these
triggers: it must create them again (tests/test_library_search.py fails if it does not).
"""

from django.db import migrations

SQLITE = [
    "CREATE VIRTUAL TABLE research_passage_fts USING fts5("
    "text, content='research_passage', content_rowid='id', tokenize='trigram')",
    "CREATE TRIGGER research_passage_fts_insert AFTER INSERT ON research_passage BEGIN "
    "INSERT INTO research_passage_fts(rowid, text) VALUES (new.id, new.text); END",
    "CREATE TRIGGER research_passage_fts_delete AFTER DELETE ON research_passage BEGIN "
    "INSERT INTO research_passage_fts(research_passage_fts, rowid, text) "
    "VALUES ('delete', old.id, old.text); END",
    "CREATE TRIGGER research_passage_fts_update AFTER UPDATE OF text ON research_passage BEGIN "
    "INSERT INTO research_passage_fts(research_passage_fts, rowid, text) "
    "VALUES ('delete', old.id, old.text); "
    "INSERT INTO research_passage_fts(rowid, text) VALUES (new.id, new.text); END",
]
SQLITE_DROP = [
    "DROP TRIGGER IF EXISTS research_passage_fts_update",
    "DROP TRIGGER IF EXISTS research_passage_fts_delete",
    "DROP TRIGGER IF EXISTS research_passage_fts_insert",
    "DROP TABLE IF EXISTS research_passage_fts",
]
POSTGRES = [
    "ALTER TABLE research_passage ADD COLUMN search tsvector "
    "GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, text)) STORED",
    "CREATE INDEX research_passage_search ON research_passage USING GIN (search)",
]
POSTGRES_DROP = [
    "DROP INDEX IF EXISTS research_passage_search",
    "ALTER TABLE research_passage DROP COLUMN IF EXISTS search",
]


def _run(statements_by_vendor):
    def run(apps, schema_editor):
        for statement in statements_by_vendor.get(schema_editor.connection.vendor, []):
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [("research", "0010_library")]

    operations = [
        migrations.RunPython(
            _run({"sqlite": SQLITE, "postgresql": POSTGRES}),
            _run({"sqlite": SQLITE_DROP, "postgresql": POSTGRES_DROP}),
        )
    ]
