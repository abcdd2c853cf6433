"""The migration runner on the embedded PostgreSQL: once each, in order, transactional, recorded."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest
from tests.conftest import create_database

from discovery.db.migrate import MIGRATIONS_DIR, MigrationError, apply_migrations, discover

pytestmark = pytest.mark.integration


async def _connect(pg_uri: str) -> psycopg.AsyncConnection:
    url = create_database(pg_uri, template="template1")
    return await psycopg.AsyncConnection.connect(url, autocommit=True)


async def test_apply_migrations_applies_each_file_once_in_order(pg_uri: str) -> None:
    async with await _connect(pg_uri) as conn:
        first = await apply_migrations(conn)
        second = await apply_migrations(conn)
        rows = await (
            await conn.execute(
                "select version from schema_migrations where version <> 'seed'"
                " order by applied_at, version"
            )
        ).fetchall()
    assert first == [m.version for m in discover()] + ["seed"]
    assert second == []
    assert [r[0] for r in rows] == [m.version for m in discover()]


async def test_schema_has_the_search_functions_and_indexes(pg_uri: str) -> None:
    async with await _connect(pg_uri) as conn:
        await apply_migrations(conn)
        functions = {
            r[0]
            for r in await (
                await conn.execute("select proname from pg_proc where proname like 'match_%'")
            ).fetchall()
        }
        indexes = {
            r[0]: r[1]
            for r in await (
                await conn.execute(
                    "select indexname, indexdef from pg_indexes where schemaname = 'public'"
                )
            ).fetchall()
        }
    assert {"match_items", "match_skills", "match_archives", "match_items_text"} <= functions
    assert "hnsw" in indexes["item_embeddings_minilm_hnsw"]
    assert "vector_cosine_ops" in indexes["item_embeddings_minilm_hnsw"]
    assert "gin" in indexes["items_skill_ids_gin"]
    assert "gin" in indexes["items_search_text_gin"]


async def test_a_failing_migration_rolls_back_and_is_not_recorded(
    pg_uri: str, tmp_path: Path
) -> None:
    (tmp_path / "001_ok.sql").write_text("create table ok_table (id int);")
    (tmp_path / "002_bad.sql").write_text("create table half (id int); select * from missing;")
    async with await _connect(pg_uri) as conn:
        with pytest.raises(MigrationError, match=r"002_bad\.sql"):
            await apply_migrations(conn, tmp_path, seed=None)
        tables = {
            r[0]
            for r in await (
                await conn.execute("select tablename from pg_tables where schemaname = 'public'")
            ).fetchall()
        }
        versions = [
            r[0]
            for r in await (await conn.execute("select version from schema_migrations")).fetchall()
        ]
    assert "ok_table" in tables and "half" not in tables
    assert versions == ["001"]


async def test_an_edited_applied_migration_is_refused(pg_uri: str, tmp_path: Path) -> None:
    migration = tmp_path / "001_first.sql"
    migration.write_text("create table first (id int);")
    async with await _connect(pg_uri) as conn:
        await apply_migrations(conn, tmp_path, seed=None)
        migration.write_text("create table first (id bigint);")
        with pytest.raises(MigrationError, match="changed after it was applied"):
            await apply_migrations(conn, tmp_path, seed=None)


def test_migrations_use_the_supabase_cli_layout() -> None:
    files = sorted(MIGRATIONS_DIR.glob("*.sql"))
    assert files and all(f.name.split("_", 1)[0].isdigit() for f in files)
    assert (MIGRATIONS_DIR.parent / "config.toml").exists()
    assert (MIGRATIONS_DIR.parent / "seed.sql").exists()
