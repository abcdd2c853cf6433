"""`discovery eval archives`: archive search quality on the judged dev sets (`archive_sets.py`).

Each dev set's collection is ingested into an embedded database of its own
(`<data dir>-archives-eval/<set>`, rebuilt unless `reuse`), through the same pipeline as `discovery
ingest archives`. Every request is then answered, in one run, by: each strategy by name (direct,
hierarchical, hybrid) and the default (no strategy named: what REST clients get); the agent's
search tool (`search_archives_db`, as the agent calls it: the offline reranker only when the
archive strategy is not hybrid);
optionally the whole agent (offline planner, a fresh conversation per request); and the
reference lines (`archive_reference.py`): an exact k-NN over the stored vectors, a plain BM25,
and their RRF. Searches use the product's defaults except `limit` 10. Figures: nDCG@10 (binary
gains), recall@10 (relevant found in the top 10 / relevant) and MRR@10, per split (tune, report,
all), per method, per query kind.
"""

from __future__ import annotations

import math
import shutil
import statistics
from collections.abc import Callable
from typing import Any

from discovery.catalog.archives.ingest import ingest_archives
from discovery.db import ItemKind
from discovery.evaluation.archive_reference import ExactKnn, PlainBM25, rrf
from discovery.evaluation.archive_sets import DevSet, JudgedQuery, records
from discovery.runtime import Runtime, open_runtime
from discovery.search.models import SearchRequest, Strategy
from discovery.settings import Settings

K = 10
STRATEGIES: dict[str, Strategy | None] = {
    "direct": Strategy.DIRECT,
    "hierarchical": Strategy.HIERARCHICAL,
    "hybrid": Strategy.HYBRID,
    "default": None,
}
REFERENCES = ("exact_knn", "bm25_reference", "rrf_bm25_knn_reference")

Rankings = dict[str, dict[str, list[str]]]  # method -> query id -> ids, best first


def ndcg(ranked: list[str], relevant: frozenset[str], k: int = K) -> float:
    dcg = sum(1 / math.log2(i + 2) for i, r in enumerate(ranked[:k]) if r in relevant)
    ideal = sum(1 / math.log2(i + 2) for i in range(min(k, len(relevant))))
    return dcg / ideal if ideal else 0.0


def recall(ranked: list[str], relevant: frozenset[str], k: int = K) -> float:
    return len(set(ranked[:k]) & relevant) / len(relevant) if relevant else 0.0


def mrr(ranked: list[str], relevant: frozenset[str], k: int = K) -> float:
    return next((1 / (i + 1) for i, r in enumerate(ranked[:k]) if r in relevant), 0.0)


def metrics(rows: list[tuple[list[str], frozenset[str]]]) -> dict[str, float]:
    if not rows:
        return {"n": 0}
    return {
        "ndcg@10": round(statistics.fmean(ndcg(r, rel) for r, rel in rows), 4),
        "recall@10": round(statistics.fmean(recall(r, rel) for r, rel in rows), 4),
        "mrr@10": round(statistics.fmean(mrr(r, rel) for r, rel in rows), 4),
        "n": len(rows),
    }


def figures(queries: list[JudgedQuery], rankings: Rankings) -> dict[str, Any]:
    """split -> method -> {all: metrics, kinds: {kind: metrics}}."""
    out: dict[str, Any] = {}
    for split in ("tune", "report", "all"):
        chosen = [q for q in queries if split == "all" or q.split == split]
        out[split] = {}
        for method, ranked in rankings.items():
            rows = [(ranked.get(q.id, []), q.relevant) for q in chosen]
            kinds = sorted({q.kind for q in chosen})
            out[split][method] = {
                "all": metrics(rows),
                "kinds": {
                    kind: metrics(
                        [(ranked.get(q.id, []), q.relevant) for q in chosen if q.kind == kind]
                    )
                    for kind in kinds
                },
            }
    return out


def eval_settings(settings: Settings, name: str, reuse: bool) -> Settings:
    """An embedded database of its own for one dev set (never the user's catalog)."""
    base = settings.discovery_data_dir
    work = base.with_name(base.name + "-archives-eval") / name
    if not reuse:
        shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True, exist_ok=True)
    return settings.model_copy(update={"discovery_data_dir": work, "database_url": None})


async def _strategies(
    rt: Runtime, queries: list[JudgedQuery], tick: Callable[[], None]
) -> Rankings:
    out: Rankings = {name: {} for name in STRATEGIES}
    for q in queries:
        for name, strategy in STRATEGIES.items():
            request = SearchRequest.build(query=q.text, strategy=strategy, limit=K,
                                          item_type=ItemKind.ARCHIVE)  # fmt: skip
            response = await rt.search.search(request)
            out[name][q.id] = [hit.id for hit in response.items]
        tick()
    return out


