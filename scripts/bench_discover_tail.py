"""Where `discover`'s REST time goes, at p50 and in the p95 tail (issue 15): `discovery serve`
with per-request stage timings (`scripts/discover_probe.py`) on the bench catalog (LiveMCPBench's
tools, 1,000 capabilities, 300 traces), one client sending `POST /api/v1/discover` one at a
time (every intent a distinct MetaTool question), with and without related tools alternating.

    uv run python scripts/bench_discover_tail.py --n 300 [--env NAME=VALUE ...]

(`--tools-data DIR` when the shared tool data is not beside the checkout; `--env
DISCOVER_PROBE_PROFILE=FILE` adds a cProfile of the server's event-loop thread, on thread CPU
time, from the first request after the warm-up; read it with `pstats`.)

Prints, per stage, p50 / p95 and the mean over the middle of the requests (45th to 55th
percentile of the client's latency) against the mean over the slowest 5%: the stages whose
mean grows most in the tail are where the tail comes from. Stages: outside the app (the
client, loopback, uvicorn before and after the ASGI app), before `discover` (middleware, the
body's validation, dependencies), the hop into the embedding's worker thread, the model, the
hop back, `discover` after the vector (the database, the ranking), after `discover`
(serialization, sending), SQL time, pool checkouts, and garbage-collector pauses inside the
request.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import numpy as np

import discovery.evaluation.discover_bench as bench
from discovery.evaluation import tool_sets

PROBE = Path(__file__).with_name("discover_probe.py")


def _port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def _start(
    catalog: Path, port: int, out: Path, env: dict[str, str]
) -> subprocess.Popen[bytes]:
    environ = (
        os.environ
        | env
        | {
            "DISCOVERY_DATA_DIR": str(catalog),
            "DISCOVERY_AGENT_PLANNER": "local",
            "DISCOVERY_FRONTEND_DIR": str(catalog / "no-ui"),
            "DISCOVERY_LIMITS_EXEMPT_LOOPBACK": "true",
            "DISCOVERY_LOG_LEVEL": "WARNING",
        }
    )
    environ.pop("DATABASE_URL", None)
    cmd = [sys.executable, str(PROBE), str(out), "serve", "--port", str(port), "--no-load-demo",
           "--log-level", "warning"]  # fmt: skip
    proc = subprocess.Popen(cmd, env=environ, start_new_session=True)
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as client:
        for _ in range(1200):
            if proc.poll() is not None:
                raise RuntimeError(f"the probed server exited with {proc.returncode}")
            try:
                if (await client.get("/readyz")).status_code == 200:
                    return proc
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.25)
    raise RuntimeError("the probed server did not become ready")


def _stages(rec: dict[str, Any], client_ms: float) -> dict[str, float]:
    ms = 1000.0
    sql = rec.get("sql", [])
    after_vector = [e - max(s, rec["t_embed_back"]) for s, e in sql if e > rec["t_embed_back"]]
    return {
        "client latency": client_ms,
        "outside the app": client_ms - (rec["t_end"] - rec["t0"]) * ms,
        "before discover": (rec["t_discover"] - rec["t0"]) * ms,
        "discover": (rec["t_discover_end"] - rec["t_discover"]) * ms,
        "  hop into the thread": (rec["t_model"] - rec["t_embed_call"]) * ms,
        "  model": (rec["t_model_end"] - rec["t_model"]) * ms,
        "  hop back": (rec["t_embed_back"] - rec["t_model_end"]) * ms,
        "  after the vector": (rec["t_discover_end"] - rec["t_embed_back"]) * ms,
        "    SQL waits after it": sum(after_vector) * ms,
        "after discover": (rec["t_body"] - rec["t_discover_end"]) * ms,
        "SQL statements (count)": float(len(sql)),
        "pool checkouts": rec.get("pool_wait", 0.0) * ms,
        "GC pauses": sum(d for _, d, _ in rec["gc"]) * ms,
        "GC runs (count)": float(len(rec["gc"])),
        "GC gen 2 runs (count)": float(sum(g == 2 for _, _, g in rec["gc"])),
    }


def report(rows: list[dict[str, float]], title: str) -> None:
    latency = np.asarray([r["client latency"] for r in rows])
    order = np.argsort(latency)
    n = len(rows)
    middle = [rows[i] for i in order[int(n * 0.45) : int(n * 0.55) + 1]]
    tail = [rows[i] for i in order[int(n * 0.95) :]]
    print(f"{title} (n = {n}; middle: 45th-55th percentile of latency, tail: slowest 5%)")
    print(f"  {'stage':26} {'p50':>7} {'p95':>7}   {'middle':>7} {'tail':>7} {'growth':>7}")
    for key in rows[0]:
        values = np.asarray([r[key] for r in rows])
        mid = float(np.mean([r[key] for r in middle]))
        slow = float(np.mean([r[key] for r in tail]))
        print(f"  {key:26} {np.percentile(values, 50):7.2f} {np.percentile(values, 95):7.2f}"
              f"   {mid:7.2f} {slow:7.2f} {slow - mid:+7.2f}")  # fmt: skip


async def run(catalog: Path, n: int, env: dict[str, str], out: Path) -> None:
    copy = catalog.with_name(f"{catalog.name}-tail")
    subprocess.run(["rm", "-rf", str(copy)], check=True)
    subprocess.run(["cp", "-a", str(catalog), str(copy)], check=True)
    port = _port()
    proc = await _start(copy, port, out, env)
    queries = bench.intents(40 + 2 * n)
    client_ms: dict[str, tuple[float, bool]] = {}
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
            for i, intent in enumerate(queries):
                body = {"intent": intent, "include_related": i % 2 == 1}
                started = time.perf_counter()
                headers = {"x-probe": str(i)}
                answer = await client.post("/api/v1/discover", json=body, headers=headers)
                took = (time.perf_counter() - started) * 1000
                answer.raise_for_status()
                if i >= 40:  # after the warm-up
                    client_ms[str(i)] = (took, i % 2 == 1)
        print(f"load average after: {os.getloadavg()[0]:.2f}")
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(timeout=60)
    records = [json.loads(line) for line in out.read_text().splitlines()]
    by_setting: dict[bool, list[dict[str, float]]] = {False: [], True: []}
    for rec in records:
        if rec["id"] in client_ms:
            took, related = client_ms[rec["id"]]
            by_setting[related].append(_stages(rec, took))
    for related, rows in by_setting.items():
        report(rows, "with related tools" if related else "without related tools")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=300, help="requests per setting")
    parser.add_argument("--catalog", type=Path, default=Path("/tmp/discover-ab/catalog"))
    parser.add_argument("--tools-data", type=Path, default=tool_sets.TOOLS_DATA)
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE for the server")
    parser.add_argument("--out", type=Path, default=Path("/tmp/discover-tail.jsonl"))
    args = parser.parse_args()
    tool_sets.TOOLS_DATA = bench.TOOLS_DATA = args.tools_data
    asyncio.run(bench.ensure_catalog(args.catalog))
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    env = dict(item.split("=", 1) for item in args.env)
    asyncio.run(run(args.catalog, args.n, env, args.out))


if __name__ == "__main__":
    main()
