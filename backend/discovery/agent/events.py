"""Typed progress events of one agent turn, and the pure mapping from LangGraph stream chunks.

Every stream adapter (SSE, the AI SDK protocol, the CLI) consumes these; none reads graph chunks
itself. A turn yields: intent, then for a search: query, attempt (one per search attempt), then
results or message; the service adds `done` (or `error` and `done`).

Token streaming: with a chat model that streams (an LLM), the reply's text also arrives as
`token` events while the model writes it, before results or message (which carry the whole
text). Only the agent's own model streams: the LLM calls inside the middleware (intent,
refinement, grading) are tagged `nostream`, which LangGraph's message stream honours (it leaves
those runs out), and the offline planner does not stream, so an offline turn has no `token`
events."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from langchain_core.messages import AIMessage, AIMessageChunk
from pydantic import BaseModel, Field

from discovery.agent.intents import Intent
from discovery.agent.responses import Attempt, MessageResponse, ResultsResponse
from discovery.agent.tools import SEARCH_TOOL, filters_of


class IntentEvent(BaseModel):
    event: Literal["intent"] = "intent"
    intent: Intent
    confidence: float


class QueryEvent(BaseModel):
    event: Literal["query"] = "query"
    query: str
    filters: dict[str, Any] = Field(default_factory=dict)


class AttemptEvent(Attempt):
    event: Literal["attempt"] = "attempt"


class ResultsEvent(BaseModel):
    event: Literal["results"] = "results"
    response: ResultsResponse


class MessageEvent(BaseModel):
    event: Literal["message"] = "message"
    response: MessageResponse


class TokenEvent(BaseModel):
    event: Literal["token"] = "token"
    text: str = Field(description="The next piece of the reply's text, as the model writes it.")


class ErrorEvent(BaseModel):
    event: Literal["error"] = "error"
    message: str = Field(description="User-safe text; the details are in the server log.")


class DoneEvent(BaseModel):
    event: Literal["done"] = "done"
    thread_id: str


AgentEvent = Annotated[
    IntentEvent
    | QueryEvent
    | AttemptEvent
    | TokenEvent
    | ResultsEvent
    | MessageEvent
    | ErrorEvent
    | DoneEvent,
    Field(discriminator="event"),
]


STREAM_MODES = ["updates", "custom", "messages"]


def map_chunk(mode: str, chunk: Any) -> list[BaseModel]:
    """Events for one `(mode, chunk)` of `astream(stream_mode=STREAM_MODES)`."""
    if mode == "messages":
        message, _metadata = chunk  # LangGraph leaves out the runs tagged `nostream`
        streamed = isinstance(message, AIMessageChunk) and message.text
        return [TokenEvent(text=str(message.text))] if streamed else []
    if mode == "custom" and isinstance(chunk, dict):
        if chunk.get("event") == "intent":
            return [IntentEvent(intent=chunk["intent"], confidence=chunk["confidence"])]
        if chunk.get("event") == "attempt":
            return [AttemptEvent.model_validate(chunk)]
        return []
    if mode != "updates" or not isinstance(chunk, dict):
        return []
    events: list[BaseModel] = []
    for node, update in chunk.items():
        if node != "model" or not isinstance(update, dict):
            continue
        for message in update.get("messages") or []:
            if not isinstance(message, AIMessage):
                continue
            for call in message.tool_calls:
                if call["name"] == SEARCH_TOOL:
                    args = call["args"]
                    events.append(
                        QueryEvent(query=str(args.get("query", "")), filters=filters_of(args))
                    )
    return events


def final_event(response: ResultsResponse | MessageResponse) -> BaseModel:
    if isinstance(response, ResultsResponse):
        return ResultsEvent(response=response)
    return MessageEvent(response=response)
