"""The two stream formats, both thin adapters over the agent's typed events
(`discovery.agent.events`): named SSE events, and the Vercel AI SDK UI message stream (v1)."""

from __future__ import annotations

import json
from collections.abc import AsyncGenerator, AsyncIterator
from contextlib import aclosing
from typing import Any

from pydantic import BaseModel
from sse_starlette import ServerSentEvent

from discovery.agent.events import (
    AttemptEvent,
    DoneEvent,
    ErrorEvent,
    IntentEvent,
    MessageEvent,
    QueryEvent,
    ResultsEvent,
    TokenEvent,
)
from discovery.agent.tools import SEARCH_TOOL

UI_STREAM_HEADERS = {
    "x-vercel-ai-ui-message-stream": "v1",
    "cache-control": "no-cache",
    "x-accel-buffering": "no",
}


def named_event(event: BaseModel) -> ServerSentEvent:
    """`event: <name>` with the event's JSON as data."""
    payload = event.model_dump(mode="json")
    return ServerSentEvent(data=json.dumps(payload, ensure_ascii=False), event=payload["event"])


async def named_events(events: AsyncGenerator[BaseModel]) -> AsyncIterator[ServerSentEvent]:
    async with aclosing(events):  # closing early (a hang-up) cancels the turn
        async for event in events:
            yield named_event(event)


class UIMessageParts:
    """Agent events -> AI SDK UI message stream parts, for one assistant message.

    intent -> `data-intent`; query -> a `search_archives_db` tool call (input start and
    available); attempt -> `data-attempt`; token -> a `text-delta` of the reply as the model
    writes it; results -> the tool's output, a `data-results` part with the records, then the
    message as text (or the end of the streamed text); message -> (the tool's output when it
    searched) and the text; error -> `error`; done -> `finish`. Progress parts are transient:
    `useChat` hands them to `onData` and does not keep them in the message."""

    def __init__(self, message_id: str) -> None:
        self.message_id = message_id
        self.tool_call: str | None = None
        self.calls = 0
        self.streamed = False  # the reply's text came as tokens: the answer only ends it

    def start(self) -> list[dict[str, Any]]:
        return [{"type": "start", "messageId": self.message_id}, {"type": "start-step"}]

    def parts(self, event: BaseModel) -> list[dict[str, Any]]:
        if isinstance(event, IntentEvent):
            return [_data("intent", event, transient=True)]
        if isinstance(event, QueryEvent):
            self.calls += 1
            self.tool_call = f"{self.message_id}-search-{self.calls}"
            call = {"toolCallId": self.tool_call, "toolName": SEARCH_TOOL}
            arguments = {"query": event.query, **event.filters}
            return [
                {"type": "tool-input-start", **call},
                {"type": "tool-input-available", **call, "input": arguments},
            ]
        if isinstance(event, AttemptEvent):
            return [_data("attempt", event, transient=True)]
        if isinstance(event, TokenEvent):
            start = [] if self.streamed else [{"type": "text-start", "id": self.text_id}]
            self.streamed = True
            return [*start, {"type": "text-delta", "id": self.text_id, "delta": event.text}]
        if isinstance(event, ResultsEvent | MessageEvent):
            response = event.response
            out = self._tool_output(response.total, response.query, len(response.attempts))
            if isinstance(event, ResultsEvent):
                out.append(_data("results", event.response))
            if self.streamed:
                return [*out, {"type": "text-end", "id": self.text_id}]
            return out + _text(self.text_id, response.message or "")
        if isinstance(event, ErrorEvent):
            return [{"type": "error", "errorText": event.message}]
        if isinstance(event, DoneEvent):
            return [{"type": "finish-step"}, {"type": "finish"}]
        return []

    @property
    def text_id(self) -> str:
        return f"{self.message_id}-text"

    def _tool_output(self, total: int, query: str | None, attempts: int) -> list[dict[str, Any]]:
        if self.tool_call is None:
            return []
        output = {"total": total, "query": query, "attempts": attempts}
        return [{"type": "tool-output-available", "toolCallId": self.tool_call, "output": output}]


def _data(name: str, model: BaseModel, transient: bool = False) -> dict[str, Any]:
    part: dict[str, Any] = {"type": f"data-{name}", "data": model.model_dump(mode="json")}
    if transient:
        part["transient"] = True
    return part


def _text(part_id: str, text: str) -> list[dict[str, Any]]:
    if not text:
        return []
    return [
        {"type": "text-start", "id": part_id},
        {"type": "text-delta", "id": part_id, "delta": text},
        {"type": "text-end", "id": part_id},
    ]


async def ui_message_stream(
    events: AsyncGenerator[BaseModel], message_id: str
) -> AsyncIterator[ServerSentEvent]:
    """`data: <part>` lines, then `data: [DONE]`."""
    parts = UIMessageParts(message_id)
    for part in parts.start():
        yield ServerSentEvent(data=json.dumps(part))
    async with aclosing(events):
        async for event in events:
            for part in parts.parts(event):
                yield ServerSentEvent(data=json.dumps(part, ensure_ascii=False))
    yield ServerSentEvent(data="[DONE]")
