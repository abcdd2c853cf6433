"""What one client may ask of the server: a token bucket per client for searches and one for
agent turns, and a cap on one client's agent turns running at once. Refused requests get a 429
with `Retry-After`.

A client is its API key when it sends a valid one (`key:` and a digest, never the key), else its
address (`ip:...`, as uvicorn sees it: behind a trusted proxy, the forwarded one). An invalid
key counts as the address, so made-up keys buy no fresh buckets. A pure ASGI middleware, so a
turn's slot is held until its event stream ends and `/graphql` and `/mcp` are limited too."""

from __future__ import annotations

import ipaddress
import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from discovery.api.capacity import TurnGate
from discovery.api.errors import error_body
from discovery.api.security import key_is_valid
from discovery.logs import digest, log_event
from discovery.settings import Settings

log = logging.getLogger(__name__)


class Limited(StrEnum):
    SEARCH = "search"
    AGENT = "agent"


LIMITED_PATHS = {
    "/api/v1/search": Limited.SEARCH,
    "/api/v1/search/skills": Limited.SEARCH,
    "/api/v1/search/tools": Limited.SEARCH,
    "/api/v1/discover": Limited.SEARCH,
    "/api/agents/semantic-search": Limited.SEARCH,
    "/graphql": Limited.SEARCH,
    "/mcp": Limited.SEARCH,
    "/api/ai-search": Limited.AGENT,
    "/api/ai-search/stream": Limited.AGENT,
    "/api/chat": Limited.AGENT,
}
"""The limited paths (a trailing slash is the same path) and the budget each one spends."""

MAX_CLIENTS = 10_000
LOG_EVERY_S = 10.0  # a flooding client is logged once per this many seconds, not per request


def limited(path: str) -> Limited | None:
    return LIMITED_PATHS.get(path.rstrip("/") or "/")


@dataclass
class _Bucket:
    tokens: float
    stamp: float


