"""Thin calls to the SQL search functions (`match_items`, `match_items_hybrid`, `match_skills`
in supabase/migrations/)."""

from __future__ import annotations

from typing import Any

import numpy as np
import psycopg
from psycopg.rows import dict_row

from discovery.search.models import ItemHit, LegRanks, SkillHit

_ITEM_ARGS = (
    "filter_kinds => %(filter_kinds)s, filter_skill_ids => %(filter_skill_ids)s,"
    " active_only => %(active_only)s, filter_media_types => %(filter_media_types)s,"
    " date_from => %(date_from)s::int, date_to => %(date_to)s::int, model_name => %(model_name)s"
)


def _item(row: dict[str, Any], **extra: Any) -> ItemHit:
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
    conn: psycopg.AsyncConnection,
    vector: np.ndarray,
    *,
    threshold: float,
    count: int,
    filters: dict[str, Any],
    model_name: str,
    exact_max_rows: int,
    ef_search: int,
) -> list[ItemHit]:
    sql = (
        "select * from match_items(%(q)s, %(threshold)s, %(count)s, "
        + _ITEM_ARGS
        + ", exact_max_rows => %(exact)s, ef_search => %(ef)s)"
    )
    args = {"q": vector, "threshold": threshold, "count": count, "model_name": model_name}
    args |= filters | {"exact": exact_max_rows, "ef": ef_search}
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(sql, args)
        return [_item(row) for row in await cur.fetchall()]


async def match_items_bm25(
    conn: psycopg.AsyncConnection,
    text: str,
    *,
    count: int,
    filters: dict[str, Any],
    candidate_budget: int,
) -> list[tuple[str, float]]:
    """The BM25 ranking alone: (id, score), best first."""
    args = filters | {"text": text, "count": count, "budget": candidate_budget}
    args.pop("model_name", None)
    rows = await (
        await conn.execute(
            "select id, bm25 from match_items_bm25(%(text)s, %(count)s,"
            " filter_kinds => %(filter_kinds)s, filter_skill_ids => %(filter_skill_ids)s,"
            " active_only => %(active_only)s, filter_media_types => %(filter_media_types)s,"
            " date_from => %(date_from)s::int, date_to => %(date_to)s::int,"
            " candidate_budget => %(budget)s)",
            args,
        )
    ).fetchall()
    return [(str(r[0]), float(r[1])) for r in rows]


async def match_items_hybrid(
    conn: psycopg.AsyncConnection,
    vector: np.ndarray,
    text: str,
    *,
    count: int,
    threshold: float,
    filters: dict[str, Any],
    model_name: str,
    exact_max_rows: int,
    ef_search: int,
    rrf_k: float,
    text_weight: float,
    depth: int,
    candidate_budget: int,
) -> list[tuple[ItemHit, LegRanks]]:
    """Dense and BM25 rankings fused in SQL (one round trip): hits with their leg ranks."""
    sql = (
        "select * from match_items_hybrid(%(q)s, %(text)s, %(count)s, %(threshold)s, "
        + _ITEM_ARGS
        + ", exact_max_rows => %(exact)s, ef_search => %(ef)s, rrf_k => %(k)s,"
        " text_weight => %(tw)s, dense_depth => %(depth)s, text_depth => %(depth)s,"
        " candidate_budget => %(budget)s)"
    )
    args = {"q": vector, "text": text, "count": count, "threshold": threshold}
    args |= filters | {"model_name": model_name, "exact": exact_max_rows, "ef": ef_search}
    args |= {"k": rrf_k, "tw": text_weight, "depth": depth, "budget": candidate_budget}
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(sql, args)
        return [
            (
                _item(row, rank_score=round(row["rank_score"], 6)),
                LegRanks(
                    dense=row["dense_rank"], text=row["text_rank"], text_score=row["text_score"]
                ),
            )
            for row in await cur.fetchall()
        ]


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


async def input_schemas(conn: psycopg.AsyncConnection, ids: list[str]) -> dict[str, dict | None]:
    """id -> input schema (a JSON object, else None) for the tools named."""
    rows = await (
        await conn.execute(
            "select item_id, input_schema from item_schemas where item_id = any(%s)", (ids,)
        )
    ).fetchall()
    return {r[0]: r[1] if isinstance(r[1], dict) else None for r in rows}


async def catalog_is_empty(conn: psycopg.AsyncConnection) -> bool:
    row = await (await conn.execute("select not exists (select 1 from items)")).fetchone()
    return bool(row and row[0])
