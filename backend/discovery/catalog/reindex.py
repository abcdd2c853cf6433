"""Re-embedding the catalog with another model: resumable, and switched over atomically.

While it runs the model is 'building' and searches with it fail with a clear error; searches with
the previous model keep working. Each batch commits, so an interrupted run resumes where it
stopped. The model becomes 'ready' in one transaction once every item has its vector.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from discovery.catalog.bulk import deferred_vector_index
from discovery.catalog.skills.vectors import ensure_description_vectors, refresh_centroids
from discovery.db import Database
from discovery.embeddings import Embedder

_PENDING = """
select i.id, i.title, i.description, i.content_hash, i.embedding_text
from items i
left join item_embeddings e on e.item_id = i.id and e.model = %(model)s
where e.item_id is null or e.content_hash <> i.content_hash
order by i.id
limit %(limit)s
"""


async def pending_count(db: Database, model: str) -> int:
    async with db.connection() as conn:
        row = await (
            await conn.execute(
                "select count(*) from items i left join item_embeddings e"
                " on e.item_id = i.id and e.model = %s"
                " where e.item_id is null or e.content_hash <> i.content_hash",
                (model,),
            )
        ).fetchone()
    return int(row[0]) if row else 0


async def reindex(
    db: Database,
    embedder: Embedder,
    *,
    batch_size: int = 256,
    drop_others: bool = False,
    on_rows: Callable[[int], None] | None = None,
) -> int:
    """Embed every item lacking a current vector for `embedder`'s model; return how many."""
    model = embedder.model_id
    async with db.connection() as conn:
        await conn.execute(
            "insert into embedding_models (model, dim, status) values (%s, %s, 'building')"
            " on conflict (model) do nothing",
            (model, embedder.dim),
        )
    async with deferred_vector_index(db, model):
        done = await _embed_pending(db, embedder, batch_size, on_rows)
    async with db.connection() as conn, conn.transaction():
        await ensure_description_vectors(conn, embedder)
        await refresh_centroids(conn, model)
        await conn.execute(
            "update embedding_models set status = 'ready', updated_at = now() where model = %s",
            (model,),
        )
        if drop_others:
            await conn.execute("delete from skill_embeddings where model <> %s", (model,))
            await conn.execute("delete from item_embeddings where model <> %s", (model,))
            await conn.execute("delete from embedding_models where model <> %s", (model,))
    return done


async def _embed_pending(
    db: Database, embedder: Embedder, batch_size: int, on_rows: Callable[[int], None] | None
) -> int:
    """Embed pending items batch by batch, each batch committed on its own."""
    model, done = embedder.model_id, 0
    while True:
        async with db.connection() as conn:
            rows = await (
                await conn.execute(_PENDING, {"model": model, "limit": batch_size})
            ).fetchall()
        if not rows:
            return done
        texts = [r[4] or f"{r[1]}. {r[2]}".strip() for r in rows]
        vectors = await asyncio.to_thread(embedder.embed_documents, texts)
        async with db.connection() as conn, conn.transaction(), conn.cursor() as cur:
            await cur.executemany(
                "insert into item_embeddings (item_id, model, content_hash, embedding)"
                " values (%s, %s, %s, %s) on conflict (item_id, model) do update"
                " set content_hash = excluded.content_hash, embedding = excluded.embedding",
                [(r[0], model, r[3], v) for r, v in zip(rows, vectors, strict=True)],
            )
        done += len(rows)
        if on_rows:
            on_rows(len(rows))