class TokenBuckets:
    """`burst` requests at once per client, refilled at `per_minute`; at most `max_clients`
    buckets are kept (full ones are forgotten first: a full bucket is the same as none)."""

    def __init__(
        self,
        per_minute: float,
        burst: int,
        clock: Callable[[], float] = time.monotonic,
        max_clients: int = MAX_CLIENTS,
    ) -> None:
        self.rate = per_minute / 60.0
        self.burst = burst
        self.clock = clock
        self.max_clients = max_clients
        self._buckets: dict[str, _Bucket] = {}

    def take(self, client: str) -> float:
        """Spend one token: 0 when there was one, else the seconds until there is."""
        now = self.clock()
        bucket = self._buckets.get(client)
        if bucket is None:
            if len(self._buckets) >= self.max_clients:
                self._forget(now)
            bucket = self._buckets[client] = _Bucket(float(self.burst), now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.stamp) * self.rate)
        bucket.stamp = now
        if bucket.tokens >= 1:
            bucket.tokens -= 1
            return 0.0
        return (1 - bucket.tokens) / self.rate

    def _forget(self, now: float) -> None:
        full = [
            c
            for c, b in self._buckets.items()
            if b.tokens + (now - b.stamp) * self.rate >= self.burst
        ]
        for client in full:
            del self._buckets[client]
        if len(self._buckets) >= self.max_clients:  # many clients at once: the oldest go
            for client in list(self._buckets)[: self.max_clients // 2]:
                del self._buckets[client]


class Slots:
    """At most `limit` things at once per client."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._held: dict[str, int] = {}

    def acquire(self, client: str) -> bool:
        held = self._held.get(client, 0)
        if held >= self.limit:
            return False
        self._held[client] = held + 1
        return True

    def release(self, client: str) -> None:
        held = self._held.get(client, 0) - 1
        if held > 0:
            self._held[client] = held
        else:
            self._held.pop(client, None)


def client_of(scope: Scope, api_keys: list[str]) -> str:
    """`key:<digest>` for a valid API key, else `ip:<address>`."""
    auth = Headers(scope=scope).get("authorization", "")
    scheme, _, token = auth.partition(" ")
    token = token.strip()
    if scheme.lower() == "bearer" and token and api_keys and key_is_valid(token, api_keys):
        return "key:" + digest(token)
    address = scope.get("client")
    return f"ip:{address[0] if address else 'unknown'}"


def is_loopback(client: str) -> bool:
    if not client.startswith("ip:"):
        return False
    try:
        return ipaddress.ip_address(client[3:]).is_loopback
    except ValueError:
        return False


class RateLimitMiddleware:
    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings
        self.buckets: dict[Limited, TokenBuckets] = {}
        if settings.discovery_search_rate_per_minute > 0:
            self.buckets[Limited.SEARCH] = TokenBuckets(
                settings.discovery_search_rate_per_minute, settings.discovery_search_burst
            )
        if settings.discovery_agent_rate_per_minute > 0:
            self.buckets[Limited.AGENT] = TokenBuckets(
                settings.discovery_agent_rate_per_minute, settings.discovery_agent_burst
            )
        turns = settings.discovery_agent_concurrent_turns
        self.turns = Slots(turns) if turns > 0 else None
        running = settings.discovery_agent_max_running_turns
        self.gate = TurnGate(running, settings.discovery_agent_turn_wait_s) if running else None
        self._logged: dict[str, tuple[float, int]] = {}  # client: (last logged, refused since)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = limited(scope["path"]) if scope["type"] == "http" else None
        if kind is None or scope["method"] == "OPTIONS":
            await self.app(scope, receive, send)
            return
        client = client_of(scope, self.settings.api_keys)
        if self.settings.discovery_limits_exempt_loopback and is_loopback(client):
            await self._admit(scope, receive, send, kind)
            return
        buckets = self.buckets.get(kind)
        wait = buckets.take(client) if buckets else 0.0
        if wait > 0:
            message = f"too many {kind.value} requests; retry after the Retry-After seconds"
            await self._refuse(scope, receive, send, client, kind, wait, message)
            return
        if kind is not Limited.AGENT or self.turns is None:
            await self._admit(scope, receive, send, kind)
            return
        if not self.turns.acquire(client):
            message = f"at most {self.turns.limit} agent turns at once per client"
            await self._refuse(scope, receive, send, client, kind, 1.0, message)
            return
        try:
            await self._admit(scope, receive, send, kind)
        finally:
            self.turns.release(client)

    async def _admit(self, scope: Scope, receive: Receive, send: Send, kind: Limited) -> None:
        """Run the request; an agent turn first takes one of the server's turn slots (every
        client, loopback included: the cap protects the machine, not a budget)."""
        if kind is not Limited.AGENT or self.gate is None:
            await self.app(scope, receive, send)
            return
        if not await self.gate.enter():
            retry_after = self.gate.retry_after()
            log_event(
                log, "server_busy", logging.WARNING, path=scope["path"],
                running=self.gate.running, retry_after=retry_after,
            )  # fmt: skip
            message = (
                f"the server is running its {self.gate.limit} agent turns at once; retry after "
                "the Retry-After seconds"
            )
            response = JSONResponse(
                error_body("server_busy", message),
                status_code=503,
                headers={"Retry-After": str(retry_after)},
            )
            await response(scope, receive, send)
            return
        try:
            await self.app(scope, receive, send)
        finally:
            self.gate.leave()

    async def _refuse(
        self,
        scope: Scope,
        receive: Receive,
        send: Send,
        client: str,
        kind: Limited,
        wait: float,
        message: str,
    ) -> None:
        retry_after = max(1, math.ceil(wait))
        self._log(client, kind, scope["path"], retry_after)
        response = JSONResponse(
            error_body("rate_limited", message),
            status_code=429,
            headers={"Retry-After": str(retry_after)},
        )
        await response(scope, receive, send)

    def _log(self, client: str, kind: Limited, path: str, retry_after: int) -> None:
        now = time.monotonic()
        last, refused = self._logged.get(client, (-math.inf, 0))
        if now - last < LOG_EVERY_S:
            self._logged[client] = (last, refused + 1)
            return
        if len(self._logged) >= MAX_CLIENTS:
            self._logged.clear()
        self._logged[client] = (now, 0)
        log_event(
            log, "rate_limited", logging.WARNING, client=client, limit=kind.value, path=path,
            retry_after=retry_after, also_refused=refused,
        )  # fmt: skip
