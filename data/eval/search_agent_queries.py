"""Run every query of agent_queries.jsonl through the search service and score the top results.

For information: how many queries have at least 3 accepted records among the top 5 (acceptance as
in check_agent_queries.py / README.md), and the distribution of the top-1 similarity score. By
default the query text is sent as typed, with no filters (like
`discovery search "<query>" --strategy direct --limit 5 --threshold 0`); `--filters` also passes
the query's media_type and year range as search filters.

Usage (from the repository root, with the local database loaded with the demo):
    uv run python data/eval/search_agent_queries.py [--strategy direct] [--limit 5] [--filters]
        [--json results.json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import statistics
import sys
from collections import defaultdict
from pathlib import Path

from check_agent_queries import QUERIES, Acceptor, acceptance_text, load_catalog

from discovery.runtime import open_runtime
from discovery.search.models import Strategy
from discovery.settings import Settings


async def run(args: argparse.Namespace) -> list[dict]:
    queries = [json.loads(line) for line in QUERIES.read_text().splitlines() if line.strip()]
    catalog = {item.id: item for item in load_catalog()}
    rows = []
    settings = Settings()
    async with open_runtime(settings) as rt:
        for query in queries:
            filters = {}
            if args.filters:
                filters = {
                    "media_types": [query["media_type"]] if query.get("media_type") else None,
                    "date_from": query.get("year_from"),
                    "date_to": query.get("year_to"),
                }
            request = rt.search.request(
                query=query["query"],
                strategy=Strategy(args.strategy),
                limit=args.limit,
                tool_threshold=0.0,
                filters=filters,
            )
            response = await rt.search.search(request)
            accept = Acceptor(query)
            hits = []
            for hit in response.items:
                item = catalog.get(hit.id)
                ok = item is not None and accept(item, acceptance_text(item))
                hits.append({"id": hit.id, "title": hit.title, "score": hit.score, "accepted": ok})
            rows.append(
                {
                    "id": query["id"],
                    "style": query["style"],
                    "query": query["query"],
                    "n_accepted_catalog": query.get("n_accepted"),
                    "accepted_in_top": sum(h["accepted"] for h in hits),
                    "top1_score": hits[0]["score"] if hits else None,
                    "hits": hits,
                }
            )
    return rows


def report(rows: list[dict], limit: int) -> None:
    need = min(3, limit)
    good = [r for r in rows if r["accepted_in_top"] >= need]
    print(f"{len(good)}/{len(rows)} queries have >= {need} accepted in the top {limit}")
    by_style: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        by_style[r["style"]].append(r)
    for style, group in sorted(by_style.items()):
        ok = sum(r["accepted_in_top"] >= need for r in group)
        mean = statistics.mean(r["accepted_in_top"] for r in group)
        print(f"  {style:10s} {ok:3d}/{len(group):3d}  mean accepted in top {limit}: {mean:.2f}")
    scores = sorted(r["top1_score"] for r in rows if r["top1_score"] is not None)
    if scores:
        q = statistics.quantiles(scores, n=4)
        print(
            f"top-1 score: min {scores[0]:.3f}, p25 {q[0]:.3f},"
            f" median {statistics.median(scores):.3f}, p75 {q[2]:.3f}, max {scores[-1]:.3f}"
        )
        good_scores = [r["top1_score"] for r in rows if r["hits"] and r["hits"][0]["accepted"]]
        bad_scores = [r["top1_score"] for r in rows if r["hits"] and not r["hits"][0]["accepted"]]
        for label, values in (("top-1 accepted", good_scores), ("top-1 not accepted", bad_scores)):
            if values:
                print(
                    f"  {label}: n={len(values)}, min {min(values):.3f},"
                    f" median {statistics.median(values):.3f}, max {max(values):.3f}"
                )
    for r in rows:
        top1 = f"{r['top1_score']:.3f}" if r["top1_score"] is not None else "-"
        print(f"  {r['id']} {r['accepted_in_top']}/{limit} top1={top1} {r['query'][:70]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strategy", default="direct", choices=[s.value for s in Strategy])
    parser.add_argument("--limit", type=int, default=5)
    parser.add_argument("--filters", action="store_true", help="pass media_type and years")
    parser.add_argument("--json", type=Path, help="write the per-query results here")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    rows = asyncio.run(run(args))
    report(rows, args.limit)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
