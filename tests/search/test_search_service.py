"""SearchService on the demo archive, the embedded PostgreSQL and the packaged model."""

from __future__ import annotations

import numpy as np
import pytest
from tests.catalog.test_ingest import FIXTURE

from discovery.catalog.archives.ingest import ingest_archives
from discovery.db import MissingEmbeddingsError
from discovery.runtime import Runtime
from discovery.search import queries
from discovery.search.models import SearchFilters, SearchRequest, Strategy
from discovery.search.results import SearchResponse
from discovery.search.service import SearchService
from discovery.settings_sections import FusionMode

pytestmark = pytest.mark.integration


def _req(query: str, **fields: object) -> SearchRequest:
    return SearchRequest.build(query=query, **fields)


async def test_direct_search_finds_relevant_records_sorted_by_score(demo_runtime: Runtime) -> None:
    response = await demo_runtime.search.search(
        _req("baseball players", strategy="direct", limit=10)
    )
    scores = [hit.score for hit in response.items]
    assert len(response.items) == 10
    assert scores == sorted(scores, reverse=True)
    assert all(0.0 <= s <= 1.0 for s in scores)
    assert sum("baseball" in hit.title.lower() for hit in response.items) >= 7
    meta = response.metadata
    assert meta.strategy_used is Strategy.DIRECT and meta.skill_ids_used is None
    assert meta.final_count == 10 and meta.stage2_candidate_count == 3000
    assert meta.total_time_ms >= meta.query_embedding_time_ms > 0


async def test_scores_are_the_cosine_similarity_of_the_stored_vectors(
    demo_runtime: Runtime,
) -> None:
    response = await demo_runtime.search.search(_req("church choir", strategy="direct", limit=3))
    query = demo_runtime.embedder.embed_query("church choir")
    async with demo_runtime.db.connection() as conn:
        for hit in response.items:
            row = await (
                await conn.execute(
                    "select embedding from item_embeddings where item_id = %s", (hit.id,)
                )
            ).fetchone()
            assert row is not None
            assert hit.score == pytest.approx(float(np.dot(row[0].to_numpy(), query)), abs=1e-4)


async def test_hierarchical_search_uses_matched_skills(demo_runtime: Runtime) -> None:
    response = await demo_runtime.search.search(
        _req("jazz band playing on stage", strategy="hierarchical", skill_threshold=0.2, limit=5)
    )
    meta = response.metadata
    assert meta.strategy_used is Strategy.HIERARCHICAL
    assert meta.skill_ids_used and "heritage.music" in meta.skill_ids_used
    assert meta.stage1_skill_count == len(response.matched_skills) >= 1
    assert all(set(hit.skill_ids) & set(meta.skill_ids_used) for hit in response.items)
    assert meta.stage2_candidate_count > 0
    assert meta.skill_search_time_ms > 0


async def test_hierarchical_falls_back_to_direct_when_no_skill_matches(
    demo_runtime: Runtime,
) -> None:
    response = await demo_runtime.search.search(
        _req("boxing", strategy="hierarchical", skill_threshold=0.99)
    )
    meta = response.metadata
    assert meta.strategy_used is Strategy.DIRECT
    assert meta.fallback_reason == "no_skill_matched"
    assert meta.skill_ids_used is None
    assert response.items


async def test_hierarchical_falls_back_when_the_skill_index_is_empty(runtime: Runtime) -> None:

    await ingest_archives(runtime.db, runtime.embedder, [FIXTURE])
    async with runtime.db.connection() as conn:
        await conn.execute("delete from skill_embeddings")
    response = await runtime.search.search(_req("streetcar in snow", strategy="hierarchical"))
    assert response.metadata.fallback_reason == "empty_skill_index"
    assert response.items[0].title.startswith("No. 82 Lincoln streetcar")


async def test_hybrid_search_fuses_keyword_and_dense_results(demo_runtime: Runtime) -> None:
    response = await demo_runtime.search.search(_req("Crawford Grill", strategy="hybrid", limit=5))
    assert response.metadata.strategy_used is Strategy.HYBRID
    assert all(hit.rank_score is not None for hit in response.items)
    ranks = [hit.rank_score for hit in response.items]
    assert ranks == sorted(ranks, reverse=True)
    assert any("crawford grill" in hit.title.lower() for hit in response.items)


