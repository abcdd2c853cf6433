"""`discover`'s two candidate legs, each bringing what the ranking and the response need in the
same statement as its candidates, so a request waits for the database once after the intent's
vector instead of twice (the legs, then `discover_reads.py`'s pipeline):

- the tool leg, hybrid: the BM25 half while the intent is embedded (`match_items_bm25`, as the
  engine runs it; its ranking handed back as PostgreSQL wrote it, `packed.py`), then one
  statement: the dense half and the fusion (`match_items_fuse`, with the arguments the engine's
  plan gives), the candidates' run statistics (`item_stats`), their input schemas
  (`item_schemas`) and, when asked, their related tools (`related_tools`, over the same
  candidate tools `discover_reads.py` asks for);
- the capability leg: `match_items` over capabilities with their run statistics.

The answers are the engine's: the same SQL functions with the same arguments, read in the same
order (`with ordinality`); only the round trips are fewer. A tool strategy other than hybrid,
the full-text fallback and an exact name match (rare) keep the two-step path."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import psycopg
from psycopg.rows import dict_row

from discovery.db.executions import ExecutionStats, SuccessPrior
from discovery.search import queries
from discovery.search.discover_reads import CandidateReads
from discovery.search.leg_calls import bm25_args, bm25_call
from discovery.search.models import SearchPlan
from discovery.search.packed import fetch_packed, ranking_args
from discovery.search.queries import schemas_of
from discovery.search.related import RelatedTool
from discovery.search.results import ItemHit
from discovery.settings import Settings

_STATS = (
    "s.item_id as stats_id, s.successes, s.failures, s.timed_runs, s.duration_ms_total,"
    " s.first_used_at, s.last_used_at"
)
_RELATED = """, rel as (
    select r.tool_id, array_agg(r.related_id order by r.ordinality) as rel_ids,
           array_agg(r.related_name order by r.ordinality) as rel_names,
           array_agg(r.relation order by r.ordinality) as rel_relations,
           array_agg(r.score order by r.ordinality) as rel_scores
    from related_tools(array(select f.id from f where f.kind = 'tool'), %(per_tool)s,
                       %(prior_successes)s, %(prior_failures)s) with ordinality r
    group by r.tool_id
)"""


def tool_leg_sql(related: bool) -> str:
    """The fused tool candidates with their statistics, schemas and (`related`) related tools,
    in `match_items_fuse`'s order."""
    return f"""
with f as materialized (
    select * from match_items_fuse(%(q)s, %(ids)s::text[], %(scores)s::float8[], %(count)s,
        %(threshold)s,
        {queries.ITEM_ARGS}, rrf_k => %(rrf_k)s, dense_weight => %(dense_weight)s,
        text_weight => %(text_weight)s, dense_depth => %(depth)s, fusion => %(fusion)s)
        with ordinality
){_RELATED if related else ""}
select f.*, {_STATS}, sc.item_id as schema_id, sc.input_schema,
       {
        "rel.rel_ids, rel.rel_names, rel.rel_relations, rel.rel_scores"
        if related
        else "null::text[] as rel_ids"
    }
from f
left join item_stats s on s.item_id = f.id
left join item_schemas sc on sc.item_id = f.id and f.kind = 'tool'
{"left join rel on rel.tool_id = f.id" if related else ""}
order by f.ordinality"""


CAPABILITY_LEG_SQL = f"""
select m.*, {_STATS}
from match_items(%(q)s, %(threshold)s, %(count)s, {queries.ITEM_ARGS}) with ordinality m
left join item_stats s on s.item_id = m.id
order by m.ordinality"""


@dataclass(frozen=True)
class Leg:
    """One leg's candidates, best first, with what was read about them."""

    hits: list[ItemHit]
    reads: CandidateReads | None  # None: not read with the hits


def no_leg(related_per_tool: int | None) -> Leg:
    """A leg the request's type filter leaves out."""
    return Leg([], CandidateReads({}, {}, {} if related_per_tool is not None else None))


