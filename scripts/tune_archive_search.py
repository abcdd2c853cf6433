"""Choose archive hybrid search's settings on a dev set's TUNE split only (docs/archive-search.md).

Reads the catalog `discovery eval archives --set NAME` left in `<data dir>-archives-eval/NAME`.
For each BM25 field-weight configuration (written to `bm25_fields`, then `bm25_refresh(force)`),
it fetches every tune request's dense ranking (`match_items`, the product's threshold) and BM25
ranking (`match_items_bm25`) once, 100 deep, and fuses them offline over a grid of RRF constants,
BM25 weights and depths. Prints nDCG@10 per configuration, best first; the report split is never
read. Usage:

    uv run python scripts/tune_archive_search.py npg [--fields 'title=2,creator=1,...' ...]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import statistics
from pathlib import Path

from discovery.db import ItemKind
from discovery.evaluation.archive_sets import DEV_SETS
from discovery.evaluation.archives_eval import eval_settings, ndcg
from discovery.runtime import open_runtime
from discovery.search import queries
from discovery.search.models import SearchFilters
from discovery.settings import get_settings

GRID_K = (5, 10, 20, 40, 60, 100)
GRID_W = (0.3, 0.5, 0.7, 1.0, 1.5, 2.0, 3.0)
GRID_DEPTH = (20, 40, 100)


def fuse(dense: list[str], text: list[str], k: float, w: float, depth: int) -> list[str]:
    scores: dict[str, float] = {}
    for r, i in enumerate(dense[:depth], 1):
        scores[i] = scores.get(i, 0) + 1 / (k + r)
    for r, i in enumerate(text[:depth], 1):
        scores[i] = scores.get(i, 0) + w / (k + r)
    return sorted(scores, key=lambda i: -scores[i])[:10]


async def main(
    name: str,
    field_configs: list[str],
    budget: int,
    k1: float | None,
    dump: str | None,
    threshold: float = 0.3,
) -> None:
    dev = DEV_SETS[name]()
    tune = [q for q in dev.queries if q.split == "tune"]
    settings = eval_settings(get_settings(), name, reuse=True)
    filters = SearchFilters(kinds=(ItemKind.ARCHIVE,)).sql_args()
    async with open_runtime(settings) as rt:
        dense: dict[str, list[str]] = {}
        async with rt.db.connection() as conn:
            for q in tune:
                hits = await queries.match_items(
                    conn, rt.embedder.embed_query(q.text), threshold=threshold, count=100,
                    filters=filters, model_name=rt.embedder.model_id,
                    exact_max_rows=2000, ef_search=100,
                )  # fmt: skip
                dense[q.id] = [h.id for h in hits]
        base = statistics.fmean(ndcg(dense[q.id], q.relevant) for q in tune)
        print(f"{name} tune ({len(tune)} requests): dense alone nDCG@10 {base:.4f}")
        legacy = []
        async with rt.db.connection() as conn:
            for q in tune:  # the old text leg: ts_rank_cd, all words, then any word
                vector = rt.embedder.embed_query(q.text)
                ids: list[str] = []
                for fn in ("match_items_text", "match_items_text_any"):
                    rows = await (await conn.execute(
                        f"select id from {fn}(%s, %s, 100, filter_kinds => array['archive'])",
                        (q.text, vector))).fetchall()  # fmt: skip
                    ids += [r[0] for r in rows if r[0] not in ids]
                legacy.append(ndcg(ids, q.relevant))
        print(f"  ts_rank_cd text leg alone: {statistics.fmean(legacy):.4f}")
        for config in field_configs or [""]:
            async with rt.db.connection() as conn:
                for part in filter(None, config.split(",")):
                    field, _, value = part.partition("=")
                    weight, _, rest = value.partition("/")
                    b, _, stream = rest.partition("/")
                    await conn.execute(
                        "update bm25_fields set weight = %s, b = coalesce(%s, b),"
                        " stream = coalesce(%s, stream) where field = %s",
                        (float(weight), float(b) if b else None, int(stream) if stream else None,
                         field),
                    )  # fmt: skip
                if k1:
                    await conn.execute(
                        "create or replace function _bm25_k1() returns float8 language sql"
                        f" immutable as $$ select {float(k1)}::float8 $$"
                    )
                await conn.execute("select bm25_refresh(0, true)")
                text = {
                    q.id: [i for i, _ in await queries.match_items_bm25(
                        conn, q.text, count=100, filters=filters, candidate_budget=budget)]
                    for q in tune
                }  # fmt: skip
            alone = statistics.fmean(ndcg(text[q.id], q.relevant) for q in tune)
            grid = []
            for k, w, depth in itertools.product(GRID_K, GRID_W, GRID_DEPTH):
                score = statistics.fmean(
                    ndcg(fuse(dense[q.id], text[q.id], k, w, depth), q.relevant) for q in tune
                )
                grid.append((score, k, w, depth))
            grid.sort(reverse=True)
            if dump:
                Path(dump).write_text(json.dumps({"dense": base, "bm25": alone, "grid": grid}))
            print(f"fields [{config or 'as stored'}]: BM25 alone {alone:.4f}; best fusions:")
            for score, k, w, depth in grid[:5]:
                print(f"  {score:.4f}  k {k}, text weight {w}, depth {depth}")
            at = {(k, w, d): s for s, k, w, d in grid}
            print(f"  k 60, weight 1, depth 100 (textbook RRF): {at[(60, 1.0, 100)]:.4f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("name", choices=sorted(DEV_SETS))
    parser.add_argument(
        "--fields", action="append", default=[], help="field=weight[/b[/stream]],... (cumulative)"
    )
    parser.add_argument("--budget", type=int, default=5000)
    parser.add_argument("--k1", type=float, default=None, help="BM25 k1 (default: as stored)")
    parser.add_argument("--dump", help="write the last configuration's grid here (JSON)")
    parser.add_argument("--threshold", type=float, default=0.3, help="the dense leg's floor")
    args = parser.parse_args()
    asyncio.run(main(args.name, args.fields, args.budget, args.k1, args.dump, args.threshold))
