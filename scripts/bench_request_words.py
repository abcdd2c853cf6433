"""What leaving the request words out costs the BM25 leg (docs/archive-search.md, "Request
words"): CMOA's tune requests through `match_items_bm25` with and without `bm25_request_text`,
alternated, five rounds, on the catalog `discovery eval archives --set cmoa-withheld` left.

    uv run python scripts/bench_request_words.py
"""

from __future__ import annotations

import asyncio
import time

from discovery.db import ItemKind
from discovery.evaluation.archive_sets import DEV_SETS
from discovery.evaluation.archives_eval import eval_settings
from discovery.evaluation.stats import summary_line
from discovery.runtime import open_runtime
from discovery.search import queries
from discovery.search.models import SearchFilters
from discovery.settings import get_settings

ROUNDS = 5


async def main() -> None:
    tune = [q.text for q in DEV_SETS["cmoa-withheld"]().queries if q.split == "tune"]
    filters = SearchFilters(kinds=(ItemKind.ARCHIVE,)).sql_args()
    times: dict[bool, list[float]] = {False: [], True: []}
    settings = eval_settings(get_settings(), "cmoa-withheld", reuse=True)
    async with open_runtime(settings) as rt, rt.db.connection() as conn:
        for round_ in range(ROUNDS):
            for text in tune:
                for flag in (False, True) if round_ % 2 == 0 else (True, False):
                    t = time.perf_counter()
                    await queries.match_items_bm25(
                        conn, text, count=100, filters=filters, candidate_budget=5000,
                        request_words=flag,
                    )  # fmt: skip
                    times[flag].append((time.perf_counter() - t) * 1000)
        row = await (await conn.execute("select count(*) from items")).fetchone()
    print(f"CMOA, {row[0] if row else 0} records, {len(tune)} tune requests x {ROUNDS} rounds")
    print(f"BM25 leg, the raw request:           {summary_line(times[False])}")
    print(f"BM25 leg, without the request words: {summary_line(times[True])}")


if __name__ == "__main__":
    asyncio.run(main())
