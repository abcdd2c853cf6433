"""One client floods a running `discovery serve` while another searches at a person's pace:
how many of the flood's requests are refused (429), and the other client's latency before and
during the flood.

The two clients connect from different loopback addresses (127.0.0.2 and 127.0.0.3; Linux
routes all of 127.0.0.0/8 to lo), so the server sees two clients; leave
DISCOVERY_LIMITS_EXEMPT_LOOPBACK unset. Start the server first (`uv run discovery serve`), then:

    uv run python scripts/flood_search.py --url http://127.0.0.1:8000 --seconds 15

`--path /api/ai-search` floods agent turns instead of searches.

On one machine the flooder's own process competes with the server for the same cores, which a
real flooder (on another machine) does not. `--flood-only` runs only the flooder, so it can be
started at the lowest CPU priority beside a `--pace-only` run of the other client:

    nice -n 19 uv run python scripts/flood_search.py --flood-only --seconds 20 &
    uv run python scripts/flood_search.py --pace-only --seconds 15
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections import Counter

import httpx

QUERIES = ["jazz musicians on stage", "portrait of a woman", "steel mill", "boxing match"]


def _client(url: str, address: str) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=address)
    return httpx.AsyncClient(base_url=url, transport=transport, timeout=60)


async def _search(client: httpx.AsyncClient, path: str, n: int) -> tuple[int, float]:
    started = time.perf_counter()
    answer = await client.post(path, json={"query": QUERIES[n % len(QUERIES)], "limit": 5})
    return answer.status_code, (time.perf_counter() - started) * 1000


async def _paced(client: httpx.AsyncClient, count: int, every: float) -> list[tuple[int, float]]:
    """The other client: one search every `every` seconds, `count` of them."""
    results = []
    for n in range(count):
        results.append(await _search(client, "/api/v1/search", n))
        await asyncio.sleep(every)
    return results


async def _flood(
    client: httpx.AsyncClient, path: str, until: float, statuses: Counter[int]
) -> None:
    n = 0
    while time.perf_counter() < until:
        status, _ = await _search(client, path, n)
        statuses[status] += 1
        n += 1


def _summary(name: str, results: list[tuple[int, float]]) -> str:
    ok = sorted(ms for status, ms in results if status == 200)
    if not ok:
        return f"{name}: no successful searches of {len(results)}"
    p95 = ok[min(len(ok) - 1, int(0.95 * len(ok)))]
    return (
        f"{name}: {len(ok)}/{len(results)} answered 200, median {statistics.median(ok):.0f} ms, "
        f"p95 {p95:.0f} ms"
    )


async def flood_only(url: str, seconds: float, concurrency: int, path: str) -> None:
    async with _client(url, "127.0.0.2") as flooder:
        statuses: Counter[int] = Counter()
        until = time.perf_counter() + seconds
        await asyncio.gather(*(_flood(flooder, path, until, statuses) for _ in range(concurrency)))
        total = sum(statuses.values())
        print(
            f"flood ({concurrency} connections, {path}, {seconds:.0f} s): {total} requests, "
            + ", ".join(f"{status}: {n}" for status, n in sorted(statuses.items()))
        )


async def pace_only(url: str, seconds: float, every: float) -> None:
    async with _client(url, "127.0.0.3") as other:
        await other.post("/api/v1/search", json={"query": "warm up"})
        count = max(1, int(seconds / every))
        print(_summary("other client", await _paced(other, count, every)))


async def main(url: str, seconds: float, concurrency: int, path: str, every: float) -> None:
    async with _client(url, "127.0.0.2") as flooder, _client(url, "127.0.0.3") as other:
        await other.post("/api/v1/search", json={"query": "warm up"})
        count = max(1, int(seconds / every))
        print(_summary("other client, alone", await _paced(other, count, every)))
        statuses: Counter[int] = Counter()
        until = time.perf_counter() + seconds
        flood = [_flood(flooder, path, until, statuses) for _ in range(concurrency)]
        during, *_ = await asyncio.gather(_paced(other, count, every), *flood)
        total = sum(statuses.values())
        print(
            f"flood ({concurrency} connections, {path}, {seconds:.0f} s): {total} requests, "
            f"{total / seconds:.0f}/s; "
            + ", ".join(f"{status}: {n}" for status, n in sorted(statuses.items()))
        )
        print(_summary("other client, during the flood", during))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--path", default="/api/v1/search")
    parser.add_argument("--every", type=float, default=0.5, help="the other client's pace")
    parser.add_argument("--flood-only", action="store_true", help="only the flooder")
    parser.add_argument("--pace-only", action="store_true", help="only the other client")
    args = parser.parse_args()
    if args.flood_only:
        asyncio.run(flood_only(args.url, args.seconds, args.concurrency, args.path))
    elif args.pace_only:
        asyncio.run(pace_only(args.url, args.seconds, args.every))
    else:
        asyncio.run(main(args.url, args.seconds, args.concurrency, args.path, args.every))
