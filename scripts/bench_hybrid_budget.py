"""The BM25 leg's candidate budget at 87k records: what it costs the server and what it changes
(issue 21; docs/benchmarks.md, "The candidate budget at 87k").

On the catalog of the last `make bench` (`<data dir>-bench`), for each of the bench's 200
queries, the BM25 leg (`match_items_bm25` of the request without its request words, depth 100)
at every budget given, one after the other on one connection (the order rotated per query), in
the **server's CPU time** (`/proc/<pid>/schedstat`), and how many queries' BM25 top 100, and
hybrid top 10 (the fusion with the product's dense leg, `match_items_fuse_legs`), differ from
the first budget's. The bench catalog has no judgments of its own; as demo-captions does, a
query is judged by the titles that contain it (most bench queries are word spans cut from
captions; a query no title contains is left out), split tune/report by sha256("split:" + query)
parity (even: tune), and hybrid's nDCG@10 is printed for the tune half (`--split report` once,
after the choice).

    uv run python scripts/bench_hybrid_budget.py [--rounds 2] [--budget 5000 --budget 2500 ...]
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import statistics
from typing import Any

from discovery.evaluation.archives_eval import ndcg
from discovery.evaluation.bench import bench_dir
from discovery.evaluation.bench_queries import bench_queries
from discovery.evaluation.server_cpu import server_cpu_clock
from discovery.evaluation.stats import summarize
from discovery.runtime import open_runtime
from discovery.search import queries
from discovery.search.models import SearchRequest
from discovery.settings import get_settings


def in_split(query: str, split: str) -> bool:
    even = int(hashlib.sha256(("split:" + query).encode()).hexdigest(), 16) % 2 == 0
    return even == (split == "tune")


async def main(rounds: int, budgets: list[int], split: str) -> dict[str, Any]:
    settings = get_settings()
    cfg = settings.model_copy(
        update={"discovery_data_dir": bench_dir(settings), "database_url": None}
    )
    qs = bench_queries(200)
    times: dict[str, list[float]] = {}
    text_differs = dict.fromkeys(budgets, 0)
    fused_differs = dict.fromkeys(budgets, 0)
    gains: dict[int, list[float]] = {b: [] for b in budgets}
    async with open_runtime(cfg) as rt:
        plan = SearchRequest.build(query="x", item_type="archive").plan(cfg)
        filters, model = plan.filters.sql_args(), rt.embedder.model_id
        vectors = [rt.embedder.embed_query(q) for q in qs]
        async with rt.db.connection() as conn:
            relevant = {}
            for q in qs:
                rows = await (await conn.execute(
                    "select id from items where kind = 'archive' and is_active"
                    " and strpos(lower(title), lower(%s)) > 0", (q,))).fetchall()  # fmt: skip
                relevant[q] = frozenset(str(r[0]) for r in rows)
            cpu = await server_cpu_clock(conn)

            for r in range(rounds + 1):  # round 0 warms the plans and the buffers
                for i, (q, v) in enumerate(zip(qs, vectors, strict=True)):
                    texts: dict[int, list[tuple[str, float]]] = {}
                    for budget in budgets[i % len(budgets) :] + budgets[: i % len(budgets)]:
                        before = cpu()
                        texts[budget] = await queries.match_items_bm25(
                            conn, q, count=plan.fusion.depth, filters=filters,
                            candidate_budget=budget, request_words=plan.fusion.request_words,
                        )  # fmt: skip
                        if r:
                            times.setdefault(f"bm25_budget_{budget}", []).append(cpu() - before)
                    if r != 1:
                        continue
                    dense = await queries.match_items_dense(
                        conn, v, threshold=plan.tool_threshold, count=plan.fusion.depth,
                        filters=filters, model_name=model,
                        exact_max_rows=cfg.discovery_exact_scan_max_rows,
                        ef_search=cfg.discovery_hnsw_ef_search,
                    )  # fmt: skip
                    fused = {}
                    for budget, text in texts.items():
                        hits = await queries.match_items_fuse_legs(
                            conn, v, dense, text, count=plan.limit, model_name=model,
                            fusion=plan.fusion, text=q, filter_kinds=filters["filter_kinds"],
                        )  # fmt: skip
                        fused[budget] = [h.id for h, _ in hits]
                    for budget in budgets:
                        text_differs[budget] += texts[budget] != texts[budgets[0]]
                        fused_differs[budget] += fused[budget] != fused[budgets[0]]
                        if relevant[q] and in_split(q, split):
                            gains[budget].append(ndcg(fused[budget], relevant[q]))
    out: dict[str, Any] = {name: summarize(ts) for name, ts in times.items()}
    out["queries_whose_bm25_top100_differs_from_the_first_budget"] = text_differs
    out["queries_whose_hybrid_top10_differs_from_the_first_budget"] = fused_differs
    out[f"hybrid_ndcg10_{split}_({len(gains[budgets[0]])}_queries)"] = {
        b: round(statistics.fmean(g), 4) for b, g in gains.items() if g
    }
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=2, help="Measured passes over the queries.")
    parser.add_argument("--budget", type=int, action="append", default=[])
    parser.add_argument("--split", default="tune", choices=("tune", "report"))
    args = parser.parse_args()
    budgets = args.budget or [5000, 3000, 2500, 2000, 1500]
    print(json.dumps(asyncio.run(main(args.rounds, budgets, args.split)), indent=2))
