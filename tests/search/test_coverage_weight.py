"""The convex fusion per request (`bm25_query_coverage`, `hybrid_dense_weight`, migrations
20261130000300 and 20261201000300): a request whose BM25 leg's best record holds less than the
coverage floor of the query's IDF weight is fused by the partial fusion (reciprocal ranks, or
the partial dense weight); a query word no record has counts with the unknown-word weight. On
the demo archive and the embedded PostgreSQL."""

from __future__ import annotations

import math

import pytest

from discovery.runtime import Runtime
from discovery.search import queries
from discovery.search.fusion import FusionPlan
from discovery.search.models import SearchRequest
from discovery.search.results import SearchResponse
from discovery.search.service import SearchService
from discovery.settings import Settings
from discovery.settings_sections import FusionMode

pytestmark = pytest.mark.integration

UNKNOWN = "zqxjvwords"  # no record has it: the largest IDF, covered by none
KINDS = ["archive"]


async def _scalar(rt: Runtime, sql: str, *args: object) -> object:
    async with rt.db.connection() as conn:
        row = await (await conn.execute(sql, args)).fetchone()
    assert row is not None
    return row[0]


async def _top_text_hit(rt: Runtime, query: str) -> str:
    filters = SearchRequest.build(query=query).plan(rt.settings).filters.sql_args()
    async with rt.db.connection() as conn:
        text = await queries.match_items_bm25(
            conn, query, count=1, filters=filters, candidate_budget=5000
        )
    return text[0][0]


async def test_coverage_is_the_idf_share_of_the_query_the_record_holds(
    demo_runtime: Runtime,
) -> None:
    item = await _top_text_hit(demo_runtime, "jazz")
    covered = await _scalar(
        demo_runtime, "select bm25_query_coverage(%s, %s, %s::text[])", "jazz", item, KINDS
    )
    assert covered == pytest.approx(1.0)
    half = await _scalar(
        demo_runtime,
        "select bm25_query_coverage(%s, %s, %s::text[])",
        f"jazz {UNKNOWN}",
        item,
        KINDS,
    )
    n = float(str(await _scalar(demo_runtime, "select n_docs from bm25_kind_stats")))
    jazz_df = float(
        str(
            await _scalar(
                demo_runtime,
                "select f.df from bm25_terms t join bm25_df f on f.term_id = t.id"
                " where t.term = 'jazz' and f.kind = 'archive'",
            )
        )
    )
    jazz, unknown = (math.log(1 + (n - df + 0.5) / (df + 0.5)) for df in (jazz_df, 0.0))
    assert half == pytest.approx(jazz / (jazz + unknown))
    # an -excluded word is no term of the query; a query of stop words has none; no such item
    excluded = await _scalar(
        demo_runtime,
        "select bm25_query_coverage(%s, %s, %s::text[])",
        f"jazz -{UNKNOWN}",
        item,
        KINDS,
    )
    assert excluded == pytest.approx(1.0)
    assert await _scalar(demo_runtime, "select bm25_query_coverage('the of', %s)", item) is None
    assert await _scalar(demo_runtime, "select bm25_query_coverage('jazz', 'no:such')") is None


@pytest.mark.parametrize(
    ("query", "expected"),
    [("jazz", 0.25), (f"jazz {UNKNOWN}", 0.5), ("the of", 0.5)],
)
async def test_the_dense_weight_rises_when_the_best_text_match_misses_the_query(
    demo_runtime: Runtime, query: str, expected: float
) -> None:
    item = await _top_text_hit(demo_runtime, "jazz")
    weight = await _scalar(
        demo_runtime,
        "select hybrid_dense_weight(%s, %s, %s::text[], 0.25, 0.5, 0.6)",
        query,
        item,
        KINDS,
    )
    assert weight == pytest.approx(expected)
    assert await _scalar(
        demo_runtime, "select hybrid_dense_weight(%s, null, null, 0.25, null, 0.6)", query
    ) == pytest.approx(0.25)


