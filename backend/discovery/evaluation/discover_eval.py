"""`discovery eval discover`: does `discover` find what a held-out task needs?

A fresh embedded database (`<data dir>-discover-eval`) gets LiveMCPBench's 527 tools (through
`ingest tools`) and the capabilities made from the tasks of the `capabilities` split, with
their recorded histories (`discover_data.py`, through `capabilities import`). Each task of the
`tune` and `report` splits is then a query (cut at 1,000 characters), answered by:

- `discover` (top 5, both kinds, the configured settings);
- `discover` without reliability (every multiplier 1): what the success histories change;
- `discover` over tools only;
- plain tool search: the engine's tool search with discover's tool strategy, top 5, no
  similarity floor (its best case).

Per query: recall@5 = the share of its gold steps (any alternative counts) reached by the top 5,
a step being reached by a returned tool or by a tool a returned capability uses; hit@5 = at
least one step reached; and how many of the top 5 are capabilities, failing ones (smoothed
success rate below the low rate) among them. Settings were chosen on `tune`; `report` is read
only for the figures.
"""

from __future__ import annotations

import shutil
import statistics
from collections.abc import Callable
from pathlib import Path
from typing import Any

from discovery.catalog.capabilities.importer import import_capabilities
from discovery.catalog.tools.ingest import ingest_tools
from discovery.db import ItemKind
from discovery.evaluation.discover_data import (
    Task,
    load_tasks,
    split_of,
    task_capabilities,
    write_jsonl,
)
from discovery.evaluation.tool_sets import TOOLS_DATA
from discovery.runtime import Runtime, open_runtime
from discovery.search.discover import DiscoverService
from discovery.search.discover_models import DiscoverRequest
from discovery.search.models import MAX_QUERY_CHARS, SearchRequest, Strategy
from discovery.settings import Settings

LIVEMCPBENCH = TOOLS_DATA / "livemcpbench"
K = 5


def reached(results: list[Any]) -> set[str]:
    """Tools a caller reaches from the results: returned tools and the tools of returned
    capabilities."""
    out: set[str] = set()
    for r in results:
        out |= {r.id} if r.type == "tool" else set(r.tools_used)
    return out


def recall(tools: set[str], steps: list[list[str]]) -> float:
    return sum(bool(tools & set(step)) for step in steps) / len(steps)


def _no_reliability(settings: Settings) -> Settings:
    return settings.model_copy(update={"discovery_reliability_low_multiplier": 1.0,
                                       "discovery_reliability_high_multiplier": 1.0})  # fmt: skip


async def _discover_figures(
    service: DiscoverService, tasks: list[Task], kind: str, low_rate: float
) -> dict[str, Any]:
    r5, hits, caps, failing = [], 0, [], []
    for task in tasks:
        request = DiscoverRequest.build(intent=task.query[:MAX_QUERY_CHARS], limit=K,
                                        filter={"type": kind})  # fmt: skip
        results = (await service.discover(request)).results
        score = recall(reached(results), task.steps)
        r5.append(score)
        hits += score > 0
        returned = [r for r in results if r.type == "capability"]
        caps.append(len(returned))
        failing.append(sum(r.success_rate < low_rate for r in returned))
    return {
        "recall@5": round(statistics.fmean(r5), 4),
        "hit@5": round(hits / len(tasks), 4),
        "capabilities_per_top5": round(statistics.fmean(caps), 3),
        "failing_capabilities_per_top5": round(statistics.fmean(failing), 3),
    }


async def _plain_figures(rt: Runtime, tasks: list[Task]) -> dict[str, Any]:
    r5, hits = [], 0
    for task in tasks:
        request = SearchRequest(
            query=task.query[:MAX_QUERY_CHARS], item_type=ItemKind.TOOL, limit=K,
            strategy=Strategy(rt.settings.discovery_discover_tool_strategy),
            tool_threshold=0.0,
        )  # fmt: skip
        items = (await rt.search.search(request)).items
        score = recall({hit.id for hit in items}, task.steps)
        r5.append(score)
        hits += score > 0
    return {"recall@5": round(statistics.fmean(r5), 4), "hit@5": round(hits / len(tasks), 4)}


async def evaluate_split(rt: Runtime, tasks: list[Task]) -> dict[str, Any]:
    low = rt.settings.discovery_reliability_low_rate
    flat = _no_reliability(rt.settings)
    unweighted = DiscoverService(rt.db, rt.embedder, rt.search, flat)
    return {
        "queries": len(tasks),
        "discover": await _discover_figures(rt.discover, tasks, "all", low),
        "discover_without_reliability": await _discover_figures(unweighted, tasks, "all", low),
        "discover_tools_only": await _discover_figures(rt.discover, tasks, "tool", low),
        "plain_tool_search": await _plain_figures(rt, tasks),
    }


def eval_settings(settings: Settings) -> Settings:
    base = settings.discovery_data_dir
    work = base.with_name(base.name + "-discover-eval")
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    return settings.model_copy(update={"discovery_data_dir": work, "database_url": None})


async def run_discover_eval(
    settings: Settings, splits: tuple[str, ...], on_step: Callable[[str], None] | None = None
) -> dict[str, Any]:
    tasks = load_tasks(LIVEMCPBENCH / "tasks.jsonl")
    rows = task_capabilities(tasks)
    run_settings = eval_settings(settings)
    capabilities_file = write_jsonl(rows, run_settings.discovery_data_dir / "capabilities.jsonl")
    figures: dict[str, Any] = {}
    async with open_runtime(run_settings) as rt:
        tools = await ingest_tools(rt.db, rt.embedder, rt.settings, [LIVEMCPBENCH / "tools.jsonl"])
        imported = await import_capabilities(rt.db, rt.embedder, capabilities_file)
        figures["catalog"] = {
            "tools": tools.added + tools.unchanged,
            "capabilities": imported.items.added,
            "runs": imported.executions,
            "skipped_capabilities": [str(e) for e in imported.errors],
            "reliability_classes": {c: sum(r["reliability_class"] == c for r in rows)
                                    for c in ("reliable", "flaky", "failing")},
        }  # fmt: skip
        for split in splits:
            if on_step:
                on_step(split)
            figures[split] = await evaluate_split(rt, [t for t in tasks if split_of(t.id) == split])
    return figures


def settings_summary(settings: Settings) -> dict[str, Any]:
    return {
        "tool_strategy": settings.discovery_discover_tool_strategy,
        "min_similarity": settings.discovery_discover_min_similarity,
        "reliability": [settings.discovery_reliability_low_rate,
                        settings.discovery_reliability_low_multiplier,
                        settings.discovery_reliability_high_rate,
                        settings.discovery_reliability_high_multiplier],
        "score_cap": settings.discovery_score_cap,
        "prior": [settings.discovery_success_prior_successes,
                  settings.discovery_success_prior_failures],
        "untried_success_rate": settings.discovery_untried_success_rate,
        "k": K,
    }  # fmt: skip


def write(figures: dict[str, Any], out: Path) -> None:
    import json

    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(figures, indent=2) + "\n")
