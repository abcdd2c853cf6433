"""The HTTP figures of `make bench`, on loopback against a real `discovery serve` process.

1. Load: `clients` concurrent keep-alive connections send `POST /api/v1/search` for
   `duration` seconds over the bench catalog (87k records); requests/s, p50/p95/p99, errors.
   Every query is distinct (caption phrases), so each request embeds its query: no cache hits.
   The load generator is a minimal asyncio HTTP/1.1 client, to leave the CPU to the server.
   The same over one connection (no queueing): the latency of a lone request.
2. Time to the first SSE event (`intent`) of an offline agent turn, one turn at a time, over
   the agent evaluation set's questions.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import numpy as np
import psutil

from discovery.evaluation.bench_queries import bench_queries
from discovery.settings import REPO_ROOT

AGENT_QUESTIONS = REPO_ROOT / "data" / "eval" / "agent_queries.jsonl"


def _ms_summary(values: list[float]) -> dict[str, float]:
    a = np.asarray(values) if values else np.zeros(1)
    return {
        "p50": round(float(np.percentile(a, 50)), 3),
        "p95": round(float(np.percentile(a, 95)), 3),
        "p99": round(float(np.percentile(a, 99)), 3),
        "n": len(values),
    }


class Server:
    """`discovery serve` in its own process group on a loopback port."""

    def __init__(self, data_dir: Path, port: int, python: str = sys.executable) -> None:
        self.data_dir, self.port, self.python = data_dir, port, python
        self.url = f"http://127.0.0.1:{port}"
        self.proc: subprocess.Popen[bytes] | None = None

    async def __aenter__(self) -> Server:
        env = os.environ | {
            "DISCOVERY_DATA_DIR": str(self.data_dir),
            "DISCOVERY_AGENT_PLANNER": "local",
            "DISCOVERY_FRONTEND_DIR": str(self.data_dir / "no-ui"),
            # The bench measures capacity from one loopback client: no rate limits, and no
            # line per request or turn in its output.
            "DISCOVERY_LIMITS_EXEMPT_LOOPBACK": "true",
            "DISCOVERY_LOG_LEVEL": "WARNING",
        }
        env.pop("DATABASE_URL", None)
        cmd = [self.python, "-m", "discovery.cli", "serve", "--port", str(self.port)]
        self.proc = subprocess.Popen(
            [*cmd, "--no-load-demo", "--log-level", "warning"], env=env, start_new_session=True
        )
        deadline = time.monotonic() + 300  # the first start trains the intent classifier
        async with httpx.AsyncClient(base_url=self.url) as client:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"discovery serve exited with {self.proc.returncode}")
                try:
                    if (await client.get("/readyz")).status_code == 200:
                        return self
                except httpx.TransportError:
                    pass
                await asyncio.sleep(0.25)
        raise RuntimeError("discovery serve did not become ready in 300 s")

    async def __aexit__(self, *exc: object) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGINT)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)


def _cpu_seconds(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        try:
            times = psutil.Process(pid).cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += times.user + times.system
    return total


class CpuSplit:
    """CPU time spent during a run by the server process, the embedded PostgreSQL (postmaster
    and backends) and this process (the load generator): where each request's cost goes."""

    def __init__(self, server: Server) -> None:
        if server.proc is None:
            raise RuntimeError("the server is not running")
        self.groups = {"server": [server.proc.pid], "load_generator": [os.getpid()]}
        pid_file = server.data_dir / "pgdata" / "postmaster.pid"
        self.postmaster = int(pid_file.read_text().split()[0]) if pid_file.exists() else None

    def _snapshot(self) -> dict[str, float]:
        groups = dict(self.groups)
        if self.postmaster and psutil.pid_exists(self.postmaster):
            main = psutil.Process(self.postmaster)
            groups["postgres"] = [main.pid, *(c.pid for c in main.children(recursive=True))]
        return {name: _cpu_seconds(pids) for name, pids in groups.items()}

    def __enter__(self) -> CpuSplit:
        self.before = self._snapshot()
        return self

    def __exit__(self, *exc: object) -> None:
        self.after = self._snapshot()

    def per_request_ms(self, requests: int) -> dict[str, float]:
        return (
            {
                name: round((self.after[name] - self.before.get(name, 0.0)) * 1000 / requests, 2)
                for name in self.after
            }
            if requests
            else {}
        )


