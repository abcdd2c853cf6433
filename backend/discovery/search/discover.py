"""`discover`: tools and learned capabilities in one ranking, with what an agent needs to act.

intent -> embed once -> tools with the engine's configured strategy and capabilities by
similarity (`match_items`), each a pool of candidates at or above the similarity floor, each
leg reading its candidates' run statistics, and the candidate tools' input schemas and related
tools, in the statement that finds them (`discover_legs.py`; with a tool strategy other than
hybrid, the full-text fallback or an exact match, in one round trip after the legs:
`discover_reads.py`) -> exact name matches -> every
candidate scored with one formula, `min(semantic x reliability(success rate), cap)`
(`reliability.py`) -> filter on the final score -> exact matches first, then by score -> cut
to `limit` (schemas and related tools only on the returned tools). When the embedder fails,
the full-text index answers and the response says so; a search that finds nothing is logged
with its intent."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

import numpy as np
import psycopg

from discovery.db import Database, ItemKind, MissingEmbeddingsError
from discovery.db.executions import ExecutionStats, SuccessPrior
from discovery.embeddings import Embedder
from discovery.logs import log_event, user_text
from discovery.search import queries
from discovery.search.discover_legs import Leg, capabilities, hybrid_tools, merge, no_leg
from discovery.search.discover_models import (
    CapabilityResult,
    DiscoverMeta,
    DiscoverRequest,
    DiscoverResponse,
)
from discovery.search.discover_reads import CandidateReads, read_candidates
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


# The capability leg's filters (`SearchFilters.sql_args()`'s keys): active capabilities only.
CAPABILITY_FILTERS = {
    "filter_kinds": [ItemKind.CAPABILITY.value], "filter_skill_ids": None,
    "active_only": True, "filter_media_types": None, "date_from": None, "date_to": None,
}  # fmt: skip


class DiscoverService:
    def __init__(
        self, db: Database, embedder: Embedder, search: SearchService, settings: Settings
    ) -> None:
        self.db, self.embedder, self.search, self.settings = db, embedder, search, settings
        self.reliability = Reliability.of(settings)
        self.prior = SuccessPrior.of(settings)
        self._tool_strategy = Strategy(settings.discovery_discover_tool_strategy)

    async def discover(self, request: DiscoverRequest) -> DiscoverResponse:
        started = time.perf_counter()
        embedded = asyncio.ensure_future(self._embed(request.intent, started))
        hits, exact, reads = await self._candidates(request, embedded)
        vector, fallback, embed_ms = await embedded
        if reads is None:  # not read with the candidates: one more round trip
            candidates = {h.id: h for h in (*exact, *hits)}
            tool_ids = [i for i, h in candidates.items() if h.kind is ItemKind.TOOL]
            per_tool = self._related_per_tool(request)
            async with self.db.connection() as conn:
                reads = await read_candidates(conn, list(candidates), tool_ids, per_tool,
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
    ) -> tuple[list[ItemHit], list[ItemHit], CandidateReads | None]:
        """(candidates, exact name matches, what was read about them or None): the tool leg
        (whose text half runs while the intent is embedded) and the capability leg with the
        name lookup (also run while the intent is embedded) at once, each on its own connection
        (neither waits for a second one while it holds the first). With a vector, a hybrid tool
        strategy and no exact match, each leg reads its candidates' statistics, schemas and
        related tools in the statement that finds them (`discover_legs.py`); otherwise the
        reads follow (`discover_reads.py`)."""
        kinds, (tool_pool, _) = request.kinds, self.pools(request.limit)

        async def vector_of() -> np.ndarray:
            vector, _, _ = await embedded
            if vector is None:
                raise _NoVector
            return vector

        async def tool_leg() -> Leg:
            if ItemKind.TOOL not in kinds:
                return no_leg(self._related_per_tool(request))
            try:
                if self._tool_strategy is Strategy.HYBRID:
                    return await self._hybrid_tools(request, tool_pool, vector_of)
                return Leg(await self.search_tools(request.intent, vector_of(), tool_pool), None)
            except _NoVector:
                return Leg([], None)

        tools, (others, exact) = await asyncio.gather(
            tool_leg(), self._other_leg(request, embedded)
        )
        return tools.hits + others.hits, exact, None if exact else merge(tools, others)

    async def _other_leg(
        self, request: DiscoverRequest, embedded: asyncio.Future[_Embedded]
    ) -> tuple[Leg, list[ItemHit]]:
        """(the capability leg, or the full-text one without a vector; exact name matches)."""
        _, capability_pool = self.pools(request.limit)
        kinds, names = request.kinds, [k.value for k in request.kinds]
        async with self.db.connection() as conn:
            # The name lookup needs no vector: it runs while the intent is embedded. Only
            # when a name matches (rare) is it asked again, for the matches' similarity.
            exact = await queries.exact_names(
                conn, request.intent, names, None, self.embedder.model_id
            )
            vector, _, _ = await embedded
            if vector is None:
                leg = Leg(await queries.match_items_fulltext(
                    conn, request.intent, names, capability_pool * len(kinds)
                ), None)  # fmt: skip
            elif ItemKind.CAPABILITY in kinds:
                leg = await self._capabilities_leg(conn, vector, capability_pool)
            else:
                leg = no_leg(None)
            if exact and vector is not None:
                exact = await queries.exact_names(
                    conn, request.intent, names, vector, self.embedder.model_id
                )
            return leg, exact

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
        """Tools by meaning through the engine, with the strategy discover is configured for.
        `vector` may still be being computed."""
        request = self._tool_request(intent, count)
        return (await self.search.search(request, vector=vector)).items

    def _tool_request(self, intent: str, count: int) -> SearchRequest:
        """The one place discover's tool strategy is chosen (`search_tools` runs it through
        the engine; `_hybrid_tools` runs the engine's plan of it with the reads)."""
        return SearchRequest(
            query=intent,
            item_type=ItemKind.TOOL,
            strategy=self._tool_strategy,
            limit=count,
            tool_threshold=self.settings.discovery_discover_min_similarity,
        )

    async def _hybrid_tools(
        self, request: DiscoverRequest, count: int, vector: Callable[[], Awaitable[np.ndarray]]
    ) -> Leg:
        """The hybrid tool leg with its candidates' reads (`discover_legs.hybrid_tools`)."""
        plan = self._tool_request(request.intent, count).plan(self.settings)
        per_tool = self._related_per_tool(request)
        async with self.db.connection() as conn:
            try:
                return await hybrid_tools(conn, plan, vector, model_name=self.embedder.model_id,
                                          settings=self.settings, related_per_tool=per_tool,
                                          prior=self.prior)  # fmt: skip
            except psycopg.errors.NoDataFound:  # as the engine: no vectors for this model
                if not await queries.catalog_is_empty(conn):
                    raise MissingEmbeddingsError(self.embedder.model_id) from None
                return no_leg(per_tool)

    def _related_per_tool(self, request: DiscoverRequest) -> int | None:
        return self.settings.discovery_related_tools_limit if request.include_related else None

    async def search_capabilities(self, query: str, limit: int) -> list[CapabilityResult]:
        """Capabilities alone, by similarity only (what the deprecated `search_capabilities`
        MCP tool answered before `discover`): no reliability in the order, no floor."""
        vector = await asyncio.to_thread(self.embedder.embed_query, query)
        async with self.db.connection() as conn:
            leg = await self._capabilities_leg(conn, vector, limit, threshold=0.0)
        stats = leg.reads.stats if leg.reads else {}
        out = []
        for hit in leg.hits:
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

    async def _capabilities_leg(
        self,
        conn: psycopg.AsyncConnection,
        vector: np.ndarray,
        count: int,
        threshold: float | None = None,
    ) -> Leg:
        """Capabilities by similarity, with their run statistics (one statement)."""
        floor = self.settings.discovery_discover_min_similarity if threshold is None else threshold
        try:
            return await capabilities(conn, vector, count=count, threshold=floor,
                                      filters=CAPABILITY_FILTERS, model_name=self.embedder.model_id,
                                      settings=self.settings)  # fmt: skip
        except psycopg.errors.NoDataFound:
            if not await queries.catalog_is_empty(conn):
                raise MissingEmbeddingsError(self.embedder.model_id) from None
            return no_leg(None)

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
        out, min_score, untried = [], request.filters.min_score, ExecutionStats()
        for hit, is_exact in candidates.values():
            run = stats.get(hit.id, untried)
            rate = run.success_rate(self.prior)
            score = round(self.reliability.score(hit.score, rate), 6)  # as the caller sees it
            if score >= min_score:
                multiplier = self.reliability.multiplier(rate)
                out.append(Scored(hit, is_exact, hit.score, rate, run.runs, multiplier, score))
        out.sort(key=lambda s: (not s.exact, -s.score, -s.semantic, s.hit.id))
        return out
