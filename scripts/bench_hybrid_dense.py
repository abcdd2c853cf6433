"""What hybrid search's dense leg costs the server by its depth and HNSW `ef_search`, at 87k
records (issue 21; docs/benchmarks.md, "The dense leg's depth and ef_search").

On the catalog of the last `make bench` (`<data dir>-bench`), for each of the bench's 200
queries (embedded once, beforehand), `match_items_dense` (the archive filter, the product's
threshold) at every (depth, ef_search) pair given, one after the other on one connection, and
direct search's `match_items` (depth 10, the product's ef_search) for reference, in the
**server's CPU time** (the backend's run time from `/proc/<pid>/schedstat`), which a loaded
machine inflates far less than wall time. Also counts how many of each variant's ids differ
from the first variant's (the exact answer at depth 100 when it is listed first).

    uv run python scripts/bench_hybrid_dense.py [--rounds 2] [--pair 100:100 --pair 30:40 ...]
"""

from __future__ import annotations

import argparse
import asyncio
import json
from typing import Any

from discovery.evaluation.bench import bench_dir
from discovery.evaluation.bench_queries import bench_queries
from discovery.evaluation.server_cpu import server_cpu_clock
from discovery.evaluation.stats import summarize
from discovery.runtime import open_runtime
from discovery.search import queries
from discovery.search.models import SearchRequest
from discovery.settings import get_settings


async def main(rounds: int, pairs: list[tuple[int, int]]) -> dict[str, Any]:
    settings = get_settings()
    cfg = settings.model_copy(
        update={"discovery_data_dir": bench_dir(settings), "database_url": None}
    )
    qs = bench_queries(200)
    times: dict[str, list[float]] = {}
    differ: dict[str, int] = {}
    async with open_runtime(cfg) as rt:
        plan = SearchRequest.build(query="x").plan(cfg)
        filters, model = plan.filters.sql_args(), rt.embedder.model_id
        vectors = [rt.embedder.embed_query(q) for q in qs]
        async with rt.db.connection() as conn:
            cpu = await server_cpu_clock(conn)

            for r in range(rounds + 1):  # round 0 warms the plans and the buffers
                for i, v in enumerate(vectors):
                    order = pairs[i % len(pairs) :] + pairs[: i % len(pairs)]
                    answers: dict[str, list[str]] = {}
                    for depth, ef in order:
                        name = f"dense_depth{depth}_ef{ef}"
                        before = cpu()
                        hits = await queries.match_items_dense(
                            conn, v, threshold=plan.tool_threshold, count=depth, filters=filters,
                            model_name=model, exact_max_rows=cfg.discovery_exact_scan_max_rows,
                            ef_search=ef,
                        )  # fmt: skip
                        if r:
                            times.setdefault(name, []).append(cpu() - before)
                        answers[name] = [h for h, _ in hits]
                    before = cpu()
                    await queries.match_items(
                        conn, v, threshold=plan.tool_threshold, count=plan.limit,
                        filters=filters, model_name=model,
                        exact_max_rows=cfg.discovery_exact_scan_max_rows,
                        ef_search=cfg.discovery_hnsw_ef_search,
                    )  # fmt: skip
                    if r:
                        times.setdefault("direct_match_items_10", []).append(cpu() - before)
                        first = answers[f"dense_depth{pairs[0][0]}_ef{pairs[0][1]}"]
                        for name, ids in answers.items():
                            differ[name] = differ.get(name, 0) + (ids != first[: len(ids)])
    out: dict[str, Any] = {name: summarize(ts) for name, ts in times.items()}
    out["queries_whose_ids_differ_from_the_first_pair"] = differ
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=2, help="Measured passes over the queries.")
    parser.add_argument(
        "--pair", action="append", default=[], help="depth:ef_search (default: a grid)"
    )
    args = parser.parse_args()
    grid = [tuple(int(x) for x in p.split(":")) for p in args.pair] or [
        (100, 100), (50, 100), (30, 100), (50, 50), (30, 40), (20, 40), (20, 20),
    ]  # fmt: skip
    print(json.dumps(asyncio.run(main(args.rounds, grid)), indent=2))  # type: ignore[arg-type]
