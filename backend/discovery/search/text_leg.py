"""Hybrid search's BM25 leg with the fusion's per-request choice in the same statement (issue
21; docs/archive-search.md, "What a search does now").

Whether a request is covered (`bm25_query_coverage`, migration 20261201000300) depends only on
the request and the BM25 leg's best record, so it is computed right after the leg, in the leg's
statement, which runs while the query is being embedded and beside the dense leg, instead of in
the fusion's statement, which runs after both legs (about 0.5 ms of server CPU off the fusion at
87k records: docs/benchmarks.md). The fusion then gets the chosen arguments as fixed ones
(`FusionPlan.with_coverage`): the same choice, so the same ranking, hit for hit. The ranking
comes back as PostgreSQL wrote it (`packed.py`).
"""

from __future__ import annotations

from typing import Any

import psycopg

from discovery.search.fusion import FusionPlan
from discovery.search.leg_calls import bm25_args, bm25_call
from discovery.search.packed import PackedRanking, fetch_packed

_FIRST = "(select t.id from t order by t.r limit 1)"


async def bm25_leg(
    conn: psycopg.AsyncConnection,
    text: str,
    *,
    count: int,
    filters: dict[str, Any],
    candidate_budget: int,
    fusion: FusionPlan,
) -> tuple[PackedRanking, FusionPlan]:
    """The BM25 ranking, best first, as `queries.match_items_bm25` ranks it, and the fusion plan
    to fuse it with: with a per-request choice, the plan with that choice made (computed in the
    same statement), else `fusion` itself."""
    args = bm25_args(text, count=count, filters=filters, candidate_budget=candidate_budget,
                     place_weight=fusion.place_weight,
                     place_adjective_weight=fusion.place_adjective_weight,
                     phrase_weight=fusion.phrase_weight)  # fmt: skip
    call = bm25_call(fusion.request_words, phrased=fusion.phrase_weight > 0)
    if fusion.partial_fusion is None:
        return await fetch_packed(conn, call, args), fusion
    sql = (
        f"with t as materialized (select b.id, b.bm25, b.r from {call}"
        " with ordinality as b(id, bm25, r))"
        " select coalesce((select array_agg(t.id order by t.r) from t), '{}')::text,"
        " coalesce((select array_agg(t.bm25 order by t.r) from t), '{}')::text,"
        f" {_FIRST}, {fusion.covered_sql(_FIRST)}"
    )
    row = await (await conn.execute(sql, args | fusion.sql_args())).fetchone()
    assert row is not None
    ids, scores, top, covered = row
    return PackedRanking(ids, scores, top), fusion.with_coverage(bool(covered))
