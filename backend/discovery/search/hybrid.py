"""Hybrid search's two legs and their fusion, run so that as little of them as possible adds to
the query's embedding (docs/archive-search.md, "What a search does now").

The BM25 leg needs no vector: it starts on the search's connection while the query is being
embedded. As soon as the vector is there, the dense leg runs on a second pooled connection if
one is idle (`Database.spare_connection`, which never waits), so the two legs run at the same
time on two server processes, and `match_items_fuse_legs` fuses them. Without an idle
connection (or with `DISCOVERY_HYBRID_PARALLEL_LEGS=false`) the dense leg and the fusion follow
the BM25 leg on the one connection (`match_items_fuse`). Both paths give `match_items_hybrid`'s
answer, hit for hit: the fusion is one SQL function (20261129000200_hybrid_parallel_legs.sql).
The fusion's per-request choice (is the request covered by its best text record?) is made in
the BM25 leg's statement (`text_leg.bm25_leg`), not in the fusion's, which runs after both legs.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable
from contextlib import AbstractAsyncContextManager, asynccontextmanager

import numpy as np
import psycopg

from discovery.db import Database
from discovery.search import queries
from discovery.search.fusion import FusionPlan
from discovery.search.leg_calls import DENSE_CALL, dense_args
from discovery.search.models import SearchPlan
from discovery.search.packed import PackedRanking, fetch_packed
from discovery.search.results import ItemHit, LegRanks
from discovery.search.text_leg import bm25_leg
from discovery.settings import Settings

Fused = list[tuple[ItemHit, LegRanks]]


class HybridSearch:
    def __init__(self, db: Database, settings: Settings, model_name: str) -> None:
        self.db, self.settings, self.model_name = db, settings, model_name

    async def fused(
        self, conn: psycopg.AsyncConnection, req: SearchPlan, vector: Awaitable[np.ndarray]
    ) -> tuple[Fused, float]:
        """The fused hits with their leg ranks, and the milliseconds the legs took beyond the
        wait for the `vector` (the BM25 leg's time hidden behind the embedding is not counted)."""
        started = time.perf_counter()
        text_leg = asyncio.ensure_future(
            bm25_leg(
                conn,
                req.query,
                count=self._depth(req),
                filters=req.filters.sql_args(),
                candidate_budget=self.settings.discovery_text_candidate_budget,
                fusion=req.fusion,
            )
        )
        try:
            waited = time.perf_counter()
            query_vector = await vector
            waited = time.perf_counter() - waited
            async with self._spare() as spare:
                if spare is None:
                    hits = await self._in_turn(conn, req, query_vector, await text_leg)
                else:
                    hits = await self._side_by_side(spare, req, query_vector, text_leg)
        except BaseException:
            if not text_leg.done():  # the connection goes back to the pool idle, not busy
                text_leg.cancel()
            await asyncio.gather(text_leg, return_exceptions=True)
            raise
        return hits, (time.perf_counter() - started - waited) * 1000.0

    def _spare(self) -> AbstractAsyncContextManager[psycopg.AsyncConnection | None]:
        if self.settings.discovery_hybrid_parallel_legs:
            return self.db.spare_connection()
        return _no_connection()

    async def _side_by_side(
        self,
        spare: psycopg.AsyncConnection,
        req: SearchPlan,
        vector: np.ndarray,
        text_leg: asyncio.Future[tuple[PackedRanking, FusionPlan]],
    ) -> Fused:
        """The dense leg on the spare connection while the BM25 leg finishes on the other."""
        args = dense_args(
            vector,
            threshold=req.tool_threshold,
            count=self._dense_depth(req),
            filters=req.filters.sql_args(),
            model_name=self.model_name,
            exact_max_rows=self.settings.discovery_exact_scan_max_rows,
            ef_search=self._ef_search(req),
        )
        dense = await fetch_packed(spare, DENSE_CALL, args)
        text, fusion = await text_leg
        return await queries.match_items_fuse_legs(
            spare,
            vector,
            dense,
            text,
            count=req.limit,
            model_name=self.model_name,
            fusion=fusion,
            text=req.query,
            filter_kinds=req.filters.sql_args()["filter_kinds"],
        )

    async def _in_turn(
        self,
        conn: psycopg.AsyncConnection,
        req: SearchPlan,
        vector: np.ndarray,
        text_leg: tuple[PackedRanking, FusionPlan],
    ) -> Fused:
        """The dense leg and the fusion after the BM25 leg, on the one connection."""
        text, fusion = text_leg
        return await queries.match_items_fuse(
            conn,
            vector,
            text,
            count=req.limit,
            threshold=req.tool_threshold,
            filters=req.filters.sql_args(),
            model_name=self.model_name,
            exact_max_rows=self.settings.discovery_exact_scan_max_rows,
            ef_search=self._ef_search(req),
            fusion=fusion,
            depth=self._dense_depth(req),
            text=req.query,
        )

    @staticmethod
    def _depth(req: SearchPlan) -> int:
        return max(req.limit, req.fusion.depth)

    def _dense_depth(self, req: SearchPlan) -> int:
        """The dense leg's depth: the fusion's (scripts/tune_hybrid_legs.py measures others)."""
        return self._depth(req)

    def _ef_search(self, req: SearchPlan) -> int:
        """The dense leg's HNSW ef_search: the search's (scripts/tune_hybrid_legs.py measures
        others)."""
        return self.settings.discovery_hnsw_ef_search


@asynccontextmanager
async def _no_connection() -> AsyncIterator[None]:
    yield None
