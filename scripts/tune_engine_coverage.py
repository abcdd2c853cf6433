"""The agent's coverage re-ordering, measured in the engine (issue 21), on TUNE splits only.

Hybrid's first POOL records (the shipped default) re-ordered by
1 / (rank + OFF) + W x `bm25_query_coverage(request, record)` (the BM25 leg's own words: request
words left out, words the catalog does not know left out), on each archive dev set's catalog
that `discovery eval archives` left behind:

    uv run python scripts/tune_engine_coverage.py tune [SET ...]

Prints nDCG@10 per set for W in 0.02..0.2, POOL 10..30, OFF 10 and 60 (the first row is hybrid
itself). The report splits are never read by default; `report` reads them.
"""

from __future__ import annotations

import asyncio
import itertools
import statistics
import sys

from discovery.db import ItemKind
from discovery.evaluation.archive_sets import DEV_SETS
from discovery.evaluation.archives_eval import eval_settings, ndcg
from discovery.runtime import open_runtime
from discovery.search.models import SearchRequest
from discovery.settings import get_settings

SETS = ("npg", "cmoa-withheld", "cmoa-places", "demo-agent", "demo-captions")
_COVERAGE = (
    "select i, bm25_query_coverage(%s, i, array['archive'], true, 0) from unnest(%s::text[]) i"
)


async def collect(name: str, split: str) -> list[dict]:
    dev = DEV_SETS[name]()
    rows = []
    async with open_runtime(eval_settings(get_settings(), name, reuse=True)) as rt:
        for q in (q for q in dev.queries if q.split == split):
            request = SearchRequest.build(query=q.text, limit=30, item_type=ItemKind.ARCHIVE)
            ids = [h.id for h in (await rt.search.search(request)).items]
            async with rt.db.connection() as conn:
                held = dict(await (await conn.execute(_COVERAGE, (q.text, ids))).fetchall())
            rows.append({"ids": ids, "cov": [held[i] or 0.0 for i in ids], "rel": q.relevant})
    return rows


def reordered(row: dict, weight: float, pool: int, offset: int) -> list[str]:
    top = row["ids"][:pool]
    scored = [(1 / (k + offset) + weight * row["cov"][k], -k, i) for k, i in enumerate(top)]
    return [i for *_, i in sorted(scored, reverse=True)] + row["ids"][pool:]


async def main(split: str, sets: list[str]) -> None:
    data = {s: await collect(s, split) for s in sets}
    grid = [(0.0, 30, 10), *itertools.product((0.02, 0.05, 0.1, 0.2), (10, 20, 30), (10, 60))]
    print(f"{split} split, nDCG@10; w pool offset | " + " ".join(f"{s[:12]:>12}" for s in sets))
    for w, pool, off in grid:
        cells = [
            statistics.fmean(ndcg(reordered(r, w, pool, off), r["rel"]) for r in data[s])
            for s in sets
        ]
        print(f"{w:4} {pool:3} {off:3} | " + " ".join(f"{c:12.4f}" for c in cells))


if __name__ == "__main__":
    split = sys.argv[1] if len(sys.argv) > 1 else "tune"
    asyncio.run(main(split, sys.argv[2:] or list(SETS)))
