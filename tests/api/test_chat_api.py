"""POST /api/chat speaks the AI SDK UI message stream protocol (v1), checked part by part."""

from __future__ import annotations

import json
import uuid
from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.integration


def chat_body(text: str, chat_id: str | None = None) -> dict[str, Any]:
    """What `useChat` with DefaultChatTransport posts."""
    return {
        "id": chat_id or uuid.uuid4().hex,
        "messages": [
            {"id": "m1", "role": "user", "parts": [{"type": "text", "text": text}]},
        ],
        "trigger": "submit-message",
    }


async def parts(client: httpx.AsyncClient, body: dict[str, Any]) -> list[Any]:
    response = await client.post("/api/chat", json=body)
    assert response.status_code == 200
    assert response.headers["x-vercel-ai-ui-message-stream"] == "v1"
    assert response.headers["content-type"].startswith("text/event-stream")
    lines = [line for line in response.text.splitlines() if line and not line.startswith(":")]
    assert all(line.startswith("data: ") for line in lines)
    assert lines[-1] == "data: [DONE]"
    return [json.loads(line.removeprefix("data: ")) for line in lines[:-1]]


async def test_greeting_is_text_parts_between_start_and_finish(
    client: httpx.AsyncClient,
) -> None:
    got = await parts(client, chat_body("hello"))
    assert [p["type"] for p in got] == [
        "start", "start-step", "data-intent",
        "text-start", "text-delta", "text-end",
        "finish-step", "finish",
    ]  # fmt: skip
    assert got[0]["messageId"].startswith("msg-")
    assert got[2] == {
        "type": "data-intent",
        "data": {
            "event": "intent",
            "intent": "greeting",
            "confidence": got[2]["data"]["confidence"],
        },
        "transient": True,
    }
    text_id = got[3]["id"]
    assert got[4]["id"] == got[5]["id"] == text_id
    assert got[4]["delta"].startswith("Hello!")


async def test_search_is_a_tool_call_with_results_data_and_text(
    client: httpx.AsyncClient,
) -> None:
    # searched as typed (spelling off), "ballplayers" is refined once ("baseball players")
    got = await parts(client, chat_body("ballplayers") | {"spelling": False})
    assert [p["type"] for p in got] == [
        "start", "start-step", "data-intent",
        "tool-input-start", "tool-input-available",
        "data-attempt", "data-attempt",
        "tool-output-available", "data-results",
        "text-start", "text-delta", "text-end",
        "finish-step", "finish",
    ]  # fmt: skip
    call_id = got[3]["toolCallId"]
    assert got[3]["toolName"] == got[4]["toolName"] == "search_archives_db"
    assert got[4]["toolCallId"] == got[7]["toolCallId"] == call_id
    assert got[4]["input"] == {"query": "ballplayers"}
    assert [got[5]["data"]["attempt"], got[6]["data"]["attempt"]] == [1, 2]
    assert got[5]["transient"] is got[6]["transient"] is True
    results = got[8]["data"]
    assert "transient" not in got[8]  # kept in the message, for rendering the cards
    assert got[7]["output"] == {"total": results["total"], "query": results["query"], "attempts": 2}
    assert results["response_type"] == "results" and results["archives"]


async def test_chat_id_is_the_thread(client: httpx.AsyncClient) -> None:
    chat_id = uuid.uuid4().hex
    await parts(client, chat_body("boxers training in a gym", chat_id))
    history = (await client.get(f"/api/threads/{chat_id}")).json()
    assert [t["user"] for t in history["turns"]] == ["boxers training in a gym"]


@pytest.mark.parametrize(
    ("body", "status"),
    [
        (chat_body("   "), 400),
        (chat_body("x" * 1001), 422),
        ({"id": "Kq3xV9mZp2LwR7tA", "messages": []}, 422),
        ({"id": "Kq3xV9mZp2LwR7tA", "messages": [{"role": "assistant", "parts": []}]}, 400),
        (chat_body("hi", chat_id="c1"), 422),  # a short client-chosen id
        (chat_body("hi", chat_id="0000000000000001"), 422),  # a sequential one
        ({"messages": [{"role": "user", "parts": [{"type": "text", "text": "hi"}]}]}, 422),
    ],
)
async def test_bad_chat_requests_get_4xx(
    client: httpx.AsyncClient, body: dict, status: int
) -> None:
    response = await client.post("/api/chat", json=body)
    assert response.status_code == status
    assert response.json()["error"]["message"]
