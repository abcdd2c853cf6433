"""The search contract for tools (issue 6), clause by clause, on the small tool catalog.

Real embedded PostgreSQL and the real local model; no part of the engine is mocked."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from tests.conftest import settings_for
from tests.tool_catalog import load_tools, tools_db_url  # noqa: F401 (fixture)

from discovery.db import ItemKind
from discovery.embeddings.local import LocalMiniLMEmbedder
from discovery.runtime import Runtime, open_runtime
from discovery.search import queries
from discovery.search.models import SearchFilters, SearchRequest, Strategy

pytestmark = pytest.mark.integration

QUBIT = "tool:Qubit Lab::calibrate_pulse"


@pytest.fixture
async def tools(
    tools_db_url: str,  # noqa: F811
    embedder: LocalMiniLMEmbedder,
    tmp_path: Path,
) -> AsyncIterator[Runtime]:
    async with open_runtime(settings_for(tools_db_url, tmp_path), embedder) as rt:
        yield rt


def _req(query: str, **fields: object) -> SearchRequest:
    """Hierarchical unless said otherwise: these clauses are the two-stage contract (a search
    without item_type would take the archive's default strategy)."""
    return SearchRequest.build(query=query, **({"strategy": "hierarchical"} | fields))


async def test_stage_one_ranks_active_skills_by_similarity_with_tool_count(
    tools: Runtime,
) -> None:
    response = await tools.search.skills(_req("weather forecast for tomorrow", skill_limit=5,
                                              skill_threshold=0.2))  # fmt: skip
    skills = response.matched_skills
    assert skills[0].id == "tools.weather" and skills[0].tool_count == 2
    assert [s.score for s in skills] == sorted((s.score for s in skills), reverse=True)
    assert all(s.score >= 0.2 for s in skills)


async def test_stage_two_returns_items_of_the_matched_skills_with_their_skill_ids(
    tools: Runtime,
) -> None:
    response = await tools.search.search(_req("get the weather forecast for a city", limit=3))
    meta = response.metadata
    assert meta.strategy_used is Strategy.HIERARCHICAL and meta.skill_ids_used
    assert response.items[0].id == "tool:Weather Now::get_forecast"
    for hit in response.items:
        assert set(hit.skill_ids) & set(meta.skill_ids_used)
        assert hit.primary_skill_id in hit.skill_ids
        assert hit.score >= 0.3
    assert meta.stage2_candidate_count < 17  # only the matched skills' tools were scored


async def test_schemas_are_loaded_for_returned_tools_only_when_asked(tools: Runtime) -> None:
    with_schema = await tools.search.search(
        _req("show git working tree status", limit=2, include_schemas=True)
    )
    hit = with_schema.items[0]
    assert hit.id == "tool:Git Tools::git_status"
    assert hit.metadata["input_schema"]["required"] == ["repo_path"]
    without = await tools.search.search(
        _req("show git working tree status", limit=2, include_schemas=False)
    )
    assert all("input_schema" not in h.metadata for h in without.items)


async def test_a_failed_schema_load_gives_null_not_an_error(
    runtime: Runtime, caplog: pytest.LogCaptureFixture
) -> None:
    await load_tools(runtime.settings, runtime.embedder)  # type: ignore[arg-type]
    async with runtime.db.connection() as conn:
        await conn.execute("alter table item_schemas rename to item_schemas_gone")
    with caplog.at_level(logging.WARNING, logger="discovery.search.service"):
        response = await runtime.search.search(
            _req("commit my staged changes", limit=2, include_schemas=True)
        )
    assert response.items and all(
        h.metadata["input_schema"] is None for h in response.items if h.kind == "tool"
    )
    assert "input schemas failed" in caplog.text


async def test_item_type_filters_both_stages(tools: Runtime) -> None:
    response = await tools.search.search(_req("write a git commit message", item_type="prompt"))
    assert [h.kind for h in response.items] == ["prompt"]
    async with tools.db.connection() as conn:
        with_prompts = {
            r[0]
            for r in await (
                await conn.execute(
                    "select distinct unnest(skill_ids) from items where kind = 'prompt'"
                )
            ).fetchall()
        }
    assert response.matched_skills
    assert {s.id for s in response.matched_skills} <= with_prompts


async def test_direct_strategy_skips_stage_one(tools: Runtime) -> None:
    response = await tools.search.search(_req("read a text file", strategy="direct"))
    meta = response.metadata
    assert response.matched_skills == [] and meta.skill_search_time_ms == 0
    assert meta.skill_ids_used is None and meta.stage2_candidate_count == 17


async def test_no_matching_skill_falls_back_to_direct_with_a_warning(
    tools: Runtime, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="discovery.search.service"):
        response = await tools.search.search(_req("read a text file", skill_threshold=0.99))
    meta = response.metadata
    assert meta.strategy_used is Strategy.DIRECT and meta.skill_ids_used is None
    assert meta.fallback_reason == "no_skill_matched"
    assert response.items[0].id == "tool:Files::read_file"
    assert "fell back to direct" in caplog.text


async def test_a_tool_no_skill_fits_is_reached_through_its_tentative_best_fit(
    tools: Runtime,
) -> None:
    query = "tune the microwave pulse amplitude of a superconducting qubit"
    direct = await tools.search.search(_req(query, strategy="direct", tool_threshold=0.0))
    assert direct.items[0].id == QUBIT
    [fit] = direct.items[0].skill_ids
    async with tools.db.connection() as conn:
        [(tentative,)] = await (
            await conn.execute(
                "select tentative from item_skills where item_id = %s and skill_id = %s",
                (QUBIT, fit),
            )
        ).fetchall()
    assert tentative
    hierarchical = await tools.search.search(
        _req(query, skill_threshold=0.0, skill_limit=50, tool_threshold=0.0, limit=20)
    )
    assert hierarchical.metadata.strategy_used is Strategy.HIERARCHICAL
    assert fit in {s.id for s in hierarchical.matched_skills}
    assert QUBIT in {h.id for h in hierarchical.items}


async def test_an_inactive_skill_is_not_matched(runtime: Runtime) -> None:
    await load_tools(runtime.settings, runtime.embedder)  # type: ignore[arg-type]
    query = _req("weather forecast for tomorrow", skill_threshold=0.2)
    before = await runtime.search.skills(query)
    assert before.matched_skills[0].id == "tools.weather"
    async with runtime.db.connection() as conn:
        await conn.execute("update skills set is_active = false where id = 'tools.weather'")
    after = await runtime.search.skills(query)
    assert "tools.weather" not in {s.id for s in after.matched_skills}


async def test_hybrid_text_leg_ranks_sentences_by_their_rare_words(tools: Runtime) -> None:
    """BM25 needs no word to be present: a sentence ranks by its rarest words ("diff",
    "branches"), not by its common ones."""
    sentence = "could you please show me the diff between my two branches"
    filters = SearchFilters().sql_args()
    async with tools.db.connection() as conn:
        ranked = await queries.match_items_bm25(
            conn, sentence, count=10, filters=filters, candidate_budget=5000
        )
    assert ranked[0][0] == "tool:Git Tools::git_diff"
    assert [s for _, s in ranked] == sorted((s for _, s in ranked), reverse=True)
    response = await tools.search.search(_req(sentence, strategy="hybrid", limit=3))
    assert response.items[0].id == "tool:Git Tools::git_diff"
    assert response.items[0].rank_score is not None


async def test_a_hierarchical_tool_search_with_the_defaults_stays_two_stage(
    tools: Runtime,
) -> None:
    """At the archive's skill threshold (0.4) this question matches no skill and falls back to
    direct search; the tool defaults (8 skills at 0.1) keep it hierarchical."""
    question = "what will the sky look like in Paris this weekend"
    archive_defaults = SearchRequest(query=question, strategy="hierarchical")
    assert (await tools.search.search(archive_defaults)).metadata.fallback_reason is not None
    request = SearchRequest(query=question, item_type=ItemKind.TOOL, strategy="hierarchical")
    plan = request.plan(tools.settings)
    assert (plan.skill_limit, plan.skill_threshold) == (8, 0.1)
    response = await tools.search.search(request)
    assert response.metadata.fallback_reason is None
    assert response.metadata.skill_ids_used and "tools.weather" in response.metadata.skill_ids_used
    assert response.items[0].id.startswith("tool:Weather Now::")