def test_the_plan_fuses_per_request_only_for_convex_and_when_asked() -> None:
    base = Settings(_env_file=None)  # type: ignore[call-arg]
    plan = FusionPlan.for_archives(base)
    assert plan.mode is FusionMode.CONVEX
    assert (plan.partial_fusion, plan.partial_rrf_k, plan.coverage_floor) == (
        FusionMode.RRF, 30, 0.6)  # fmt: skip
    assert plan.unknown_word_weight == 0.0
    assert plan.weight_sql()[0].startswith("with w as materialized")
    for off in (
        {"discovery_archive_fusion": "rrf"},
        {"discovery_archive_coverage_floor": 0.0},
        {
            "discovery_archive_partial_fusion": "convex",
            "discovery_archive_partial_dense_weight": 0.25,
        },
    ):
        fixed = FusionPlan.for_archives(base.model_copy(update=off))
        assert (fixed.partial_fusion, fixed.coverage_floor) == (None, 0.0)
        assert fixed.weight_sql() == (
            "",
            "rrf_k => %(rrf_k)s, dense_weight => %(dense_weight)s,"
            " text_weight => %(text_weight)s, fusion => %(fusion)s",
        )
    convex = FusionPlan.for_archives(
        base.model_copy(update={"discovery_archive_partial_fusion": "convex"})
    )
    assert (convex.partial_fusion, convex.partial_dense_weight) == (FusionMode.CONVEX, 0.6)


async def _search(rt: Runtime, query: str, parallel: bool, **settings: object) -> SearchResponse:
    cfg = rt.settings.model_copy(
        update={
            "discovery_archive_fusion": "convex",
            "discovery_archive_hybrid_depth": 30,
            "discovery_hybrid_parallel_legs": parallel,
        }
        | settings
    )
    service = SearchService(rt.db, rt.embedder, cfg)
    request = SearchRequest.build(query=query, strategy="hybrid", limit=30, tool_threshold=0.0)
    return await service.search(request)


@pytest.mark.parametrize("parallel", [True, False])
async def test_a_search_whose_best_text_match_misses_the_query_gets_the_partial_weight(
    demo_runtime: Runtime, parallel: bool
) -> None:
    """Both ways of running the legs, the partial fusion convex: a request with a word no
    record has (counted whole) is ranked exactly as the fixed fusion with the partial dense
    weight ranks it; a request its best text match covers, as with the usual weight."""
    for query, alpha in ((f"jazz musicians {UNKNOWN}", 0.7), ("jazz musicians", 0.2)):
        per_request = await _search(
            demo_runtime,
            query,
            parallel,
            discovery_archive_dense_weight=0.2,
            discovery_archive_partial_fusion="convex",
            discovery_archive_partial_dense_weight=0.7,
            discovery_archive_coverage_floor=0.6,
            discovery_archive_unknown_word_weight=1.0,
        )
        fixed = await _search(
            demo_runtime,
            query,
            parallel,
            discovery_archive_dense_weight=alpha,
            discovery_archive_coverage_floor=0.0,
        )
        assert [(h.id, h.rank_score) for h in per_request.items] == [
            (h.id, h.rank_score) for h in fixed.items
        ]
    # the previous default (0.25, else 0.6 below a coverage of 0.5): the weight matters
    previous = {"discovery_archive_partial_fusion": "convex",
                "discovery_archive_coverage_floor": 0.5,
                "discovery_archive_unknown_word_weight": 1.0}  # fmt: skip
    missed = await _search(demo_runtime, f"jazz {UNKNOWN}", parallel, **previous)
    usual = await _search(demo_runtime, f"jazz {UNKNOWN}", parallel,
                          discovery_archive_coverage_floor=0.0)  # fmt: skip
    assert [h.id for h in missed.items] != [h.id for h in usual.items]


