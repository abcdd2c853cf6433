"""Many clients, each within its own budget, ask a running `discovery serve` for agent turns at
once: what the server-wide cap on running turns (DISCOVERY_AGENT_MAX_RUNNING_TURNS) does to the
turns' latency and how many are turned away busy (503).

Each client connects from its own loopback address (127.0.1.1, 127.0.1.2, ...; Linux routes all
of 127.0.0.0/8 to lo), so the server sees separate clients with separate budgets; leave
DISCOVERY_LIMITS_EXEMPT_LOOPBACK unset. Each client sends one turn, waits for its answer, then
sends the next; a 429 or 503 is counted and followed after its Retry-After (as a polite client
would). Start the server first, then:

    uv run python scripts/many_clients.py --url http://127.0.0.1:8000 --clients 32 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections import Counter

import httpx

REQUESTS = ["jazz musicians on stage", "boxing photos", "steel mill workers", "church choir"]


async def _client_loop(
    url: str, address: str, until: float, statuses: Counter[int], latencies: list[float]
) -> None:
    transport = httpx.AsyncHTTPTransport(local_address=address)
    async with httpx.AsyncClient(base_url=url, transport=transport, timeout=120) as client:
        n = 0
        while time.perf_counter() < until:
            started = time.perf_counter()
            answer = await client.post(
                "/api/ai-search", json={"query": REQUESTS[n % len(REQUESTS)]}
            )
            statuses[answer.status_code] += 1
            n += 1
            if answer.status_code == 200:
                latencies.append((time.perf_counter() - started) * 1000)
            else:
                await asyncio.sleep(float(answer.headers.get("retry-after", "1")))


async def main(url: str, clients: int, seconds: float) -> None:
    statuses: Counter[int] = Counter()
    latencies: list[float] = []
    until = time.perf_counter() + seconds
    addresses = [f"127.0.1.{i + 1}" for i in range(clients)]
    await asyncio.gather(*(_client_loop(url, a, until, statuses, latencies) for a in addresses))
    ok = sorted(latencies)
    total = sum(statuses.values())
    print(
        f"{clients} clients, {seconds:.0f} s: {total} turns asked, "
        + ", ".join(f"{status}: {n}" for status, n in sorted(statuses.items()))
    )
    if ok:
        p95 = ok[min(len(ok) - 1, int(0.95 * len(ok)))]
        print(
            f"answered turns: {len(ok)} ({len(ok) / seconds:.1f}/s), median "
            f"{statistics.median(ok):.0f} ms, p95 {p95:.0f} ms, max {ok[-1]:.0f} ms"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    asyncio.run(main(args.url, args.clients, args.seconds))
