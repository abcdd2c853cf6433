"""More like this on the demo archive: the item's own vector, the same SQL ranking as search."""

from __future__ import annotations

import numpy as np
import pytest

from discovery.db import MissingEmbeddingsError
from discovery.runtime import Runtime
from discovery.search.models import SearchFilters
from discovery.search.similar import SimilarQuery, SimilarService, UnknownItem

pytestmark = pytest.mark.integration


def _service(rt: Runtime) -> SimilarService:
    return SimilarService(rt.db, rt.embedder.model_id, rt.settings)


async def _some_item(rt: Runtime, where: str = "true") -> str:
    async with rt.db.connection() as conn:
        row = await (
            await conn.execute(f"select id from items where {where} order by id limit 1")
        ).fetchone()
    assert row is not None
    return str(row[0])


async def test_similar_items_rank_by_the_items_own_vector(demo_runtime: Runtime) -> None:
    item_id = await _some_item(demo_runtime, "metadata ->> 'media_type' = 'photograph'")
    found = await _service(demo_runtime).similar(SimilarQuery(item_id, limit=8))
    assert found.item.id == item_id
    assert len(found.items) == 8
    assert item_id not in {hit.id for hit in found.items}
    scores = [hit.score for hit in found.items]
    assert scores == sorted(scores, reverse=True)
    # The scores are cosine similarities with the stored vector of the item itself.
    async with demo_runtime.db.connection() as conn:
        rows = await (
            await conn.execute(
                "select item_id, embedding from item_embeddings"
                " where item_id = any(%s) and model = %s",
                ([item_id, found.items[0].id], demo_runtime.embedder.model_id),
            )
        ).fetchall()
    vectors = {r[0]: np.asarray(r[1].to_numpy(), dtype=np.float64) for r in rows}
    a, b = vectors[item_id], vectors[found.items[0].id]
    cosine = float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))
    assert found.items[0].score == pytest.approx(cosine, abs=1e-4)
    assert found.metadata.final_count == 8 and found.metadata.excluded_count == 0


async def test_similar_items_leave_out_the_given_ids(demo_runtime: Runtime) -> None:
    item_id = await _some_item(demo_runtime)
    service = _service(demo_runtime)
    first = await service.similar(SimilarQuery(item_id, limit=5))
    shown = tuple(hit.id for hit in first.items)
    more = await service.similar(SimilarQuery(item_id, limit=5, exclude_ids=shown))
    assert len(more.items) == 5
    assert not set(shown) & {hit.id for hit in more.items}
    assert more.items[0].score <= first.items[-1].score + 1e-9
    assert more.metadata.excluded_count == 5


async def test_similar_items_keep_the_filters(demo_runtime: Runtime) -> None:
    item_id = await _some_item(demo_runtime)
    filters = SearchFilters(media_types=("painting",), date_from=1800, date_to=1899)
    found = await _service(demo_runtime).similar(SimilarQuery(item_id, limit=5, filters=filters))
    assert found.items
    for hit in found.items:
        assert hit.metadata["media_type"] == "painting"
        start = hit.metadata.get("date_start") or hit.metadata.get("date_end")
        end = hit.metadata.get("date_end") or hit.metadata.get("date_start")
        assert start <= 1899 and end >= 1800


async def test_an_unknown_id_is_refused(demo_runtime: Runtime) -> None:
    with pytest.raises(UnknownItem, match="no item with id 'cmoa:nope'"):
        await _service(demo_runtime).similar(SimilarQuery("cmoa:nope"))
    with pytest.raises(UnknownItem):
        await _service(demo_runtime).item("cmoa:nope")


async def test_an_item_without_a_vector_for_the_model_needs_a_reindex(
    demo_runtime: Runtime,
) -> None:
    item_id = await _some_item(demo_runtime)
    service = SimilarService(demo_runtime.db, "text-embedding-004", demo_runtime.settings)
    with pytest.raises(MissingEmbeddingsError):
        await service.similar(SimilarQuery(item_id))


async def test_item_detail_carries_all_metadata(demo_runtime: Runtime) -> None:
    item_id = await _some_item(demo_runtime)
    detail = await _service(demo_runtime).item(item_id)
    assert detail.id == item_id and detail.kind == "archive"
    assert {"creator", "date", "media_type", "url", "thumbnail", "source"} <= set(detail.metadata)
