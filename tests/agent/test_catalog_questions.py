"""Questions about the catalog ("how many ...", "who took these?", "what decades ...?") through the
whole agent on the demo archive: the local planner, and a scripted chat model calling the
`catalog_facts` tool (a fake at the edge: Gemini cannot be reached here). The expected figures
are computed in the test from the records themselves."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from typing import Any

import pytest
from langchain_core.messages import AIMessage, ToolMessage
from tests.llm_fakes import FakeToolModel

from discovery.agent.facts_tool import FACTS_TOOL, FactsArtifact
from discovery.agent.graph import build_parts
from discovery.agent.service import AgentService, open_agent
from discovery.runtime import Runtime

pytestmark = pytest.mark.integration


async def _photographs(rt: Runtime, pattern: str) -> list[dict[str, Any]]:
    """The demo photographs whose indexed text (title, creator, tags, the source's own
    description) matches `pattern`, read and filtered here, not by the engine."""
    async with rt.db.connection() as conn:
        rows = await (
            await conn.execute(
                "select title, description, metadata from items where kind = 'archive'"
                " and is_active and metadata ->> 'media_type' = 'photograph'"
            )
        ).fetchall()
    found = []
    for title, description, meta in rows:
        fields = [title, meta.get("creator"), meta.get("place"), *(meta.get("tags") or [])]
        if not meta.get("description_generated"):
            fields.append(description)
        if re.search(pattern, " ".join(str(f or "") for f in fields), re.IGNORECASE):
            found.append({"title": title, **meta})
    return found


async def test_how_many_states_the_number_of_matching_records(
    agent: AgentService, agent_runtime: Runtime
) -> None:
    expected = len(await _photographs(agent_runtime, r"\blena horne\b"))
    assert expected > 0
    response = await agent.run("how many photographs of Lena Horne?")
    assert response.intent == "search"
    assert response.message is not None
    assert re.search(rf"\b{expected}\b photographs", response.message), response.message
    # The records are shown with the figure, the matching ones first.
    assert response.response_type == "results"
    assert "lena horne" in response.archives[0].title.lower()


async def test_who_took_these_names_the_top_creator_of_the_previous_search(
    agent: AgentService, agent_runtime: Runtime
) -> None:
    first = await agent.run("boxing photos")
    assert first.response_type == "results"
    records = await _photographs(agent_runtime, r"\b(boxing|boxers?)\b")  # not "box"
    top, _ = Counter(r["creator"] for r in records).most_common(1)[0]
    response = await agent.run("who took these?", first.thread_id)
    assert response.intent == "search"
    assert response.response_type == "message"  # the records are already on screen
    assert response.message is not None and top in response.message
    assert str(len(records)) in response.message


async def test_what_decades_names_the_periods_holding_most_records(
    agent: AgentService, agent_runtime: Runtime
) -> None:
    records = await _photographs(agent_runtime, r"\bjazz\b")
    decades = Counter((r["date_start"] + r["date_end"]) // 2 // 10 * 10 for r in records)
    response = await agent.run("what decades do you have jazz photos from?")
    assert response.message is not None
    core, held = [], 0
    for decade, n in sorted(decades.items(), key=lambda d: (-d[1], d[0])):
        if held >= 0.8 * len(records):
            break
        core.append(decade)
        held += n
    assert f"the {min(core)}s" in response.message
    assert f"{max(core)}s" in response.message
    assert f"earliest {min(r['date_start'] for r in records)}" in response.message
    assert f"latest {max(r['date_end'] for r in records)}" in response.message


async def test_how_many_books_counts_the_catalogs_books_not_the_word(
    agent: AgentService, agent_runtime: Runtime
) -> None:
    async with agent_runtime.db.connection() as conn:
        books, saying = await (
            await conn.execute(
                "select count(*) filter (where metadata ->> 'media_type' = 'book'),"
                " count(*) filter (where title ~* '\\mbooks?\\M')"
                " from items where kind = 'archive' and is_active"
            )
        ).fetchone()
    assert books > 0 and saying != books  # the two readings differ on the demo archive
    response = await agent.run("how many books does the collection hold?")
    assert response.message is not None
    assert re.search(rf"\b{books}\b books?\b", response.message), response.message


async def test_how_many_in_total_counts_the_previous_search_and_names_no_search(
    agent: AgentService,
) -> None:
    first = await agent.run("church choir")
    response = await agent.run("how many are there in total?", first.thread_id)
    assert response.response_type == "message"
    assert response.message is not None
    assert re.search(r"\bhas [1-9][\d,]* records matching \"church choir\"", response.message)
    assert response.attempts == []  # no search: the refinement middleware never ran


async def test_a_chat_model_calls_catalog_facts_and_the_middleware_leaves_it_alone(
    agent_runtime: Runtime,
) -> None:
    call = {
        "name": FACTS_TOOL,
        "args": {"subject": "lena horne", "media_type": "photograph"},
        "id": "f1",
    }
    model = FakeToolModel(messages=iter([
        AIMessage(content="", tool_calls=[call]), AIMessage(content="There are 2 of them."),
    ]))  # fmt: skip
    parts = dataclasses.replace(await build_parts(agent_runtime), model=model)
    async with open_agent(agent_runtime, parts=parts) as agent:
        response = await agent.run("how many photographs of Lena Horne do you hold?")
        state = await agent.graph.aget_state({"configurable": {"thread_id": response.thread_id}})
    assert response.response_type == "message"
    assert response.message == "There are 2 of them."
    assert response.attempts == []  # not a search: no refinement attempts
    tool_messages = [m for m in state.values["messages"] if isinstance(m, ToolMessage)]
    assert len(tool_messages) == 1
    artifact = FactsArtifact.of(tool_messages[0])
    assert artifact is not None
    expected = len(await _photographs(agent_runtime, r"\blena horne\b"))
    assert artifact.total == expected
    assert artifact.filters == {"media_type": "photograph"}
    assert f"{expected} records matching" in str(tool_messages[0].content)


async def test_a_narrowing_count_states_the_number_and_shows_the_narrowed_records(
    agent: AgentService, agent_runtime: Runtime
) -> None:
    first = await agent.run("boxing photos")
    assert first.response_type == "results"
    records = [
        r
        for r in await _photographs(agent_runtime, r"\b(boxing|boxers?)\b")
        if r["date_start"] <= 1949 and r["date_end"] >= 1940
    ]
    response = await agent.run("and how many of those are from the 1940s?", first.thread_id)
    assert response.intent == "search"
    assert response.message is not None
    assert re.search(rf"\b{len(records)}\b photographs", response.message), response.message
    assert response.response_type == "results"  # the narrowed records, with the figure
    assert all(
        (a.date_start or 0) <= 1949 and (a.date_end or 9999) >= 1940 for a in response.archives
    )


async def test_by_who_names_the_makers_of_the_previous_search(agent: AgentService) -> None:
    first = await agent.run("show me drawings of bridges")
    response = await agent.run("by who?", first.thread_id)
    assert response.intent == "search"
    assert response.message is not None
    makers = {a.creator for a in first.archives if "bridge" in a.title.lower()}
    assert any(m and m in response.message for m in makers), response.message


async def test_a_count_after_a_count_narrows_the_records_counted_first(
    agent: AgentService, agent_runtime: Runtime
) -> None:
    photographs = await _photographs(agent_runtime, "")
    years = [int(p["date_start"]) for p in photographs if str(p.get("date_start")).isdigit()]
    total, before = len(photographs), sum(1 for year in years if year < 1950)
    assert 0 < before < len(years)
    first = await agent.run("what's the number of photographs you hold?")
    assert first.response_type == "message" and first.archives == []  # a figure, no records
    # "of those": the photographs just counted, though no record was shown
    response = await agent.run("and how many of those date before 1950?", first.thread_id)
    assert response.intent == "search"
    assert response.message is not None
    assert re.search(rf"\b{before:,}\b photographs", response.message), response.message
    # a kind of record named anew, no pointer among them: the photographs counted anew
    again = await agent.run("how many photographs are there overall?", response.thread_id)
    assert again.message is not None
    assert re.search(rf"\b{total:,}\b photographs", again.message), again.message


async def test_a_count_with_a_subject_of_its_own_needs_nothing_shown(agent: AgentService) -> None:
    response = await agent.run("count the pictures with a piano in them")
    assert response.message is not None
    assert re.search(r"\bhas [1-9][\d,]* \w+ matching \"piano\"", response.message), (
        response.message
    )
