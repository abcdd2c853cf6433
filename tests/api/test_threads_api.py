"""GET and DELETE /api/threads/{id}: a conversation's history, and forgetting it (a write,
so it needs an API key)."""

from __future__ import annotations

import uuid

import httpx
import pytest
from tests.api.conftest import API_KEY

pytestmark = pytest.mark.integration

AUTH = {"Authorization": f"Bearer {API_KEY}"}


async def test_history_lists_every_turn_in_order(client: httpx.AsyncClient) -> None:
    thread = uuid.uuid4().hex
    for text in ("hello", "jazz musicians", "only photographs"):
        response = await client.post("/api/ai-search", json={"query": text, "thread_id": thread})
        assert response.status_code == 200
    history = (await client.get(f"/api/threads/{thread}")).json()
    assert history["thread_id"] == thread
    turns = history["turns"]
    assert [t["user"] for t in turns] == ["hello", "jazz musicians", "only photographs"]
    assert [t["response"]["response_type"] for t in turns] == ["message", "results", "results"]
    assert all(t["response"]["thread_id"] == thread for t in turns)
    assert turns[2]["response"]["attempts"][0]["filters"] == {"media_type": "photograph"}


async def test_unknown_thread_is_404(client: httpx.AsyncClient) -> None:
    response = await client.get(f"/api/threads/{uuid.uuid4().hex}")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"
    assert (await client.get("/api/threads/not a valid id")).status_code == 422


async def test_delete_needs_a_key_then_forgets_the_thread(client: httpx.AsyncClient) -> None:
    thread = uuid.uuid4().hex
    await client.post("/api/ai-search", json={"query": "hello", "thread_id": thread})
    assert (await client.delete(f"/api/threads/{thread}")).status_code == 401
    wrong = {"Authorization": "Bearer not-the-key"}
    assert (await client.delete(f"/api/threads/{thread}", headers=wrong)).status_code == 401
    assert (await client.get(f"/api/threads/{thread}")).status_code == 200  # still there
    assert (await client.delete(f"/api/threads/{thread}", headers=AUTH)).status_code == 204
    assert (await client.get(f"/api/threads/{thread}")).status_code == 404
    assert (await client.delete(f"/api/threads/{thread}", headers=AUTH)).status_code == 404
