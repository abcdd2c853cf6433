"""What the archive's records say about the catalog's own words, for the agent's messages and
its offline planner: how many records use each word, and the most frequent media types,
places and decades."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import psycopg

# `simple` configuration: words lowercased, not stemmed (the caller stems).
_WORDS_SQL = """
select word, ndoc from ts_stat($$
    select to_tsvector('simple', title || ' ' || description) from items
    where kind = 'archive' and is_active
$$)
"""
_TYPES_SQL = """
select metadata->>'media_type' as value, count(*) from items
where kind = 'archive' and is_active and coalesce(metadata->>'media_type', '') <> ''
group by 1 order by 2 desc, 1 limit %(n)s
"""
_PLACES_SQL = """
select metadata->>'place' as value, count(*) from items
where kind = 'archive' and is_active and coalesce(metadata->>'place', '') <> ''
group by 1 order by 2 desc, 1 limit %(n)s
"""
_DECADES_SQL = """
select (((metadata->>'date_start')::int / 10) * 10) as value, count(*) from items
where kind = 'archive' and is_active and metadata->>'date_start' ~ '^-?[0-9]+$'
group by 1 order by 2 desc, 1 limit %(n)s
"""


async def archive_word_counts(conn: psycopg.AsyncConnection) -> list[tuple[str, int]]:
    """(word, records using it) over the active archive records' titles and descriptions."""
    rows = await (await conn.execute(_WORDS_SQL)).fetchall()
    return [(str(w), int(n)) for w, n in rows]


# The first `sample` records by id stand for a large catalog (a mean moves little after that).
_CENTROID_SQL = """
select avg(embedding) from (
    select e.embedding from item_embeddings e join items i on i.id = e.item_id
    where i.kind = 'archive' and i.is_active and e.model = %(model)s
    order by e.item_id limit %(sample)s
) s
"""


async def archive_centroid(
    conn: psycopg.AsyncConnection, model: str, sample: int = 20_000
) -> np.ndarray | None:
    """The mean of the active archive records' vectors made by `model`, over at most `sample`
    of them (None: it made none); a vector as the pool's pgvector adapter reads it."""
    row = await (await conn.execute(_CENTROID_SQL, {"model": model, "sample": sample})).fetchone()
    if row is None or row[0] is None:
        return None
    return np.asarray(row[0].to_numpy(), dtype=np.float32)


@dataclass(frozen=True)
class ArchiveFacets:
    """The most frequent values, most frequent first (empty for an empty archive)."""

    media_types: list[str]
    places: list[str]
    decades: list[int]


async def archive_facets(conn: psycopg.AsyncConnection, n: int = 3) -> ArchiveFacets:
    """The `n` most frequent media types and decades, and the `3n` most frequent places."""

    async def top(sql: str, limit: int) -> list[object]:
        rows = await (await conn.execute(sql, {"n": limit})).fetchall()
        return [r[0] for r in rows]

    return ArchiveFacets(
        media_types=[str(v) for v in await top(_TYPES_SQL, n)],
        places=[str(v) for v in await top(_PLACES_SQL, 3 * n)],
        decades=[int(str(v)) for v in await top(_DECADES_SQL, n)],
    )
