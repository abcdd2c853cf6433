"""`discovery eval tools`: tool retrieval quality as a new user gets it.

Each benchmark (`tool_sets.py`) gets its own embedded database (`<data dir>-tools-eval/<name>`,
rebuilt every run): its catalog is ingested through `ingest_tools` with the default settings
(the seed skills, the offline classifier, nobody reviewing), then every query is searched with
each strategy at the defaults (`item_type=tool`, limit 10; thresholds and skill limits from
Settings): direct, hierarchical, hybrid and the default one (no strategy given). Per strategy:
recall@5 and recall@10 (the share of a query's gold steps with a gold tool in the top k; a step
may list alternatives, any one counts), nDCG@10 (a step's first hit gains 1), MRR, the average
number of candidates scored (`stage2_candidate_count`: the active tools for direct and hybrid,
the matched skills' member counts for hierarchical) and the share of queries answered with
nothing. Then the review queue is approved as proposed and hierarchical and the default are
measured again. A query longer than the engine's 1,000 characters is cut there.
"""

from __future__ import annotations

import math
import shutil
import statistics
from collections.abc import Callable
from typing import Any

from discovery.catalog.skills.review import approve_suggestion, open_classifier, reclassify
from discovery.catalog.skills.suggestions import list_suggestions
from discovery.catalog.tools.ingest import ingest_tools
from discovery.db import ItemKind
from discovery.evaluation.tool_sets import Benchmark, Query
from discovery.runtime import Runtime, open_runtime
from discovery.search.models import MAX_QUERY_CHARS, SearchRequest, Strategy
from discovery.settings import Settings


def score(ranked: list[str], gold: list[list[str]], k: int) -> float:
    """Share of the gold steps with at least one of their tools in the top k."""
    top = set(ranked[:k])
    return sum(bool(top & set(step)) for step in gold) / len(gold)


def reciprocal_rank(ranked: list[str], gold: list[list[str]]) -> float:
    relevant = {t for step in gold for t in step}
    return next((1.0 / r for r, item in enumerate(ranked, 1) if item in relevant), 0.0)


def ndcg(ranked: list[str], gold: list[list[str]], k: int = 10) -> float:
    """Binary gains: a ranked item gains 1 when it is the first hit of a gold step."""
    open_steps = [set(step) for step in gold]
    dcg = 0.0
    for rank, item in enumerate(ranked[:k]):
        hit = next((s for s in open_steps if item in s), None)
        if hit is not None:
            open_steps.remove(hit)
            dcg += 1.0 / math.log2(rank + 2)
    ideal = sum(1.0 / math.log2(r + 2) for r in range(min(len(gold), k)))
    return dcg / ideal if ideal else 0.0


NAMED = (Strategy.DIRECT, Strategy.HIERARCHICAL, Strategy.HYBRID)
Runs = list[tuple[str, dict[str, Any]]]


def runs(strategies: tuple[Strategy, ...] = NAMED, default: bool = True) -> Runs:
    """(name, request fields) of every configuration measured: each strategy by name at the
    defaults, and the default strategy (none given)."""
    out: Runs = [(s.value, {"strategy": s}) for s in strategies]
    return out + ([("default", {})] if default else [])


def variants(points: list[dict[str, Any]]) -> Runs:
    """Extra configurations to tune on: `{field: value, ...}` each, named by its fields."""
    return [(",".join(f"{k}={v}" for k, v in p.items()), p) for p in points]


async def evaluate(
    rt: Runtime,
    queries: list[Query],
    configs: list[tuple[str, dict[str, Any]]],
    on_query: Callable[[], None] | None = None,
) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    for name, fields in configs:
        r5, r10, nd, rr, cands, fallbacks, empty = [], [], [], [], [], 0, 0
        used: dict[str, int] = {}
        for q in queries:
            request = SearchRequest(
                query=q.text[:MAX_QUERY_CHARS], limit=10, item_type=ItemKind.TOOL,
                include_schemas=False, **fields,
            )  # fmt: skip
            response = await rt.search.search(request)
            ranked = [hit.id for hit in response.items]
            r5.append(score(ranked, q.gold, 5))
            r10.append(score(ranked, q.gold, 10))
            nd.append(ndcg(ranked, q.gold))
            rr.append(reciprocal_rank(ranked, q.gold))
            cands.append(response.metadata.stage2_candidate_count)
            fallbacks += response.metadata.fallback_reason is not None
            empty += not ranked
            used[response.metadata.strategy_used] = used.get(response.metadata.strategy_used, 0) + 1
            if on_query:
                on_query()
        figures[name] = {
            "recall@5": round(statistics.fmean(r5), 4),
            "recall@10": round(statistics.fmean(r10), 4),
            "ndcg@10": round(statistics.fmean(nd), 4),
            "mrr": round(statistics.fmean(rr), 4),
            "avg_candidates": round(statistics.fmean(cands), 1),
            "fallback_share": round(fallbacks / len(queries), 4),
            "empty_share": round(empty / len(queries), 4),
            "strategy_used": used,
        }
    return figures


