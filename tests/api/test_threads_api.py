"""GET and DELETE /api/threads/{id}: a conversation's history, and forgetting it (a write,
so it needs an API key); threads belong to the key that started them."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator

import httpx
import pytest
from fastapi import FastAPI
from tests.api.conftest import API_KEY, asgi_client, running_app

from discovery.settings import Settings

pytestmark = pytest.mark.integration

AUTH = {"Authorization": f"Bearer {API_KEY}"}
OTHER = {"Authorization": "Bearer other-key"}  # the server's other valid key


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
    assert (await client.get("/api/threads/1")).status_code == 422


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


async def test_thread_of_a_key_is_a_404_for_anyone_else(client: httpx.AsyncClient) -> None:
    first = await client.post("/api/ai-search", json={"query": "boxing match"}, headers=AUTH)
    assert first.status_code == 200
    thread = first.json()["thread_id"]
    assert len(thread) >= 16  # issued by the server
    assert (await client.get(f"/api/threads/{thread}", headers=AUTH)).status_code == 200
    for headers in (OTHER, {}, {"Authorization": "Bearer not-a-key"}):
        got = await client.get(f"/api/threads/{thread}", headers=headers)
        assert got.status_code == 404
        assert got.json()["error"]["message"] == f"no conversation with id {thread!r}"
        body = {"query": "only photographs", "thread_id": thread}
        assert (await client.post("/api/ai-search", json=body, headers=headers)).status_code == 404
        stream = await client.post("/api/ai-search/stream", json=body, headers=headers)
        assert stream.status_code == 404
    assert (await client.delete(f"/api/threads/{thread}", headers=OTHER)).status_code == 404
    history = (await client.get(f"/api/threads/{thread}", headers=AUTH)).json()
    assert [t["user"] for t in history["turns"]] == ["boxing match"]  # nobody else got in


@pytest.mark.parametrize("thread_id", ["1", "0000000000000001", "abcdefghijklmnopqrst", "a.b:c"])
async def test_ask_refuses_a_guessable_thread_id(client: httpx.AsyncClient, thread_id: str) -> None:
    body = {"query": "jazz", "thread_id": thread_id}
    response = await client.post("/api/ai-search", json=body)
    assert response.status_code == 422
    assert "thread_id" in response.text


async def test_ask_starts_a_thread_with_a_random_client_chosen_id(
    client: httpx.AsyncClient,
) -> None:
    chosen = "Kq3xV9mZp2LwR7tA" + uuid.uuid4().hex[:8]  # an AI SDK-like chat id
    body = {"query": "jazz musicians", "thread_id": chosen}
    assert (await client.post("/api/ai-search", json=body)).json()["thread_id"] == chosen
    assert (await client.get(f"/api/threads/{chosen}")).status_code == 200


@pytest.fixture(scope="module")
async def small_app(api_settings: Settings) -> AsyncIterator[FastAPI]:
    """A server whose threads keep 2 turns and take 3, and which purges every 0.2 s."""
    limits = {
        "discovery_thread_window_turns": 2,
        "discovery_thread_max_turns": 3,
        "discovery_thread_purge_seconds": 0.2,
    }
    async with running_app(api_settings.model_copy(update=limits)) as app:
        yield app


async def test_thread_keeps_its_window_and_refuses_a_turn_over_the_cap(
    small_app: FastAPI,
) -> None:
    async with asgi_client(small_app) as client:
        thread = (await client.post("/api/ai-search", json={"query": "hello"})).json()["thread_id"]
        for text in ("jazz musicians", "only photographs"):
            body = {"query": text, "thread_id": thread}
            assert (await client.post("/api/ai-search", json=body)).status_code == 200
        history = (await client.get(f"/api/threads/{thread}")).json()
        assert [t["user"] for t in history["turns"]] == ["jazz musicians", "only photographs"]
        body = {"query": "boxing", "thread_id": thread}
        over = await client.post("/api/ai-search", json=body)
        assert over.status_code == 409
        assert over.json()["error"]["code"] == "turn_limit"
        assert "limit of 3 turns" in over.json()["error"]["message"]
        assert (await client.post("/api/ai-search/stream", json=body)).status_code == 409
        assert (await client.post("/api/ai-search", json={"query": "boxing"})).status_code == 200


async def test_server_purges_an_idle_thread_by_itself(small_app: FastAPI) -> None:
    async with asgi_client(small_app) as client:
        thread = (await client.post("/api/ai-search", json={"query": "jazz"})).json()["thread_id"]
        db = small_app.state.runtime.db
        async with db.connection() as conn:
            await conn.execute(
                "update agent_threads set last_active_at = now() - interval '73 hours'"
                " where thread_id = %s",
                (thread,),
            )
        for _ in range(50):  # the purge runs every 0.2 s
            await asyncio.sleep(0.1)
            async with db.connection() as conn:
                left = await (
                    await conn.execute(
                        "select (select count(*) from agent_threads where thread_id = %(t)s)"
                        " + (select count(*) from checkpoints where thread_id = %(t)s)",
                        {"t": thread},
                    )
                ).fetchone()
            if left == (0,):
                break
        assert left == (0,)
        assert (await client.get(f"/api/threads/{thread}")).status_code == 404
