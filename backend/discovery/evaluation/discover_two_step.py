"""discover as it was before its candidate legs read their candidates' statistics, schemas and
related tools themselves (`search/discover_legs.py`): the tool leg through the engine
(`SearchService`'s hybrid search), capabilities through `queries.match_items`, then the
candidates' reads in one more round trip (`search/discover_reads.py`). The reference the tests
compare the legs with, hit for hit, and the A side of `scripts/bench_discover_legs.py`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import numpy as np
import psycopg

from discovery.search import queries
from discovery.search.discover import CAPABILITY_FILTERS, DiscoverService
from discovery.search.discover_legs import Leg
from discovery.search.discover_models import DiscoverRequest


class TwoStepDiscover(DiscoverService):
    """discover as it was before the legs read: the tool leg through the engine
    (`SearchService`'s hybrid search), capabilities through `queries.match_items`, then the
    candidates' statistics, schemas and related tools in one more round trip."""

    async def _hybrid_tools(
        self, request: DiscoverRequest, count: int, vector: Callable[[], Awaitable[np.ndarray]]
    ) -> Leg:
        return Leg(await self.search_tools(request.intent, vector(), count), None)

    async def _capabilities_leg(
        self,
        conn: psycopg.AsyncConnection,
        vector: np.ndarray,
        count: int,
        threshold: float | None = None,
    ) -> Leg:
        hits = await queries.match_items(
            conn, vector, threshold=self.settings.discovery_discover_min_similarity,
            count=count, filters=CAPABILITY_FILTERS, model_name=self.embedder.model_id,
            exact_max_rows=self.settings.discovery_exact_scan_max_rows,
            ef_search=self.settings.discovery_hnsw_ef_search,
        )  # fmt: skip
        return Leg(hits, None)