async def coverage(rt: Runtime) -> dict[str, Any]:
    """How the classifier placed the catalog's tools."""
    async with rt.db.connection() as conn:
        row = await (
            await conn.execute(
                "select count(*), count(*) filter (where skill_ids <> '{}'),"
                " avg(cardinality(skill_ids)) filter (where skill_ids <> '{}'),"
                " (select count(*) from skills where tool_count > 0),"
                " (select count(*) from skill_suggestions where status = 'pending')"
                " from items where kind = 'tool' and is_active"
            )
        ).fetchone()
    assert row is not None
    return {"tools": row[0], "tools_with_skills": row[1],
            "skills_per_placed_tool": round(float(row[2] or 0), 3),
            "skills_with_tools": row[3], "pending_suggestions": row[4]}  # fmt: skip


def eval_settings(settings: Settings, name: str) -> Settings:
    """A fresh embedded database of its own for one benchmark (never the user's catalog)."""
    base = settings.discovery_data_dir
    work = base.with_name(base.name + "-tools-eval") / name
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    return settings.model_copy(update={"discovery_data_dir": work, "database_url": None})


async def run_benchmark(
    settings: Settings,
    bench: Benchmark,
    on_query: Callable[[], None] | None = None,
    extra: list[tuple[str, dict[str, Any]]] | None = None,
) -> dict[str, Any]:
    async with open_runtime(settings) as rt:
        report = await ingest_tools(rt.db, rt.embedder, rt.settings, [bench.catalog])
        figures = await evaluate(rt, bench.queries, runs() + (extra or []), on_query)
        placed = await coverage(rt)
        approved = await approve_all(rt)
        after = await evaluate(rt, bench.queries, runs((Strategy.HIERARCHICAL,)), on_query)
        placed_after = await coverage(rt)
    after = {"direct": figures["direct"]} | after
    return {
        "split": bench.split,
        "queries": len(bench.queries),
        "catalog": placed | {"skipped_rows": report.skipped},
        "strategies": figures,
        "targets": targets(figures),
        "after_review": {
            "what": "a reviewer approves every pending suggestion unchanged "
            f"({approved} new skills), then the unplaced tools are classified again",
            "catalog": placed_after,
            "strategies": after,
            "targets": targets(after),
        },
    }


async def approve_all(rt: Runtime) -> int:
    """Approve every pending suggestion as proposed; classify the unplaced tools once."""
    async with rt.db.connection() as conn:
        pending = await list_suggestions(conn, "pending")
    for suggestion in pending:
        overrides = {"id": f"{suggestion.parent_domain}.suggested_{suggestion.id}"}
        await approve_suggestion(rt.db, rt.embedder, rt.settings, suggestion.id, overrides,
                                 reclassify_now=False)  # fmt: skip
    classifier = await open_classifier(rt.db, rt.embedder, rt.settings)
    await reclassify(rt.db, rt.embedder, classifier, only_unplaced=True)
    return len(pending)


def targets(figures: dict[str, Any]) -> dict[str, Any]:
    """The targets as ingested and at the defaults: the default strategy within 1 point of
    direct's recall@5 or better; hierarchical (by name) within 5 points of direct at >= 4x
    fewer candidates; no query answered with nothing."""
    direct = figures["direct"]
    out: dict[str, Any] = {}
    if "default" in figures:
        gap = direct["recall@5"] - figures["default"]["recall@5"]
        out["default"] = {"recall@5_gap_points": round(100 * gap, 2), "met": gap <= 0.01}
    hierarchical = figures.get("hierarchical")
    if hierarchical:
        gap = direct["recall@5"] - hierarchical["recall@5"]
        reduction = direct["avg_candidates"] / max(hierarchical["avg_candidates"], 1e-9)
        out["hierarchical"] = {
            "recall@5_gap_points": round(100 * gap, 2),
            "candidate_reduction": round(reduction, 2),
            "met": gap <= 0.05 and reduction >= 4,
        }
    out["no_empty_answers"] = all(f["empty_share"] == 0 for f in figures.values())
    return out


def settings_summary(settings: Settings) -> dict[str, Any]:
    return {
        "skill_limit": settings.discovery_tool_skill_limit,
        "skill_threshold": settings.discovery_tool_skill_threshold,
        "skill_min_confidence": settings.discovery_skill_min_confidence,
        "tool_threshold": settings.discovery_tool_threshold,
        "limit": 10,
        "hybrid_rrf_k": settings.discovery_hybrid_rrf_k,
        "hybrid_text_weight": settings.discovery_hybrid_text_weight,
        "embedding_model": settings.discovery_embedding_model.value,
    }
