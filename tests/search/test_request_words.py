"""Request words ("show me", "works depicting", "made by ... makers") left out of the BM25 leg's
query of archive hybrid search under the convex fusion (`bm25_request_text`, migration
20261129000500), on the demo archive and the embedded PostgreSQL."""

from __future__ import annotations

import pytest

from discovery.runtime import Runtime
from discovery.search import queries
from discovery.search.models import SearchRequest
from discovery.search.service import SearchService

pytestmark = pytest.mark.integration

QUERY = "pictures showing a piano"


async def _request_text(rt: Runtime, text: str, kinds: list[str] | None) -> str:
    async with rt.db.connection() as conn:
        row = await (
            await conn.execute("select bm25_request_text(%s, %s::text[])", (text, kinds))
        ).fetchone()
    assert row is not None
    return str(row[0])


@pytest.mark.parametrize(
    ("text", "kinds", "expected"),
    [
        ("show me furniture made by German makers", ["archive"], "me furniture by German"),
        ("works depicting horses", ["archive"], "horses"),
        ("Artists' pictures of the Hill District", ["archive"], "of the Hill District"),
        # quoted phrases and -excluded words are kept as written
        ('"Horse Show" -works show paintings', ["archive"], '"Horse Show" -works paintings'),
        # a request of request words only is kept whole
        ("show me the works", ["archive"], "show me the works"),
        # the words are the archive kind's: tools and mixed kinds keep them
        ("find a tool to search the web", ["tool"], "find a tool to search the web"),
        ("show me furniture", ["archive", "tool"], "show me furniture"),
        # no kind named: the kinds the catalog holds (the demo catalog: archives only)
        ("photographs made by Teenie Harris", None, "photographs by Teenie Harris"),
    ],
)
async def test_request_text_leaves_out_request_words(
    demo_runtime: Runtime, text: str, kinds: list[str] | None, expected: str
) -> None:
    assert await _request_text(demo_runtime, text, kinds) == expected


async def _text_ranks(rt: Runtime, **settings: object) -> dict[str, int | None]:
    cfg = rt.settings.model_copy(update=settings)
    request = SearchRequest.build(query=QUERY, strategy="hybrid", limit=10, tool_threshold=0.0)
    response = await SearchService(rt.db, rt.embedder, cfg).search(request)
    return {i: r.text for i, r in (response.metadata.leg_ranks or {}).items()}


async def _bm25(rt: Runtime, text: str) -> dict[str, int]:
    filters = SearchRequest.build(query=text).plan(rt.settings).filters.sql_args()
    async with rt.db.connection() as conn:
        hits = await queries.match_items_bm25(
            conn, text, count=100, filters=filters, candidate_budget=5000
        )
    return {i: rank for rank, (i, _) in enumerate(hits, start=1)}


def _agree(served: dict[str, int | None], bm25: dict[str, int]) -> bool:
    return all(rank == bm25.get(i) for i, rank in served.items())


async def test_convex_search_ranks_text_without_request_words(demo_runtime: Runtime) -> None:
    """Convex (the default): the BM25 leg ranks "a piano"; rrf, or the setting off: the raw
    request, as before."""
    stripped = await _request_text(demo_runtime, QUERY, ["archive"])
    assert stripped == "a piano"
    raw, bare = await _bm25(demo_runtime, QUERY), await _bm25(demo_runtime, stripped)
    assert list(raw)[:10] != list(bare)[:10]  # the request words do move the text leg

    convex = await _text_ranks(demo_runtime, discovery_archive_fusion="convex")
    assert _agree(convex, bare) and not _agree(convex, raw)
    for settings in (
        {"discovery_archive_fusion": "rrf"},
        {"discovery_archive_fusion": "convex", "discovery_archive_request_words": False},
    ):
        served = await _text_ranks(demo_runtime, **settings)
        assert _agree(served, raw) and not _agree(served, bare)
