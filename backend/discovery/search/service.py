"""The one SearchService every interface calls: direct, hierarchical and hybrid strategies."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable
from dataclasses import dataclass, field

import numpy as np
import psycopg

from discovery.db import Database, ItemKind, MissingEmbeddingsError
from discovery.embeddings import Embedder
from discovery.search import queries
from discovery.search.catalog_stats import CatalogStats
from discovery.search.models import SearchPlan, SearchRequest, Strategy
from discovery.search.results import ItemHit, LegRanks, SearchMetadata, SearchResponse, SkillHit
from discovery.search.similar import SimilarService
from discovery.settings import Settings

log = logging.getLogger(__name__)


@dataclass
class _Run:
    """What one search accumulates on its way to a response."""

    request: SearchPlan
    started: float
    vector: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.float32))
    embed_ms: float = 0.0
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
        self.stats = CatalogStats(db, embedder.model_id)
        self.similar = SimilarService(db, embedder.model_id, settings)

    async def search(
        self,
        asked: SearchRequest,
        *,
        vector: np.ndarray | Awaitable[np.ndarray] | None = None,
    ) -> SearchResponse:
        """Run a search; fields the request leaves out take the configured defaults. A caller
        that already embedded the query (with this service's embedder) passes its `vector`, or
        an awaitable of it that is still being computed: hybrid search runs its text leg, which
        needs no vector, meanwhile."""
        started = time.perf_counter()
        request = asked.plan(self.settings)
        if asked.similar_to:  # more like this item: its own vector, no text embedded
            return await self.similar.search_like(
                request, asked.similar_to, asked.exclude_ids or ()
            )
        run = _Run(request, started, asked=asked.strategy)
        embedding = self._embedding(request.query, vector)
        try:
            if request.strategy is Strategy.HYBRID:
                items = await self._hybrid(run, embedding)
            else:
                await _take_vector(run, embedding)
                if request.strategy is Strategy.DIRECT:
                    items = await self._direct(run)
                else:
                    items = await self._hierarchical(run)
        except psycopg.errors.NoDataFound:
            async with self.db.connection() as conn:
                if not await queries.catalog_is_empty(conn):
                    raise MissingEmbeddingsError(self.embedder.model_id) from None
            items = []
        finally:
            if not embedding.done():
                embedding.cancel()
        if request.include_schemas:
            items = await self._with_schemas(items)
        return self._response(run, items)

    def _embedding(
        self, query: str, vector: np.ndarray | Awaitable[np.ndarray] | None
    ) -> asyncio.Future[np.ndarray]:
        """The query's vector as a future: given, being computed by the caller, or started here
        (in a worker thread, so the event loop stays free)."""
        if isinstance(vector, np.ndarray):
            done: asyncio.Future[np.ndarray] = asyncio.get_running_loop().create_future()
            done.set_result(vector)
            return done
        if vector is None:
            return asyncio.ensure_future(asyncio.to_thread(self.embedder.embed_query, query))
        return asyncio.ensure_future(vector)

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
        run = _Run(request, started, vector, _ms_since(started))
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
        run.candidates = await self.stats.catalog_size(filters["filter_kinds"], conn)
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
                    if run.skills or await self.stats.has_skills(conn)
                    else "empty_skill_index"
                )
                log.warning("hierarchical search fell back to direct: %s", run.fallback_reason)
                return await self._direct_on(conn, run)
            run.skill_ids_used = skill_ids
            run.candidates = sum(s.tool_count for s in run.skills if s.id in skill_ids)
            return await self._match(conn, run, filters | {"filter_skill_ids": skill_ids})

    async def _hybrid(self, run: _Run, embedding: asyncio.Future[np.ndarray]) -> list[ItemHit]:
        """Dense and BM25 rankings fused as the plan says (`FusionPlan`: weighted reciprocal
        rank fusion, or a convex combination of normalized scores). The BM25 leg needs
        no vector, so it runs while the query is being embedded (`match_items_bm25`); the dense
        leg and the fusion follow in one call (`match_items_fuse`; `match_items_hybrid` is the
        same two steps in one round trip, for rpc clients). Each hit's rank in either leg goes
        to `metadata.leg_ranks`."""
        req, cfg = run.request, self.settings
        filters = req.filters.sql_args()
        depth = max(req.limit, req.fusion.depth)
        async with self.db.connection() as conn:
            run.candidates = await self.stats.catalog_size(filters["filter_kinds"], conn)
            t = time.perf_counter()
            text = await queries.match_items_bm25(
                conn,
                req.query,
                count=depth,
                filters=filters,
                candidate_budget=cfg.discovery_text_candidate_budget,
                request_words=req.fusion.request_words,
            )
            text_ms = _ms_since(t)
            await _take_vector(run, embedding)
            t = time.perf_counter()
            hits = await queries.match_items_fuse(
                conn,
                run.vector,
                text,
                count=req.limit,
                threshold=req.tool_threshold,
                filters=filters,
                model_name=self.embedder.model_id,
                exact_max_rows=cfg.discovery_exact_scan_max_rows,
                ef_search=cfg.discovery_hnsw_ef_search,
                fusion=req.fusion,
                depth=depth,
            )
        run.item_ms = text_ms + _ms_since(t)
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
        return await self.stats.archive_media_types()

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


async def _take_vector(run: _Run, embedding: asyncio.Future[np.ndarray]) -> None:
    """Wait for the query's vector; its time counts from the start of the search."""
    run.vector = await embedding
    run.embed_ms = _ms_since(run.started)


def _ms_since(start: float) -> float:
    return (time.perf_counter() - start) * 1000.0
