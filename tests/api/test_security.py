"""API keys (constant-time, Bearer), read protection, the no-key default and CORS. The guard
tests build small apps with their own settings on the demo database."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import pytest
from pydantic import SecretStr
from tests.api.conftest import asgi_client, running_app
from tests.conftest import settings_for

from discovery.api.security import key_is_valid

pytestmark = pytest.mark.integration


def test_key_check_compares_against_every_key() -> None:
    keys = ["alpha-key", "beta-key"]
    assert key_is_valid("beta-key", keys) and key_is_valid("alpha-key", keys)
    assert not key_is_valid("alpha-ke", keys)
    assert not key_is_valid("", keys)
    assert not key_is_valid("anything", [])


@asynccontextmanager
async def app_client(
    url: str, data_dir: Path, **settings: object
) -> AsyncIterator[httpx.AsyncClient]:
    settings_ = settings_for(url, data_dir, discovery_agent_planner="local", **settings)
    async with running_app(settings_) as app, asgi_client(app) as client:
        yield client


async def test_without_configured_keys_writes_are_refused_and_reads_open(
    demo_db_url: str, agent_data_dir: Path
) -> None:
    async with app_client(demo_db_url, agent_data_dir) as client:
        thread = uuid.uuid4().hex
        await client.post("/api/ai-search", json={"query": "hi", "thread_id": thread})
        refused = await client.delete(
            f"/api/threads/{thread}", headers={"Authorization": "Bearer guess"}
        )
        assert refused.status_code == 401
        assert "none is configured" in refused.json()["error"]["message"]
        assert refused.headers["www-authenticate"] == "Bearer"
        assert (await client.get(f"/api/threads/{thread}")).status_code == 200


async def test_protected_reads_need_a_valid_key(demo_db_url: str, agent_data_dir: Path) -> None:
    async with app_client(
        demo_db_url,
        agent_data_dir,
        discovery_api_keys=SecretStr("reader-key"),
        discovery_protect_reads=True,
    ) as client:
        for method, path, body in [
            ("POST", "/api/v1/search", {"query": "jazz"}),
            ("POST", "/api/ai-search", {"query": "jazz"}),
            ("GET", "/api/config", None),
        ]:
            anonymous = await client.request(method, path, json=body)
            assert anonymous.status_code == 401, path
            assert anonymous.json()["error"]["code"] == "unauthorized"
            keyed = await client.request(
                method, path, json=body, headers={"Authorization": "Bearer reader-key"}
            )
            assert keyed.status_code == 200, path
        assert (await client.get("/healthz")).status_code == 200  # probes stay open


async def test_open_writes_switch_allows_keyless_writes(
    demo_db_url: str, agent_data_dir: Path
) -> None:
    async with app_client(demo_db_url, agent_data_dir, discovery_open_writes=True) as client:
        thread = uuid.uuid4().hex
        await client.post("/api/ai-search", json={"query": "hi", "thread_id": thread})
        assert (await client.delete(f"/api/threads/{thread}")).status_code == 204


async def test_cors_allows_only_the_configured_origins(client: httpx.AsyncClient) -> None:
    preflight = {"Access-Control-Request-Method": "POST"}
    allowed = await client.options(
        "/api/ai-search", headers={"Origin": "http://localhost:5173", **preflight}
    )
    assert allowed.headers["access-control-allow-origin"] == "http://localhost:5173"
    other = await client.options(
        "/api/ai-search", headers={"Origin": "http://evil.example", **preflight}
    )
    assert "access-control-allow-origin" not in other.headers
