"""The agent with a scripted chat model (tool calls included) on the real database: answers are
built from the tool's artifact, never from the model's text; a failing model falls back to the
local planner."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import pytest
from langchain_core.language_models import BaseChatModel
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatResult

from discovery.agent.graph import build_parts
from discovery.agent.planner import LocalPlanner
from discovery.agent.service import open_agent
from discovery.agent.tools import SEARCH_TOOL
from discovery.runtime import Runtime

pytestmark = pytest.mark.integration


class FakeToolModel(GenericFakeChatModel):
    """Scripted replies; `bind_tools` returns the model itself (the tools are not needed)."""

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> FakeToolModel:  # type: ignore[override]
        return self


class BrokenModel(BaseChatModel):
    """A provider that is down."""

    @property
    def _llm_type(self) -> str:
        return "broken"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> BrokenModel:  # type: ignore[override]
        return self

    def _generate(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> ChatResult:
        raise ConnectionError("503 from the provider")


def call(query: str, **args: Any) -> AIMessage:
    return AIMessage(
        content="", tool_calls=[{"name": SEARCH_TOOL, "args": {"query": query, **args}, "id": "c1"}]
    )


async def test_results_come_from_the_tool_artifact_not_the_model_text(
    agent_runtime: Runtime,
) -> None:
    model = FakeToolModel(messages=iter([
        call("church choir singing", match_count=5),
        AIMessage(content="Here are 99 records, including the Mona Lisa."),
    ]))  # fmt: skip
    parts = dataclasses.replace(await build_parts(agent_runtime), model=model)
    async with open_agent(agent_runtime, parts=parts) as agent:
        response = await agent.run("do you have photos of church choirs?")
    assert response.response_type == "results"
    assert response.message == "Here are 99 records, including the Mona Lisa."
    assert 0 < response.total == len(response.archives) <= 5
    assert all(r.id.startswith("cmoa:") for r in response.archives)
    assert not any("mona lisa" in r.title.lower() for r in response.archives)
    assert response.query == "church choir singing"


async def test_model_filters_reach_the_search(agent_runtime: Runtime) -> None:
    model = FakeToolModel(messages=iter([
        call("portrait", media_type="painting"), AIMessage(content="Paintings."),
    ]))  # fmt: skip
    parts = dataclasses.replace(await build_parts(agent_runtime), model=model)
    async with open_agent(agent_runtime, parts=parts) as agent:
        response = await agent.run("portrait paintings")
    assert response.archives
    assert {r.media_type for r in response.archives} == {"painting"}


async def test_a_failing_model_falls_back_to_the_local_planner(agent_runtime: Runtime) -> None:
    parts = dataclasses.replace(
        await build_parts(agent_runtime), model=BrokenModel(), fallback=LocalPlanner()
    )
    async with open_agent(agent_runtime, parts=parts) as agent:
        response = await agent.run("baseball players posing with bats")
    assert response.response_type == "results"
    assert response.query == "baseball players posing with bats"
    assert response.archives
