"""Hybrid archive search at 87k records, A/B in one run (issue 21; docs/benchmarks.md).

On the catalog of the last `make bench` (`<data dir>-bench`), the bench's 200 queries through
`SearchService.search` as `make bench` times them (embedding cache cleared, the embedding
included), each query run by every variant in turn, the order rotated per query, so that the
load of a shared machine falls on all of them alike:

- `before`: the legs one after the other on one connection, with the `match_items_fuse` of
  20261128000700_convex_fusion.sql (copied from that migration into a scratch schema: its
  dense leg reads whole rows through `match_items`), as on main before this change;
- `in_turn`: the same order with the current `match_items_fuse` (`DISCOVERY_HYBRID_PARALLEL_LEGS`
  false);
- `side_by_side`: the default (the dense leg on a second idle connection beside the BM25 leg);
- `direct`: direct search, the target's reference (hybrid p95 within 3 ms of it).

It also checks that `before` and `side_by_side` return the same hits in the same order with
the same scores and leg ranks for every query, and times the embedding and the BM25 leg alone
per query (`embedding_alone`, `bm25_alone`; `bm25_beyond_embedding`: by how much the BM25 leg
outlasts the embedding, the part of it the overlap cannot hide).

    uv run python scripts/bench_hybrid_legs.py [--rounds 2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from discovery.evaluation.bench import bench_dir
from discovery.evaluation.bench_queries import bench_queries
from discovery.evaluation.stats import summarize
from discovery.runtime import open_runtime
from discovery.search import queries
from discovery.search.hybrid import HybridSearch
from discovery.search.models import SearchRequest, Strategy
from discovery.search.results import SearchResponse
from discovery.search.service import SearchService
from discovery.settings import REPO_ROOT, get_settings

BEFORE = REPO_ROOT / "supabase" / "migrations" / "20261128000700_convex_fusion.sql"
SCHEMA = "bench_hybrid_before"


def _before_sql() -> str:
    """`match_items_fuse` as 20261128000700 defined it, in the scratch schema."""
    text = BEFORE.read_text()
    body = re.search(r"create function match_items_fuse\(.*?\nend \$\$;", text, re.S)
    assert body, "match_items_fuse not found in " + BEFORE.name
    return body.group(0).replace(
        "create function match_items_fuse(", f"create function {SCHEMA}.match_items_fuse(", 1
    )


class _Before(HybridSearch):
    """The legs in turn, with the scratch schema's `match_items_fuse` (main before the change)."""

    async def _in_turn(self, conn: Any, req: Any, vector: Any, text: Any) -> Any:
        conn = _Renamed(conn)
        return await super()._in_turn(conn, req, vector, text)


class _Renamed:
    """A connection whose cursors call the scratch schema's `match_items_fuse`."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    @asynccontextmanager
    async def cursor(self, **kw: Any) -> AsyncIterator[Any]:
        async with self.conn.cursor(**kw) as cur:
            yield _RenamedCursor(cur)


class _RenamedCursor:
    def __init__(self, cur: Any) -> None:
        self.cur = cur

    async def execute(self, sql: str, args: Any = None) -> None:
        sql = sql.replace(" match_items_fuse(", f" {SCHEMA}.match_items_fuse(")
        assert SCHEMA in sql
        await self.cur.execute(sql, args)

    async def fetchall(self) -> Any:
        return await self.cur.fetchall()


def _answer(response: SearchResponse) -> list[tuple]:
    ranks = response.metadata.leg_ranks or {}
    return [(h.id, h.score, h.rank_score, ranks.get(h.id)) for h in response.items]


async def _alone(rt: Any, qs: list[str]) -> dict[str, Any]:
    """The embedding and the BM25 leg, each alone, per query."""
    embed, bm25, beyond = [], [], []
    filters = SearchRequest.build(query="x").plan(rt.settings).filters.sql_args()
    async with rt.db.connection() as conn:
        for q in qs:
            rt.embedder.cache_clear()
            t = time.perf_counter()
            rt.embedder.embed_query(q)
            embed.append((time.perf_counter() - t) * 1000)
            t = time.perf_counter()
            await queries.match_items_bm25(
                conn, q, count=100, filters=filters,
                candidate_budget=rt.settings.discovery_text_candidate_budget,
            )  # fmt: skip
            bm25.append((time.perf_counter() - t) * 1000)
            beyond.append(max(0.0, bm25[-1] - embed[-1]))
    return {
        "embedding_alone": summarize(embed),
        "bm25_alone": summarize(bm25),
        "bm25_beyond_embedding": summarize(beyond),
    }


async def main(rounds: int) -> dict[str, Any]:
    settings = get_settings()
    directory = bench_dir(settings)
    cfg = settings.model_copy(update={"discovery_data_dir": directory, "database_url": None})
    qs = bench_queries(200)
    async with open_runtime(cfg) as rt:
        async with rt.db.connection() as conn:
            await conn.execute(f"create schema if not exists {SCHEMA}")
            await conn.execute(_before_sql())

        def service(parallel: bool) -> SearchService:
            update = {"discovery_hybrid_parallel_legs": parallel}
            return SearchService(rt.db, rt.embedder, cfg.model_copy(update=update))

        before = service(False)
        before.hybrid = _Before(rt.db, before.settings, rt.embedder.model_id)

        variants = {
            "before": (before, Strategy.HYBRID),
            "in_turn": (service(False), Strategy.HYBRID),
            "side_by_side": (service(True), Strategy.HYBRID),
            "direct": (service(True), Strategy.DIRECT),
        }
        times: dict[str, list[float]] = {name: [] for name in variants}
        answers: dict[str, dict[str, list[tuple]]] = {name: {} for name in variants}
        names = list(variants)
        try:
            for r in range(rounds + 1):  # round 0 warms plans and caches, and is not counted
                for i, q in enumerate(qs):
                    for k in range(len(names)):
                        name = names[(i + k) % len(names)]
                        svc, strategy = variants[name]
                        svc.embedder.cache_clear()
                        request = SearchRequest.build(query=q, strategy=strategy, limit=10)
                        t = time.perf_counter()
                        response = await svc.search(request)
                        if r:
                            times[name].append((time.perf_counter() - t) * 1000)
                        answers[name][q] = _answer(response)
        finally:
            async with rt.db.connection() as conn:
                await conn.execute(f"drop schema {SCHEMA} cascade")
        same = sum(answers["before"][q] == answers["side_by_side"][q] for q in qs)
        same_in_turn = sum(answers["before"][q] == answers["in_turn"][q] for q in qs)
        alone = await _alone(rt, qs)
    figures: dict[str, Any] = {name: summarize(ts) for name, ts in times.items()} | alone
    figures["same_answer_side_by_side_vs_before"] = f"{same}/{len(qs)}"
    figures["same_answer_in_turn_vs_before"] = f"{same_in_turn}/{len(qs)}"
    for name in ("before", "in_turn", "side_by_side"):
        figures[f"{name}_p95_minus_direct"] = round(
            figures[name]["p95"] - figures["direct"]["p95"], 3
        )
    return figures


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=2, help="Measured passes over the queries.")
    args = parser.parse_args()
    print(json.dumps(asyncio.run(main(args.rounds)), indent=2))
