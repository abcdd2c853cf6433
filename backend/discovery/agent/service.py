"""`AgentService`: one conversational turn, answered whole (`run`) or as typed events
(`stream`), with thread memory in the PostgreSQL checkpointer."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncGenerator, AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from langchain_core.messages import HumanMessage
from pydantic import BaseModel

from discovery.agent.events import STREAM_MODES, DoneEvent, ErrorEvent, final_event, map_chunk
from discovery.agent.graph import AgentParts, build_graph, build_parts, open_checkpointer
from discovery.agent.responses import (
    AGENT_RESPONSE,
    AgentResponse,
    MessageResponse,
    ResultsResponse,
)
from discovery.agent.threads import ThreadNotFound, ThreadStore
from discovery.logs import digest, log_event
from discovery.runtime import Runtime

log = logging.getLogger(__name__)

ERROR_TEXT = "Something went wrong while searching. Please try again in a moment."


class Turn(BaseModel):
    """One exchange of a thread: what the person wrote and what the agent answered."""

    user: str
    response: AgentResponse


class AgentService:
    """Turns on threads. `owner` is the client's `threads.owner_fingerprint` ("" without a
    key): a turn on, or a read of, another owner's thread raises `ThreadNotFound`."""

    def __init__(self, graph: Any, parts: AgentParts, threads: ThreadStore) -> None:
        self.graph, self.parts, self.threads = graph, parts, threads
        self.active_turns = 0
        """Graph runs in progress (a cancelled stream leaves none behind)."""
        self._runs: set[asyncio.Task[None]] = set()

    @staticmethod
    def _config(thread_id: str, spelling: bool = True) -> dict[str, Any]:
        """The run's config: its thread, and whether its query's spelling may be corrected
        (read by `agent.spelling.SpellingMiddleware`)."""
        return {
            "configurable": {"thread_id": thread_id, "spelling": spelling},
            "recursion_limit": 25,
        }

    @staticmethod
    def _input(text: str) -> dict[str, Any]:
        """The turn's input. `text` is a `QueryText`, validated where it came in (the API's
        body, the CLI's argument)."""
        return {"messages": [HumanMessage(content=text)]}

    async def run(
        self, text: str, thread_id: str | None = None, owner: str = "", spelling: bool = True
    ) -> ResultsResponse | MessageResponse:
        """One turn answered whole. `spelling=False`: search exactly what was typed."""
        thread_id = await self.threads.begin_turn(thread_id, owner)
        started = time.monotonic()
        try:
            config = self._config(thread_id, spelling)
            state = await self.graph.ainvoke(self._input(text), config)
        except BaseException as exc:
            _log_turn(thread_id, started, "cancelled" if _cancelled(exc) else "error")
            raise
        finally:
            await self._prune(thread_id)
        response = self._response(state, thread_id)
        _log_turn(thread_id, started, response.response_type, response)
        return response

    async def start(
        self, text: str, thread_id: str | None = None, owner: str = "", spelling: bool = True
    ) -> AsyncGenerator[BaseModel]:
        """Count the turn on its thread (a new one without `thread_id`), then its events:
        `ThreadNotFound` and `TurnLimitReached` are raised here, before any event."""
        return self._events(text, await self.threads.begin_turn(thread_id, owner), spelling)

    async def stream(
        self, text: str, thread_id: str | None = None, owner: str = "", spelling: bool = True
    ) -> AsyncGenerator[BaseModel]:
        """`start` and its events in one."""
        async for event in await self.start(text, thread_id, owner, spelling):
            yield event

    async def _events(
        self, text: str, thread_id: str, spelling: bool = True
    ) -> AsyncGenerator[BaseModel]:
        """intent, query, attempt..., results or message, done. Errors become one user-safe
        `error` event (details in the log) and the stream still ends with `done`.

        The graph runs in its own task. A consumer that stops early (a client hanging up, even
        inside an anyio cancel scope as sse-starlette's) cancels that task, and with it the
        node running inside (a model call, a search): nothing keeps running for nobody."""
        payload, config = self._input(text), self._config(thread_id, spelling)
        events: asyncio.Queue[BaseModel | None] = asyncio.Queue()
        run = asyncio.create_task(self._run_graph(payload, config, thread_id, events))
        self._runs.add(run)
        run.add_done_callback(self._runs.discard)
        try:
            while (event := await events.get()) is not None:
                yield event
        finally:
            if not run.done():
                run.cancel()
        yield DoneEvent(thread_id=thread_id)

    async def _run_graph(
        self,
        payload: dict[str, Any],
        config: dict[str, Any],
        thread_id: str,
        events: asyncio.Queue[BaseModel | None],
    ) -> None:
        self.active_turns += 1
        started = time.monotonic()
        final: dict[str, Any] = {}
        try:
            async for mode, chunk in self.graph.astream(payload, config, stream_mode=STREAM_MODES):
                for event in map_chunk(mode, chunk):
                    events.put_nowait(event)
                if mode == "updates":  # the answer is in AnswerMiddleware's update: no re-read
                    for update in chunk.values():
                        if isinstance(update, dict) and update.get("response"):
                            final = {"response": update["response"]}
            if not final:
                final = (await self.graph.aget_state(config)).values
            response = self._response(final, thread_id)
            events.put_nowait(final_event(response))
            await self._prune(thread_id)
            _log_turn(thread_id, started, response.response_type, response)
        except asyncio.CancelledError:
            _log_turn(thread_id, started, "cancelled")
            raise
        except Exception:
            log.exception("agent turn failed (thread %s)", digest(thread_id))
            _log_turn(thread_id, started, "error")
            events.put_nowait(ErrorEvent(message=ERROR_TEXT))
        finally:
            self.active_turns -= 1
        events.put_nowait(None)

    async def _prune(self, thread_id: str) -> None:
        """Keep only the thread's latest checkpoint (LangGraph saves one per step, each with
        the whole state): a thread's storage then stays the size of one state. A prune that
        loses a race with the thread's next turn is left to that turn's own prune."""
        try:
            await self.graph.checkpointer.aprune([thread_id], strategy="keep_latest")
        except Exception as exc:  # storage hygiene: never fails the turn
            log_event(log, "prune_failed", thread=digest(thread_id), error=type(exc).__name__)

    async def history(self, thread_id: str, owner: str = "") -> list[Turn]:
        """The thread's last turns, oldest first; ThreadNotFound when this client cannot see
        the thread."""
        if not await self.threads.visible(thread_id, owner):
            raise ThreadNotFound(thread_id)
        state = await self.graph.aget_state(self._config(thread_id))
        return [
            Turn(
                user=turn["user"],
                response=AGENT_RESPONSE.validate_python(
                    {**turn["response"], "thread_id": thread_id}
                ),
            )
            for turn in (state.values or {}).get("turns") or []
        ]

    async def delete(self, thread_id: str, owner: str = "") -> None:
        """Forget the thread and every checkpoint of it; ThreadNotFound when this client
        cannot see it."""
        if not await self.threads.delete(thread_id, owner):
            raise ThreadNotFound(thread_id)

    def _response(self, state: dict[str, Any], thread_id: str) -> ResultsResponse | MessageResponse:
        stored = state.get("response")
        if stored is None:
            return MessageResponse(intent="unclear", message=ERROR_TEXT, thread_id=thread_id)  # type: ignore[arg-type]
        return AGENT_RESPONSE.validate_python({**stored, "thread_id": thread_id})


