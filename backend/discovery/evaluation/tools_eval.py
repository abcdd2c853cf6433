"""`discovery eval tools`: tool retrieval quality of direct, hierarchical and hybrid search.

Each benchmark gets its own embedded database (`<data dir>-tools-eval/<name>`, rebuilt every
run): its tool catalog is ingested through `ingest_tools` (the seed skills, the offline
classifier), then every query is searched with each strategy (`item_type=tool`, limit 10, the
configured skill limit and thresholds except `tool_threshold` 0, so recall is not cut by a
similarity floor). Per strategy: recall@5, recall@10 (the share of a query's gold steps with a
gold tool in the top k; a LiveMCPBench step lists alternatives, any one counts), MRR (first
relevant rank) and the average number of candidates scored (`stage2_candidate_count`: the
active tools for direct and hybrid, the matched skills' member counts for hierarchical; a
fallback scores the whole catalog). A query longer than the engine's 1,000 characters is cut
there.
"""

from __future__ import annotations

import gzip
import json
import random
import shutil
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from discovery.catalog.skills.review import approve_suggestion, open_classifier, reclassify
from discovery.catalog.skills.suggestions import list_suggestions
from discovery.catalog.tools.ingest import ingest_tools
from discovery.db import ItemKind
from discovery.runtime import Runtime, open_runtime
from discovery.search.models import MAX_QUERY_CHARS, SearchRequest, Strategy
from discovery.settings import REPO_ROOT, Settings

TOOLS_DATA = REPO_ROOT.parent / "shared" / "data" / "tools"
METATOOL_SERVER = "MetaTool"


@dataclass(frozen=True)
class Query:
    id: str
    text: str
    gold: list[list[str]]  # steps; each step's alternatives (item ids)


@dataclass(frozen=True)
class Benchmark:
    name: str
    catalog: Path  # a tool JSON Lines file
    queries: list[Query]


def metatool(
    data: Path, work: Path, max_single: int, dev: bool = False, seed: int = 7
) -> Benchmark:
    """MetaTool: its 199 plugins as tools of one server. The test split (the one reported):
    a seeded sample of `max_single` single-tool queries (0 = all 20,614) and all 497 two-tool
    queries. The dev split (for choosing settings): `max_single` other single-tool queries,
    none of them in the test sample."""
    catalog = work / "metatool_tools.jsonl"
    with (data / "tools.jsonl").open() as src, catalog.open("w") as out:
        for line in src:
            row = json.loads(line)
            tool = {"server": METATOOL_SERVER, "name": row["tool_id"],
                    "title": row.get("name_for_human") or row["tool_id"],
                    "description": row["description"]}  # fmt: skip
            out.write(json.dumps(tool) + "\n")

    def gold(ids: list[str]) -> list[list[str]]:
        return [[f"tool:{METATOOL_SERVER}::{t}"] for t in ids]

    with gzip.open(data / "queries_single.jsonl.gz", "rt") as fh:
        single = [json.loads(line) for line in fh]
    test = single
    if max_single and len(single) > max_single:
        test = random.Random(seed).sample(single, max_single)
    if dev:
        taken = {q["qid"] for q in test}
        rest = [q for q in single if q["qid"] not in taken]
        if not rest:
            raise ValueError("the test split holds every single-tool query: no dev queries left")
        picked = random.Random(seed + 1).sample(rest, min(max_single or len(rest), len(rest)))
        queries = [Query(q["qid"], q["query"], gold(q["gold_tool_ids"])) for q in picked]
        return Benchmark("metatool-dev", catalog, queries)
    multi = [json.loads(line) for line in (data / "queries_multi.jsonl").open()]
    queries = [Query(q["qid"], q["query"], gold(q["gold_tool_ids"])) for q in test + multi]
    return Benchmark("metatool", catalog, queries)


def livemcpbench(data: Path) -> Benchmark:
    """LiveMCPBench: 527 tools of 70 servers, 95 multi-step tasks (about 2.6 gold steps)."""
    queries = []
    for line in (data / "tasks.jsonl").open():
        task = json.loads(line)
        steps = [[f"tool:{t}" for t in step] for step in task["gold_tool_ids"] if step]
        if steps:
            queries.append(Query(task["task_id"], task["query"], steps))
    return Benchmark("livemcpbench", data / "tools.jsonl", queries)


def score(ranked: list[str], gold: list[list[str]], k: int) -> float:
    """Share of the gold steps with at least one of their tools in the top k."""
    top = set(ranked[:k])
    return sum(bool(top & set(step)) for step in gold) / len(gold)


