"""The agent with a scripted chat model (tool calls included) on the real database: answers are
built from the tool's artifact, never from the model's text; a failing model falls back to the
local planner."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage
from langchain_core.outputs import ChatGenerationChunk, ChatResult
from langchain_core.runnables import Runnable, RunnableLambda
from tests.llm_fakes import FakeToolModel

from discovery.agent.events import MessageEvent, ResultsEvent, TokenEvent
from discovery.agent.graph import build_parts
from discovery.agent.llm_steps import LLMRelevanceGrader
from discovery.agent.offline.planner import LocalPlanner
from discovery.agent.service import open_agent
from discovery.agent.tools import SEARCH_TOOL
from discovery.runtime import Runtime

pytestmark = pytest.mark.integration


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


class StreamingToolModel(FakeToolModel):
    """Streams its text replies word by word, as a provider does (GenericFakeChatModel's own
    stream cannot carry a tool call: that reply comes as one chunk)."""

    def _stream(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> Iterator[Any]:
        reply = self._generate(messages, *args, **kwargs).generations[0].message
        if not isinstance(reply, AIMessage) or not reply.tool_calls:
            yield from iter_chunks(reply, kwargs.get("run_manager"))
            return
        calls = [
            {"name": c["name"], "args": json.dumps(c["args"]), "id": c["id"], "index": i}
            for i, c in enumerate(reply.tool_calls)
        ]
        yield ChatGenerationChunk(message=AIMessageChunk(content="", tool_call_chunks=calls))


def iter_chunks(reply: BaseMessage, run_manager: Any) -> Iterator[ChatGenerationChunk]:
    for token in re.split(r"(\s)", str(reply.content)):
        chunk = ChatGenerationChunk(message=AIMessageChunk(content=token))
        if run_manager:
            run_manager.on_llm_new_token(token, chunk=chunk)
        yield chunk


class StreamingGrader(FakeToolModel):
    """A grader LLM that streams its own words: `with_structured_output` chains the model (so
    its tokens go through the callbacks) to a parser that accepts the records."""

    def with_structured_output(self, schema: Any, **kwargs: Any) -> Runnable[Any, Any]:  # type: ignore[override]
        return self | RunnableLambda(lambda m: schema(relevant=True, reason=str(m.text)))


async def test_the_reply_streams_as_tokens_and_nostream_calls_never_do(
    agent_runtime: Runtime,
) -> None:
    model = StreamingToolModel(messages=iter([
        call("church choir singing"), AIMessage(content="Here are church choirs."),
    ]))  # fmt: skip
    grader_llm = StreamingGrader(messages=iter([AIMessage(content="GRADER SECRET WORDS")]))
    base = await build_parts(agent_runtime)
    parts = dataclasses.replace(
        base, model=model, grader=LLMRelevanceGrader(grader_llm, base.domain)
    )
    async with open_agent(agent_runtime, parts=parts) as agent:
        events = [e async for e in agent.stream("photos of church choirs")]
    tokens = [e.text for e in events if isinstance(e, TokenEvent)]
    assert "".join(tokens) == "Here are church choirs."
    assert len(tokens) > 1  # streamed piece by piece, not whole
    assert not any("SECRET" in t for t in tokens)  # the grader ran (tagged nostream)...
    assert next(grader_llm.messages, None) is None  # ...and its reply was consumed
    final = next(e for e in events if isinstance(e, ResultsEvent | MessageEvent))
    assert events.index(final) > max(i for i, e in enumerate(events) if isinstance(e, TokenEvent))


async def test_an_offline_turn_streams_no_tokens(agent: Any) -> None:
    events = [e async for e in agent.stream("jazz musicians on stage")]
    assert not any(isinstance(e, TokenEvent) for e in events)
