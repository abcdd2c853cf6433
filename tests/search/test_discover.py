"""`discover`: tools and capabilities in one ranking, clause by clause, on the small tool
catalog plus capabilities created by runs. Real embedded PostgreSQL and the real local model."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import pytest
from tests.capability_catalog import tools_rt, tools_template, tools_url  # noqa: F401

from discovery.catalog.capabilities.executions import record_execution
from discovery.catalog.capabilities.records import CapabilityRun, Outcome
from discovery.catalog.capabilities.store import create_from_run
from discovery.db import ItemKind
from discovery.db.executions import SuccessPrior
from discovery.embeddings.base import EmbeddingModelError, Vector
from discovery.logs import show_user_text
from discovery.runtime import Runtime
from discovery.search.discover import DiscoverService
from discovery.search.discover_models import (
    CapabilityResult,
    DiscoverRequest,
    DiscoverResponse,
    ToolResult,
)
from discovery.search.models import InvalidRequest
from discovery.search.service import SearchService

pytestmark = pytest.mark.integration

PRIOR = SuccessPrior()  # the defaults: Beta(2.7, 0.3), untried 1.0
READ = "tool:Files::read_file"
FORECAST = "tool:Weather Now::get_forecast"


async def _capability(rt: Runtime, code: str, intent: str, tools: list[str]) -> str:
    run = CapabilityRun(
        intent=intent,
        code_snippet=code,
        tools_used=tools,
        outcome=Outcome(success=True, duration_ms=20),
    )
    capability, _ = await create_from_run(rt.db, rt.embedder, run, PRIOR)
    return capability.id


async def _runs(
    rt: Runtime, kind: ItemKind, item_id: str, outcomes: Sequence[bool], trace: str | None = None
) -> None:
    async with rt.db.connection() as conn:
        for ok in outcomes:
            outcome = Outcome(success=ok, duration_ms=5, trace_id=trace)
            await record_execution(conn, kind, item_id, outcome, PRIOR)


async def _discover(rt: Runtime, intent: str, **fields: object) -> DiscoverResponse:
    return await rt.discover.discover(DiscoverRequest.build(intent=intent, **fields))


class CountingEmbedder:
    """The real embedder, counting the queries it embeds."""

    def __init__(self, inner: object) -> None:
        self.inner = inner
        self.model_id, self.dim = inner.model_id, inner.dim  # type: ignore[attr-defined]
        self.queries: list[str] = []

    def embed_query(self, text: str) -> Vector:
        self.queries.append(text)
        return self.inner.embed_query(text)  # type: ignore[attr-defined, no-any-return]

    def embed_documents(self, texts: Sequence[str]) -> Vector:
        return self.inner.embed_documents(texts)  # type: ignore[attr-defined, no-any-return]

    def cache_clear(self) -> None:
        self.inner.cache_clear()  # type: ignore[attr-defined]


class UnreachableEmbedder(CountingEmbedder):
    """Stands in for an embedding service that is down (Google's, in production)."""

    def embed_query(self, text: str) -> Vector:
        raise EmbeddingModelError("the embedding service is unreachable")


def _service(rt: Runtime, embedder: CountingEmbedder) -> DiscoverService:
    search = SearchService(rt.db, embedder, rt.settings)  # type: ignore[arg-type]
    return DiscoverService(rt.db, embedder, search, rt.settings)  # type: ignore[arg-type]


async def test_tools_and_capabilities_come_in_one_ranking_with_what_an_agent_needs(
    tools_rt: Runtime,  # noqa: F811
) -> None:
    cap = await _capability(
        tools_rt,
        "print(read_file(path='notes.txt'))",
        "Read a text file and print its contents",
        [READ],
    )
    counting = CountingEmbedder(tools_rt.embedder)
    response = await _service(tools_rt, counting).discover(
        DiscoverRequest.build(intent="read a file")
    )
    assert counting.queries == ["read a file"]  # embedded once for both kinds
    by_id = {r.id: r for r in response.results}
    tool, capability = by_id[READ], by_id[cap]
    assert isinstance(tool, ToolResult) and isinstance(capability, CapabilityResult)
    assert tool.server_id == "Files" and tool.input_schema is not None
    assert tool.input_schema["properties"]["path"] == {"type": "string"}
    assert (tool.executions, tool.success_rate, tool.reliability) == (0, 1.0, 1.2)  # untried
    assert capability.code_snippet == "print(read_file(path='notes.txt'))"
    assert capability.tools_used == [READ]
    assert (capability.usage_count, capability.success_rate, capability.reliability) == (
        1,
        0.925,
        1.2,
    )
    for result in response.results:
        expected = min(result.semantic_score * result.reliability, 0.95)
        assert result.score == pytest.approx(expected, abs=1e-5)
    scores = [r.score for r in response.results]
    assert scores == sorted(scores, reverse=True)
    meta = response.meta
    assert meta.query == "read a file" and meta.filter_type == "all"
    assert meta.returned_count == len(response.results) <= 10
    assert meta.tools_count + meta.capabilities_count == meta.returned_count
    assert meta.capabilities_count == 1 and meta.total_found >= meta.returned_count
    assert meta.search_mode == "semantic" and meta.tool_strategy == "hybrid"


async def test_reliability_moves_a_failing_capability_down(tools_rt: Runtime) -> None:  # noqa: F811
    good = await _capability(
        tools_rt, "forecast_v1()", "Get the weather forecast for a city", [FORECAST]
    )
    bad = await _capability(
        tools_rt, "forecast_v2()", "Get the weather forecast for a city", [FORECAST]
    )
    await _runs(tools_rt, ItemKind.CAPABILITY, bad, [True] * 29 + [False] * 70)
    response = await _discover(
        tools_rt, "weather forecast for a city", filter={"type": "capability"}
    )
    ranked = {r.id: r for r in response.results}
    assert [r.id for r in response.results] == [good, bad]
    failing = ranked[bad]
    assert failing.success_rate == pytest.approx(32.7 / 103, abs=1e-4)  # about 0.3
    assert failing.executions == 100 and failing.reliability == 0.1
    assert failing.semantic_score == pytest.approx(ranked[good].semantic_score, abs=1e-6)
    assert failing.score == pytest.approx(failing.semantic_score * 0.1, abs=1e-5)
    everything = await _discover(tools_rt, "weather forecast for a city")
    assert [r.id for r in everything.results].index(bad) > [r.id for r in everything.results].index(
        FORECAST
    )  # below the untried tool too


async def test_a_proven_tool_rises_and_the_score_is_capped(tools_rt: Runtime) -> None:  # noqa: F811
    air = "tool:Weather Now::get_air_quality"
    before = await _discover(tools_rt, "air quality index of a city", filter={"type": "tool"})
    await _runs(tools_rt, ItemKind.TOOL, air, [True] * 20)
    await _runs(tools_rt, ItemKind.TOOL, FORECAST, [False] * 10)
    after = await _discover(tools_rt, "air quality index of a city", filter={"type": "tool"})
    first = after.results[0]
    assert first.id == air and first.executions == 20 and first.reliability == 1.2
    assert first.success_rate == pytest.approx(22.7 / 23, abs=1e-4)
    assert first.score == pytest.approx(min(first.semantic_score * 1.2, 0.95), abs=1e-5)
    sunk = {r.id: r for r in after.results}.get(FORECAST)
    was = {r.id: r for r in before.results}[FORECAST]
    assert sunk is None or sunk.score < was.score


async def test_an_exact_name_comes_first(tools_rt: Runtime) -> None:  # noqa: F811
    cap = await _capability(tools_rt, "weekly()", "Weekly weather report", [FORECAST])
    for intent, expected in (
        ("git_diff", "tool:Git Tools::git_diff"),
        ("Files:write_file", "tool:Files::write_file"),
        ("Files::write_file", "tool:Files::write_file"),
        ("weekly_weather_report", cap),
    ):
        response = await _discover(tools_rt, intent)
        assert response.results[0].id == expected, intent
        assert response.results[0].exact_match
        # its similarity to the intent (the name lookup runs before the vector exists)
        assert 0 < response.results[0].semantic_score < 0.999, intent
        assert not any(r.exact_match for r in response.results[1:])


async def test_type_min_score_and_limit_filter_the_ranking(tools_rt: Runtime) -> None:  # noqa: F811
    await _capability(
        tools_rt, "status()", "Show the status of a git repository", ["tool:Git Tools::git_status"]
    )
    tools = await _discover(tools_rt, "git repository status", filter={"type": "tool"})
    caps = await _discover(tools_rt, "git repository status", filter={"type": "capability"})
    assert tools.results and all(r.type == "tool" for r in tools.results)
    assert caps.results and all(r.type == "capability" for r in caps.results)
    assert caps.meta.filter_type == "capability"
    both = await _discover(tools_rt, "git repository status")
    floor = both.results[1].score
    high = await _discover(tools_rt, "git repository status", filter={"minScore": floor})
    assert [r.id for r in high.results] == [r.id for r in both.results if r.score >= floor]
    one = await _discover(tools_rt, "git repository status", limit=1)
    assert [r.id for r in one.results] == [both.results[0].id]
    assert one.meta.returned_count == 1 and one.meta.total_found >= 1


@pytest.mark.parametrize(
    ("fields", "field", "kind"),
    [
        ({"intent": "   "}, "intent", "empty_query"),
        ({"intent": "x", "limit": 0}, "limit", "greater_than_equal"),
        ({"intent": "x", "limit": 51}, "limit", "less_than_equal"),
        ({"intent": "x", "filter": {"type": "agent"}}, "filter.type", "enum"),
        ({"intent": "x", "filter": {"minScore": 1.5}}, "filter.minScore", "less_than_equal"),
        ({"intent": "x", "filter": {"minScore": -0.1}}, "filter.minScore", "greater_than_equal"),
    ],
)
def test_bad_requests_are_refused_clearly(fields: dict, field: str, kind: str) -> None:
    with pytest.raises(InvalidRequest) as caught:
        DiscoverRequest.build(**fields)
    assert [(e["field"], e["type"]) for e in caught.value.errors] == [(field, kind)]
    assert caught.value.is_empty_query == (kind == "empty_query")


async def test_when_the_embedder_fails_the_full_text_index_answers(tools_rt: Runtime) -> None:  # noqa: F811
    await _capability(tools_rt, "cat()", "Print the contents of a text file", [READ])
    service = _service(tools_rt, UnreachableEmbedder(tools_rt.embedder))
    response = await service.discover(DiscoverRequest.build(intent="contents of a text file"))
    assert response.meta.search_mode == "full_text"
    assert response.meta.fallback_reason == "embedder_failed: EmbeddingModelError"
    ids = [r.id for r in response.results]
    assert READ in ids and any(i.startswith("capability:") for i in ids)
    assert all(0 <= r.semantic_score < 1 for r in response.results)


@pytest.mark.parametrize(
    ("show", "intent"), [(True, '"qwzx vbnm plokij"'), (False, '"<16 chars>"')]
)
async def test_log_search_that_finds_nothing_with_its_intent_when_allowed(
    tools_rt: Runtime,  # noqa: F811
    caplog: pytest.LogCaptureFixture,
    show: bool,
    intent: str,
) -> None:
    show_user_text(show)
    try:
        with caplog.at_level(logging.WARNING, logger="discovery.search.discover"):
            response = await _discover(tools_rt, "qwzx vbnm plokij", filter={"minScore": 0.9})
    finally:
        show_user_text(False)
    assert response.results == [] and response.meta.total_found == 0
    logged = [r.getMessage() for r in caplog.records if "discover_found_nothing" in r.getMessage()]
    assert logged == [
        f"event=discover_found_nothing intent={intent} filter_type=all min_score=0.9000"
    ]


async def test_related_tools_come_from_capabilities_and_traces(tools_rt: Runtime) -> None:  # noqa: F811
    chart = "tool:Charts::generate_bar_chart"
    air = "tool:Weather Now::get_air_quality"
    await _capability(tools_rt, "chart(forecast())", "Chart the forecast", [FORECAST, chart])
    await _runs(tools_rt, ItemKind.TOOL, FORECAST, [True], trace="trace-1")
    await _runs(tools_rt, ItemKind.TOOL, air, [True], trace="trace-1")
    plain = await _discover(tools_rt, "get_forecast", limit=1)
    assert plain.results[0].related_tools is None  # type: ignore[union-attr]
    response = await _discover(tools_rt, "get_forecast", limit=1, include_related=True)
    assert len(response.results) == 1  # related tools never count against the limit
    result = response.results[0]
    assert isinstance(result, ToolResult) and result.id == FORECAST
    related = [(r.tool_id, r.relation, r.score) for r in result.related_tools or []]
    # a 2-tool trace weighs 1 / ln 2; a 2-tool capability with one success 0.925 / ln 2
    assert related == [
        (air, "trace", pytest.approx(1.4427, abs=1e-4)),
        (chart, "capability", pytest.approx(1.3345, abs=1e-4)),
    ]


async def test_the_deprecated_capability_search_ranks_by_similarity_only(
    tools_rt: Runtime,  # noqa: F811
) -> None:
    good = await _capability(tools_rt, "a()", "Commit staged changes to git", [])
    bad = await _capability(tools_rt, "b()", "Commit the staged changes to the git repository", [])
    await _runs(tools_rt, ItemKind.CAPABILITY, bad, [False] * 20)
    found = await tools_rt.discover.search_capabilities("commit staged changes to git", 5)
    assert {c.id for c in found} == {good, bad}
    assert [c.semantic_score for c in found] == sorted(
        (c.semantic_score for c in found), reverse=True
    )
    assert {c.id: c.reliability for c in found}[bad] == 0.1  # reported, not applied