def reciprocal_rank(ranked: list[str], gold: list[list[str]]) -> float:
    relevant = {t for step in gold for t in step}
    return next((1.0 / r for r, item in enumerate(ranked, 1) if item in relevant), 0.0)


# `hierarchical` runs with the configured tool skill defaults (8 skills at 0.1, chosen on
# MetaTool's dev split); it is also measured at these (skill_limit, skill_threshold) points.
HIERARCHICAL_VARIANTS = ((3, 0.1), (3, 0.2), (5, 0.2), (8, 0.2), (12, 0.2), (12, 0.1))


def runs(strategies: tuple[Strategy, ...] = tuple(Strategy)) -> list[tuple[str, dict[str, Any]]]:
    """(name, request fields) of every configuration measured."""
    out: list[tuple[str, dict[str, Any]]] = [(s.value, {"strategy": s}) for s in strategies]
    return out + [
        (f"hierarchical(skills={n},threshold={t})",
         {"strategy": Strategy.HIERARCHICAL, "skill_limit": n, "skill_threshold": t})
        for n, t in HIERARCHICAL_VARIANTS
    ]  # fmt: skip


async def evaluate(
    rt: Runtime,
    queries: list[Query],
    configs: list[tuple[str, dict[str, Any]]],
    on_query: Callable[[], None] | None = None,
) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    for name, fields in configs:
        r5, r10, rr, cands, fallbacks = [], [], [], [], 0
        for q in queries:
            request = SearchRequest(
                query=q.text[:MAX_QUERY_CHARS], limit=10, tool_threshold=0.0,
                item_type=ItemKind.TOOL, include_schemas=False, **fields,
            )  # fmt: skip
            response = await rt.search.search(request)
            ranked = [hit.id for hit in response.items]
            r5.append(score(ranked, q.gold, 5))
            r10.append(score(ranked, q.gold, 10))
            rr.append(reciprocal_rank(ranked, q.gold))
            cands.append(response.metadata.stage2_candidate_count)
            fallbacks += response.metadata.fallback_reason is not None
            if on_query:
                on_query()
        figures[name] = {
            "recall@5": round(statistics.fmean(r5), 4),
            "recall@10": round(statistics.fmean(r10), 4),
            "mrr": round(statistics.fmean(rr), 4),
            "avg_candidates": round(statistics.fmean(cands), 1),
            "fallback_share": round(fallbacks / len(queries), 4),
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
    settings: Settings, bench: Benchmark, on_query: Callable[[], None] | None = None
) -> dict[str, Any]:
    async with open_runtime(settings) as rt:
        report = await ingest_tools(rt.db, rt.embedder, rt.settings, [bench.catalog])
        figures = await evaluate(rt, bench.queries, runs(), on_query)
        placed = await coverage(rt)
        approved = await approve_all(rt)
        after = await evaluate(rt, bench.queries, runs((Strategy.HIERARCHICAL,)), on_query)
        placed_after = await coverage(rt)
    after = {"direct": figures["direct"]} | after
    return {
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
    """The issue's targets, checked for every hierarchical configuration measured."""
    direct = figures["direct"]
    out: dict[str, Any] = {}
    for name, f in figures.items():
        if name.startswith("hierarchical"):
            gap = direct["recall@5"] - f["recall@5"]
            reduction = direct["avg_candidates"] / max(f["avg_candidates"], 1e-9)
            out[name] = {
                "recall@5_gap_points": round(100 * gap, 2),
                "candidate_reduction": round(reduction, 2),
                "met": gap <= 0.02 and reduction >= 5,
            }
    best = max(figures, key=lambda s: figures[s]["recall@5"])
    out["best_strategy"] = best
    out["best_beats_direct_recall@5"] = figures[best]["recall@5"] > direct["recall@5"]
    return out


def settings_summary(settings: Settings) -> dict[str, Any]:
    return {
        "skill_limit": settings.discovery_tool_skill_limit,
        "skill_threshold": settings.discovery_tool_skill_threshold,
        "skill_min_confidence": settings.discovery_skill_min_confidence,
        "tool_threshold": 0.0,
        "limit": 10,
        "hybrid_rrf_k": settings.discovery_hybrid_rrf_k,
        "hybrid_text_weight": settings.discovery_hybrid_text_weight,
        "embedding_model": settings.discovery_embedding_model.value,
    }
