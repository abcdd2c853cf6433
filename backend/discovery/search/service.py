"""The one SearchService every interface calls: direct, hierarchical and hybrid strategies."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import psycopg

from discovery.db import Database, ItemKind, MissingEmbeddingsError
from discovery.embeddings import Embedder
from discovery.search import queries
from discovery.search.models import SearchPlan, SearchRequest, Strategy
from discovery.search.results import ItemHit, LegRanks, SearchMetadata, SearchResponse, SkillHit
from discovery.settings import Settings

log = logging.getLogger(__name__)

_STATS_TTL_S = 30.0


@dataclass
class _Run:
    """What one search accumulates on its way to a response."""

    request: SearchPlan
    vector: np.ndarray
    started: float
    embed_ms: float
    skill_ms: float = 0.0
    item_ms: float = 0.0
    skills: list[SkillHit] = field(default_factory=list)
    skill_ids_used: list[str] | None = None
    candidates: int = 0
    fallback_reason: str | None = None
    leg_ranks: dict[str, LegRanks] | None = None
    asked: Strategy | None = None


class SearchService:
    def __init__(self, db: Database, embedder: Embedder, settings: Settings) -> None:
        self.db = db
        self.embedder = embedder
        self.settings = settings
        self._stats: dict[tuple[str, str], tuple[float, Any]] = {}

    async def search(
        self, asked: SearchRequest, *, vector: np.ndarray | None = None
    ) -> SearchResponse:
        """Run a search; fields the request leaves out take the configured defaults. A caller
        that already embedded the query (with this service's embedder) passes its `vector`."""
        started = time.perf_counter()
        request = asked.plan(self.settings)
        query_vector = (
            vector
            if vector is not None
            else await asyncio.to_thread(self.embedder.embed_query, request.query)
        )
        run = _Run(request, query_vector, started, _ms_since(started), asked=asked.strategy)
        try:
            if request.strategy is Strategy.DIRECT:
                items = await self._direct(run)
            elif request.strategy is Strategy.HIERARCHICAL:
                items = await self._hierarchical(run)
            else:
                items = await self._hybrid(run)
        except psycopg.errors.NoDataFound:
            async with self.db.connection() as conn:
                if not await queries.catalog_is_empty(conn):
                    raise MissingEmbeddingsError(self.embedder.model_id) from None
            items = []
        if request.include_schemas:
            items = await self._with_schemas(items)
        return self._response(run, items)

    async def _with_schemas(self, items: list[ItemHit]) -> list[ItemHit]:
        """Lazy enrichment: the input schemas of the returned tools only; a failed load gives
        `input_schema: None` (logged), never an error."""
        ids = [hit.id for hit in items if hit.kind is ItemKind.TOOL]
        if not ids:
            return items
        try:
            async with self.db.connection() as conn:
                schemas = await queries.input_schemas(conn, ids)
        except psycopg.Error as exc:
            log.warning("loading input schemas failed; returning them as null: %s", exc)
            schemas = {}
        return [
            hit.model_copy(
                update={"metadata": hit.metadata | {"input_schema": schemas.get(hit.id)}}
            )
            if hit.kind is ItemKind.TOOL
            else hit
            for hit in items
        ]

    async def skills(self, asked: SearchRequest) -> SearchResponse:
        """Stage 1 alone: the skills that match (`skill_limit`, `skill_threshold`), no items."""
        started = time.perf_counter()
        request = asked.plan(self.settings)
        vector = await asyncio.to_thread(self.embedder.embed_query, request.query)
        run = _Run(request, vector, started, _ms_since(started))
        t = time.perf_counter()
        async with self.db.connection() as conn:
            run.skills = await queries.match_skills(
                conn,
                vector,
                threshold=request.skill_threshold,
                count=request.skill_limit,
                kinds=request.filters.sql_args()["filter_kinds"],
                model_name=self.embedder.model_id,
            )
        run.skill_ms = _ms_since(t)
        run.skill_ids_used = [s.id for s in run.skills]
        return self._response(run, [])

    async def _direct(self, run: _Run) -> list[ItemHit]:
        async with self.db.connection() as conn:
            return await self._direct_on(conn, run)

    async def _direct_on(self, conn: psycopg.AsyncConnection, run: _Run) -> list[ItemHit]:
        filters = run.request.filters.sql_args()
        run.candidates = await self._catalog_size(filters["filter_kinds"], conn)
        return await self._match(conn, run, filters)

    async def _hierarchical(self, run: _Run) -> list[ItemHit]:
        """Both stages on one connection (one pool checkout per search)."""
        req = run.request
        filters = req.filters.sql_args()
        async with self.db.connection() as conn:
            t = time.perf_counter()
            try:
                run.skills = await queries.match_skills(
                    conn,
                    run.vector,
                    threshold=req.skill_threshold,
                    count=req.skill_limit,
                    kinds=filters["filter_kinds"],
                    model_name=self.embedder.model_id,
                )
            except (psycopg.errors.NoDataFound, psycopg.OperationalError):
                raise  # missing vectors; or the database itself is gone
            except psycopg.Error as exc:
                log.warning("stage 1 (skills) failed, falling back to direct search: %s", exc)
                run.fallback_reason = "skill_search_failed"
            run.skill_ms = _ms_since(t)
            skill_ids = [s.id for s in run.skills]
            if req.filters.skill_ids:
                skill_ids = [s for s in skill_ids if s in req.filters.skill_ids]
            if not skill_ids:
                run.fallback_reason = run.fallback_reason or (
                    "no_skill_matched"
                    if run.skills or await self._has_skills(conn)
                    else "empty_skill_index"
                )
                log.warning("hierarchical search fell back to direct: %s", run.fallback_reason)
                return await self._direct_on(conn, run)
            run.skill_ids_used = skill_ids
            run.candidates = sum(s.tool_count for s in run.skills if s.id in skill_ids)
            return await self._match(conn, run, filters | {"filter_skill_ids": skill_ids})

    async def _hybrid(self, run: _Run) -> list[ItemHit]:
        """Dense and BM25 rankings fused by weighted reciprocal rank fusion, in one round trip
        (`match_items_hybrid`); each hit's rank in either leg goes to `metadata.leg_ranks`."""
        req, cfg = run.request, self.settings
        filters = req.filters.sql_args()
        t = time.perf_counter()
        async with self.db.connection() as conn:
            run.candidates = await self._catalog_size(filters["filter_kinds"], conn)
            hits = await queries.match_items_hybrid(
                conn,
                run.vector,
                req.query,
                count=req.limit,
                threshold=req.tool_threshold,
                filters=filters,
                model_name=self.embedder.model_id,
                exact_max_rows=cfg.discovery_exact_scan_max_rows,
                ef_search=cfg.discovery_hnsw_ef_search,
                rrf_k=req.rrf_k,
                text_weight=req.text_weight,
                depth=max(req.limit, cfg.discovery_hybrid_depth),
                candidate_budget=cfg.discovery_text_candidate_budget,
            )
        run.item_ms = _ms_since(t)
        run.leg_ranks = {hit.id: ranks for hit, ranks in hits}
        return [hit for hit, _ in hits]

    async def _match(
        self, conn: psycopg.AsyncConnection, run: _Run, filters: dict
    ) -> list[ItemHit]:
        t = time.perf_counter()
        items = await queries.match_items(
            conn,
            run.vector,
            threshold=run.request.tool_threshold,
            count=run.request.limit,
            filters=filters,
            model_name=self.embedder.model_id,
            exact_max_rows=self.settings.discovery_exact_scan_max_rows,
            ef_search=self.settings.discovery_hnsw_ef_search,
        )
        run.item_ms = _ms_since(t)
        return items

    async def archive_media_types(self) -> set[str]:
        """The media types the active archive records carry (cached for a few seconds)."""
        sql = (
            "select coalesce(array_agg(distinct media_type), '{}') from item_embeddings"
            " where model = %(m)s and kind = 'archive' and is_active and media_type <> ''"
        )
        return set(await self._stat(sql, {"m": self.embedder.model_id}, None) or [])

    async def _has_skills(self, conn: psycopg.AsyncConnection | None = None) -> bool:
        """Whether any skill has a vector for this model (only asked when stage 1 is empty)."""
        sql = "select exists (select 1 from skill_embeddings where model = %(m)s)"
        return bool(await self._stat(sql, {"m": self.embedder.model_id}, conn))

    async def _catalog_size(
        self, kinds: list[str] | None, conn: psycopg.AsyncConnection | None = None
    ) -> int:
        """Active items the strategy ranks."""
        sql = (
            "select count(*) from items where is_active"
            " and (%(k)s::text[] is null or kind = any(%(k)s::text[]))"
        )
        return int(await self._stat(sql, {"k": sorted(kinds) if kinds else None}, conn))

    async def _stat(
        self, sql: str, params: dict[str, Any], conn: psycopg.AsyncConnection | None
    ) -> Any:
        """A catalog statistic, cached for a few seconds (an estimate, not a lock): neither
        belongs on every request's path. Asked on the caller's connection when it holds one:
        a second checkout per request can starve the pool (every connection held by a request
        waiting for another)."""
        key = (sql, repr(params))
        cached = self._stats.get(key)
        if cached and time.monotonic() - cached[0] < _STATS_TTL_S:
            return cached[1]
        if conn is not None:
            row = await (await conn.execute(sql, params)).fetchone()
        else:
            async with self.db.connection() as own:
                row = await (await own.execute(sql, params)).fetchone()
        value = row[0] if row else None
        self._stats[key] = (time.monotonic(), value)
        return value

    def _response(self, run: _Run, items: list[ItemHit]) -> SearchResponse:
        return SearchResponse(
            query=run.request.query,
            items=items,
            matched_skills=run.skills,
            metadata=SearchMetadata(
                strategy_used=Strategy.DIRECT if run.fallback_reason else run.request.strategy,
                strategy_requested=run.asked,
                skill_ids_used=run.skill_ids_used,
                fallback_reason=run.fallback_reason,
                leg_ranks=run.leg_ranks,
                embedding_model=self.embedder.model_id,
                query_embedding_time_ms=round(run.embed_ms, 3),
                skill_search_time_ms=round(run.skill_ms, 3),
                tool_search_time_ms=round(run.item_ms, 3),
                total_time_ms=round(_ms_since(run.started), 3),
                stage1_skill_count=len(run.skills),
                stage2_candidate_count=run.candidates,
                final_count=len(items),
            ),
        )


def _ms_since(start: float) -> float:
    return (time.perf_counter() - start) * 1000.0
