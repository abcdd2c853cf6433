"""discover's candidate legs read their candidates' statistics, schemas and related tools in the
statement that finds them (`discover_legs.py`): the same answers, hit for hit and ties included,
as the two-step path (the engine's hybrid tool search and `match_items`, then
`read_candidates`), with one round trip and one connection fewer."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import psycopg
import pytest
from tests.capability_catalog import tools_rt, tools_template, tools_url  # noqa: F401
from tests.search.test_discover import (
    FORECAST,
    READ,
    CountingEmbedder,
    _capability,
    _runs,
    _service,
)

from discovery.db import ItemKind, MissingEmbeddingsError
from discovery.evaluation.discover_two_step import TwoStepDiscover
from discovery.runtime import Runtime
from discovery.search.discover_models import DiscoverRequest, DiscoverResponse

pytestmark = pytest.mark.integration

AIR = "tool:Weather Now::get_air_quality"
CHART = "tool:Charts::generate_bar_chart"
PIE = "tool:Charts::generate_pie_chart"
COMMIT = "tool:Git Tools::git_commit"
STATUS = "tool:Git Tools::git_status"
INTENTS = [
    "read a file",
    "weather forecast for Paris and a bar chart of it",
    "commit my staged changes",
    "chart the sales figures",
    "what is the air like in Berlin",
    "stock price of ACME and its income statement",
    "cook a lasagna",
    "click the login button on the page",
    "calibrate the qubit",
    "zzz qqq",
]


async def _history(rt: Runtime) -> None:
    """Capabilities (two pairs with the same intent and tools, so the same vector: a tie in
    similarity, and in score for the pair with the same record), runs with failures, and
    traces, so statistics, reliability bands and related tools all vary."""
    for code, intent, tools in [
        ("chart(forecast())", "Chart the weather forecast", [FORECAST, CHART]),
        ("chart2(forecast())", "Chart the weather forecast", [FORECAST, CHART]),
        ("commit()", "Commit the staged changes", [STATUS, COMMIT]),
        ("commit2()", "Commit the staged changes", [STATUS, COMMIT]),
        ("pie(forecast())", "Pie chart of the forecast", [FORECAST, PIE]),
        ("read()", "Read a text file and print it", [READ]),
        ("air(forecast())", "Air quality and forecast for a city", [AIR, FORECAST, CHART]),
    ]:
        cap = await _capability(rt, code, intent, tools)
        if code.startswith("commit2"):
            await _runs(rt, ItemKind.CAPABILITY, cap, [False] * 6)
    await _runs(rt, ItemKind.TOOL, FORECAST, [True, False, True], trace="t-1")
    await _runs(rt, ItemKind.TOOL, AIR, [True], trace="t-1")
    await _runs(rt, ItemKind.TOOL, CHART, [True], trace="t-2")
    await _runs(rt, ItemKind.TOOL, PIE, [True], trace="t-2")
    await _runs(rt, ItemKind.TOOL, READ, [False] * 5)


def _answer(response: DiscoverResponse) -> dict[str, Any]:
    body = response.model_dump(mode="json")
    body["meta"] = {k: v for k, v in body["meta"].items() if not k.endswith("_time_ms")}
    return body


def _counting_connections(rt: Runtime) -> list[int]:
    count, connection = [0], rt.db.connection

    @asynccontextmanager
    async def counted() -> AsyncIterator[psycopg.AsyncConnection]:
        count[0] += 1
        async with connection() as conn:
            yield conn

    rt.db.connection = counted  # type: ignore[method-assign]
    return count


@pytest.mark.parametrize("type_", ["all", "tool", "capability"])
async def test_legs_answer_as_the_two_step_path_hit_for_hit(
    tools_rt: Runtime,  # noqa: F811
    type_: str,
) -> None:
    await _history(tools_rt)
    two_step = TwoStepDiscover(tools_rt.db, tools_rt.embedder, tools_rt.search, tools_rt.settings)
    related_seen = 0
    for intent in INTENTS:
        for related in (False, True):
            for limit in (3, 10):
                request = DiscoverRequest.build(
                    intent=intent, include_related=related, limit=limit, filter={"type": type_}
                )
                one = await tools_rt.discover.discover(request)
                assert _answer(one) == _answer(await two_step.discover(request)), (intent, related)
                related_seen += sum(bool(getattr(r, "related_tools", None)) for r in one.results)
    if type_ != "capability":
        assert related_seen  # the comparison covered related tools, not only empty lists


async def test_ties_are_broken_as_the_two_step_path_does(tools_rt: Runtime) -> None:  # noqa: F811
    await _history(tools_rt)
    two_step = TwoStepDiscover(tools_rt.db, tools_rt.embedder, tools_rt.search, tools_rt.settings)
    request = DiscoverRequest.build(intent="Chart the weather forecast", include_related=True)
    one = await tools_rt.discover.discover(request)
    scores = [(r.score, r.semantic_score) for r in one.results if r.type == "capability"]
    assert len(scores) != len(set(scores))  # two capabilities at the same score and similarity
    assert _answer(one) == _answer(await two_step.discover(request))


async def test_a_discover_takes_one_connection_per_leg_and_no_third(
    tools_rt: Runtime,  # noqa: F811
) -> None:
    await _history(tools_rt)
    count = _counting_connections(tools_rt)
    await tools_rt.discover.discover(DiscoverRequest.build(intent="read a file"))
    await tools_rt.discover.discover(
        DiscoverRequest.build(intent="chart the forecast", include_related=True)
    )
    assert count[0] == 4  # two legs each: no connection for reads after them
    count[0] = 0
    await tools_rt.discover.discover(DiscoverRequest.build(intent="read_file"))  # exact name
    assert count[0] == 3  # an exact match is read after the legs, as before


async def test_the_deprecated_capability_search_reads_its_statistics_with_the_hits(
    tools_rt: Runtime,  # noqa: F811
) -> None:
    await _history(tools_rt)
    found = await tools_rt.discover.search_capabilities("commit the staged changes", 5)
    by_runs = sorted((c.usage_count, c.success_rate) for c in found[:2])
    assert by_runs == [(1, 0.925), (7, 0.37)]  # (1 + 2.7) / (7 + 3)


async def test_an_empty_catalog_answers_nothing_without_an_error(runtime: Runtime) -> None:
    response = await runtime.discover.discover(
        DiscoverRequest.build(intent="read a file", include_related=True)
    )
    assert response.results == [] and response.meta.total_found == 0


async def test_vectors_of_another_model_are_refused_as_the_engine_does(
    tools_rt: Runtime,  # noqa: F811
) -> None:
    other = CountingEmbedder(tools_rt.embedder)
    other.model_id = "another-model"
    service = _service(tools_rt, other)
    for type_ in ("tool", "all"):
        with pytest.raises(MissingEmbeddingsError, match="another-model"):
            await service.discover(
                DiscoverRequest.build(intent="read a file", filter={"type": type_})
            )
