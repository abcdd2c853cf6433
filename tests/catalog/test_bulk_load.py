"""Bulk loads build the vector index and the text index once, at the end, and never leave
them missing."""

from __future__ import annotations

import psycopg
import pytest
from tests.catalog.test_ingest import FIXTURE

from discovery.catalog.archives.ingest import ingest_archives
from discovery.catalog.archives.read import read_archive_rows
from discovery.catalog.bulk import TEXT_INDEX, TEXT_INDEX_BUILD, restore_deferred_indexes
from discovery.catalog.ingest import ingest
from discovery.catalog.records import CatalogItem
from discovery.runtime import Runtime

pytestmark = pytest.mark.integration
INDEX = "item_embeddings_minilm_hnsw"


async def _state(rt: Runtime) -> tuple[bool, int]:
    async with rt.db.connection() as conn:
        row = await (
            await conn.execute(
                "select exists (select 1 from pg_indexes where indexname = %s),"
                " (select count(*) from deferred_indexes)",
                (INDEX,),
            )
        ).fetchone()
    assert row is not None
    return bool(row[0]), int(row[1])


async def test_a_load_into_an_empty_catalog_rebuilds_the_index_at_the_end(runtime: Runtime) -> None:
    report = await ingest_archives(runtime.db, runtime.embedder, [FIXTURE], batch_size=2)
    assert report.added == 6
    assert await _state(runtime) == (True, 0)
    async with runtime.db.connection() as conn:
        row = await (
            await conn.execute("select indexdef from pg_indexes where indexname = %s", (INDEX,))
        ).fetchone()
    assert row is not None and "hnsw" in row[0] and "m='32'" in row[0]


async def test_an_interrupted_bulk_load_still_leaves_the_index(runtime: Runtime) -> None:
    class Stop(Exception):
        pass

    def stop(_: int) -> None:
        raise Stop

    with pytest.raises(Stop):
        await ingest_archives(runtime.db, runtime.embedder, [FIXTURE], batch_size=2, on_rows=stop)
    assert await _state(runtime) == (True, 0)


async def test_indexes_left_deferred_by_a_dead_load_are_restored(runtime: Runtime) -> None:
    async with runtime.db.connection() as conn:
        definition = (
            await (
                await conn.execute("select indexdef from pg_indexes where indexname = %s", (INDEX,))
            ).fetchone()
        )[0]
        await conn.execute(
            "insert into deferred_indexes (index_name, definition) values (%s, %s)",
            (INDEX, definition),
        )
        await conn.execute(f"drop index {INDEX}")
        assert await _state(runtime) == (False, 1)
        assert await restore_deferred_indexes(conn) == 1
    assert await _state(runtime) == (True, 0)


async def _text_index(rt: Runtime) -> list[tuple]:
    async with rt.db.connection() as conn:
        return await (
            await conn.execute(
                "select i.id, b.term_ids, b.weights::text from items i"
                " left join item_bm25 b on b.item_id = i.id order by i.id"
            )
        ).fetchall()


async def test_a_bulk_load_indexes_its_text_once_at_the_end(runtime: Runtime) -> None:
    """Inside the load's transactions the BM25 insert trigger leaves the rows alone; at the end
    they are indexed as a rebuild from scratch would index them."""
    during: list[int] = []

    async def count_indexed(conn: psycopg.AsyncConnection, _: list[CatalogItem]) -> None:
        row = await (await conn.execute("select count(*) from item_bm25")).fetchone()
        during.append(row[0] if row else -1)

    rows = (row for _, row in read_archive_rows(FIXTURE))
    report = await ingest(
        runtime.db, runtime.embedder, rows, classifier=None, batch_size=2, after_batch=count_indexed
    )
    assert report.added == 6 and during == [0, 0, 0]
    assert await _state(runtime) == (True, 0)
    loaded = await _text_index(runtime)
    assert len(loaded) == 6 and all(r[1] for r in loaded)
    async with runtime.db.connection() as conn:
        await conn.execute("select bm25_refresh(force => true)")
    assert await _text_index(runtime) == loaded


async def test_the_text_index_is_deferred_only_inside_a_bulk_load(runtime: Runtime) -> None:
    async with runtime.db.connection() as conn:
        async with conn.transaction():
            await conn.execute("select set_config('discovery.bm25_defer', 'on', true)")
            await conn.execute(
                "insert into items (id, kind, name, title, content_hash)"
                " values ('d', 'archive', 'd', 'Deferred jazz', 'h')"
            )
        await conn.execute(
            "insert into items (id, kind, name, title, content_hash)"
            " values ('n', 'archive', 'n', 'Indexed jazz', 'h')"
        )
        ids = await (await conn.execute("select item_id from item_bm25 order by 1")).fetchall()
        assert ids == [("n",)]
        assert await (await conn.execute("select bm25_index_missing()")).fetchone() == (1,)
        ranked = await (await conn.execute("select id from match_items_bm25('jazz')")).fetchall()
        assert sorted(ranked) == [("d",), ("n",)]


async def test_text_left_deferred_by_a_dead_load_is_indexed_at_the_next_open(
    runtime: Runtime,
) -> None:
    async with runtime.db.connection() as conn:
        async with conn.transaction():
            await conn.execute("select set_config('discovery.bm25_defer', 'on', true)")
            await conn.execute(
                "insert into items (id, kind, name, title, content_hash)"
                " values ('d', 'archive', 'd', 'Deferred jazz', 'h')"
            )
        await conn.execute(
            "insert into deferred_indexes (index_name, definition) values (%s, %s)",
            (TEXT_INDEX, TEXT_INDEX_BUILD),
        )
        assert await restore_deferred_indexes(conn) == 1
        row = await (await conn.execute("select count(*) from item_bm25")).fetchone()
        assert row == (1,)
    assert await _state(runtime) == (True, 0)
