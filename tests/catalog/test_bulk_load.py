"""Bulk loads build the vector index once, at the end, and never leave it missing."""

from __future__ import annotations

import pytest
from tests.catalog.test_ingest import FIXTURE

from discovery.catalog.archives.ingest import ingest_archives
from discovery.catalog.bulk import restore_deferred_indexes
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