@pytest.mark.parametrize("parallel", [True, False])
async def test_a_partly_covered_request_is_fused_by_reciprocal_ranks(
    demo_runtime: Runtime, parallel: bool
) -> None:
    """The shipped partial fusion (rrf, both legs weighing 1): a request with a word no record
    has, counted whole, is ranked exactly as the fixed RRF with the partial k ranks it (no
    request word in it, so both BM25 legs read the same text); a covered request, as the fixed
    convex fusion. Left out (the shipped unknown-word weight 0), the word changes nothing."""
    rrf = {"discovery_archive_fusion": "rrf", "discovery_archive_rrf_k": 30,
           "discovery_archive_text_weight": 1.0}  # fmt: skip
    fixed = {"discovery_archive_coverage_floor": 0.0}
    for query, same_as in ((f"jazz musicians {UNKNOWN}", rrf), ("jazz musicians", fixed)):
        per_request = await _search(
            demo_runtime, query, parallel, discovery_archive_unknown_word_weight=1.0
        )
        plain = await _search(demo_runtime, query, parallel, **same_as)
        assert [(h.id, h.rank_score) for h in per_request.items] == [
            (h.id, h.rank_score) for h in plain.items
        ]
    shipped = await _search(demo_runtime, f"jazz musicians {UNKNOWN}", parallel)
    convex = await _search(demo_runtime, f"jazz musicians {UNKNOWN}", parallel, **fixed)
    assert [(h.id, h.rank_score) for h in shipped.items] == [
        (h.id, h.rank_score) for h in convex.items
    ]


async def test_an_unknown_word_counts_with_its_weight(demo_runtime: Runtime) -> None:
    item = await _top_text_hit(demo_runtime, "jazz")
    sql = "select bm25_query_coverage(%s, %s, %s::text[], false, %s)"
    whole, half, left_out = [
        await _scalar(demo_runtime, sql, f"jazz {UNKNOWN}", item, KINDS, u) for u in (1, 0.5, 0)
    ]
    n = float(str(await _scalar(demo_runtime, "select n_docs from bm25_kind_stats")))
    jazz_df = float(str(await _scalar(
        demo_runtime,
        "select f.df from bm25_terms t join bm25_df f on f.term_id = t.id"
        " where t.term = 'jazz' and f.kind = 'archive'",
    )))  # fmt: skip
    jazz, unknown = (math.log(1 + (n - df + 0.5) / (df + 0.5)) for df in (jazz_df, 0.0))
    assert whole == pytest.approx(jazz / (jazz + unknown))
    assert half == pytest.approx(jazz / (jazz + 0.5 * unknown))
    assert left_out == pytest.approx(1.0)
    assert await _scalar(demo_runtime, sql, UNKNOWN, item, KINDS, 0) is None  # no weight left
    # the default argument keeps the previous answer for an rpc call without it
    assert await _scalar(
        demo_runtime,
        "select bm25_query_coverage(%s, %s, %s::text[])",
        f"jazz {UNKNOWN}",
        item,
        KINDS,
    ) == pytest.approx(whole)


@pytest.mark.parametrize(
    ("query", "kinds"),
    [
        ("show me jazz musicians made by makers", KINDS),
        ("works depicting a piano", KINDS),
        ('"Horse Show" -works show paintings', KINDS),
        ("show me the works", KINDS),  # request words only: kept whole
        ("find jazz", ["archive", "tool"]),  # a word must be a request word of every kind
        ("pictures showing jazz", None),
    ],
)
async def test_coverage_leaves_out_the_request_words_as_the_bm25_leg_does(
    demo_runtime: Runtime, query: str, kinds: list[str] | None
) -> None:
    """With `request_words`, the coverage of the raw request is that of `bm25_request_text`'s
    text (what the BM25 leg reads), computed per lexeme without calling it again."""
    item = await _top_text_hit(demo_runtime, "jazz musicians piano")
    sql = "select bm25_query_coverage({}, %s, %s::text[], {})"
    own = await _scalar(demo_runtime, sql.format("%s", "true"), query, item, kinds)
    stripped = await _scalar(
        demo_runtime,
        sql.format("bm25_request_text(%s, %s::text[])", "false"),
        query,
        kinds,
        item,
        kinds,
    )
    raw = await _scalar(demo_runtime, sql.format("%s", "false"), query, item, kinds)
    assert own == pytest.approx(stripped)
    if query.startswith("show me jazz"):
        assert raw is not None and stripped is not None and float(str(raw)) < float(str(stripped))
