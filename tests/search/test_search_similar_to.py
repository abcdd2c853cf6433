"""The search mode `similar_to` on the demo archive: a search ranked by one item's own vector,
with the request's filters, limit and excluded ids (the agent's "more like the second one")."""

from __future__ import annotations

import pytest

from discovery.runtime import Runtime
from discovery.search.models import InvalidRequest, SearchRequest
from discovery.search.similar import SimilarQuery, UnknownItem

pytestmark = pytest.mark.integration


async def _boxing_photo(rt: Runtime) -> str:
    found = await rt.search.search(SearchRequest(query="boxing match", limit=1))
    return found.items[0].id


async def test_similar_to_ranks_as_more_like_this_without_the_item(
    demo_runtime: Runtime,
) -> None:
    item_id = await _boxing_photo(demo_runtime)
    found = await demo_runtime.search.search(SearchRequest(similar_to=item_id, limit=6))
    direct = await demo_runtime.search.similar.similar(
        SimilarQuery(item_id, limit=6, threshold=demo_runtime.settings.discovery_tool_threshold)
    )
    assert [h.id for h in found.items] == [h.id for h in direct.items]
    assert len(found.items) == 6 and item_id not in {h.id for h in found.items}
    assert found.query.startswith("like: ")
    assert found.metadata.query_embedding_time_ms == 0.0  # no text was embedded


async def test_similar_to_leaves_out_the_excluded_ids_and_keeps_the_filters(
    demo_runtime: Runtime,
) -> None:
    item_id = await _boxing_photo(demo_runtime)
    first = await demo_runtime.search.search(SearchRequest(similar_to=item_id, limit=5))
    shown = [h.id for h in first.items]
    more = await demo_runtime.search.search(
        SearchRequest(
            similar_to=item_id,
            exclude_ids=shown,
            limit=5,
            media_types=["photograph"],
            date_from=1950,
            date_to=1959,
        )
    )
    assert more.items and not set(shown) & {h.id for h in more.items}
    for hit in more.items:
        assert hit.metadata["media_type"] == "photograph"
        start = hit.metadata.get("date_start") or hit.metadata.get("date_end")
        end = hit.metadata.get("date_end") or hit.metadata.get("date_start")
        assert start <= 1959 and end >= 1950


async def test_similar_to_an_unknown_id_is_unknown_item(demo_runtime: Runtime) -> None:
    with pytest.raises(UnknownItem):
        await demo_runtime.search.search(SearchRequest(similar_to="cmoa:nope"))


def test_a_request_needs_a_query_or_similar_to() -> None:
    with pytest.raises(InvalidRequest, match="give a query, or an item id as similar_to"):
        SearchRequest.build(limit=3)
    assert SearchRequest.build(similar_to="cmoa:x").query == ""
