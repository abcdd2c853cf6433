"""The legs' rankings handed to the fusion as Python lists (A, before) or as the text
PostgreSQL wrote (B, `search/packed.py`), in one process on one catalog, alternating A and B
query by query so both see the same machine load (issues 15 and 21). Each side runs an archive
hybrid search's statements as the service runs them side by side, here one after the other on
one connection: the BM25 leg (`match_items_bm25` of the request, depth 100), the dense leg
(`match_items_dense`, depth 100) and the fusion (`match_items_fuse_legs`, the top 10); first it
checks that both give the same hits. Prints p50 / p95 of the three statements' wall time and
of this process's own CPU (where the lists are built and dumped), A against B.

    DISCOVERY_DATA_DIR=.discovery-bench uv run python scripts/bench_packed_rankings.py [--n 200]

(`discovery bench`'s catalog, 87k records, once `uv run discovery bench` has built it; any
catalog with archive records works; an empty one gets the demo archive.)
"""

from __future__ import annotations

import argparse
import asyncio
import time
from typing import Any

from discovery.evaluation.bench_queries import bench_queries
from discovery.evaluation.stats import summary_line
from discovery.runtime import Runtime, load_demo_if_empty, open_runtime
from discovery.search import queries
from discovery.search.leg_calls import DENSE_CALL, bm25_args, bm25_call, dense_args
from discovery.search.models import SearchRequest
from discovery.search.packed import fetch_packed
from discovery.settings import Settings


async def _search(rt: Runtime, conn: Any, query: str, vector: Any, packed: bool) -> list[str]:
    plan = SearchRequest.build(query=query, strategy="hybrid").plan(rt.settings)
    filters, cfg, depth = plan.filters.sql_args(), rt.settings, 100
    fusion = plan.fusion
    dense_kw: dict[str, Any] = {
        "threshold": plan.tool_threshold, "count": depth, "filters": filters,
        "model_name": rt.embedder.model_id, "exact_max_rows": cfg.discovery_exact_scan_max_rows,
        "ef_search": cfg.discovery_hnsw_ef_search,
    }  # fmt: skip
    text_kw: dict[str, Any] = {"count": depth, "filters": filters,
                               "candidate_budget": cfg.discovery_text_candidate_budget,
                               "place_weight": fusion.place_weight,
                               "place_adjective_weight": fusion.place_adjective_weight,
                               "phrase_weight": fusion.phrase_weight}  # fmt: skip
    if packed:
        text = await fetch_packed(conn, bm25_call(fusion.request_words, fusion.phrase_weight > 0),
                                  bm25_args(plan.query, **text_kw))  # fmt: skip
        dense: Any = await fetch_packed(conn, DENSE_CALL, dense_args(vector, **dense_kw))
    else:
        text = await queries.match_items_bm25(conn, plan.query, request_words=fusion.request_words,
                                              **text_kw)  # type: ignore[assignment]  # fmt: skip
        dense = await queries.match_items_dense(conn, vector, **dense_kw)
    hits = await queries.match_items_fuse_legs(
        conn, vector, dense, text, count=plan.limit, model_name=rt.embedder.model_id,
        fusion=fusion, text=plan.query, filter_kinds=filters["filter_kinds"],
    )  # fmt: skip
    return [h.id for h, _ in hits]


async def main(n: int) -> None:
    async with open_runtime(Settings()) as rt:
        await load_demo_if_empty(rt)
        texts = bench_queries(n + 20)
        vectors = [rt.embedder.embed_query(t) for t in texts]
        wall: dict[bool, list[float]] = {False: [], True: []}
        cpu: dict[bool, list[float]] = {False: [], True: []}
        differ = 0
        async with rt.db.connection() as conn:
            for i, (t, v) in enumerate(zip(texts, vectors, strict=True)):
                answers = []
                for packed in (False, True) if i % 2 else (True, False):
                    c0, w0 = time.thread_time(), time.perf_counter()
                    answers.append(await _search(rt, conn, t, v, packed))
                    if i >= 20:  # the first 20 warm the plans and the buffers
                        wall[packed].append((time.perf_counter() - w0) * 1000)
                        cpu[packed].append((time.thread_time() - c0) * 1000)
                differ += answers[0] != answers[1]
    print(f"queries: {n} (after 20 warm-up), answers that differ: {differ} of {len(texts)}")
    for packed, name in ((False, "A lists "), (True, "B packed")):
        print(f"{name}  wall {summary_line(wall[packed])}   client CPU {summary_line(cpu[packed])}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=200, help="queries measured per side")
    asyncio.run(main(parser.parse_args().n))
