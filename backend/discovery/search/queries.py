"""Thin calls to the SQL search functions (`match_items`, `match_items_bm25`, `match_items_fuse`,
`match_items_dense`, `match_items_fuse_legs`, `match_skills`, `match_items_fulltext` in
supabase/migrations/) and the name lookup of `discover`. (`match_items_hybrid`, for rpc
clients, is `match_items_bm25` then `match_items_fuse` in one call; the service runs the legs
itself, to overlap them with the query's embedding and with each other.)"""

from __future__ import annotations

from typing import Any

import numpy as np
import psycopg
from psycopg.rows import dict_row

from discovery.search.fusion import FusionPlan
from discovery.search.leg_calls import DENSE_CALL, ITEM_ARGS, bm25_args, bm25_call, dense_args
from discovery.search.packed import Ranking, ranking_args, top_id
from discovery.search.results import ItemHit, LegRanks, SkillHit


def item_hit(row: dict[str, Any], **extra: Any) -> ItemHit:
    """One row of the SQL search functions (id, kind, ..., similarity) as a hit."""
    return ItemHit(
        id=row["id"],
        kind=row["kind"],
        name=row["name"],
        title=row["title"],
        description=row["description"],
        summary=row["summary"],
        metadata=row["metadata"],
        skill_ids=row["skill_ids"],
        primary_skill_id=row["primary_skill_id"],
        score=row["similarity"],
        **extra,
    )


async def match_items(
    conn: psycopg.AsyncConnection, vector: np.ndarray, **kwargs: Any
) -> list[ItemHit]:
    """`match_items`' hits, best first (`leg_calls.dense_args`' keywords: the same arguments
    as the dense leg)."""
    sql = "select * from match_items(%(q)s, %(threshold)s, %(count)s, " + ITEM_ARGS + ")"
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(sql, dense_args(vector, **kwargs))
        return [item_hit(row) for row in await cur.fetchall()]


async def match_items_bm25(
    conn: psycopg.AsyncConnection,
    text: str,
    *,
    count: int,
    filters: dict[str, Any],
    candidate_budget: int,
    request_words: bool = False,
    place_weight: float = 0.0,
    place_adjective_weight: float = 0.0,
    phrase_weight: float = 0.0,
) -> list[tuple[str, float]]:
    """The BM25 ranking alone: (id, score), best first (`leg_calls.bm25_call`)."""
    args = bm25_args(text, count=count, filters=filters, candidate_budget=candidate_budget,
                     place_weight=place_weight, place_adjective_weight=place_adjective_weight,
                     phrase_weight=phrase_weight)  # fmt: skip
    sql = "select id, bm25 from " + bm25_call(request_words, phrased=phrase_weight > 0)
    rows = await (await conn.execute(sql, args)).fetchall()
    return [(str(r[0]), float(r[1])) for r in rows]


async def match_items_fuse(
    conn: psycopg.AsyncConnection,
    vector: np.ndarray,
    text_ranking: Ranking,
    *,
    count: int,
    threshold: float,
    filters: dict[str, Any],
    model_name: str,
    exact_max_rows: int,
    ef_search: int,
    fusion: FusionPlan,
    depth: int,
    text: str,
) -> list[tuple[ItemHit, LegRanks]]:
    """The dense leg fused with a text leg already run (`match_items_bm25` of `text`, best
    first): the second half of `match_items_hybrid`, for a caller that ran the text leg while
    embedding. The weights are the plan's (`FusionPlan.weight_sql`)."""
    prefix, weights = fusion.weight_sql()
    sql = (
        prefix
        + "select * from match_items_fuse(%(q)s, %(ids)s::text[], %(scores)s::float8[], %(count)s,"
        + " %(threshold)s, "
        + ITEM_ARGS
        + f", {weights}, dense_depth => %(depth)s)"
    )
    args = {"q": vector, "count": count, "threshold": threshold}
    args |= _text_args(text, text_ranking)
    args |= filters | {"model_name": model_name, "exact": exact_max_rows, "ef": ef_search}
    args |= fusion.sql_args() | {"depth": depth}
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(sql, args)
        return [_fused_hit(row) for row in await cur.fetchall()]


async def match_items_dense(
    conn: psycopg.AsyncConnection, vector: np.ndarray, **kwargs: Any
) -> list[tuple[str, float]]:
    """The dense ranking alone, as `match_items` ranks it: (id, similarity), best first
    (`leg_calls.dense_args`' keywords)."""
    sql = "select id, similarity from " + DENSE_CALL
    rows = await (await conn.execute(sql, dense_args(vector, **kwargs))).fetchall()
    return [(str(r[0]), float(r[1])) for r in rows]