async def _connection(
    port: int, bodies: list[bytes], stop_at: float, latencies: list[float], errors: list[str]
) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        for body in bodies:
            if time.perf_counter() >= stop_at:
                return
            head = (
                "POST /api/v1/search HTTP/1.1\r\nhost: bench\r\ncontent-type: application/json"
                f"\r\ncontent-length: {len(body)}\r\n\r\n"
            ).encode()
            started = time.perf_counter()
            writer.write(head + body)
            status_line = await reader.readline()
            length = 0
            while (line := await reader.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode("latin-1").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            await reader.readexactly(length)
            latencies.append((time.perf_counter() - started) * 1000)
            if not status_line.startswith(b"HTTP/1.1 200"):
                errors.append(status_line.decode("latin-1").strip())
    finally:
        writer.close()


async def load(port: int, clients: int, duration: float, queries: list[str]) -> dict[str, Any]:
    per_client = [
        [json.dumps({"query": q, "limit": 5}).encode() for q in queries[i::clients]]
        for i in range(clients)
    ]
    latencies: list[float] = []
    errors: list[str] = []
    started = time.perf_counter()
    stop_at = started + duration
    await asyncio.gather(
        *(_connection(port, bodies, stop_at, latencies, errors) for bodies in per_client)
    )
    elapsed = time.perf_counter() - started
    return {
        "clients": clients,
        "seconds": round(elapsed, 1),
        "requests": len(latencies),
        "requests_per_s": round(len(latencies) / elapsed, 1),
        "latency_ms": _ms_summary(latencies),
        "errors": len(errors),
        "error_samples": sorted(set(errors))[:3],
        "distinct_queries": len(set(queries)),
    }


async def first_event(url: str, questions: list[str]) -> dict[str, Any]:
    """Milliseconds from sending a turn to receiving its first SSE event, one turn at a time."""
    firsts: list[float] = []
    totals: list[float] = []
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        for question in questions:
            started = time.perf_counter()
            first = None
            async with client.stream(
                "POST", "/api/ai-search/stream", json={"query": question}
            ) as response:
                async for line in response.aiter_lines():
                    if first is None and line.startswith("event:"):
                        first = (time.perf_counter() - started) * 1000
            totals.append((time.perf_counter() - started) * 1000)
            if first is not None:
                firsts.append(first)
    return {"first_event_ms": _ms_summary(firsts), "whole_turn_ms": _ms_summary(totals)}


async def run_http_bench(
    bench_dir: Path, port: int = 8765, clients: int = 16, duration: float = 30.0
) -> dict[str, Any]:
    questions = [json.loads(line)["query"] for line in AGENT_QUESTIONS.open()]
    queries = bench_queries(max(20_000, int(duration * 600)), seed=23)
    async with Server(bench_dir, port) as server:
        # Warm up (pool, plans, the HNSW index in shared buffers) with queries not measured.
        await load(port, clients, max(5.0, duration / 3), queries[-4000:])
        with CpuSplit(server) as cpu:
            search_load = await load(port, clients, duration, queries[:-4000])
        search_load["cpu_ms_per_request"] = cpu.per_request_ms(search_load["requests"])
        figures = {
            "search_load": search_load,
            # One client, one request at a time: the latency without queueing.
            "search_one_client": await load(port, 1, 10.0, queries[:-4000][::-1]),
        }
        await first_event(server.url, questions[:10])  # warm up the agent's paths
        figures["agent_stream"] = await first_event(server.url, questions)
    return figures
