"""Latency of a full hierarchical tool search with schemas: embed the query (uncached), stage 1
(skills), stage 2 (tools of the matched skills), input schemas of the 5 returned tools. In
process, on the LiveMCPBench catalog (527 tools) in its own embedded database; every query is
a different text (MetaTool's single-tool questions), so no embedding comes from the cache."""

from __future__ import annotations

import gzip
import json
import platform
import random
import statistics
import time
from pathlib import Path
from typing import Any

import numpy as np

from discovery.catalog.tools.ingest import ingest_tools
from discovery.db import ItemKind
from discovery.evaluation.tool_sets import TOOLS_DATA
from discovery.evaluation.tools_eval import eval_settings
from discovery.runtime import open_runtime
from discovery.search.models import SearchRequest, Strategy
from discovery.settings import Settings

WARMUP = 30


def bench_queries(n: int, seed: int = 11) -> list[str]:
    with gzip.open(TOOLS_DATA / "metatool" / "queries_single.jsonl.gz", "rt") as fh:
        texts = sorted({json.loads(line)["query"] for line in fh})
    return random.Random(seed).sample(texts, n + WARMUP)


async def run_tools_latency(
    settings: Settings, n: int = 500, out: Path | None = None
) -> dict[str, Any]:
    """Median and p95 (ms) of `n` searches after a warm-up; written to `out` when given."""
    queries = bench_queries(n)
    async with open_runtime(eval_settings(settings, "latency")) as rt:
        await ingest_tools(
            rt.db, rt.embedder, rt.settings, [TOOLS_DATA / "livemcpbench" / "tools.jsonl"]
        )
        async with rt.db.connection() as conn:
            await conn.execute("vacuum (analyze) items, item_embeddings, item_skills, skills")
        rt.embedder.cache_clear()
        # Hierarchical by name and the default strategy (hybrid), alternating query by query so
        # both see the same machine; each query embedded once per strategy (cache cleared).
        runs: dict[str, list[float]] = {"hierarchical": [], "default": []}
        embeds, with_schema, fallbacks = [], 0, 0
        for index, text in enumerate(queries):
            for name, strategy in (("hierarchical", Strategy.HIERARCHICAL), ("default", None)):
                request = SearchRequest(
                    query=text, strategy=strategy, limit=5, item_type=ItemKind.TOOL,
                    tool_threshold=0.0, include_schemas=True,
                )  # fmt: skip
                rt.embedder.cache_clear()
                started = time.perf_counter()
                response = await rt.search.search(request)
                elapsed = (time.perf_counter() - started) * 1000.0
                if index < WARMUP:
                    continue
                runs[name].append(elapsed)
                if name == "hierarchical":
                    embeds.append(response.metadata.query_embedding_time_ms)
                    with_schema += sum(
                        h.metadata.get("input_schema") is not None for h in response.items
                    )
                    fallbacks += response.metadata.fallback_reason is not None
    totals = runs["hierarchical"]
    default = runs["default"]
    figures = {
        "what": "hierarchical search, item_type=tool, limit 5 (tool_threshold 0), "
        f"{settings.discovery_tool_skill_limit} skills at skill_threshold "
        f"{settings.discovery_tool_skill_threshold} (the tool defaults), include_schemas, in "
        "process, uncached query embedding included",
        "catalog": "LiveMCPBench, 527 tools",
        "searches": n,
        "median_ms": round(statistics.median(totals), 3),
        "p95_ms": round(float(np.percentile(totals, 95)), 3),
        "embedding_median_ms": round(statistics.median(embeds), 3),
        "default_strategy": str(settings.discovery_tool_strategy),
        "default_median_ms": round(statistics.median(default), 3),
        "default_p95_ms": round(float(np.percentile(default, 95)), 3),
        "schemas_returned": with_schema,
        "fallback_share": round(fallbacks / n, 4),
        "target_p95_ms": 15.0,
        "meets_target": float(np.percentile(totals, 95)) <= 15.0,
        "machine": f"{platform.machine()}, {platform.python_version()}",
    }
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(figures, indent=2) + "\n")
    return figures
