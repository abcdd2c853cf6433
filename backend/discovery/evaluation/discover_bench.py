"""`discovery bench-discover` (part of `make bench`): discover's latency over REST and over MCP
streamable HTTP, against a real `discovery serve` process on loopback.

The catalog, in its own embedded database (`<data dir>-discover-bench`, rebuilt each run):
LiveMCPBench's 527 tools, 1,000 synthetic capabilities with run histories, and 300 traces of
tool runs (`discover_data.py`), so `include_related` has a co-usage graph to read. Queries are
distinct MetaTool questions, so every request embeds its intent (nothing cached). One client
at a time; REST and MCP requests alternate, so both see the same machine load; `n` requests per
transport, without and with `include_related`, after warm-up requests. The MCP client is the
SDK's own (`mcp.Client` on the /mcp URL), as an agent would use it: its time includes the
client's own work (parsing, validating the structured content against the output schema).
The tool strategy is the setting's (`DISCOVERY_DISCOVER_TOOL_STRATEGY=direct uv run discovery
bench-discover` measures another); the machine's load average is recorded with the figures.
"""

from __future__ import annotations

import gzip
import json
import logging
import os
import platform
import random
import shutil
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
from mcp import Client

from discovery.catalog.capabilities.importer import import_capabilities
from discovery.catalog.tools.ingest import ingest_tools
from discovery.evaluation.bench_http import Server
from discovery.evaluation.discover_data import (
    EPOCH,
    load_tools,
    synthetic_capabilities,
    traces,
    write_jsonl,
)
from discovery.evaluation.stats import summarize
from discovery.evaluation.tool_sets import TOOLS_DATA
from discovery.runtime import open_runtime
from discovery.settings import Settings

TRACES = 300
WARM_UP = 40
TARGET_REST_P95_MS = 20.0
TARGET_MCP_GAP_MS = 5.0


async def build_catalog(settings: Settings, capabilities: int) -> dict[str, Any]:
    tools_file = TOOLS_DATA / "livemcpbench" / "tools.jsonl"
    rows = synthetic_capabilities(load_tools(tools_file), capabilities)
    path = write_jsonl(rows, settings.discovery_data_dir / "capabilities.jsonl")
    async with open_runtime(settings) as rt:
        tools = await ingest_tools(rt.db, rt.embedder, rt.settings, [tools_file])
        imported = await import_capabilities(rt.db, rt.embedder, path)
        async with rt.db.connection() as conn, conn.cursor() as cur:
            await cur.executemany(
                "insert into item_executions (item_id, success, duration_ms, trace_id,"
                " created_at) values (%s, true, 100, %s, %s)",
                [(tool, f"bench-{n}", EPOCH + timedelta(minutes=n))
                 for n, chain in enumerate(traces(rows, TRACES)) for tool in chain],
            )  # fmt: skip
            await cur.execute("vacuum (analyze) items, item_embeddings, item_stats, tool_contexts")
    return {"tools": tools.added, "capabilities": imported.items.added,
            "capability_runs": imported.executions, "traces": TRACES}  # fmt: skip


async def ensure_catalog(catalog: Path, capabilities: int = 1000) -> None:
    """Build the bench catalog in the data directory `catalog` unless it already holds one
    (the A/B scripts reuse it between runs); prints what it built."""
    if (catalog / "pgdata").exists():
        return
    catalog.mkdir(parents=True, exist_ok=True)
    settings = Settings(discovery_data_dir=catalog, database_url=None)
    print(await build_catalog(settings, capabilities))


def intents(count: int, seed: int = 41) -> list[str]:
    """Distinct MetaTool questions (tool-seeking intents), shuffled."""
    with gzip.open(TOOLS_DATA / "metatool" / "queries_single.jsonl.gz", "rt") as fh:
        queries = sorted({json.loads(line)["query"][:1000] for line in fh})
    random.Random(seed).shuffle(queries)
    if len(queries) < count:
        raise ValueError(f"{count} distinct queries asked, {len(queries)} available")
    return queries[:count]


