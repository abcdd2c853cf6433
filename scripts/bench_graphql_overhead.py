"""GraphQL's own cost against REST's, in process: the app on the evaluation registry of
`discovery eval agents-latency` (10,000 agents; run that once first), httpx's ASGI transport (no
sockets), the same request over `POST /api/agents/semantic-search` and `/graphql` (the bench's
query, every field REST answers), alternating, the same text every time (its embedding cached,
so both do the same search work). Prints the main thread's CPU time per request (a count of
work that load on a shared machine barely moves) and wall-clock p50/p95.

    uv run python scripts/bench_graphql_overhead.py --n 400
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import time
from collections.abc import Awaitable, Callable

import httpx

from discovery.api.main import create_app
from discovery.evaluation.agents_bench import GRAPHQL
from discovery.evaluation.agents_eval import agents_settings
from discovery.settings import Settings

BODY = {"intentType": "governance.membership.add", "text": "add a member to our DAO", "topK": 10}


async def measure(n: int) -> None:
    os.environ.setdefault("DISCOVERY_LIMITS_EXEMPT_LOOPBACK", "true")
    app = create_app(agents_settings(Settings()))
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as c,
    ):

        async def rest() -> None:
            (await c.post("/api/agents/semantic-search", json=BODY)).raise_for_status()

        async def graphql() -> None:
            body = {"query": GRAPHQL, "variables": {"input": BODY}}
            (await c.post("/graphql", json=body)).raise_for_status()

        calls: dict[str, Callable[[], Awaitable[None]]] = {"rest": rest, "graphql": graphql}
        cpu: dict[str, list[float]] = {k: [] for k in calls}
        wall: dict[str, list[float]] = {k: [] for k in calls}
        for i in range(n + 50):
            for name in calls if i % 2 else reversed(list(calls)):
                c0, w0 = time.thread_time(), time.perf_counter()
                await calls[name]()
                if i >= 50:
                    cpu[name].append((time.thread_time() - c0) * 1000)
                    wall[name].append((time.perf_counter() - w0) * 1000)
    for name in calls:
        w = sorted(wall[name])
        print(
            f"{name:>8}: main-thread CPU {statistics.fmean(cpu[name]):.3f} ms a request, "
            f"wall p50 {w[len(w) // 2]:.2f} / p95 {w[int(len(w) * 0.95)]:.2f} ms (n {len(w)})"
        )
    gap = statistics.fmean(cpu["graphql"]) - statistics.fmean(cpu["rest"])
    print(f"GraphQL minus REST, main-thread CPU: {gap:+.3f} ms a request; load {os.getloadavg()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=400, help="requests per transport")
    asyncio.run(measure(parser.parse_args().n))


if __name__ == "__main__":
    main()
