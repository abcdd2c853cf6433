"""A search never waits for a second connection while holding one: with as many concurrent
searches as connections, a second checkout would starve the pool (every connection held by a
search waiting for another) until the pool timeout. (Hybrid search takes a second one only when
one is idle and nobody waits: `Database.spare_connection`, tests/search/test_hybrid.py.)"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from tests.conftest import settings_for

from discovery.embeddings.local import LocalMiniLMEmbedder
from discovery.runtime import open_runtime
from discovery.search.models import SearchRequest, Strategy

pytestmark = pytest.mark.integration


@pytest.mark.parametrize("strategy", list(Strategy))
async def test_concurrent_searches_on_a_small_pool_do_not_starve_it(
    demo_db_url: str, embedder: LocalMiniLMEmbedder, tmp_path: Path, strategy: Strategy
) -> None:
    settings = settings_for(
        demo_db_url, tmp_path, discovery_pool_max_size=2, discovery_pool_timeout_seconds=3.0
    )
    async with open_runtime(settings, embedder) as rt:  # a fresh service: statistics uncached
        queries = ["zzz qqq", "jazz band", "xylophone vortex", "church choir"] * 2
        requests = [SearchRequest(query=q, strategy=strategy) for q in queries]
        responses = await asyncio.wait_for(
            asyncio.gather(*(rt.search.search(r) for r in requests)), timeout=20
        )
    assert len(responses) == len(queries)
    assert all(r.metadata.stage2_candidate_count > 0 for r in responses)
