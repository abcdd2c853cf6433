"""Switching embedding models: a clear error until reindexed; resumable; atomic switch."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import numpy as np
import pytest
from tests.catalog.test_ingest import FIXTURE

from discovery.catalog.archives.ingest import ingest_archives
from discovery.catalog.reindex import pending_count, reindex
from discovery.db import MissingEmbeddingsError
from discovery.runtime import Runtime
from discovery.search.models import SearchRequest
from discovery.search.service import SearchService

pytestmark = pytest.mark.integration


class HashingGoogleStandIn:
    """A deterministic toy embedder standing in for Google's text-embedding-004 (768 dims),
    which cannot be reached from here: bag of hashed words, normalized."""

    model_id = "text-embedding-004"
    dim = 768

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed_documents([text])[0]

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in text.lower().split():
                out[row, int(hashlib.md5(word.encode()).hexdigest(), 16) % self.dim] += 1.0
            out[row] /= max(float(np.linalg.norm(out[row])), 1e-9)
        return out

    def cache_clear(self) -> None:
        pass


def _search(rt: Runtime, embedder: HashingGoogleStandIn) -> SearchService:
    return SearchService(rt.db, embedder, rt.settings)


async def test_reindex_switches_models_only_when_complete(runtime: Runtime) -> None:
    await ingest_archives(runtime.db, runtime.embedder, [FIXTURE])
    other = HashingGoogleStandIn()
    request = SearchRequest.build(query="streetcar snow", strategy="direct", tool_threshold=0.0)
    with pytest.raises(MissingEmbeddingsError, match="discovery reindex"):
        await _search(runtime, other).search(request)

    class Stop(Exception):
        pass

    def stop_after_first_batch(_: int) -> None:
        raise Stop

    with pytest.raises(Stop):
        await reindex(runtime.db, other, batch_size=2, on_rows=stop_after_first_batch)
    assert await pending_count(runtime.db, other.model_id) == 4
    with pytest.raises(MissingEmbeddingsError):  # still building: not switched yet
        await _search(runtime, other).search(request)

    done = await reindex(runtime.db, other, batch_size=2)
    assert done == 4  # resumed: only what was left
    response = await _search(runtime, other).search(request)
    assert response.items[0].title.startswith("No. 82 Lincoln streetcar")
    assert response.metadata.embedding_model == "text-embedding-004"
    # the previous model keeps working until it is dropped
    assert (await runtime.search.search(request)).items


async def test_reindex_with_drop_old_removes_other_models(runtime: Runtime) -> None:
    await ingest_archives(runtime.db, runtime.embedder, [FIXTURE])
    await reindex(runtime.db, HashingGoogleStandIn(), drop_others=True)
    with pytest.raises(MissingEmbeddingsError):
        await runtime.search.search(SearchRequest.build(query="streetcar", strategy="direct"))
    async with runtime.db.connection() as conn:
        models = await (await conn.execute("select model, status from embedding_models")).fetchall()
    assert models == [("text-embedding-004", "ready")]


async def test_ingest_with_a_model_that_does_not_cover_the_catalog_is_refused(
    runtime: Runtime,
) -> None:
    await ingest_archives(runtime.db, runtime.embedder, [FIXTURE])
    with pytest.raises(MissingEmbeddingsError):
        await ingest_archives(runtime.db, HashingGoogleStandIn(), [FIXTURE])
