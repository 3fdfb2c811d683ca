"""Full-text search over library passages, in each database's own engine.

What is indexed is research_passageindex.text: the passage's text with each CJK run cut into
overlapping character pairs (research/models/search.py, `index_text`), so word-based engines
find Chinese, Japanese and Korean without a dictionary.

SQLite: an FTS5 table (unicode61 tokenizer with Porter stemming, diacritics folded) with
external content on research_passageindex, kept in step by triggers; ranked by FTS5's BM25.
PostgreSQL: a generated tsvector column ('english' configuration: stems English words
and leaves the CJK pairs as they are) with a GIN index.

On SQLite, a later migration that alters research_passageindex rebuilds the table, which drops
these triggers: it must create them again (tests/test_library_search.py fails if it does not).
"""

import django.db.models.deletion
from django.db import migrations, models

SQLITE = [
    "CREATE VIRTUAL TABLE research_passage_fts USING fts5(text, "
    "content='research_passageindex', content_rowid='passage_id', "
    "tokenize='porter unicode61 remove_diacritics 2')",
    "CREATE TRIGGER research_passage_fts_insert AFTER INSERT ON research_passageindex BEGIN "
    "INSERT INTO research_passage_fts(rowid, text) VALUES (new.passage_id, new.text); END",
    "CREATE TRIGGER research_passage_fts_delete AFTER DELETE ON research_passageindex BEGIN "
    "INSERT INTO research_passage_fts(research_passage_fts, rowid, text) "
    "VALUES ('delete', old.passage_id, old.text); END",
    "CREATE TRIGGER research_passage_fts_update AFTER UPDATE ON research_passageindex BEGIN "
    "INSERT INTO research_passage_fts(research_passage_fts, rowid, text) "
    "VALUES ('delete', old.passage_id, old.text); "
    "INSERT INTO research_passage_fts(rowid, text) VALUES (new.passage_id, new.text); END",
]
SQLITE_DROP = [
    "DROP TRIGGER IF EXISTS research_passage_fts_update",
    "DROP TRIGGER IF EXISTS research_passage_fts_delete",
    "DROP TRIGGER IF EXISTS research_passage_fts_insert",
    "DROP TABLE IF EXISTS research_passage_fts",
]
POSTGRES = [
    "ALTER TABLE research_passageindex ADD COLUMN search tsvector "
    "GENERATED ALWAYS AS (to_tsvector('english'::regconfig, text)) STORED",
    "CREATE INDEX research_passageindex_search ON research_passageindex USING GIN (search)",
]
POSTGRES_DROP = [
    "DROP INDEX IF EXISTS research_passageindex_search",
    "ALTER TABLE research_passageindex DROP COLUMN IF EXISTS search",
]


def _run(statements_by_vendor):
    def run(apps, schema_editor):
        for statement in statements_by_vendor.get(schema_editor.connection.vendor, []):
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [("research", "0010_library")]

    operations = [
        migrations.CreateModel(
            name="PassageIndex",
            fields=[
                (
                    "passage",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="index",
                        serialize=False,
                        to="research.passage",
                    ),
                ),
                ("text", models.TextField()),
            ],
        ),
        migrations.RunPython(
            _run({"sqlite": SQLITE, "postgresql": POSTGRES}),
            _run({"sqlite": SQLITE_DROP, "postgresql": POSTGRES_DROP}),
        ),
    ]
