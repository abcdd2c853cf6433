"""What the dense weight per request costs the fusion (docs/archive-search.md, "A dense weight
per request"): CMOA's tune requests, each leg run once, then the fusion statement
(`match_items_fuse_legs`) with the fixed weight and with the weight `hybrid_dense_weight`
computes in the same statement, alternated, five rounds, on the catalog `discovery eval
archives --set cmoa-withheld` left.

    uv run python scripts/bench_coverage_weight.py
"""

from __future__ import annotations

import asyncio
import dataclasses
import time

from discovery.db import ItemKind
from discovery.evaluation.archive_sets import DEV_SETS
from discovery.evaluation.archives_eval import eval_settings
from discovery.evaluation.stats import summary_line
from discovery.runtime import open_runtime
from discovery.search import queries
from discovery.search.fusion import FusionPlan
from discovery.search.models import SearchFilters
from discovery.settings import get_settings

ROUNDS = 5


async def main() -> None:
    tune = [q.text for q in DEV_SETS["cmoa-withheld"]().queries if q.split == "tune"]
    filters = SearchFilters(kinds=(ItemKind.ARCHIVE,)).sql_args()
    settings = eval_settings(get_settings(), "cmoa-withheld", reuse=True)
    per_request = FusionPlan.for_archives(settings)
    assert per_request.partial_fusion is not None
    plans = {"fixed": dataclasses.replace(per_request, partial_fusion=None),
             "per request": per_request}  # fmt: skip
    times: dict[str, list[float]] = {name: [] for name in plans}
    async with open_runtime(settings) as rt, rt.db.connection() as conn:
        legs = []
        for text in tune:
            vector = rt.embedder.embed_query(text)
            dense = await queries.match_items_dense(
                conn, vector, threshold=0.3, count=100, filters=filters,
                model_name=rt.embedder.model_id, exact_max_rows=2000, ef_search=100,
            )  # fmt: skip
            bm25 = await queries.match_items_bm25(
                conn, text, count=100, filters=filters, candidate_budget=5000, request_words=True
            )
            legs.append((text, vector, dense, bm25))
        for round_ in range(ROUNDS):
            order = list(plans) if round_ % 2 == 0 else list(reversed(plans))
            for text, vector, dense, bm25 in legs:
                for name in order:
                    t = time.perf_counter()
                    await queries.match_items_fuse_legs(
                        conn, vector, dense, bm25, count=10, model_name=rt.embedder.model_id,
                        fusion=plans[name], text=text, filter_kinds=filters["filter_kinds"],
                    )  # fmt: skip
                    times[name].append((time.perf_counter() - t) * 1000)
        alone: list[float] = []  # the weight's own statement, for what it adds inside the fusion
        for _ in range(ROUNDS):
            for text, _, _, bm25 in legs:
                t = time.perf_counter()
                await conn.execute(
                    "select hybrid_dense_weight(bm25_request_text(%s, array['archive']), %s,"
                    " array['archive'], 0.25, 0.6, 0.5)",
                    (text, bm25[0][0] if bm25 else None),
                )
                alone.append((time.perf_counter() - t) * 1000)
        row = await (await conn.execute("select count(*) from items")).fetchone()
    print(f"CMOA, {row[0] if row else 0} records, {len(tune)} tune requests x {ROUNDS} rounds")
    for name, ms in times.items():
        print(f"fusion statement, {name:12} weight: {summary_line(ms)}")
    print(f"the weight alone, its own round trip:    {summary_line(alone)}")


if __name__ == "__main__":
    asyncio.run(main())
