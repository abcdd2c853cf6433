"""Rate and concurrency limits per client: the token buckets, the client's identity, and the
real app under a flood (one client refused with 429 and Retry-After, another served)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI
from pydantic import SecretStr
from starlette.types import Receive, Scope, Send
from tests.api.conftest import API_KEY, running_app
from tests.conftest import settings_for

from discovery.api.limits import RateLimitMiddleware, Slots, TokenBuckets, client_of
from discovery.settings import Settings


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_take_token_refuses_after_the_burst_until_refilled() -> None:
    clock = Clock()
    buckets = TokenBuckets(per_minute=60, burst=3, clock=clock)
    assert [buckets.take("a") for _ in range(3)] == [0, 0, 0]
    assert buckets.take("a") == pytest.approx(1.0)  # one token a second
    assert buckets.take("b") == 0  # another client has its own bucket
    clock.now += 1.0
    assert buckets.take("a") == 0
    assert buckets.take("a") > 0


def test_take_token_forgets_full_buckets_when_too_many_clients() -> None:
    clock = Clock()
    buckets = TokenBuckets(per_minute=60, burst=2, clock=clock, max_clients=3)
    for client in "abc":
        buckets.take(client)
    clock.now += 10  # every bucket has refilled: forgetting them loses nothing
    buckets.take("d")
    assert len(buckets._buckets) == 1


def test_acquire_slot_refuses_over_the_limit_until_released() -> None:
    slots = Slots(2)
    assert slots.acquire("a") and slots.acquire("a")
    assert not slots.acquire("a")
    assert slots.acquire("b")
    slots.release("a")
    assert slots.acquire("a")


def _scope(address: str, auth: str | None = None) -> Scope:
    headers = [(b"authorization", auth.encode())] if auth else []
    return {"type": "http", "client": (address, 5000), "headers": headers}


def test_identify_client_by_valid_key_else_address() -> None:
    keys = ["k-one-0123456789", "k-two-0123456789"]
    by_key = client_of(_scope("10.0.0.1", "Bearer k-two-0123456789"), keys)
    assert by_key.startswith("key:") and "k-two" not in by_key
    assert client_of(_scope("10.0.0.2", "Bearer k-two-0123456789"), keys) == by_key
    assert client_of(_scope("10.0.0.1", "Bearer made-up-key"), keys) == "ip:10.0.0.1"
    assert client_of(_scope("10.0.0.1"), keys) == "ip:10.0.0.1"


def _limited_settings(**overrides: object) -> Settings:
    values: dict[str, object] = {
        "discovery_search_rate_per_minute": 6,
        "discovery_search_burst": 3,
        "discovery_agent_rate_per_minute": 600,
        "discovery_agent_concurrent_turns": 1,
        "discovery_limits_exempt_loopback": False,
    }
    return Settings(_env_file=None, **(values | overrides))  # type: ignore[call-arg]


async def test_refuse_concurrent_agent_turn_while_one_runs() -> None:
    """The middleware alone, in front of a turn that waits until released."""
    release = asyncio.Event()

    async def slow_turn(scope: Scope, receive: Receive, send: Send) -> None:
        await release.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    middleware = RateLimitMiddleware(slow_turn, _limited_settings())
    transport = httpx.ASGITransport(app=middleware, client=("10.0.0.1", 5000))
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        first = asyncio.create_task(client.post("/api/ai-search/stream", json={}))
        await asyncio.sleep(0.05)
        second = await client.post("/api/ai-search", json={})
        assert second.status_code == 429
        assert second.headers["retry-after"] == "1"
        assert "at once" in second.json()["error"]["message"]
        release.set()
        assert (await first).status_code == 200
        assert (await client.post("/api/ai-search", json={})).status_code == 200


@pytest.fixture(scope="module")
async def limited_app(demo_db_url: str, agent_data_dir: Path) -> AsyncIterator[FastAPI]:
    settings = settings_for(
        demo_db_url,
        agent_data_dir,
        discovery_api_keys=SecretStr(API_KEY),
        discovery_agent_planner="local",
        discovery_limits_exempt_loopback=False,
        discovery_search_rate_per_minute=6,
        discovery_search_burst=3,
        discovery_agent_rate_per_minute=6,
        discovery_agent_burst=2,
    )
    async with running_app(settings) as app:
        yield app


def _client(app: FastAPI, address: str, key: str | None = None) -> httpx.AsyncClient:
    transport = httpx.ASGITransport(app=app, client=(address, 5000))
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    return httpx.AsyncClient(transport=transport, base_url="http://test", headers=headers)


@pytest.mark.integration
async def test_flood_gets_429_while_another_client_searches(
    limited_app: FastAPI, caplog: pytest.LogCaptureFixture
) -> None:
    body = {"query": "jazz musicians", "limit": 3}
    caplog.set_level(logging.WARNING, logger="discovery.api.limits")
    async with _client(limited_app, "10.1.0.1") as flood, _client(limited_app, "10.1.0.2") as other:
        statuses = [(await flood.post("/api/v1/search", json=body)).status_code for _ in range(8)]
        assert statuses[:3] == [200, 200, 200]
        assert set(statuses[3:]) == {429}
        refused = await flood.get("/api/v1/search/skills", params={"query": "jazz"})
        assert refused.status_code == 429
        assert int(refused.headers["retry-after"]) >= 1
        assert refused.json()["error"]["code"] == "rate_limited"
        for _ in range(3):
            assert (await other.post("/api/v1/search", json=body)).status_code == 200
    lines = [r.getMessage() for r in caplog.records if "event=rate_limited" in r.getMessage()]
    assert len(lines) == 1  # once per client, not once per refused request
    assert "client=ip:10.1.0.1" in lines[0]


@pytest.mark.integration
async def test_limit_agent_turns_per_key_across_addresses(limited_app: FastAPI) -> None:
    body = {"query": "hello"}
    async with (
        _client(limited_app, "10.2.0.1", API_KEY) as one,
        _client(limited_app, "10.2.0.2", API_KEY) as two,
        _client(limited_app, "10.2.0.3") as anonymous,
    ):
        assert (await one.post("/api/ai-search", json=body)).status_code == 200
        assert (await two.post("/api/ai-search", json=body)).status_code == 200
        refused = await one.post("/api/ai-search", json=body)
        assert refused.status_code == 429  # the key's two turns are spent, from any address
        assert (await anonymous.post("/api/ai-search", json=body)).status_code == 200


@pytest.mark.parametrize("exempt", [True, False])
async def test_exempt_loopback_only_when_set(exempt: bool) -> None:
    async def search(scope: Scope, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    middleware = RateLimitMiddleware(
        search, _limited_settings(discovery_limits_exempt_loopback=exempt)
    )
    transport = httpx.ASGITransport(app=middleware, client=("127.0.0.1", 5000))
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as local:
        statuses = {(await local.post("/api/v1/search", json={})).status_code for _ in range(5)}
    assert statuses == ({200} if exempt else {200, 429})


async def test_server_busy_when_its_turns_are_all_running() -> None:
    """Two clients, each within its own budget, against a server that runs one turn at once:
    the second waits its `wait_s` in line, then gets a 503 with Retry-After; once the first
    ends, a turn is admitted again."""
    release = asyncio.Event()

    async def slow_turn(scope: Scope, receive: Receive, send: Send) -> None:
        if not scope["path"].startswith("/api/v1/"):  # a search is answered at once
            await release.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    settings = _limited_settings(
        discovery_agent_max_running_turns=1, discovery_agent_turn_wait_s=0.2
    )
    middleware = RateLimitMiddleware(slow_turn, settings)

    def client(address: str) -> httpx.AsyncClient:
        transport = httpx.ASGITransport(app=middleware, client=(address, 5000))
        return httpx.AsyncClient(transport=transport, base_url="http://test")

    async with client("10.0.0.1") as one, client("10.0.0.2") as two:
        first = asyncio.create_task(one.post("/api/ai-search", json={}))
        await asyncio.sleep(0.05)
        busy = await two.post("/api/chat", json={})
        assert busy.status_code == 503
        assert busy.json()["error"]["code"] == "server_busy"
        assert busy.headers["retry-after"] == "1"
        assert (await two.post("/api/v1/search", json={})).status_code == 200  # not a turn
        waiting = asyncio.create_task(two.post("/api/ai-search", json={}))
        await asyncio.sleep(0.05)
        release.set()  # the first turn ends within the second's wait: it is admitted
        assert (await first).status_code == 200
        assert (await waiting).status_code == 200
        assert middleware.gate is not None and middleware.gate.running == 0
