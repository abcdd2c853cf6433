"""Hybrid search's BM25 leg with the fusion's per-request choice in the same statement (issue
21; docs/archive-search.md, "What a search does now").

Whether a request is covered (`bm25_query_coverage`, migration 20261201000300) depends only on
the request and the BM25 leg's best record, so it is computed right after the leg, in the leg's
statement, which runs while the query is being embedded and beside the dense leg, instead of in
the fusion's statement, which runs after both legs (about 0.5 ms of server CPU off the fusion at
87k records: docs/benchmarks.md). The fusion then gets the chosen arguments as fixed ones
(`FusionPlan.with_coverage`): the same choice, so the same ranking, hit for hit.
"""

from __future__ import annotations

from typing import Any

import psycopg

from discovery.search import queries
from discovery.search.fusion import FusionPlan

BM25_ARGS = (
    " filter_kinds => %(filter_kinds)s, filter_skill_ids => %(filter_skill_ids)s,"
    " active_only => %(active_only)s, filter_media_types => %(filter_media_types)s,"
    " date_from => %(date_from)s::int, date_to => %(date_to)s::int,"
    " candidate_budget => %(budget)s, place_weight => %(place_weight)s,"
    " place_adjective_weight => %(place_adjective_weight)s"
)

Ranking = list[tuple[str, float]]


async def bm25_leg(
    conn: psycopg.AsyncConnection,
    text: str,
    *,
    count: int,
    filters: dict[str, Any],
    candidate_budget: int,
    fusion: FusionPlan,
) -> tuple[Ranking, FusionPlan]:
    """The BM25 ranking (id, score), best first, as `queries.match_items_bm25` gives it, and the
    fusion plan to fuse it with: with a per-request choice, the plan with that choice made
    (computed in the same statement), else `fusion` itself."""
    if fusion.partial_fusion is None:
        ranking = await queries.match_items_bm25(
            conn, text, count=count, filters=filters, candidate_budget=candidate_budget,
            request_words=fusion.request_words, place_weight=fusion.place_weight,
            place_adjective_weight=fusion.place_adjective_weight,
        )  # fmt: skip
        return ranking, fusion
    query = (
        "bm25_request_text(%(text)s, %(filter_kinds)s::text[])"
        if fusion.request_words
        else "%(text)s"
    )
    sql = (
        f"with t as materialized (select b.id, b.bm25, b.r from match_items_bm25({query},"
        " %(count)s," + BM25_ARGS + ") with ordinality as b(id, bm25, r))"
        " select coalesce((select array_agg(t.id order by t.r) from t), '{}'),"
        " coalesce((select array_agg(t.bm25 order by t.r) from t), '{}'),"
        f" {fusion.covered_sql('(select t.id from t order by t.r limit 1)')}"
    )
    args = filters | fusion.sql_args() | {"text": text, "count": count,
                                          "budget": candidate_budget,
                                          "place_weight": fusion.place_weight,
                                          "place_adjective_weight": fusion.place_adjective_weight,
                                          }  # fmt: skip
    args.pop("model_name", None)
    row = await (await conn.execute(sql, args)).fetchone()
    assert row is not None
    ids, scores, covered = row
    ranking = [(str(i), float(s)) for i, s in zip(ids, scores, strict=True)]
    return ranking, fusion.with_coverage(bool(covered))
