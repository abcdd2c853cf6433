"""Convex fusion (archive hybrid search's default): each leg's score min-max normalized over its
own ranking, alpha x dense + (1 - alpha) x BM25, a leg's miss counting 0. Checked against the
two legs run alone on the demo archive and the embedded PostgreSQL."""

from __future__ import annotations

import psycopg
import pytest

from discovery.runtime import Runtime
from discovery.search import queries
from discovery.search.models import SearchRequest
from discovery.search.results import SearchResponse
from discovery.search.service import SearchService

pytestmark = pytest.mark.integration

QUERY = "Crawford Grill jazz musicians"


async def _search(rt: Runtime, limit: int, **settings: object) -> SearchResponse:
    """Convex with a fixed dense weight (the per-request weight: test_coverage_weight.py)."""
    fixed = {"discovery_archive_fusion": "convex", "discovery_archive_coverage_floor": 0.0}
    cfg = rt.settings.model_copy(update=fixed | settings)
    service = SearchService(rt.db, rt.embedder, cfg)
    request = SearchRequest.build(query=QUERY, strategy="hybrid", limit=limit, tool_threshold=0.0)
    return await service.search(request)


async def _legs(rt: Runtime, depth: int) -> tuple[dict[str, float], dict[str, float]]:
    """Each leg alone, to `depth`: id -> its min-max normalized score."""
    request = SearchRequest.build(query=QUERY, strategy="hybrid", tool_threshold=0.0)
    filters = request.plan(rt.settings).filters.sql_args()
    async with rt.db.connection() as conn:
        dense = await queries.match_items(
            conn,
            rt.embedder.embed_query(QUERY),
            threshold=0.0,
            count=depth,
            filters=filters,
            model_name=rt.embedder.model_id,
            exact_max_rows=rt.settings.discovery_exact_scan_max_rows,
            ef_search=rt.settings.discovery_hnsw_ef_search,
        )
        text = await queries.match_items_bm25(
            conn, QUERY, count=depth, filters=filters, candidate_budget=5000,
            phrase_weight=request.plan(rt.settings).fusion.phrase_weight,
        )  # fmt: skip

    def norm(scores: list[tuple[str, float]]) -> dict[str, float]:
        lo, hi = min(s for _, s in scores), max(s for _, s in scores)
        return {i: (s - lo) / (hi - lo) if hi > lo else 1.0 for i, s in scores}

    return norm([(h.id, h.score) for h in dense]), norm(text)


@pytest.mark.parametrize("alpha", [0.25, 0.6])
async def test_convex_scores_are_the_weighted_normalized_leg_scores(
    demo_runtime: Runtime, alpha: float
) -> None:
    """Every hit's fused score is alpha x its normalized dense score + (1 - alpha) x its
    normalized BM25 score; an item only one leg found scores that leg's part alone."""
    depth = 30
    dense, text = await _legs(demo_runtime, depth)
    response = await _search(
        demo_runtime,
        limit=depth,
        discovery_archive_dense_weight=alpha,
        discovery_archive_hybrid_depth=depth,
    )
    expected = {
        i: alpha * dense.get(i, 0.0) + (1 - alpha) * text.get(i, 0.0) for i in {*dense, *text}
    }
    ranks = response.metadata.leg_ranks or {}
    one_leg = 0
    for hit in response.items:
        assert hit.rank_score == pytest.approx(expected[hit.id], abs=1e-6)
        assert 0.0 <= (hit.rank_score or 0.0) <= 1.0
        if (ranks[hit.id].dense is None) != (ranks[hit.id].text is None):
            one_leg += 1
    assert one_leg > 0  # the case this test is about occurs
    best = sorted(expected.values(), reverse=True)[: len(response.items)]
    assert [hit.rank_score for hit in response.items] == pytest.approx(best, abs=1e-6)


async def test_convex_weights_and_depth_reach_sql(demo_runtime: Runtime) -> None:
    """Dense weight 1: the dense leg's order; 0: the BM25 leg's; depth 4: no leg read deeper."""
    dense, text = await _legs(demo_runtime, 10)
    dense_led = await _search(demo_runtime, limit=5, discovery_archive_dense_weight=1.0)
    text_led = await _search(demo_runtime, limit=5, discovery_archive_dense_weight=0.0)
    assert [h.id for h in dense_led.items] == sorted(dense, key=lambda i: -dense[i])[:5]
    assert text_led.items[0].id == max(text, key=lambda i: text[i])
    assert dense_led.items[0].id != text_led.items[0].id
    shallow = await _search(demo_runtime, limit=4, discovery_archive_hybrid_depth=4)
    for ranks in (shallow.metadata.leg_ranks or {}).values():
        assert (ranks.dense or 0) <= 4 and (ranks.text or 0) <= 4


async def test_an_unknown_fusion_or_bad_weights_are_refused_by_sql(demo_runtime: Runtime) -> None:
    vector = demo_runtime.embedder.embed_query(QUERY)
    for args in ("fusion => 'borda'", "fusion => 'convex', dense_weight => 0, text_weight => 0"):
        async with demo_runtime.db.connection() as conn:
            with pytest.raises(psycopg.errors.InvalidParameterValue):
                await conn.execute(
                    f"select * from match_items_hybrid(%s, 'jazz', {args})", (vector,)
                )
