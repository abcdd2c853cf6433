"""`make bench`: the engine's figures on the full CMOA set (87k real records), median and p95.

Runs against its own embedded database (`<data dir>-bench`), rebuilt from scratch each run so the
ingest rate is measured on an empty catalog (`--search-only` reuses the last one). Search is
measured on a freshly started database after warm-up searches. Recall@10 compares the indexed
path with an exact scan done in numpy over every stored vector (independent of PostgreSQL's
planner); an `ef_search` sweep prints the HNSW latency/recall trade-off.
"""

from __future__ import annotations

import json
import logging
import platform
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from rich.progress import MofNCompleteColumn, Progress

from discovery.catalog.archives.ingest import archive_files, ingest_archives
from discovery.catalog.ingest import count_rows
from discovery.evaluation.bench_queries import CMOA_DIR, HAND_WRITTEN, bench_queries, gzip_lines
from discovery.evaluation.stats import summarize
from discovery.runtime import Runtime, open_runtime
from discovery.search.models import SearchRequest, Strategy
from discovery.search.service import SearchService
from discovery.settings import Settings

WARM_UP_SEARCHES = 1000
EF_SWEEP = (40, 100, 150, 200, 400)


async def _ingest(rt: Runtime, limit_rows: int | None) -> dict[str, Any]:
    files = archive_files([CMOA_DIR])
    if limit_rows:
        tmp = rt.settings.discovery_data_dir / "subset.jsonl"
        with tmp.open("w") as out:
            for _, line in zip(range(limit_rows), gzip_lines(files), strict=False):
                out.write(line)
        files = [tmp]
    total = sum(count_rows(f) for f in files)
    with Progress(*Progress.get_default_columns(), MofNCompleteColumn(), transient=True) as bar:
        task = bar.add_task("ingest (CMOA)", total=total)
        started = time.perf_counter()
        report = await ingest_archives(
            rt.db,
            rt.embedder,
            files,
            batch_size=rt.settings.discovery_ingest_batch_size,
            on_rows=lambda n: bar.advance(task, n),
        )
        seconds = time.perf_counter() - started
    n = report.added + report.updated
    return {
        "items": n,
        "skipped": report.skipped,
        "seconds": round(seconds, 1),
        "items_per_s": round(n / seconds, 1),
    }


async def _settle(rt: Runtime) -> None:
    """After the load: vacuum (visibility map, statistics) and write the checkpoint."""
    async with rt.db.connection() as conn:
        await conn.execute("vacuum (analyze) items, item_embeddings, item_skills")
        await conn.execute("checkpoint")


async def _warm_up(rt: Runtime) -> None:
    """Steady state, as a server that has been answering for a while: 1,000 searches per
    strategy with other queries (their embeddings and results are not reused: the measured
    queries are different phrases)."""
    warm_up = bench_queries(len(HAND_WRITTEN) + WARM_UP_SEARCHES, seed=3)[len(HAND_WRITTEN) :]
    for strategy in Strategy:
        await _search(rt.search, warm_up, strategy)


def _embedding(rt: Runtime, queries: list[str]) -> dict[str, float]:
    embed = rt.embedder.embed_query
    times = []
    for q in queries:
        rt.embedder.cache_clear()
        t = time.perf_counter()
        embed(q)
        times.append((time.perf_counter() - t) * 1000)
    return summarize(times)


async def _search(service: SearchService, queries: list[str], strategy: Strategy) -> dict[str, Any]:
    times, fallbacks = [], 0
    for q in queries:
        service.embedder.cache_clear()
        request = SearchRequest.build(query=q, strategy=strategy, limit=10)
        t = time.perf_counter()
        response = await service.search(request)
        times.append((time.perf_counter() - t) * 1000)
        fallbacks += response.metadata.fallback_reason is not None
    return summarize(times) | {"fallbacks": fallbacks}


async def _exact_scan(rt: Runtime, queries: list[str]) -> dict[str, Any]:
    """Baseline: the same top-10 by an exact scan in PostgreSQL (index scans off)."""
    times = []
    async with rt.db.connection() as conn:
        await conn.execute("set enable_indexscan = off")
        for q in queries:
            vector = rt.embedder.embed_query(q)
            t = time.perf_counter()
            await (
                await conn.execute(
                    "select item_id from item_embeddings where model = %s"
                    " order by embedding <=> %s limit 10",
                    (rt.embedder.model_id, vector),
                )
            ).fetchall()
            times.append((time.perf_counter() - t) * 1000)
        await conn.execute("reset enable_indexscan")
    return summarize(times)


@dataclass
class _ExactIndex:
    """Every active item's vector and skills, for exact answers computed in numpy."""

    ids: dict[str, int]
    skills: list[set[str]]
    matrix: np.ndarray

    @classmethod
    async def load(cls, rt: Runtime) -> _ExactIndex:
        async with rt.db.connection() as conn:
            rows = await (
                await conn.execute(
                    "select i.id, i.skill_ids, e.embedding from items i join item_embeddings e"
                    " on e.item_id = i.id and e.model = %s where i.is_active",
                    (rt.embedder.model_id,),
                )
            ).fetchall()
        return cls(
            {r[0]: n for n, r in enumerate(rows)},
            [set(r[1]) for r in rows],
            np.stack([np.asarray(r[2].to_numpy(), dtype=np.float32) for r in rows]),
        )


