"""When the database goes away the API answers 503 with Retry-After (never a 500, never a hang),
and it recovers by itself when the database is back. A private embedded server is stopped and
started again under a running app."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from pydantic import SecretStr

from discovery.api.main import create_app
from discovery.db.embedded import EmbeddedPostgres
from discovery.db.postmaster import ServerState, postmaster_pid, server_state
from discovery.settings import Settings

pytestmark = pytest.mark.integration


@pytest.fixture
async def served(
    tmp_path: Path, agent_data_dir: Path
) -> AsyncIterator[tuple[EmbeddedPostgres, str, httpx.AsyncClient]]:
    """The app on a private embedded server (DATABASE_URL: no supervisor restarts it), a pool
    timeout of 1 s, and a client to it."""
    server = EmbeddedPostgres(tmp_path / "pgdata")
    uri = server.start()
    settings = Settings(
        database_url=SecretStr(uri),
        discovery_data_dir=agent_data_dir,  # the trained intent classifier is cached here
        discovery_agent_planner="local",
        discovery_pool_timeout_seconds=1.0,
    )  # type: ignore[call-arg]
    app = create_app(settings)
    try:
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
                yield server, uri, client
    finally:
        server.stop()


async def test_outage_gives_503_then_the_app_recovers(
    served: tuple[EmbeddedPostgres, str, httpx.AsyncClient],
) -> None:
    server, uri, client = served
    search = {"query": "jazz"}
    assert (await client.post("/api/v1/search", json=search)).status_code == 200

    await asyncio.to_thread(server.stop)
    down = await client.post("/api/v1/search", json=search)
    assert down.status_code == 503
    assert down.headers["retry-after"] == "5"
    assert down.json()["error"]["code"] == "database_unavailable"
    turn = await client.post("/api/ai-search", json={"query": "hello"})
    assert turn.status_code == 503
    assert turn.json()["error"]["code"] == "database_unavailable"
    ready = await client.get("/readyz")
    assert ready.status_code == 503 and ready.json()["database"] is False
    assert (await client.get("/healthz")).status_code == 200

    assert await asyncio.to_thread(server.start) == uri
    for _ in range(50):  # the pools reconnect in the background
        back = await client.post("/api/v1/search", json=search)
        if back.status_code == 200:
            break
        await asyncio.sleep(0.2)
    assert back.status_code == 200
    for _ in range(100):  # the agent's checkpointer pool, on its own reconnect backoff
        turn = await client.post("/api/ai-search", json={"query": "hello"})
        if turn.status_code == 200:
            break
        assert turn.status_code == 503  # never anything but "retry later"
        await asyncio.sleep(0.2)
    assert turn.status_code == 200 and turn.json()["intent"] == "greeting"
    assert (await client.get("/readyz")).status_code == 200


async def test_readyz_reports_server_in_smart_shutdown_not_ready(
    served: tuple[EmbeddedPostgres, str, httpx.AsyncClient],
) -> None:
    """SIGTERM puts PostgreSQL in smart shutdown: it refuses new connections and serves the
    old ones until they leave. /readyz opens a new connection, so it says 503 while a search on
    a pooled connection still answers (DATABASE_URL: no supervisor restarts this server)."""
    server, _, client = served
    assert (await client.get("/readyz")).status_code == 200
    os.kill(postmaster_pid(server.pgdata) or 0, signal.SIGTERM)
    for _ in range(100):
        if server_state(server.pgdata) is ServerState.STOPPING:
            break
        await asyncio.sleep(0.05)
    search = await client.post("/api/v1/search", json={"query": "jazz"})
    assert search.status_code == 200  # an old, pooled connection
    ready = await client.get("/readyz")
    assert ready.status_code == 503 and ready.json()["database"] is False
    assert ready.headers["retry-after"] == "5"
