"""Bulk loading: when a model has no vectors yet, build its HNSW index once, after the load.

Inserting row by row into an HNSW index costs more than building it at the end. For a load into
a catalog without vectors for the model, the model's vector indexes are dropped, their
definitions kept in `deferred_indexes`, and rebuilt when the load ends. An advisory lock marks
a bulk load in progress; if the process dies, the lock goes with its session and the next open
(or ingest) rebuilds whatever is still deferred.

The BM25 text index of such a load is deferred too (`deferred_text_index`): its rows are
indexed in one statement when the load ends (`bm25_index_missing()`), and a row in
`deferred_indexes` whose definition is that call marks the work as owed until then.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import psycopg
from psycopg import sql

from discovery.db import Database

log = logging.getLogger(__name__)

BULK_LOCK = 727_002
TEXT_INDEX = "bm25_text_index"  # the deferred text index's row in deferred_indexes (no relation)
TEXT_INDEX_BUILD = "select bm25_index_missing()"


async def restore_deferred_indexes(conn: psycopg.AsyncConnection) -> int:
    """Rebuild indexes a dead bulk load left deferred; skip if a bulk load is running."""
    row = await (await conn.execute("select pg_try_advisory_lock(%s)", (BULK_LOCK,))).fetchone()
    if not (row and row[0]):
        return 0
    try:
        return await _rebuild(conn)
    finally:
        await conn.execute("select pg_advisory_unlock(%s)", (BULK_LOCK,))


async def _rebuild(conn: psycopg.AsyncConnection) -> int:
    rows = await (
        await conn.execute("select index_name, definition from deferred_indexes")
    ).fetchall()
    for name, definition in rows:  # a vector index's definition, or TEXT_INDEX_BUILD
        log.info("building index %s", name)
        await conn.execute(
            definition.replace("CREATE INDEX", "CREATE INDEX IF NOT EXISTS", 1).encode()
        )
        await conn.execute("delete from deferred_indexes where index_name = %s", (name,))
    return len(rows)


@asynccontextmanager
async def deferred_vector_index(db: Database, model: str) -> AsyncIterator[bool]:
    """Yield True when the load runs without the model's vector indexes (rebuilt on exit)."""
    async with db.connection() as conn:
        await restore_deferred_indexes(conn)
        row = await (
            await conn.execute(
                "select exists (select 1 from item_embeddings where model = %s)", (model,)
            )
        ).fetchone()
    if row and row[0]:
        yield False
        return
    async with db.connection() as conn:  # held for the load: the advisory lock is per session
        await conn.execute("select pg_advisory_lock(%s)", (BULK_LOCK,))
        try:
            async with conn.transaction():
                await conn.execute(
                    "insert into deferred_indexes (index_name, definition)"
                    " select indexname, indexdef from pg_indexes"
                    " where tablename = 'item_embeddings' and indexdef ilike '%%using hnsw%%'"
                    " and position(quote_literal(%s) in indexdef) > 0"
                    " on conflict do nothing",
                    (model,),
                )
                for (name,) in await (
                    await conn.execute("select index_name from deferred_indexes")
                ).fetchall():
                    await conn.execute(
                        sql.SQL("drop index if exists {}").format(sql.Identifier(name))
                    )
            yield True
        finally:
            await _rebuild(conn)
            await conn.execute("select pg_advisory_unlock(%s)", (BULK_LOCK,))


@asynccontextmanager
async def deferred_text_index(db: Database, bulk: bool) -> AsyncIterator[None]:
    """In a bulk load (`bulk`, inside `deferred_vector_index`, whose lock covers this): the
    writer's transactions leave the BM25 text index to the end (`CatalogWriter.defer_text_index`),
    where every item it lacks is indexed at once, with the load's true average lengths."""
    if not bulk:
        yield
        return
    async with db.connection() as conn:
        await conn.execute(
            "insert into deferred_indexes (index_name, definition) values (%s, %s)"
            " on conflict do nothing",
            (TEXT_INDEX, TEXT_INDEX_BUILD),
        )
    try:
        yield
    finally:
        async with db.connection() as conn, conn.transaction():
            await conn.execute(TEXT_INDEX_BUILD)
            await conn.execute("delete from deferred_indexes where index_name = %s", (TEXT_INDEX,))