async def _recall(
    service: SearchService,
    exact: _ExactIndex,
    queries: list[str],
    strategies: tuple[Strategy, ...] = (Strategy.DIRECT, Strategy.HIERARCHICAL),
) -> dict[str, Any]:
    """Recall@10 of the indexed path against an exact numpy scan over every stored vector.

    Tie-aware: a returned item counts when its exact similarity is at least the 10th best
    exact similarity (duplicate captions give identical vectors). Hierarchical search is
    compared with an exact scan over the same skills, on the queries that used skills.
    """
    index, skills, matrix = exact.ids, exact.skills, exact.matrix
    out: dict[str, list[float]] = {"direct": [], "hierarchical": []}
    for q in queries:
        sims = matrix @ service.embedder.embed_query(q)
        for strategy in strategies:
            resp = await service.search(
                SearchRequest.build(query=q, strategy=strategy, limit=10, tool_threshold=0.0)
            )
            used = set(resp.metadata.skill_ids_used or [])
            if strategy is Strategy.HIERARCHICAL and not used:
                continue
            mask = np.array([bool(s & used) for s in skills]) if used else np.ones(len(index), bool)
            kth = np.sort(np.where(mask, sims, -np.inf))[-10]
            hits = sum(sims[index[hit.id]] >= kth - 1e-6 for hit in resp.items)
            out[strategy.value].append(hits / 10)
    return {
        "direct": round(float(np.mean(out["direct"])), 4),
        "hierarchical": round(float(np.mean(out["hierarchical"] or [0.0])), 4),
        "hierarchical_queries": len(out["hierarchical"]),
        "queries": len(queries),
    }


async def _ef_sweep(rt: Runtime, exact: _ExactIndex, queries: list[str]) -> list[dict]:
    """The HNSW trade-off: direct search latency and recall@10 for several `ef_search` values
    (the setting DISCOVERY_HNSW_EF_SEARCH; the measured figures above use its current value)."""
    out = []
    for ef in EF_SWEEP:
        service = SearchService(
            rt.db, rt.embedder, rt.settings.model_copy(update={"discovery_hnsw_ef_search": ef})
        )
        hand = await _recall(service, exact, HAND_WRITTEN, (Strategy.DIRECT,))
        captions = await _recall(service, exact, queries[len(HAND_WRITTEN) :], (Strategy.DIRECT,))
        out.append(
            {
                "ef_search": ef,
                "search_direct_ms": await _search(service, queries, Strategy.DIRECT),
                "recall_at_10_hand_written": hand["direct"],
                "recall_at_10_caption_phrases": captions["direct"],
            }
        )
    return out


def bench_dir(settings: Settings) -> Path:
    """The bench's own embedded database, next to the app's data directory."""
    return settings.discovery_data_dir.with_name(settings.discovery_data_dir.name + "-bench")


async def run_bench(
    settings: Settings, out: Path, limit_rows: int | None = None, previous: dict | None = None
) -> dict:
    """The engine's figures. Given the `previous` run's figures, search is measured on that
    run's catalog (its ingest figures are kept) instead of a rebuilt one."""
    directory = bench_dir(settings)
    if previous is None:
        shutil.rmtree(directory, ignore_errors=True)
    directory.mkdir(parents=True, exist_ok=True)
    bench_settings = settings.model_copy(
        update={"discovery_data_dir": directory, "database_url": None}
    )
    logging.getLogger("discovery").setLevel(logging.ERROR)  # fallbacks are counted, not logged
    queries = bench_queries(200)
    figures: dict[str, Any] = {
        "machine": f"{platform.machine()}, {platform.python_version()}",
        "hnsw_ef_search": settings.discovery_hnsw_ef_search,
    }
    if previous is not None:
        figures["ingest"] = previous.get("ingest")
    else:
        async with open_runtime(bench_settings) as rt:
            figures["ingest"] = await _ingest(rt, limit_rows)
            await _settle(rt)
    # Search is measured on a freshly started database, as after a deployment, not amid the
    # load's after-effects (its buffers, background writes).
    async with open_runtime(bench_settings) as rt:
        await _warm_up(rt)
        figures["query_embedding_ms"] = _embedding(rt, queries)
        for strategy in Strategy:
            await _search(rt.search, queries[:20], strategy)  # warm the pool and the plans
            figures[f"search_{strategy.value}_ms"] = await _search(rt.search, queries, strategy)
        figures["exact_scan_sql_ms"] = await _exact_scan(rt, queries[:40])
        figures["direct_speedup_vs_exact_scan_p50"] = round(
            figures["exact_scan_sql_ms"]["p50"] / figures["search_direct_ms"]["p50"], 1
        )
        exact = await _ExactIndex.load(rt)
        figures["recall_at_10_hand_written"] = await _recall(rt.search, exact, HAND_WRITTEN)
        figures["recall_at_10_caption_phrases"] = await _recall(
            rt.search, exact, queries[len(HAND_WRITTEN) :]
        )
        figures["ef_search_sweep"] = await _ef_sweep(rt, exact, queries)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(figures, indent=2) + "\n")
    return figures
