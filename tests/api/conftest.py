"""The real app on the demo database: its lifespan opens the database, the embedder and the
agent (the local planner) once per module. `client` talks to it through httpx's ASGI transport
(whole responses); `live_url` serves it with uvicorn on a loopback port (real streaming)."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import pytest
import uvicorn
from fastapi import FastAPI
from pydantic import SecretStr
from tests.conftest import settings_for

from discovery.api.main import create_app
from discovery.settings import Settings

API_KEY = "test-key-0123456789"


@pytest.fixture(scope="module")
def api_settings(demo_db_url: str, agent_data_dir: Path) -> Settings:
    return settings_for(
        demo_db_url,
        agent_data_dir,
        discovery_api_keys=SecretStr(f"other-key,{API_KEY}"),
        discovery_cors_origins="http://localhost:5173",
        discovery_agent_planner="local",
    )


@asynccontextmanager
async def running_app(settings: Settings) -> AsyncIterator[FastAPI]:
    """The app with its lifespan run: database, embedder and agent open."""
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        yield app


@asynccontextmanager
async def asgi_client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        yield client


@pytest.fixture(scope="module")
async def app(api_settings: Settings) -> AsyncIterator[FastAPI]:
    """Modules on another database override this fixture; `client` follows."""
    async with running_app(api_settings) as app:
        yield app


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    async with asgi_client(app) as client:
        yield client


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def serve(app: FastAPI) -> AsyncIterator[str]:
    """Serve an app whose lifespan already ran on a loopback port; yield its URL."""
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, lifespan="off", log_level="warning")
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await task
