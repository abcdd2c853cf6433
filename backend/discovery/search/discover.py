"""`discover`: tools and learned capabilities in one ranking, with what an agent needs to act.

intent -> embed once -> tools through the engine (`SearchService`, the configured strategy) and
capabilities by similarity (`match_items`), each a pool of candidates at or above the
similarity floor -> exact name matches -> the candidates' run statistics, with the candidate
tools' input schemas and related tools, in one round trip (`discover_reads.py`) -> every
candidate scored with one formula, `min(semantic x reliability(success rate), cap)`
(`reliability.py`) -> filter on the final score -> exact matches first, then by score -> cut
to `limit` (schemas and related tools only on the returned tools). When the embedder fails,
the full-text index answers and the response says so; a search that finds nothing is logged
with its intent."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable

import numpy as np
import psycopg

from discovery.db import Database, ItemKind, MissingEmbeddingsError
from discovery.db.executions import ExecutionStats, SuccessPrior, load_stats
from discovery.embeddings import Embedder
from discovery.logs import log_event, user_text
from discovery.search import queries
from discovery.search.discover_models import (
    CapabilityResult,
    DiscoverMeta,
    DiscoverRequest,
    DiscoverResponse,
)
from discovery.search.discover_reads import read_candidates
from discovery.search.discover_results import Scored, to_result
from discovery.search.models import SearchRequest, Strategy
from discovery.search.reliability import Reliability
from discovery.search.results import ItemHit
from discovery.search.service import SearchService
from discovery.settings import Settings

log = logging.getLogger(__name__)

MIN_POOL = 20  # capability candidates: at least this many, else twice the limit (at most 100)

_Embedded = tuple[np.ndarray | None, str | None, float]


class _NoVector(Exception):
    """The embedder failed: the tool leg has no dense ranking to offer."""


class DiscoverService:
    def __init__(
        self, db: Database, embedder: Embedder, search: SearchService, settings: Settings
    ) -> None:
        self.db, self.embedder, self.search, self.settings = db, embedder, search, settings
        self.reliability = Reliability.of(settings)
        self.prior = SuccessPrior.of(settings)

    async def discover(self, request: DiscoverRequest) -> DiscoverResponse:
        started = time.perf_counter()
        embedded = asyncio.ensure_future(self._embed(request.intent, started))
        hits, exact = await self._candidates(request, embedded)
        vector, fallback, embed_ms = await embedded
        candidates = {h.id: h for h in (*exact, *hits)}
        tool_ids = [i for i, h in candidates.items() if h.kind is ItemKind.TOOL]
        per_tool = self.settings.discovery_related_tools_limit
        async with self.db.connection() as conn:
            reads = await read_candidates(conn, list(candidates), tool_ids,
                                          per_tool if request.include_related else None,
                                          self.prior)  # fmt: skip
        ranked = self._rank(hits, exact, reads.stats, request, vector)
        kept = ranked[: request.limit]
        schemas, related = reads.schemas, reads.related
        if not kept:
            log_event(log, "discover_found_nothing", logging.WARNING,
                      intent=user_text(request.intent), filter_type=request.filters.type.value,
                      min_score=request.filters.min_score)  # fmt: skip
        results = [to_result(s, schemas, related) for s in kept]
        meta = DiscoverMeta(
            query=request.intent,
            filter_type=request.filters.type,
            min_score=request.filters.min_score,
            total_found=len(ranked),
            returned_count=len(results),
            tools_count=sum(r.type == "tool" for r in results),
            capabilities_count=sum(r.type == "capability" for r in results),
            search_mode="full_text" if vector is None else "semantic",
            fallback_reason=fallback,
            tool_strategy=self.settings.discovery_discover_tool_strategy,
            embedding_model=self.embedder.model_id,
            embedding_time_ms=round(embed_ms, 3),
            total_time_ms=round((time.perf_counter() - started) * 1000, 3),
        )
        return DiscoverResponse(results=results, meta=meta)

    async def _candidates(
        self, request: DiscoverRequest, embedded: asyncio.Future[_Embedded]
    ) -> tuple[list[ItemHit], list[ItemHit]]:
        """(candidates, exact name matches): the tool leg (through the engine, which runs a
        hybrid search's text leg while the intent is still being embedded) and the capability
        leg with the name lookup (also run while the intent is embedded) at once, each on its
        own connection (neither waits for a second one while it holds the first)."""
        tool_pool, capability_pool = self.pools(request.limit)
        kinds = request.kinds

        async def vector_of() -> np.ndarray:
            vector, _, _ = await embedded
            if vector is None:
                raise _NoVector
            return vector

        async def tool_leg() -> list[ItemHit]:
            if ItemKind.TOOL not in kinds:
                return []
            try:
                return await self.search_tools(request.intent, vector_of(), tool_pool)
            except _NoVector:
                return []

        async def other_leg() -> tuple[list[ItemHit], list[ItemHit]]:
            names = [k.value for k in kinds]
            async with self.db.connection() as conn:
                # The name lookup needs no vector: it runs while the intent is embedded. Only
                # when a name matches (rare) is it asked again, for the matches' similarity.
                exact = await queries.exact_names(
                    conn, request.intent, names, None, self.embedder.model_id
                )
                vector, _, _ = await embedded
                if vector is None:
                    hits = await queries.match_items_fulltext(
                        conn, request.intent, names, capability_pool * len(kinds)
                    )
                elif ItemKind.CAPABILITY in kinds:
                    hits = await self._capabilities(conn, vector, capability_pool)
                else:
                    hits = []
                if exact and vector is not None:
                    exact = await queries.exact_names(
                        conn, request.intent, names, vector, self.embedder.model_id
                    )
                return hits, exact

        tools, (others, exact) = await asyncio.gather(tool_leg(), other_leg())
        return tools + others, exact

    def pools(self, limit: int) -> tuple[int, int]:
        """Candidates each kind brings to the ranking (tools, capabilities). Tools: the tool
        strategy's own top `limit` (it decides which tools; re-sorting a deeper pool by
        similarity lost hybrid's gain on the tune split: recall@5 of tools alone 0.206 against
        0.265). Capabilities, ranked by similarity anyway: a deeper pool, so a reliable one can
        pass a failing one."""
        return limit, min(100, max(MIN_POOL, 2 * limit))

    async def search_tools(
        self, intent: str, vector: np.ndarray | Awaitable[np.ndarray], count: int
    ) -> list[ItemHit]:
        """Tools by meaning through the engine, with the strategy discover is configured for:
        the one place that strategy is chosen. `vector` may still be being computed."""
        request = SearchRequest(
            query=intent,
            item_type=ItemKind.TOOL,
            strategy=Strategy(self.settings.discovery_discover_tool_strategy),
            limit=count,
            tool_threshold=self.settings.discovery_discover_min_similarity,
        )
        return (await self.search.search(request, vector=vector)).items

    async def search_capabilities(self, query: str, limit: int) -> list[CapabilityResult]:
        """Capabilities alone, by similarity only (what the deprecated `search_capabilities`
        MCP tool answered before `discover`): no reliability in the order, no floor."""
        vector = await asyncio.to_thread(self.embedder.embed_query, query)
        async with self.db.connection() as conn:
            hits = await self._capabilities(conn, vector, limit, threshold=0.0)
            stats = await load_stats(conn, [h.id for h in hits])
        out = []
        for hit in hits:
            run = stats.get(hit.id, ExecutionStats())
            rate = run.success_rate(self.prior)
            multiplier = self.reliability.multiplier(rate)
            scored = Scored(hit, False, hit.score, rate, run.runs, multiplier, hit.score)
            out.append(to_result(scored, {}, None))
        return [r for r in out if isinstance(r, CapabilityResult)]

    async def _embed(self, intent: str, started: float) -> _Embedded:
        """(vector, why there is none, ms from the start of the request to the vector)."""
        try:
            vector = await asyncio.to_thread(self.embedder.embed_query, intent)
            return vector, None, (time.perf_counter() - started) * 1000
        except Exception as exc:  # the embedder's own failure: answer from the text index
            log.warning("discover: the embedder failed, answering from full text: %r", exc)
            reason = f"embedder_failed: {type(exc).__name__}"
            return None, reason, (time.perf_counter() - started) * 1000

    async def _capabilities(
        self,
        conn: psycopg.AsyncConnection,
        vector: np.ndarray,
        count: int,
        threshold: float | None = None,
    ) -> list[ItemHit]:
        filters = {
            "filter_kinds": [ItemKind.CAPABILITY.value], "filter_skill_ids": None,
            "active_only": True, "filter_media_types": None, "date_from": None, "date_to": None,
        }  # fmt: skip
        try:
            return await queries.match_items(
                conn,
                vector,
                threshold=(
                    self.settings.discovery_discover_min_similarity
                    if threshold is None
                    else threshold
                ),
                count=count,
                filters=filters,
                model_name=self.embedder.model_id,
                exact_max_rows=self.settings.discovery_exact_scan_max_rows,
                ef_search=self.settings.discovery_hnsw_ef_search,
            )
        except psycopg.errors.NoDataFound:
            if not await queries.catalog_is_empty(conn):
                raise MissingEmbeddingsError(self.embedder.model_id) from None
            return []

    def _rank(
        self,
        hits: list[ItemHit],
        exact: list[ItemHit],
        stats: dict[str, ExecutionStats],
        request: DiscoverRequest,
        vector: np.ndarray | None,
    ) -> list[Scored]:
        floor = self.settings.discovery_discover_min_similarity if vector is not None else 0.0
        candidates = {h.id: (h, True) for h in exact}
        for hit in hits:
            if hit.score >= floor:
                candidates.setdefault(hit.id, (hit, False))
        out = []
        for hit, is_exact in candidates.values():
            run = stats.get(hit.id, ExecutionStats())
            rate = run.success_rate(self.prior)
            score = round(self.reliability.score(hit.score, rate), 6)  # as the caller sees it
            if score >= request.filters.min_score:
                multiplier = self.reliability.multiplier(rate)
                out.append(Scored(hit, is_exact, hit.score, rate, run.runs, multiplier, score))
        out.sort(key=lambda s: (not s.exact, -s.score, -s.semantic, s.hit.id))
        return out
