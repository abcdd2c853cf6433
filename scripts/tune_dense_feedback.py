"""Pseudo-relevance feedback for the dense leg of hybrid search, measured (issue 21); TUNE
splits only unless told.

For each request, hybrid's first 10 records; their stored vectors averaged (the centroid, unit
length); hybrid again with the query vector q / |q| + BETA x centroid (unit length) as the dense
leg's vector, the BM25 leg unchanged. nDCG@10 per archive dev set that `discovery eval
archives` left behind, for BETA 0.25 / 0.5 / 1 and the first M = 3 / 5 / 10 records (the first
row is hybrid itself):

    uv run python scripts/tune_dense_feedback.py tune [SET ...]
    PRF_CHOSEN=1 uv run python scripts/tune_dense_feedback.py report   # the chosen setting only

The setting chosen on the tune splits was BETA 0.5, M 10 (the only one that lost on none).
Results and the decision: docs/archive-search.md, "Next".
"""

from __future__ import annotations

import asyncio
import itertools
import os
import statistics
import sys

import numpy as np

from discovery.db import ItemKind
from discovery.evaluation.archive_sets import DEV_SETS
from discovery.evaluation.archives_eval import eval_settings, ndcg
from discovery.runtime import open_runtime
from discovery.search.models import SearchRequest
from discovery.settings import get_settings

SETS = ("npg", "cmoa-withheld", "cmoa-places", "demo-agent", "demo-captions")
_VECS = (
    "select item_id, embedding::text from item_embeddings where model = %s and item_id = any(%s)"
)
GRID = [(0.0, 0)] + (
    [(0.5, 10)]
    if os.environ.get("PRF_CHOSEN")
    else list(itertools.product((0.25, 0.5, 1.0), (3, 5, 10)))
)


def vec(s: str) -> np.ndarray:
    return np.array([float(x) for x in s.strip("[]").split(",")], dtype=np.float32)


async def collect(name: str, split: str) -> dict:
    dev = DEV_SETS[name]()
    out = {g: [] for g in GRID}
    async with open_runtime(eval_settings(get_settings(), name, reuse=True)) as rt:
        for q in (q for q in dev.queries if q.split == split):
            req = SearchRequest.build(query=q.text, limit=10, item_type=ItemKind.ARCHIVE)
            qv = rt.embedder.embed_query(q.text)
            first = [h.id for h in (await rt.search.search(req, vector=qv)).items]
            out[(0.0, 0)].append(ndcg(first, q.relevant))
            async with rt.db.connection() as conn:
                rows = await (await conn.execute(_VECS, (rt.embedder.model_id, first))).fetchall()
            vecs = dict((i, vec(v)) for i, v in rows)
            for beta, m in GRID[1:]:
                top = [vecs[i] for i in first[:m] if i in vecs]
                if not top:
                    out[(beta, m)].append(out[(0.0, 0)][-1])
                    continue
                c = np.mean(top, axis=0)
                c /= np.linalg.norm(c) or 1
                q2 = qv / (np.linalg.norm(qv) or 1) + beta * c
                q2 = (q2 / np.linalg.norm(q2)).astype(np.float32)
                ids = [h.id for h in (await rt.search.search(req, vector=q2)).items]
                out[(beta, m)].append(ndcg(ids, q.relevant))
    return out


async def main(split: str, sets: list[str]) -> None:
    data = {s: await collect(s, split) for s in sets}
    print(f"{split} split, nDCG@10; beta m | " + " ".join(f"{s[:12]:>12}" for s in sets))
    for g in GRID:
        print(
            f"{g[0]:4} {g[1]:3} | "
            + " ".join(f"{statistics.fmean(data[s][g]):12.4f}" for s in sets)
        )


if __name__ == "__main__":
    split = sys.argv[1] if len(sys.argv) > 1 else "tune"
    asyncio.run(main(split, sys.argv[2:] or list(SETS)))
