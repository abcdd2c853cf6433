"""The conversational agent: one turn answered whole, or streamed as named SSE events."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import Field, RootModel
from sse_starlette import EventSourceResponse

from discovery.agent.events import AgentEvent
from discovery.agent.responses import AgentResponse
from discovery.api.deps import READ, AgentDep, SettingsDep
from discovery.api.streams import named_events
from discovery.search.models import QueryText
from discovery.text import RequestModel

router = APIRouter(tags=["agent"], dependencies=[READ])

THREAD_ID = Field(
    default=None,
    min_length=1,
    max_length=100,
    pattern=r"^[A-Za-z0-9_.:-]+$",
    description="Continue this conversation; a new one is started when left out.",
)


class AskBody(RequestModel):
    query: QueryText = Field(description="The person's message.")
    thread_id: str | None = THREAD_ID


class StreamEvent(RootModel[AgentEvent]):
    """One SSE event: `event:` is the payload's `event` field; `data:` is this JSON."""


class SSEResponse(EventSourceResponse):
    media_type = "text/event-stream"


STREAM_DOC = """Server-sent events, one JSON payload each, named by its `event` field:
`intent`, then for a search `query` and one `attempt` per search attempt, then `results` or
`message`, and always a final `done` (an `error` event, with user-safe text, comes before `done`
when the turn fails). Comment pings keep the connection alive. Closing the connection cancels
the turn."""


@router.post("/ai-search", response_model=AgentResponse)
async def ask(body: AskBody, agent: AgentDep) -> AgentResponse:
    return await agent.run(body.query, body.thread_id)


@router.post(
    "/ai-search/stream",
    response_class=SSEResponse,
    responses={200: {"model": StreamEvent, "description": STREAM_DOC}},
)
async def ask_stream(body: AskBody, agent: AgentDep, settings: SettingsDep) -> SSEResponse:
    return SSEResponse(
        named_events(agent.stream(body.query, body.thread_id)),
        ping=settings.discovery_sse_ping_seconds,
        headers={"cache-control": "no-cache", "x-accel-buffering": "no"},
    )
