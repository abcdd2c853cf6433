"""`text_leg.bm25_leg`: the BM25 leg and the fusion's per-request choice in one statement give
the ranking `match_items_bm25` gives and the choice the fusion's own statement makes (its `w`
CTE: the same coverage, so the fusion's answer is unchanged: test_hybrid.py holds the served
answer to the SQL before, hit for hit). On the demo archive."""

from __future__ import annotations

import pytest

from discovery.runtime import Runtime
from discovery.search import queries
from discovery.search.models import SearchRequest
from discovery.search.packed import unpack
from discovery.search.text_leg import bm25_leg
from discovery.settings_sections import FusionMode

pytestmark = pytest.mark.integration

QUERIES = [
    "jazz musicians at the Crawford Grill",
    "show me photos of zqxjvwords in church",
    "moonlight serenade on the saxophone by the river",  # partly covered: the partial fusion
    "zzzz qqqq",  # no BM25 hit at all
    '"Hill District" -church',
    "group portrait of men",
]


@pytest.mark.parametrize("budget", [100, 2500])
async def test_the_leg_and_its_weight_are_those_of_the_separate_statements(
    demo_runtime: Runtime, budget: int
) -> None:
    choices = set()
    for query in QUERIES:
        plan = SearchRequest.build(query=query, strategy="hybrid").plan(demo_runtime.settings)
        assert plan.fusion.partial_fusion is FusionMode.RRF  # the default: a choice per request
        filters = plan.filters.sql_args()
        async with demo_runtime.db.connection() as conn:
            alone = await queries.match_items_bm25(
                conn, plan.query, count=100, filters=filters, candidate_budget=budget,
                request_words=plan.fusion.request_words, phrase_weight=plan.fusion.phrase_weight,
            )  # fmt: skip
            prefix, _ = plan.fusion.weight_sql()
            row = await (
                await conn.execute(
                    prefix + "select covered from w",
                    plan.fusion.sql_args()
                    | {"text": plan.query, "top_text_id": alone[0][0] if alone else None,
                       "filter_kinds": filters["filter_kinds"]},
                )
            ).fetchone()  # fmt: skip
            assert row is not None
            ranking, fused = await bm25_leg(
                conn, plan.query, count=100, filters=filters, candidate_budget=budget,
                fusion=plan.fusion,
            )  # fmt: skip
            pairs = await unpack(conn, ranking)
        assert pairs == alone  # ids, order and scores, to the bit
        assert ranking.top == (alone[0][0] if alone else None)
        assert fused.partial_fusion is None and fused.weight_sql()[0] == ""
        if row[0]:  # covered: the plan's own convex arguments
            expected = (plan.fusion.mode, plan.fusion.rrf_k, plan.fusion.dense_weight,
                        plan.fusion.text_weight)  # fmt: skip
        else:  # the CTE's `else` branch: RRF at the partial k, both legs weighing 1
            expected = (FusionMode.RRF, plan.fusion.partial_rrf_k, 1.0, 1.0)
        assert (fused.mode, fused.rrf_k, fused.dense_weight, fused.text_weight) == expected
        choices.add(row[0])
    assert choices == {True, False}  # both choices occur among the requests


async def test_without_a_choice_per_request_the_plan_is_kept(demo_runtime: Runtime) -> None:
    cfg = demo_runtime.settings.model_copy(update={"discovery_archive_fusion": FusionMode.RRF})
    plan = SearchRequest.build(query="church choir", strategy="hybrid").plan(cfg)
    filters = plan.filters.sql_args()
    async with demo_runtime.db.connection() as conn:
        ranking, fused = await bm25_leg(
            conn, plan.query, count=40, filters=filters, candidate_budget=2500, fusion=plan.fusion
        )
        alone = await queries.match_items_bm25(
            conn, plan.query, count=40, filters=filters, candidate_budget=2500,
            phrase_weight=plan.fusion.phrase_weight,
        )  # fmt: skip
        pairs = await unpack(conn, ranking)
    assert fused is plan.fusion and pairs == alone and alone and ranking.top == alone[0][0]
