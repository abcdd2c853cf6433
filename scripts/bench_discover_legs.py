"""discover's legs that read their candidates (B, the code as it is) against the two-step path
(A, `evaluation/discover_two_step.py`: the candidates, then their reads in one more round trip),
in one process on one bench catalog (`discovery bench-discover`'s: LiveMCPBench's tools, 1,000
capabilities, 300 traces), alternating A and B request by request so both see the same machine
load. First it checks that both give the same answers; then, per setting (without and with
related tools): database round trips and connection checkouts per request (counted), and
p50 / p95 of the server-side time (`meta.total_time_ms`) and of the part after the intent's
vector (total minus `meta.embedding_time_ms`, the part the legs change). Every request embeds
a distinct MetaTool question (the embedder's query cache never answers).

    uv run python scripts/bench_discover_legs.py --n 400
"""

from __future__ import annotations

import argparse
import asyncio
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import psycopg

import discovery.evaluation.discover_bench as bench
from discovery.evaluation import tool_sets
from discovery.evaluation.discover_two_step import TwoStepDiscover
from discovery.evaluation.stats import summarize
from discovery.runtime import Runtime, open_runtime
from discovery.search.discover import DiscoverService
from discovery.search.discover_models import DiscoverRequest, DiscoverResponse
from discovery.settings import Settings

COUNTS = {"round trips": 0, "connections": 0}


def _count(rt: Runtime) -> None:
    """Count cursor executions (a pipeline once) and pool checkouts."""
    execute, pipeline = psycopg.AsyncCursor.execute, psycopg.AsyncConnection.pipeline
    connection = rt.db.connection

    async def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        if getattr(self._conn, "_pipeline", None) is None:
            COUNTS["round trips"] += 1
        return await execute(self, *args, **kwargs)

    def counted_pipeline(self: Any, *args: Any, **kwargs: Any) -> Any:
        COUNTS["round trips"] += 1
        return pipeline(self, *args, **kwargs)

    @asynccontextmanager
    async def checkout() -> AsyncIterator[psycopg.AsyncConnection]:
        COUNTS["connections"] += 1
        async with connection() as conn:
            yield conn

    psycopg.AsyncCursor.execute = counted  # type: ignore[method-assign]
    psycopg.AsyncConnection.pipeline = counted_pipeline  # type: ignore[method-assign]
    rt.db.connection = checkout  # type: ignore[method-assign]


def _answer(response: DiscoverResponse) -> dict[str, Any]:
    body = response.model_dump(mode="json")
    body["meta"] = {k: v for k, v in body["meta"].items() if not k.endswith("_time_ms")}
    return body


async def run(catalog: Path, n: int) -> None:
    queries = bench.intents(100 + 80 + 4 * n)
    async with open_runtime(Settings(discovery_data_dir=catalog, database_url=None)) as rt:
        sides: dict[str, DiscoverService] = {
            "A two-step": TwoStepDiscover(rt.db, rt.embedder, rt.search, rt.settings),
            "B legs": rt.discover,
        }
        differ = 0
        for i in range(100):
            request = DiscoverRequest.build(intent=queries.pop(), include_related=i % 2 == 0)
            a, b = [_answer(await s.discover(request)) for s in sides.values()]
            differ += a != b
        print(f"answers that differ between A and B: {differ} of 100")
        for _ in range(40):  # warm up: plans, the pool
            for side in sides.values():
                await side.discover(DiscoverRequest.build(intent=queries.pop()))
        _count(rt)
        print(f"load average before: {os.getloadavg()[0]:.2f}")
        for related in (False, True):
            total: dict[str, list[float]] = {k: [] for k in sides}
            after: dict[str, list[float]] = {k: [] for k in sides}
            counts: dict[str, dict[str, int]] = {k: dict.fromkeys(COUNTS, 0) for k in sides}
            for i in range(n):
                order = list(sides.items()) if i % 2 == 0 else list(sides.items())[::-1]
                for name, side in order:
                    request = DiscoverRequest.build(intent=queries.pop(), include_related=related)
                    before = dict(COUNTS)
                    meta = (await side.discover(request)).meta
                    for key in COUNTS:
                        counts[name][key] += COUNTS[key] - before[key]
                    total[name].append(meta.total_time_ms)
                    after[name].append(meta.total_time_ms - meta.embedding_time_ms)
            print("with related tools" if related else "without related tools")
            for name in sides:
                t, a = summarize(total[name]), summarize(after[name])
                per = ", ".join(f"{k} {v / n:.2f}" for k, v in counts[name].items())
                print(
                    f"  {name:11} total p50 {t['p50']:6.2f} p95 {t['p95']:6.2f} ms; after the"
                    f" vector p50 {a['p50']:6.2f} p95 {a['p95']:6.2f} ms; {per}"
                )
        print(f"load average after: {os.getloadavg()[0]:.2f}")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=400)
    parser.add_argument("--catalog", type=Path, default=Path("/tmp/discover-ab/catalog"))
    parser.add_argument("--tools-data", type=Path, default=tool_sets.TOOLS_DATA)
    args = parser.parse_args()
    tool_sets.TOOLS_DATA = bench.TOOLS_DATA = args.tools_data
    await bench.ensure_catalog(args.catalog)
    await run(args.catalog, args.n)


if __name__ == "__main__":
    asyncio.run(main())