def _cancelled(exc: BaseException) -> bool:
    return isinstance(exc, asyncio.CancelledError)


def _log_turn(
    thread_id: str, started: float, outcome: str, response: AgentResponse | None = None
) -> None:
    """`event=turn`: how a turn ended (results, message, error, cancelled), its intent, search
    attempts, records and time; the thread by digest (its id lets one read the thread)."""
    log_event(
        log,
        "turn",
        thread=digest(thread_id),
        outcome=outcome,
        intent=response.intent.value if response else "-",
        attempts=len(response.attempts) if response else 0,
        total=response.total if response else 0,
        latency_ms=round((time.monotonic() - started) * 1000, 1),
    )


@asynccontextmanager
async def open_agent(
    runtime: Runtime, llm: Any = None, parts: AgentParts | None = None
) -> AsyncIterator[AgentService]:
    """The agent on the runtime's database, with its checkpointer; closed on exit. `llm`
    overrides the configured chat model; `parts` replaces every part (tests)."""
    parts = parts or await build_parts(runtime, llm)
    async with open_checkpointer(
        runtime.db.conninfo, runtime.settings.discovery_pool_timeout_seconds
    ) as checkpointer:
        threads = ThreadStore(runtime.db, runtime.settings)
        yield AgentService(build_graph(runtime, parts, checkpointer), parts, threads)
