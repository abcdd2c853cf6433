"""`POST /api/chat`: the agent behind the Vercel AI SDK UI message stream protocol (v1), so a
React app using `useChat` (DefaultChatTransport, api "/api/chat") works unchanged."""

from __future__ import annotations

import uuid
from typing import Any

from fastapi import APIRouter
from pydantic import ConfigDict, Field
from sse_starlette import EventSourceResponse

from discovery.agent.threads import ThreadId
from discovery.api.deps import READ, AgentDep, OwnerDep, SettingsDep
from discovery.api.routes.agent import SPELLING, THREAD_ERRORS
from discovery.api.streams import UI_STREAM_HEADERS, ui_message_stream
from discovery.search.models import query_text
from discovery.text import RequestModel

router = APIRouter(tags=["chat"], dependencies=[READ])


class UIPart(RequestModel):
    model_config = ConfigDict(extra="allow")
    type: str = Field(max_length=100)
    text: str | None = Field(default=None, max_length=100_000)


class UIMessage(RequestModel):
    model_config = ConfigDict(extra="allow")
    id: str = Field(default="", max_length=200)
    role: str = Field(max_length=50)
    parts: list[UIPart] = Field(default_factory=list, max_length=1000)


class ChatBody(RequestModel):
    """What `useChat` posts: the chat id (our thread id) and its messages; only the last user
    message is read, since the server keeps the thread's memory."""

    model_config = ConfigDict(extra="allow")
    id: ThreadId = Field(
        description="The chat id, our thread id: 16 to 128 random url-safe characters (the AI "
        "SDK's generated chat ids are)."
    )
    messages: list[UIMessage] = Field(min_length=1, max_length=1000)
    spelling: bool = SPELLING


class UIStreamResponse(EventSourceResponse):
    media_type = "text/event-stream"


def last_user_text(messages: list[UIMessage]) -> str:
    """The last user message's text, as a valid query text (`InvalidRequest` otherwise)."""
    for message in reversed(messages):
        if message.role == "user":
            text = "".join(p.text or "" for p in message.parts if p.type == "text")
            return query_text(text, field="messages")
    return query_text("", field="messages")  # no user message: an empty query


@router.post(
    "/chat",
    response_class=UIStreamResponse,
    responses={
        200: {"description": "AI SDK UI message stream parts (`data:` JSON lines)."},
        **THREAD_ERRORS,
    },
)
async def chat(body: ChatBody, agent: AgentDep, owner: OwnerDep, settings: SettingsDep) -> Any:
    text = last_user_text(body.messages)
    events = await agent.start(text, body.id, owner, body.spelling)
    return UIStreamResponse(
        ui_message_stream(events, message_id=f"msg-{uuid.uuid4().hex}"),
        ping=settings.discovery_sse_ping_seconds,
        headers=UI_STREAM_HEADERS,
    )