def merge(tools: Leg, capabilities: Leg) -> CandidateReads | None:
    """The reads of both legs, as `read_candidates` gives them for all the candidates (None
    when a leg did not read)."""
    if tools.reads is None or capabilities.reads is None:
        return None
    return CandidateReads(
        stats=tools.reads.stats | capabilities.reads.stats,
        schemas=tools.reads.schemas,
        related=tools.reads.related,
    )


async def hybrid_tools(
    conn: psycopg.AsyncConnection,
    plan: SearchPlan,
    vector: Callable[[], Awaitable[np.ndarray]],
    *,
    model_name: str,
    settings: Settings,
    related_per_tool: int | None,
    prior: SuccessPrior,
) -> Leg:
    """The engine's hybrid tool search for `plan` (its text half while the intent's vector is
    computed; `vector()` waits for it), with the reads: two statements, the second after the
    vector."""
    filters = plan.filters.sql_args()
    depth = max(plan.limit, plan.fusion.depth)
    text = await fetch_packed(
        conn,
        bm25_call(plan.fusion.request_words),
        bm25_args(plan.query, count=depth, filters=filters,
                  candidate_budget=settings.discovery_text_candidate_budget),
    )  # fmt: skip
    related = related_per_tool is not None
    args = filters | _engine_args(await vector(), model_name, settings)
    args |= ranking_args("ids", "scores", text)
    args |= {"count": plan.limit, "threshold": plan.tool_threshold, "depth": depth}
    args |= plan.fusion.sql_args()
    if related:
        args |= {"per_tool": related_per_tool, "prior_successes": prior.successes,
                 "prior_failures": prior.failures}  # fmt: skip
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(tool_leg_sql(related), args)
        rows = await cur.fetchall()
    hits = [queries.item_hit(r, rank_score=round(r["rank_score"], 6)) for r in rows]
    return Leg(
        hits,
        CandidateReads(
            stats=_stats(rows),
            schemas=schemas_of([(r["id"], r["input_schema"]) for r in rows if r["schema_id"]]),
            related={r["id"]: _related(r) for r in rows} if related else None,
        ),
    )


async def capabilities(
    conn: psycopg.AsyncConnection,
    vector: np.ndarray,
    *,
    count: int,
    threshold: float,
    filters: dict[str, Any],
    model_name: str,
    settings: Settings,
) -> Leg:
    """`match_items` over capabilities (`filters`) with the hits' statistics: one statement."""
    args = filters | _engine_args(vector, model_name, settings)
    args |= {"count": count, "threshold": threshold}
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(CAPABILITY_LEG_SQL, args)
        rows = await cur.fetchall()
    return Leg([queries.item_hit(r) for r in rows], CandidateReads(_stats(rows), {}, None))


def _engine_args(vector: np.ndarray, model_name: str, settings: Settings) -> dict[str, Any]:
    return {
        "q": vector,
        "model_name": model_name,
        "exact": settings.discovery_exact_scan_max_rows,
        "ef": settings.discovery_hnsw_ef_search,
    }


def _stats(rows: list[dict[str, Any]]) -> dict[str, ExecutionStats]:
    return {
        r["stats_id"]: ExecutionStats(
            successes=r["successes"],
            failures=r["failures"],
            timed_runs=r["timed_runs"],
            duration_ms_total=r["duration_ms_total"],
            first_used_at=r["first_used_at"],
            last_used_at=r["last_used_at"],
        )
        for r in rows
        if r["stats_id"] is not None
    }


def _related(row: dict[str, Any]) -> list[RelatedTool]:
    if row["rel_ids"] is None:
        return []
    parts = zip(row["rel_ids"], row["rel_names"], row["rel_relations"], row["rel_scores"],
                strict=True)  # fmt: skip
    return [
        RelatedTool(tool_id=i, name=n, relation=rel, score=round(score, 4))
        for i, n, rel, score in parts
    ]
