"""Hybrid search's BM25 leg reads its candidate budget from the settings (default 2,500, chosen on
the tune splits: docs/benchmarks.md, "The candidate budget at 87k"), and its dense leg's depth
and ef_search are the fusion's depth and DISCOVERY_HNSW_EF_SEARCH (the hooks
scripts/tune_hybrid_legs.py overrides to measure others). On the demo archive."""

from __future__ import annotations

from typing import Any

import pytest

from discovery.runtime import Runtime
from discovery.search import queries
from discovery.search.hybrid import HybridSearch
from discovery.search.models import SearchRequest
from discovery.search.service import SearchService
from discovery.settings import Settings

pytestmark = pytest.mark.integration

QUERY = "group portrait of men"  # common words: a budget of 100 changes its BM25 top 10 here


def test_the_default_budget_is_the_measured_one() -> None:
    assert Settings.model_fields["discovery_text_candidate_budget"].default == 2500


async def _text_leg(rt: Runtime, budget: int) -> list[tuple[str, float]]:
    plan = SearchRequest.build(query=QUERY, strategy="hybrid").plan(rt.settings)
    async with rt.db.connection() as conn:
        return await queries.match_items_bm25(
            conn, plan.query, count=max(plan.limit, plan.fusion.depth),
            filters=plan.filters.sql_args(), candidate_budget=budget,
            request_words=plan.fusion.request_words,
        )  # fmt: skip


@pytest.mark.parametrize("parallel", [True, False])
async def test_the_bm25_leg_gets_the_settings_budget(demo_runtime: Runtime, parallel: bool) -> None:
    small, large = await _text_leg(demo_runtime, 100), await _text_leg(demo_runtime, 5000)
    assert [i for i, _ in small[:10]] != [i for i, _ in large[:10]]  # the budget binds here
    for budget, text in ((100, small), (5000, large)):
        cfg = demo_runtime.settings.model_copy(
            update={"discovery_text_candidate_budget": budget,
                    "discovery_hybrid_parallel_legs": parallel}
        )  # fmt: skip
        service = SearchService(demo_runtime.db, demo_runtime.embedder, cfg)
        response = await service.search(SearchRequest.build(query=QUERY, strategy="hybrid"))
        ranks = response.metadata.leg_ranks or {}
        by_text_rank = {i: r for r, (i, _) in enumerate(text, 1)}
        assert response.items
        for hit in response.items:  # every hit's text rank is its rank in this budget's leg
            assert ranks[hit.id].text == by_text_rank.get(hit.id)


def test_the_dense_leg_reads_the_fusion_depth_and_the_search_ef(demo_runtime: Runtime) -> None:
    cfg = demo_runtime.settings.model_copy(
        update={"discovery_hnsw_ef_search": 77, "discovery_archive_hybrid_depth": 60}
    )
    hybrid = HybridSearch(demo_runtime.db, cfg, demo_runtime.embedder.model_id)
    plan: Any = SearchRequest.build(query=QUERY, strategy="hybrid", limit=5).plan(cfg)
    assert (hybrid._dense_depth(plan), hybrid._ef_search(plan)) == (60, 77)
    plan = SearchRequest.build(query=QUERY, strategy="hybrid", limit=80).plan(cfg)
    assert hybrid._dense_depth(plan) == 80