async def _agent_tool(rt: Runtime, queries: list[JudgedQuery]) -> dict[str, list[str]]:
    from discovery.agent.graph import build_parts
    from discovery.agent.tools import make_search_tool

    parts = await build_parts(rt)
    tool = make_search_tool(rt.search, parts.reranker)
    search = getattr(tool, "coroutine", None)
    assert search is not None
    out = {}
    for q in queries:
        _, artifact = await search(query=q.text, match_count=K)
        out[q.id] = [r["id"] for r in artifact["records"]]
    return out


async def _agent(rt: Runtime, queries: list[JudgedQuery]) -> tuple[dict[str, list[str]], dict]:
    """The whole agent; and its refinement: how many requests it refined, and how many of those
    ended with a relevant record in the top 10."""
    from discovery.agent.service import open_agent

    out: dict[str, list[str]] = {}
    refined: list[str] = []
    messages = 0
    async with open_agent(rt) as agent:
        for q in queries:
            response = await agent.run(q.text)
            out[q.id] = [r.id for r in response.archives] if response.archives else []
            messages += response.response_type == "message"
            if len(response.attempts) > 1:
                refined.append(q.id)
    by_id = {q.id: q for q in queries}
    rescued = [i for i in refined if set(out[i][:K]) & by_id[i].relevant]
    return out, {
        "refined": len(refined),
        "refined_with_relevant_in_top10": len(rescued),
        "answered_with_a_message": messages,
        "refined_ids": refined,
    }


async def _references(rt: Runtime, dev: DevSet, queries: list[JudgedQuery]) -> Rankings:
    bm25 = PlainBM25(records(dev))
    knn = await ExactKnn.load(rt)
    out: Rankings = {name: {} for name in REFERENCES}
    for q in queries:
        dense = knn.search(rt.embedder.embed_query(q.text))
        lexical = bm25.search(q.text)
        out["exact_knn"][q.id] = dense
        out["bm25_reference"][q.id] = lexical
        out["rrf_bm25_knn_reference"][q.id] = rrf([lexical, dense])
    return out


async def run_dev_set(
    settings: Settings,
    dev: DevSet,
    *,
    agent: bool = True,
    reuse: bool = False,
    tick: Callable[[], None] = lambda: None,
) -> dict[str, Any]:
    async with open_runtime(eval_settings(settings, dev.name, reuse)) as rt:
        async with rt.db.connection() as conn:
            row = await (await conn.execute("select count(*) from items")).fetchone()
        if not (row and row[0]):
            report = await ingest_archives(rt.db, rt.embedder, dev.files,
                                           mapping=dev.mapping or None)  # fmt: skip
            skipped = report.skipped
        else:
            skipped = None
        rankings = await _strategies(rt, dev.queries, tick)
        rankings["agent_tool"] = await _agent_tool(rt, dev.queries)
        refinement = None
        if agent:
            rankings["agent"], refinement = await _agent(rt, dev.queries)
        rankings |= await _references(rt, dev, dev.queries)
    result = {
        "note": dev.note,
        "queries": len(dev.queries),
        "skipped_rows": skipped,
        "figures": figures(dev.queries, rankings),
    }
    if refinement is not None:
        result["agent_refinement"] = refinement
    return result


def settings_summary(settings: Settings) -> dict[str, Any]:
    return {
        "archive_strategy": settings.discovery_archive_strategy.value,
        "archive_fusion": settings.discovery_archive_fusion.value,
        "archive_dense_weight": settings.discovery_archive_dense_weight,
        "archive_partial_fusion": settings.discovery_archive_partial_fusion.value,
        "archive_partial_rrf_k": settings.discovery_archive_partial_rrf_k,
        "archive_partial_dense_weight": settings.discovery_archive_partial_dense_weight,
        "archive_coverage_floor": settings.discovery_archive_coverage_floor,
        "archive_unknown_word_weight": settings.discovery_archive_unknown_word_weight,
        "archive_rrf_k": settings.discovery_archive_rrf_k,
        "archive_text_weight": settings.discovery_archive_text_weight,
        "archive_hybrid_depth": settings.discovery_archive_hybrid_depth,
        "archive_request_words": settings.discovery_archive_request_words,
        "archive_place_weight": settings.discovery_archive_place_weight,
        "archive_place_adjective_weight": settings.discovery_archive_place_adjective_weight,
        "archive_phrase_weight": settings.discovery_archive_phrase_weight,
        "text_candidate_budget": settings.discovery_text_candidate_budget,
        "limit": K,
        "embedding_model": settings.discovery_embedding_model.value,
    }