async def _rest(
    client: httpx.AsyncClient, intent: str, related: bool
) -> tuple[float, dict[str, Any]]:
    started = time.perf_counter()
    body = {"intent": intent, "include_related": related}
    answer = await client.post("/api/v1/discover", json=body)
    elapsed = (time.perf_counter() - started) * 1000
    answer.raise_for_status()
    return elapsed, answer.json()["meta"]


async def _mcp(client: Client, intent: str, related: bool) -> float:
    started = time.perf_counter()
    result = await client.call_tool("discover", {"intent": intent, "include_related": related})
    elapsed = (time.perf_counter() - started) * 1000
    if result.is_error:
        raise RuntimeError(f"discover over MCP failed: {result.content}")
    return elapsed


async def measure(url: str, queries: list[str], n: int, warm_up: int = WARM_UP) -> dict[str, Any]:
    """`n` discover requests per transport, without and with related tools (pops `queries`)."""
    figures: dict[str, Any] = {}
    async with httpx.AsyncClient(base_url=url, timeout=30) as rest, Client(f"{url}/mcp") as mcp:
        for i in range(warm_up):  # pool, plans, the first sessions' paths
            await _rest(rest, queries.pop(), i % 2 == 0)
            await _mcp(mcp, queries.pop(), i % 2 == 0)
        for related in (False, True):
            rest_ms, mcp_ms, metas = [], [], []
            for _ in range(n):
                total, meta = await _rest(rest, queries.pop(), related)
                rest_ms.append(total)
                metas.append(meta)
                mcp_ms.append(await _mcp(mcp, queries.pop(), related))
            key = "with_related" if related else "without_related"
            figures[key] = {
                "rest_ms": summarize(rest_ms),
                "mcp_ms": summarize(mcp_ms),
                "server_side_ms": summarize([m["total_time_ms"] for m in metas]),
                "embedding_ms": summarize([m["embedding_time_ms"] for m in metas]),
                "rest_found_nothing": sum(m["returned_count"] == 0 for m in metas),
            }
    return figures


def verdict(figures: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for key in ("without_related", "with_related"):
        f = figures[key]
        rest, mcp = f["rest_ms"]["p95"], f["mcp_ms"]["p95"]
        out[key] = {
            "rest_p95_ms": rest, "mcp_p95_ms": mcp, "rest_p50_ms": f["rest_ms"]["p50"],
            "mcp_p50_ms": f["mcp_ms"]["p50"], "mcp_minus_rest_p95_ms": round(mcp - rest, 3),
            "rest_target_met": rest <= TARGET_REST_P95_MS,
            "mcp_target_met": mcp - rest <= TARGET_MCP_GAP_MS,
        }  # fmt: skip
    return out


async def run_discover_bench(settings: Settings, n: int, capabilities: int) -> dict[str, Any]:
    base = settings.discovery_data_dir
    directory = base.with_name(base.name + "-discover-bench")
    shutil.rmtree(directory, ignore_errors=True)
    directory.mkdir(parents=True)
    bench_settings = settings.model_copy(
        update={"discovery_data_dir": directory, "database_url": None}
    )
    logging.getLogger("discovery").setLevel(logging.ERROR)
    catalog = await build_catalog(bench_settings, capabilities)
    queries = intents(2 * WARM_UP + 4 * n)
    load_before = os.getloadavg()[0]
    async with Server(directory, port=_free_port()) as server:
        figures = await measure(server.url, queries, n)
    return {
        "machine": f"{platform.machine()}, {platform.python_version()}",
        "load_average_1m": [round(load_before, 2), round(os.getloadavg()[0], 2)],
        "tool_strategy": settings.discovery_discover_tool_strategy,
        "catalog": catalog,
        "requests_per_setting": n,
        "targets": {"rest_p95_ms": TARGET_REST_P95_MS, "mcp_gap_ms": TARGET_MCP_GAP_MS},
        "summary": verdict(figures),
        **figures,
    }


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
