"""discover, A against B on one machine state (issue 15): `discovery serve` from another checkout
(A, e.g. main) and from this one (B), each on its own copy of one bench catalog (LiveMCPBench's
tools, 1,000 capabilities, 300 traces: `discovery bench-discover`'s), one client alternating A
and B request by request over REST and MCP; first it checks that both give the same answers.
Prints p50 / p95 per server, transport and setting, the CPU each server process (all its threads)
and this client spent per request, and the load average.

    uv run python scripts/bench_discover_ab.py --base /path/to/main --n 150

A runs in the other checkout's own environment (`<base>/.venv`, made by `uv sync --frozen`
there) when it has one, so a change of dependencies is measured too.

`--count-round-trips` instead counts the database round trips of one `discover` in process
(cursor executions, a pipeline once) for the code on the path; for another checkout's code:
`PYTHONPATH=/path/to/main/backend uv run python scripts/bench_discover_ab.py --count-round-trips`.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import psutil
import psycopg
from mcp import Client

import discovery.evaluation.discover_bench as bench
from discovery.evaluation import tool_sets
from discovery.evaluation.bench_http import Server
from discovery.evaluation.stats import summarize
from discovery.runtime import open_runtime
from discovery.search.discover_models import DiscoverRequest
from discovery.settings import Settings


def _port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    def strip(body: dict[str, Any]) -> dict[str, Any]:
        meta = {k: v for k, v in body["meta"].items() if not k.endswith("_time_ms")}
        return {"meta": meta, "results": body["results"]}

    return strip(a) == strip(b)


async def ab(base: Path, catalog: Path, n: int) -> None:
    for name in ("a", "b"):  # cp -a keeps the database files' owner
        shutil.rmtree(catalog.with_name(f"{catalog.name}-{name}"), ignore_errors=True)
        subprocess.run(["cp", "-a", str(catalog), f"{catalog}-{name}"], check=True)
    queries = bench.intents(100 + 80 + 8 * n)
    os.environ["PYTHONPATH"] = str(base / "backend")
    # A in its own checkout's environment when it has one (its dependencies, e.g. uvicorn's
    # loop and parser, may differ from this one's); else in this environment.
    python = base / ".venv" / "bin" / "python"
    a = await Server(
        Path(f"{catalog}-a"), _port(), str(python if python.exists() else sys.executable)
    ).__aenter__()
    print(f"A: {base} with {python if python.exists() else sys.executable}")
    del os.environ["PYTHONPATH"]
    try:
        async with (
            Server(Path(f"{catalog}-b"), _port()) as b,
            httpx.AsyncClient(base_url=a.url, timeout=30) as rest_a,
            httpx.AsyncClient(base_url=b.url, timeout=30) as rest_b,
            Client(f"{a.url}/mcp") as mcp_a,
            Client(f"{b.url}/mcp") as mcp_b,
        ):
            differ = 0
            for i in range(100):
                body = {"intent": queries.pop(), "include_related": i % 2 == 0}
                one = (await rest_a.post("/api/v1/discover", json=body)).json()
                two = (await rest_b.post("/api/v1/discover", json=body)).json()
                differ += not _same(one, two)
            print(f"answers that differ between A and B: {differ} of 100")
            pairs = [("A", rest_a, mcp_a), ("B", rest_b, mcp_b)]
            for i in range(20):  # warm up
                for _, rest, mcp in pairs:
                    await bench._rest(rest, queries.pop(), i % 2 == 0)
                    await bench._mcp(mcp, queries.pop(), i % 2 == 0)
            print(f"load average before: {os.getloadavg()[0]:.2f}")
            cpu = {"A": _cpu(a), "B": _cpu(b)}
            for related in (False, True):
                ms: dict[str, list[float]] = {}
                spent: dict[str, float] = {}
                for i in range(n):
                    for tag, rest, mcp in pairs if i % 2 == 0 else pairs[::-1]:
                        before, mine = cpu[tag](), time.thread_time()
                        took, meta = await bench._rest(rest, queries.pop(), related)
                        middle, mine_middle = cpu[tag](), time.thread_time()
                        ms.setdefault(f"REST {tag}", []).append(took)
                        ms.setdefault(f"inside {tag}", []).append(meta["total_time_ms"])
                        ms.setdefault(f"MCP {tag}", []).append(
                            await bench._mcp(mcp, queries.pop(), related)
                        )
                        for key, value in (
                            (f"REST {tag}", middle - before),
                            (f"MCP {tag}", cpu[tag]() - middle),
                            (f"client REST {tag}", mine_middle - mine),
                            (f"client MCP {tag}", time.thread_time() - mine_middle),
                        ):
                            spent[key] = spent.get(key, 0.0) + value
                print("with related tools" if related else "without related tools")
                for key in sorted(ms):
                    s = summarize(ms[key])
                    line = f"  {key:9} p50 {s['p50']:7.2f}  p95 {s['p95']:7.2f} ms"
                    if key in spent:  # the server process's CPU (all its threads) per request
                        line += f"   server CPU {spent[key] * 1000 / n:5.2f} ms/request"
                    if f"client {key}" in spent:  # this client's own CPU (its work on the answer)
                        line += f", client CPU {spent[f'client {key}'] * 1000 / n:5.2f}"
                    print(line)
            print(f"load average after: {os.getloadavg()[0]:.2f}")
    finally:
        await a.__aexit__(None, None, None)


def _cpu(server: Server) -> Callable[[], float]:
    """The CPU seconds (user + system, all threads) the server's process has used so far."""
    assert server.proc is not None
    process = psutil.Process(server.proc.pid)

    def seconds() -> float:
        times = process.cpu_times()
        return float(times.user + times.system)

    return seconds


async def count_round_trips(catalog: Path, n: int = 50) -> None:
    count = [0]
    execute, pipeline = psycopg.AsyncCursor.execute, psycopg.AsyncConnection.pipeline

    async def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        if getattr(self._conn, "_pipeline", None) is None:
            count[0] += 1
        return await execute(self, *args, **kwargs)

    def counted_pipeline(self: Any, *args: Any, **kwargs: Any) -> Any:
        count[0] += 1
        return pipeline(self, *args, **kwargs)

    psycopg.AsyncCursor.execute = counted  # type: ignore[method-assign]
    psycopg.AsyncConnection.pipeline = counted_pipeline  # type: ignore[method-assign]
    queries = bench.intents(10 + 2 * n)
    async with open_runtime(Settings(discovery_data_dir=catalog, database_url=None)) as rt:
        for q in queries[:10]:
            await rt.discover.discover(DiscoverRequest.build(intent=q))
        for related in (False, True):
            count[0] = 0
            for q in queries[10 : 10 + n] if related else queries[10 + n :]:
                await rt.discover.discover(DiscoverRequest.build(intent=q, include_related=related))
            print(f"round trips per discover, include_related={related}: {count[0] / n:.2f}")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, help="the other checkout (A)")
    parser.add_argument("--n", type=int, default=150)
    parser.add_argument("--catalog", type=Path, default=Path("/tmp/discover-ab/catalog"))
    parser.add_argument("--tools-data", type=Path, default=tool_sets.TOOLS_DATA)
    parser.add_argument("--count-round-trips", action="store_true")
    args = parser.parse_args()
    tool_sets.TOOLS_DATA = bench.TOOLS_DATA = args.tools_data
    await bench.ensure_catalog(args.catalog)
    if args.count_round_trips:
        await count_round_trips(args.catalog)
    elif args.base is None:
        parser.error("--base is required for the A/B run")
    else:
        await ab(args.base, args.catalog, args.n)


if __name__ == "__main__":
    asyncio.run(main())
