"""`discovery eval agents-latency`: the agent search's latency over REST and over GraphQL, at
the 10,000 agents of the evaluation registry, with and without a skill filter, embedding
included, against a real `discovery serve` process on loopback (one request at a time, so the
figures are a lone request's, without queueing). Every request's text is different, the four
variants' too, so no embedding comes from the cache; the variants are interleaved, so they
share the machine's conditions. Target on this machine: REST p95 <= 15 ms, GraphQL within 2 ms
of REST.
"""

from __future__ import annotations

import json
import platform
import time
from pathlib import Path
from typing import Any

import httpx

from discovery.catalog.a2a.ingest import ingest_agents
from discovery.evaluation.agents_eval import agents_settings, ensure_registry, load_requests
from discovery.evaluation.bench_http import Server
from discovery.evaluation.stats import summarize
from discovery.intents import IntentRegistry
from discovery.runtime import open_runtime
from discovery.settings import Settings

WARMUP = 30
# Every field REST's answer has (all but `timeMs`, which GraphQL does not offer): the two
# transports send the same answer, so neither is timed on a smaller one.
GRAPHQL = """query($input: SemanticAgentSearchInput!) { semanticAgentSearch(input: $input) {
  intentType requiredSkills queryText total byChain notice
  matches { score matchedSkills missingSkills coverage matchReasons live lastSeen verified
    skillsAgree agent { id chainId agentId name description image cardUrl a2aSkills
      endpoints { name endpoint version } } } } }"""
TARGET_P95_MS, TARGET_GAP_MS = 15.0, 2.0
VARIANTS = ("rest_skill", "gql_skill", "rest_text", "gql_text")


def _bodies(n: int, intents: list[str]) -> list[dict[str, dict[str, Any]]]:
    """Per round, one request body per variant, each with a text of its own: no variant gets
    its embedding from the cache another variant (or an earlier round) filled."""
    requests = load_requests()
    texts = [r["text"] for r in requests if r.get("text")]
    out = []
    for i in range(n + WARMUP):
        base = texts[i % len(texts)]
        bodies = {}
        for variant in VARIANTS:
            text = f"{base} (request {i}, {variant})"
            skill = {"intentType": intents[i % len(intents)]} if variant.endswith("skill") else {}
            bodies[variant] = skill | {"text": text, "topK": 10}
        out.append(bodies)
    return out


async def run_agents_latency(
    settings: Settings, n: int = 300, port: int = 8771, out: Path | None = None
) -> dict[str, Any]:
    work = agents_settings(settings)
    async with open_runtime(work) as rt:
        report = await ingest_agents(rt.db, rt.embedder, rt.settings, [ensure_registry()])
    times: dict[str, list[float]] = {k: [] for k in VARIANTS}
    async with (
        Server(work.discovery_data_dir, port) as server,
        httpx.AsyncClient(base_url=server.url, timeout=30) as client,
    ):
        executable = [i.id for i in IntentRegistry.load(work.discovery_intents_file).intents
                      if i.executable]  # fmt: skip
        for index, bodies in enumerate(_bodies(n, executable)):
            for name in VARIANTS:
                call = _rest if name.startswith("rest") else _graphql
                elapsed = await call(client, bodies[name])
                if index >= WARMUP:
                    times[name].append(elapsed)
    figures: dict[str, Any] = {name: summarize(values) for name, values in times.items()}
    figures |= _verdict(figures) | {
        "agents": report.added + report.updated + report.unchanged,
        "machine": f"{platform.machine()}, {platform.processor() or 'cpu'}",
    }
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(figures, indent=2) + "\n")
    return figures


async def _rest(client: httpx.AsyncClient, body: dict[str, Any]) -> float:
    started = time.perf_counter()
    response = await client.post("/api/agents/semantic-search", json=body)
    elapsed = (time.perf_counter() - started) * 1000.0
    response.raise_for_status()
    return elapsed


async def _graphql(client: httpx.AsyncClient, body: dict[str, Any]) -> float:
    started = time.perf_counter()
    response = await client.post("/graphql", json={"query": GRAPHQL, "variables": {"input": body}})
    elapsed = (time.perf_counter() - started) * 1000.0
    response.raise_for_status()
    if "errors" in response.json():
        raise RuntimeError(f"GraphQL error: {response.json()['errors']}")
    return elapsed


def _verdict(f: dict[str, Any]) -> dict[str, Any]:
    rest_p95 = max(f["rest_skill"]["p95"], f["rest_text"]["p95"])
    gaps = {
        kind: round(f[f"gql_{kind}"]["p95"] - f[f"rest_{kind}"]["p95"], 3)
        for kind in ("skill", "text")
    }
    return {
        "graphql_minus_rest_p95_ms": gaps,
        "meets_rest_target": rest_p95 <= TARGET_P95_MS,
        "meets_graphql_target": max(gaps.values()) <= TARGET_GAP_MS,
    }