async def match_items_fuse_legs(
    conn: psycopg.AsyncConnection,
    vector: np.ndarray,
    dense_ranking: Ranking,
    text_ranking: Ranking,
    *,
    count: int,
    model_name: str,
    fusion: FusionPlan,
    text: str,
    filter_kinds: list[str] | None,
) -> list[tuple[ItemHit, LegRanks]]:
    """Two rankings already run (`match_items_dense`, `match_items_bm25` of `text` over
    `filter_kinds`, best first) fused as `match_items_fuse` fuses them, with the hits' rows."""
    prefix, weights = fusion.weight_sql()
    sql = (
        prefix + "select * from match_items_fuse_legs(%(q)s, %(d_ids)s::text[],"
        " %(d_sims)s::float8[], %(ids)s::text[], %(scores)s::float8[], %(count)s,"
        " model_name => %(model_name)s,"
        f" {weights})"
    )
    args: dict[str, Any] = {"q": vector, "count": count, "model_name": model_name}
    args |= ranking_args("d_ids", "d_sims", dense_ranking)
    args |= _text_args(text, text_ranking) | {"filter_kinds": filter_kinds}
    args |= fusion.sql_args()
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(sql, args)
        return [_fused_hit(row) for row in await cur.fetchall()]


def _text_args(text: str, ranking: Ranking) -> dict[str, Any]:
    """The text leg's query and ranking as the fusion's arguments (its best record first)."""
    return {"text": text, "top_text_id": top_id(ranking)} | ranking_args("ids", "scores", ranking)


def _fused_hit(row: dict[str, Any]) -> tuple[ItemHit, LegRanks]:
    return (
        item_hit(row, rank_score=round(row["rank_score"], 6)),
        LegRanks(dense=row["dense_rank"], text=row["text_rank"], text_score=row["text_score"]),
    )


async def match_items_fulltext(
    conn: psycopg.AsyncConnection, text: str, kinds: list[str], count: int
) -> list[ItemHit]:
    """The full-text index alone (any of the words): discover's answer when the embedder fails.
    The text rank, in [0, 1), stands in for the similarity."""
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(
            "select *, text_rank as similarity from match_items_fulltext(%s, %s, %s)",
            (text, count, kinds),
        )
        return [item_hit(row) for row in await cur.fetchall()]


_EXACT_NAMES = """
select i.id, i.kind, i.name, i.title, i.description, i.summary, i.metadata, i.skill_ids,
       i.primary_skill_id,
       case when %(q)s::vector is null then 1.0
            else greatest(0, least(1, 1 - (e.embedding <=> %(q)s::vector))) end as similarity
from items i
left join item_embeddings e on e.item_id = i.id and e.model = %(model)s
where i.is_active and i.kind in ('tool', 'capability') and i.kind = any(%(kinds)s)
  and (lower(i.name) = lower(%(text)s)
       or (lower(i.name) = lower(%(name)s) and lower(i.metadata ->> 'server') = lower(%(server)s)))
order by i.id
limit 5
"""


async def exact_names(
    conn: psycopg.AsyncConnection,
    text: str,
    kinds: list[str],
    vector: np.ndarray | None,
    model_name: str,
) -> list[ItemHit]:
    """Active tools or capabilities whose name is exactly `text`, or `server:name` /
    `server::name` (case aside), with their similarity (1.0 without a vector)."""
    server, sep, name = text.partition("::") if "::" in text else text.partition(":")
    args = {
        "q": vector, "model": model_name, "kinds": kinds, "text": text,
        "name": name.strip() if sep else None, "server": server.strip() if sep else None,
    }  # fmt: skip
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(_EXACT_NAMES, args)
        return [item_hit(row) for row in await cur.fetchall()]


async def match_skills(
    conn: psycopg.AsyncConnection,
    vector: np.ndarray,
    *,
    threshold: float,
    count: int,
    kinds: list[str] | None,
    model_name: str,
) -> list[SkillHit]:
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(
            "select * from match_skills(%s, %s, %s, filter_kinds => %s, model_name => %s)",
            (vector, threshold, count, kinds, model_name),
        )
        return [
            SkillHit(
                id=r["id"],
                name=r["name"],
                description=r["description"],
                parent_domain=r["parent_domain"],
                tool_count=r["tool_count"],
                score=r["similarity"],
            )
            for r in await cur.fetchall()
        ]


SCHEMAS_SQL = "select item_id, input_schema from item_schemas where item_id = any(%s)"


def schemas_of(rows: list[tuple[Any, ...]]) -> dict[str, dict | None]:
    """id -> input schema (a JSON object, else None), from `SCHEMAS_SQL`'s rows."""
    return {r[0]: r[1] if isinstance(r[1], dict) else None for r in rows}


async def input_schemas(conn: psycopg.AsyncConnection, ids: list[str]) -> dict[str, dict | None]:
    """id -> input schema (a JSON object, else None) for the tools named."""
    return schemas_of(await (await conn.execute(SCHEMAS_SQL, (ids,))).fetchall())


async def catalog_is_empty(conn: psycopg.AsyncConnection) -> bool:
    row = await (await conn.execute("select not exists (select 1 from items)")).fetchone()
    return bool(row and row[0])
