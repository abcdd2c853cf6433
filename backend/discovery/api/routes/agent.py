"""The conversational agent: one turn answered whole, or streamed as named SSE events."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import Field, RootModel
from sse_starlette import EventSourceResponse

from discovery.agent.events import AgentEvent
from discovery.agent.responses import AgentResponse
from discovery.agent.threads import ThreadId
from discovery.api.deps import READ, AgentDep, OwnerDep, SettingsDep
from discovery.api.streams import named_events
from discovery.search.models import QueryText
from discovery.text import RequestModel

router = APIRouter(tags=["agent"], dependencies=[READ])

THREAD_ID = Field(
    default=None,
    description="Continue this conversation (the `thread_id` of an earlier answer); a new "
    "one, with an id issued by the server, is started when left out. A client may also choose "
    "a new thread's id: 16 to 128 random url-safe characters. Threads are owned: another API "
    "key's thread is a 404.",
)


SPELLING = Field(
    default=True,
    description="Correct the search query's spelling against the catalog's own words (the "
    "answer's `spelling` says what was searched); false searches exactly what was typed.",
)


class AskBody(RequestModel):
    query: QueryText = Field(description="The person's message.")
    thread_id: ThreadId | None = THREAD_ID
    spelling: bool = SPELLING


class StreamEvent(RootModel[AgentEvent]):
    """One SSE event: `event:` is the payload's `event` field; `data:` is this JSON."""


class SSEResponse(EventSourceResponse):
    media_type = "text/event-stream"


STREAM_DOC = """Server-sent events, one JSON payload each, named by its `event` field:
`intent`, then for a search `query` and one `attempt` per search attempt, then `results` or
`message`, and always a final `done` (an `error` event, with user-safe text, comes before `done`
when the turn fails). Comment pings keep the connection alive. Closing the connection cancels
the turn."""


THREAD_ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"description": "No such thread for this client (unknown, expired or another key's)."},
    409: {"description": "The thread has reached its turn limit: start a new one."},
}


@router.post("/ai-search", response_model=AgentResponse, responses=THREAD_ERRORS)
async def ask(body: AskBody, agent: AgentDep, owner: OwnerDep) -> AgentResponse:
    return await agent.run(body.query, body.thread_id, owner, body.spelling)


@router.post(
    "/ai-search/stream",
    response_class=SSEResponse,
    responses={200: {"model": StreamEvent, "description": STREAM_DOC}, **THREAD_ERRORS},
)
async def ask_stream(
    body: AskBody, agent: AgentDep, owner: OwnerDep, settings: SettingsDep
) -> SSEResponse:
    events = await agent.start(body.query, body.thread_id, owner, body.spelling)
    return SSEResponse(
        named_events(events),
        ping=settings.discovery_sse_ping_seconds,
        headers={"cache-control": "no-cache", "x-accel-buffering": "no"},
    )
