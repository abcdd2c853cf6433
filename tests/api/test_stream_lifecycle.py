"""The stream over a real socket (uvicorn on loopback): keep-alive pings while a turn is slow,
and a client that hangs up cancels the turn, leaving no turn running and no connection held.
The slow part is a stand-in for a slow LLM provider (the edge), not our engine."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from tests.api.conftest import serve
from tests.conftest import settings_for

from discovery.agent.graph import build_parts
from discovery.agent.service import AgentService, open_agent
from discovery.api.deps import get_agent
from discovery.api.main import create_app

pytestmark = pytest.mark.integration


class SlowModel(BaseChatModel):
    """A chat model that takes `delay` seconds to answer, and notes when it was cancelled."""

    delay: float = 1.0
    started: bool = False
    cancelled: bool = False

    @property
    def _llm_type(self) -> str:
        return "slow"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> SlowModel:  # type: ignore[override]
        return self

    def _generate(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> ChatResult:
        raise NotImplementedError("async only")

    async def _agenerate(
        self, messages: list[BaseMessage], *args: Any, **kwargs: Any
    ) -> ChatResult:
        self.started = True
        try:
            await asyncio.sleep(self.delay)
        except asyncio.CancelledError:
            self.cancelled = True
            raise
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content="Nothing."))])


@pytest.fixture(scope="module")
async def slow_app(
    demo_db_url: str, agent_data_dir: Path
) -> AsyncIterator[tuple[FastAPI, AgentService, SlowModel]]:
    app = create_app(
        settings_for(
            demo_db_url,
            agent_data_dir,
            discovery_agent_planner="local",
            discovery_sse_ping_seconds=0.2,
        )
    )
    model = SlowModel()
    async with app.router.lifespan_context(app):
        runtime = app.state.runtime
        parts = dataclasses.replace(await build_parts(runtime), model=model)
        async with open_agent(runtime, parts=parts) as agent:
            app.dependency_overrides[get_agent] = lambda: agent
            yield app, agent, model


@pytest.fixture(scope="module")
async def live_url(slow_app: tuple[FastAPI, AgentService, SlowModel]) -> AsyncIterator[str]:
    async for url in serve(slow_app[0]):
        yield url


def checked_out(agent: AgentService, app: FastAPI) -> int:
    """Connections in use in the engine's pool and the checkpointer's pool."""
    total = 0
    for pool in (app.state.runtime.db._pool, agent.graph.checkpointer.conn):
        stats = pool.get_stats()
        total += stats["pool_size"] - stats["pool_available"]
    return total


async def test_pings_keep_a_slow_turn_alive(
    live_url: str, slow_app: tuple[FastAPI, AgentService, SlowModel]
) -> None:
    _, _, model = slow_app
    model.delay = 1.0
    lines = []
    async with (
        httpx.AsyncClient(base_url=live_url, timeout=10) as client,
        client.stream("POST", "/api/ai-search/stream", json={"query": "jazz musicians"}) as r,
    ):
        async for line in r.aiter_lines():
            lines.append(line)
    pings = [line for line in lines if line.startswith(": ping")]
    events = [line.removeprefix("event: ") for line in lines if line.startswith("event: ")]
    assert len(pings) >= 2, lines
    assert events == ["intent", "message", "done"]


async def test_hanging_up_cancels_the_turn_and_leaks_nothing(
    live_url: str, slow_app: tuple[FastAPI, AgentService, SlowModel]
) -> None:
    app, agent, model = slow_app
    model.delay, model.started, model.cancelled = 30.0, False, False
    async with (
        httpx.AsyncClient(base_url=live_url, timeout=10) as client,
        client.stream("POST", "/api/ai-search/stream", json={"query": "jazz musicians"}) as r,
    ):
        lines = r.aiter_lines()  # kept referenced: a dropped iterator would close the socket
        async for line in lines:
            if line == "event: intent":
                break
        for _ in range(100):  # the model is now thinking for 30 s
            if model.started:
                break
            await asyncio.sleep(0.05)
        assert model.started and agent.active_turns == 1
    # hung up
    for _ in range(100):
        if agent.active_turns == 0 and model.cancelled:
            break
        await asyncio.sleep(0.05)
    assert model.cancelled, "the model call was not cancelled"
    assert agent.active_turns == 0
    for _ in range(40):
        if checked_out(agent, app) == 0:
            break
        await asyncio.sleep(0.05)
    assert checked_out(agent, app) == 0