async def test_hybrid_fusion_follows_the_configured_text_weight(demo_runtime: Runtime) -> None:
    """Text weight 0: the dense order. A heavy text weight: the BM25 ranking's order leads.
    Every hit reports its rank in each leg."""
    query = "Crawford Grill jazz musicians"

    async def search(strategy: str, **settings: object) -> SearchResponse:
        service = SearchService(
            demo_runtime.db,
            demo_runtime.embedder,
            demo_runtime.settings.model_copy(update=settings),
        )
        return await service.search(_req(query, strategy=strategy, limit=5))

    rrf = {"discovery_archive_fusion": "rrf"}
    dense = [hit.id for hit in (await search("direct")).items]
    muted = await search("hybrid", discovery_archive_text_weight=0.0, **rrf)
    assert [hit.id for hit in muted.items] == dense
    text_led = await search(
        "hybrid", discovery_archive_text_weight=10.0, discovery_archive_rrf_k=1, **rrf
    )
    async with demo_runtime.db.connection() as conn:
        text = await queries.match_items_bm25(
            conn, query, count=20, filters=SearchFilters().sql_args(), candidate_budget=5000
        )
    assert text_led.items[0].id == text[0][0] != dense[0]
    ranks = text_led.metadata.leg_ranks
    assert ranks is not None and set(ranks) == {hit.id for hit in text_led.items}
    assert ranks[text[0][0]].text == 1
    for hit in text_led.items:
        rank = ranks[hit.id].dense
        if rank is not None and rank <= len(dense):
            assert dense[rank - 1] == hit.id


async def test_filters_by_media_type_and_date_range(demo_runtime: Runtime) -> None:
    response = await demo_runtime.search.search(
        _req(
            "landscape",
            strategy="direct",
            limit=10,
            tool_threshold=0.0,
            media_types=["painting"],
            date_from=1800,
            date_to=1899,
        )
    )
    assert response.items
    for hit in response.items:
        assert hit.metadata["media_type"] == "painting"
        start = hit.metadata["date_start"] or hit.metadata["date_end"]
        end = hit.metadata["date_end"] or hit.metadata["date_start"]
        assert end >= 1800 and start <= 1899


async def test_filter_by_kind_without_items_of_that_kind_is_empty(demo_runtime: Runtime) -> None:
    response = await demo_runtime.search.search(_req("jazz", item_type="tool"))
    assert response.items == []


async def test_threshold_drops_weak_matches(demo_runtime: Runtime) -> None:
    response = await demo_runtime.search.search(
        _req("quantum chromodynamics lattice simulation", strategy="direct", tool_threshold=0.6)
    )
    assert response.items == []


async def test_sql_and_markup_in_a_query_are_just_text(demo_runtime: Runtime) -> None:
    for text in ["'); drop table items; --", "<script>alert(1)</script>", 'say "hello" & \\ go']:
        for strategy in Strategy:
            await demo_runtime.search.search(_req(text, strategy=strategy))
    async with demo_runtime.db.connection() as conn:
        row = await (await conn.execute("select count(*) from items")).fetchone()
    assert row == (3000,)


async def test_match_archives_rpc_gives_the_same_answer_as_the_engine(
    demo_runtime: Runtime,
) -> None:
    query = "wedding party posed in church"
    response = await demo_runtime.search.search(
        _req(query, strategy="direct", limit=10, filters={"kinds": ["archive"]})
    )
    vector = demo_runtime.embedder.embed_query(query)
    async with demo_runtime.db.connection() as conn:
        rows = await (
            await conn.execute("select id, similarity from match_archives(%s, 0.3, 10)", (vector,))
        ).fetchall()
    assert [r[0] for r in rows] == [hit.id for hit in response.items]


async def test_search_with_a_model_without_vectors_names_the_reindex_command(
    demo_runtime: Runtime,
) -> None:
    async with demo_runtime.db.connection() as conn:
        await conn.execute("update embedding_models set status = 'building'")
        try:
            for strategy in Strategy:
                with pytest.raises(MissingEmbeddingsError, match="discovery reindex"):
                    await demo_runtime.search.search(_req("jazz", strategy=strategy))
        finally:
            await conn.execute("update embedding_models set status = 'ready'")


