"""The skills' vectors: a skill's description vector while it has no members, then the
confidence-weighted centroid of its items (SQL `refresh_skill_centroids`), kept per model."""

from __future__ import annotations

import psycopg

from discovery.catalog.skills.archive_classifier import Skill
from discovery.embeddings import Embedder


async def ensure_description_vectors(conn: psycopg.AsyncConnection, embedder: Embedder) -> int:
    """Give every skill without a vector for this model the embedding of its description."""
    rows = await (
        await conn.execute(
            "select s.id, s.name, s.description, s.keywords from skills s"
            " where not exists (select 1 from skill_embeddings e"
            "   where e.skill_id = s.id and e.model = %s) order by s.id",
            (embedder.model_id,),
        )
    ).fetchall()
    if not rows:
        return 0
    skills = [Skill(r[0], r[1], r[2], list(r[3])) for r in rows]
    vectors = embedder.embed_documents([s.text for s in skills])
    async with conn.cursor() as cur:
        await cur.executemany(
            "insert into skill_embeddings (skill_id, model, source, embedding)"
            " values (%s, %s, 'description', %s) on conflict do nothing",
            [(s.id, embedder.model_id, v) for s, v in zip(skills, vectors, strict=True)],
        )
    return len(skills)


async def refresh_centroids(
    conn: psycopg.AsyncConnection, model: str, skill_ids: list[str] | None = None
) -> int:
    """Recompute member counts and centroid vectors (all skills, or the ones named)."""
    row = await (
        await conn.execute("select refresh_skill_centroids(%s, %s)", (model, skill_ids))
    ).fetchone()
    return int(row[0]) if row else 0
