"""What a hybrid archive search costs the server beyond a direct one, statement by statement, at
87k records (issue 21; docs/benchmarks.md, "The BM25 leg: a cheaper exact top-k").

On the catalog of the last `make bench` (`<data dir>-bench`), for each of the bench's 200
queries (embedded once, beforehand), the statements of both searches on one connection, as the
service sends them: direct's `match_items` (depth 10), and hybrid's BM25 leg
(`match_items_bm25` of the request without its request words, depth 100), dense leg
(`match_items_dense`, depth 100; and at depth 10, for comparison) and fusion
(`match_items_fuse_legs`, the 10 hits' rows). Each is measured in the **server's CPU time** (the
backend's run time from `/proc/<pid>/schedstat`; an embedded or local server only), which a
loaded machine does not inflate as it does wall time. The embedding is not included.

    uv run python scripts/bench_hybrid_cpu.py [--rounds 2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

from discovery.evaluation.bench import bench_dir
from discovery.evaluation.bench_queries import bench_queries
from discovery.evaluation.server_cpu import server_cpu_clock
from discovery.evaluation.stats import summarize
from discovery.runtime import open_runtime
from discovery.search import queries
from discovery.search.models import SearchRequest
from discovery.search.packed import unpack
from discovery.search.text_leg import bm25_leg
from discovery.settings import get_settings


async def main(rounds: int) -> dict[str, Any]:
    settings = get_settings()
    cfg = settings.model_copy(
        update={"discovery_data_dir": bench_dir(settings), "database_url": None}
    )
    qs = bench_queries(200)
    async with open_runtime(cfg) as rt:
        plan = SearchRequest.build(query="x").plan(cfg)
        filters, model = plan.filters.sql_args(), rt.embedder.model_id
        vectors = [rt.embedder.embed_query(q) for q in qs]
        async with rt.db.connection() as conn:
            cpu = await server_cpu_clock(conn)

            def dense(vector: Any, depth: int) -> Awaitable[list[tuple[str, float]]]:
                return queries.match_items_dense(
                    conn, vector, threshold=plan.tool_threshold, count=depth, filters=filters,
                    model_name=model, exact_max_rows=cfg.discovery_exact_scan_max_rows,
                    ef_search=cfg.discovery_hnsw_ef_search,
                )  # fmt: skip

            times: dict[str, list[float]] = {}
            agree = 0

            async def timed(name: str, call: Callable[[], Awaitable[Any]]) -> Any:
                before = cpu()
                out = await call()
                times.setdefault(name, []).append(cpu() - before)
                return out

            for r in range(rounds + 1):  # round 0 warms the plans and the buffers
                for q, v in zip(qs, vectors, strict=True):
                    await timed("direct_match_items_10", lambda v=v: queries.match_items(
                        conn, v, threshold=plan.tool_threshold, count=plan.limit, filters=filters,
                        model_name=model, exact_max_rows=cfg.discovery_exact_scan_max_rows,
                        ef_search=cfg.discovery_hnsw_ef_search,
                    ))  # fmt: skip
                    text = await timed("hybrid_bm25_100", lambda q=q: queries.match_items_bm25(
                        conn, q, count=plan.fusion.depth, filters=filters,
                        candidate_budget=cfg.discovery_text_candidate_budget,
                        request_words=plan.fusion.request_words,
                    ))  # fmt: skip
                    dense_hits = await timed("hybrid_dense_100", lambda v=v: dense(v, 100))
                    await timed("dense_10_for_comparison", lambda v=v: dense(v, 10))
                    await timed("hybrid_fuse", lambda v=v, d=dense_hits, t=text, q=q: (
                        queries.match_items_fuse_legs(
                            conn, v, d, t, count=plan.limit, model_name=model, fusion=plan.fusion,
                            text=q, filter_kinds=filters["filter_kinds"],
                        )
                    ))  # fmt: skip
                    # The per-request choice (is the request covered?) as a statement of its
                    # own, and the fusion given that choice fixed: what moving it out of the
                    # fusion's statement takes off it (benchmarks.md).
                    choice = await timed("coverage_alone", lambda q=q, t=text: conn.execute(
                        "select " + plan.fusion.covered_sql("%(top)s"),
                        plan.fusion.sql_args() | {"text": q, "top": t[0][0] if t else None,
                                                  "filter_kinds": filters["filter_kinds"]},
                    ))  # fmt: skip
                    covered = bool((await choice.fetchone() or [True])[0])
                    fixed = plan.fusion.with_coverage(covered)
                    # The leg and the weight in one statement, as the service runs them now.
                    leg, plan_given = await timed("hybrid_bm25_100_with_weight", lambda q=q: (
                        bm25_leg(
                            conn, q, count=plan.fusion.depth, filters=filters,
                            candidate_budget=cfg.discovery_text_candidate_budget,
                            fusion=plan.fusion,
                        )
                    ))  # fmt: skip
                    agree += await unpack(conn, leg) == text and plan_given == fixed
                    given = "hybrid_fuse_weight_given"
                    await timed(given, lambda v=v, d=dense_hits, t=text, q=q, f=fixed: (
                        queries.match_items_fuse_legs(
                            conn, v, d, t, count=plan.limit, model_name=model, fusion=f,
                            text=q, filter_kinds=filters["filter_kinds"],
                        )
                    ))  # fmt: skip
                    if not r:
                        times.clear()
    figures: dict[str, Any] = {name: summarize(ts) for name, ts in times.items()}
    extra = [
        b + f + d - m
        for b, f, d, m in zip(
            times["hybrid_bm25_100"], times["hybrid_fuse"], times["hybrid_dense_100"],
            times["direct_match_items_10"], strict=True,
        )
    ]  # fmt: skip
    figures["hybrid_minus_direct"] = summarize(extra)
    figures["same_leg_and_weight_in_one_statement"] = f"{agree}/{len(qs) * (rounds + 1)}"
    return figures


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=2, help="Measured passes over the queries.")
    args = parser.parse_args()
    print(json.dumps(asyncio.run(main(args.rounds)), indent=2))