async def test_hierarchical_falls_back_when_stage_one_fails(runtime: Runtime) -> None:

    await ingest_archives(runtime.db, runtime.embedder, [FIXTURE])
    async with runtime.db.connection() as conn:  # a broken stage 1, on this test's own database
        await conn.execute("alter function match_skills rename to match_skills_gone")
    response = await runtime.search.search(_req("streetcar in snow", strategy="hierarchical"))
    assert response.metadata.fallback_reason == "skill_search_failed"
    assert response.metadata.strategy_used is Strategy.DIRECT
    assert response.items[0].title.startswith("No. 82 Lincoln streetcar")


@pytest.mark.parametrize("fusion", ["rrf", "convex"])
async def test_hybrid_in_two_steps_answers_as_the_one_call(
    demo_runtime: Runtime, fusion: str
) -> None:
    """The service runs the text leg while the query is embedded, then `match_items_fuse`; an
    rpc client calls `match_items_hybrid`: same hits, same order, same scores and leg ranks,
    in either fusion (with convex, the client passes the request through `bm25_request_text`
    and chooses the fusion by `bm25_query_coverage` of the BM25 leg's best record, in the
    same statement). The one call has no phrase bonus (migration 20261203000100), so the
    service runs without it here."""
    cfg = demo_runtime.settings.model_copy(
        update={"discovery_archive_fusion": fusion, "discovery_archive_phrase_weight": 0.0}
    )
    service = SearchService(demo_runtime.db, demo_runtime.embedder, cfg)
    for query, filters in (
        ("Crawford Grill jazz musicians", {}),
        ('"Hill District" -church', {}),
        ("portrait of a woman", {"media_types": ["photograph"], "date_from": 1950}),
        ("pictures showing jazz musicians", {}),
    ):
        request = _req(query, strategy="hybrid", limit=8, tool_threshold=0.0, **filters)
        served = await service.search(request)
        plan = request.plan(cfg)
        vector = demo_runtime.embedder.embed_query(query)
        text = "%(t)s"
        if plan.fusion.request_words:
            text = "bm25_request_text(%(t)s, %(filter_kinds)s::text[])"
        weights = ("rrf_k => %(rrf_k)s, fusion => %(fusion)s,"
                   " dense_weight => %(dense_weight)s, text_weight => %(text_weight)s")  # fmt: skip
        if plan.fusion.partial_fusion is not None:  # an rpc client's per-request fusion
            assert plan.fusion.partial_fusion is FusionMode.RRF
            top = (f"(select b.id from match_items_bm25({text}, 1, filter_kinds =>"
                   " %(filter_kinds)s, filter_media_types => %(filter_media_types)s,"
                   " date_from => %(date_from)s) b)")  # fmt: skip
            covered = (f"coalesce(bm25_query_coverage({text}, {top}, %(filter_kinds)s::text[],"
                       " false, %(unknown_word_weight)s), 0) >= %(coverage_floor)s")  # fmt: skip
            when = f"case when {covered} then"
            weights = (f"rrf_k => {when} %(rrf_k)s else %(partial_rrf_k)s end,"
                       f" fusion => {when} 'convex' else 'rrf' end,"
                       f" dense_weight => {when} %(dense_weight)s else 1 end,"
                       f" text_weight => {when} %(text_weight)s else 1 end")  # fmt: skip
        async with demo_runtime.db.connection() as conn:
            rows = await (
                await conn.execute(
                    "select id, similarity, rank_score, dense_rank, text_rank from"
                    f" match_items_hybrid(%(q)s, {text}, 8, 0.0, filter_kinds => %(filter_kinds)s,"
                    " filter_media_types => %(filter_media_types)s, date_from => %(date_from)s,"
                    " model_name => %(model_name)s,"
                    f" {weights}, dense_depth => %(d)s, text_depth => %(d)s)",
                    plan.filters.sql_args() | plan.fusion.sql_args()
                    | {"q": vector, "t": query, "d": max(8, plan.fusion.depth),
                       "model_name": demo_runtime.embedder.model_id},
                )
            ).fetchall()  # fmt: skip
        ranks = served.metadata.leg_ranks or {}
        got = [(h.id, round(h.score, 6), h.rank_score, ranks[h.id].dense, ranks[h.id].text)
               for h in served.items]  # fmt: skip
        assert all(h.metadata["media_type"] == "photograph" for h in served.items) or not filters
        assert rows and got == [(r[0], round(r[1], 6), round(r[2], 6), r[3], r[4]) for r in rows]
