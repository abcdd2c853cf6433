"""Hybrid archive search's nDCG@10 on the TUNE splits by how its legs are run (issue 21;
docs/benchmarks.md, "The dense leg's depth and ef_search"): the dense leg's depth and HNSW
ef_search, and the BM25 leg's candidate budget.

Reads the catalogs `discovery eval archives` left in `<data dir>-archives-eval/NAME` (run it once
without `--reuse` first). A variant sets the dense leg's depth and ef_search (`HybridSearch`'s
hooks, overridden here; the product reads the fusion's depth and DISCOVERY_HNSW_EF_SEARCH) and
the budget (DISCOVERY_TEXT_CANDIDATE_BUDGET); every tune request is searched by
the hybrid strategy through `SearchService` (as `discovery eval archives` searches it: limit 10,
archives only). The report split is never read unless `--split report` is given, which is for
once, after the choice is frozen.

    uv run python scripts/tune_hybrid_legs.py [--set npg ...] \
        [--variant dense_depth=50,ef=50,budget=5000 ...] [--split tune]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
from typing import Any

from discovery.db import ItemKind
from discovery.evaluation.archive_sets import DEV_SETS
from discovery.evaluation.archives_eval import eval_settings, ndcg
from discovery.runtime import open_runtime
from discovery.search.hybrid import HybridSearch
from discovery.search.models import SearchPlan, SearchRequest, Strategy
from discovery.settings import get_settings


class _Variant(HybridSearch):
    dense_depth: int | None = None
    ef: int | None = None

    def _dense_depth(self, req: SearchPlan) -> int:
        return max(req.limit, self.dense_depth) if self.dense_depth else self._depth(req)

    def _ef_search(self, req: SearchPlan) -> int:
        return self.ef or super()._ef_search(req)


DEFAULT_VARIANTS = [
    "dense_depth=100,ef=100",
    "dense_depth=50,ef=100",
    "dense_depth=30,ef=100",
    "dense_depth=20,ef=100",
    "dense_depth=50,ef=50",
    "dense_depth=40,ef=40",
    "dense_depth=30,ef=40",
    "dense_depth=20,ef=40",
    "dense_depth=30,ef=30",
    "dense_depth=20,ef=20",
]


def parse(variant: str) -> dict[str, int]:
    out = {}
    for part in filter(None, variant.split(",")):
        key, _, value = part.partition("=")
        if key not in ("dense_depth", "ef", "budget"):
            raise SystemExit(f"unknown key {key!r} in {variant!r}")
        out[key] = int(value)
    return out


async def measure(name: str, variants: list[str], split: str) -> dict[str, float]:
    dev = DEV_SETS[name]()
    qs = [q for q in dev.queries if q.split == split]
    base = eval_settings(get_settings(), name, reuse=True)
    out = {}
    for variant in variants:
        knobs = parse(variant)
        update: dict[str, Any] = {}
        if "budget" in knobs:
            update["discovery_text_candidate_budget"] = knobs["budget"]
        settings = base.model_copy(update=update)
        async with open_runtime(settings) as rt:
            hybrid = _Variant(rt.db, settings, rt.embedder.model_id)
            hybrid.dense_depth, hybrid.ef = knobs.get("dense_depth"), knobs.get("ef")
            rt.search.hybrid = hybrid
            scores = []
            for q in qs:
                request = SearchRequest.build(
                    query=q.text, strategy=Strategy.HYBRID, limit=10, item_type=ItemKind.ARCHIVE
                )
                response = await rt.search.search(request)
                scores.append(ndcg([h.id for h in response.items], q.relevant))
        out[variant] = statistics.fmean(scores)
        print(f"{name} {split} ({len(qs)} requests) [{variant}]: nDCG@10 {out[variant]:.4f}")
    return out


async def main(names: list[str], variants: list[str], split: str) -> None:
    for name in names:
        await measure(name, variants, split)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", action="append", default=[], choices=sorted(DEV_SETS))
    parser.add_argument("--variant", action="append", default=[])
    parser.add_argument("--split", default="tune", choices=("tune", "report"))
    args = parser.parse_args()
    asyncio.run(main(args.set or sorted(DEV_SETS), args.variant or DEFAULT_VARIANTS, args.split))
