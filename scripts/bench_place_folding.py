"""What the place folding costs the BM25 leg (docs/archive-search.md, "Places and their
adjectives"): a set's tune requests through `match_items_bm25` as hybrid search runs it
(request words left out, the service's candidate budget) with `place_weight` 0 and the given
weight, alternated request by request (the order flipped every round), on the catalog
`discovery eval archives` left for the set; and the work: the terms each request scores and
how many forms the folding adds (for requests that name a country: the default weights, 1 for
those and 0 for a request saying only an adjective).

    uv run python scripts/bench_place_folding.py [--set cmoa-places] [--weight 0.5] [--rounds 5]
"""

from __future__ import annotations

import argparse
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

TERMS = """
select (select count(*) from bm25_terms t
        where t.term = any(tsvector_to_array(to_tsvector('english', %(q)s)))),
       (select count(distinct g.place) from bm25_place_groups(%(q)s, '{archive}') g
        where g.name_asked),
       (select count(*) from bm25_place_groups(%(q)s, '{archive}') g
        where g.name_asked and not g.in_query)
"""


async def main(name: str, weight: float, rounds: int) -> None:
    tune = [q.text for q in DEV_SETS[name]().queries if q.split == "tune"]
    filters = SearchFilters(kinds=(ItemKind.ARCHIVE,)).sql_args()
    settings = eval_settings(get_settings(), name, reuse=True)
    budget = settings.discovery_text_candidate_budget
    times: dict[float, list[float]] = {0.0: [], weight: []}
    async with open_runtime(settings) as rt, rt.db.connection() as conn:
        work = [0, 0, 0]
        for text in tune:
            row = await (
                await conn.execute("select bm25_request_text(%s, '{archive}')", (text,))
            ).fetchone()
            stripped = str(row[0]) if row else text
            counts = await (await conn.execute(TERMS, {"q": stripped})).fetchone()
            assert counts is not None
            work = [w + int(c) for w, c in zip(work, counts, strict=True)]
        for round_ in range(rounds):
            for text in tune:
                order = (0.0, weight) if round_ % 2 == 0 else (weight, 0.0)
                for w in order:
                    t = time.perf_counter()
                    await queries.match_items_bm25(
                        conn, text, count=100, filters=filters, candidate_budget=budget,
                        request_words=True, place_weight=w,
                    )  # fmt: skip
                    times[w].append((time.perf_counter() - t) * 1000)
        row = await (await conn.execute("select count(*) from items")).fetchone()
    print(f"{name}, {row[0] if row else 0} records, {len(tune)} tune requests x {rounds} rounds,"
          f" candidate budget {budget}")  # fmt: skip
    print(
        f"work: {work[0]} known query terms over the requests; {work[1]} requests name a"
        f" country; the folding adds {work[2]} forms to score (one statement either way)"
    )
    print(f"BM25 leg, place_weight 0:      {summary_line(times[0.0])}")
    print(f"BM25 leg, place_weight {weight:<6} {summary_line(times[weight])}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--set", default="cmoa-places", choices=sorted(DEV_SETS))
    parser.add_argument("--weight", type=float, default=0.5)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    asyncio.run(main(args.set, args.weight, args.rounds))
