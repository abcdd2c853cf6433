"""Fetching JSON documents (agent cards, key sets) from URLs that third parties wrote.

A registry must not become a way into the operator's own network, so every request is checked:
http or https only; the host's addresses (after DNS resolution) must all be public, and so must
the address actually connected to (a DNS answer that changes between the check and the
connection is caught there); every redirect is checked the same way, at most `max_redirects`.
Loopback, link-local, private, multicast, reserved and unspecified addresses are refused unless
`allow_private` is set, or the exact `host:port` is in `allowed_hosts` (an operator's own
registry). Responses are bounded: a timeout for the whole fetch, a size limit (read as a
stream, never trusted from Content-Length alone), a JSON content type (or text/plain that
parses), and `If-None-Match` / `If-Modified-Since` so an unchanged document is a 304.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import socket
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urljoin, urlsplit

import httpx

REDIRECTS = (301, 302, 303, 307, 308)
JSON_TYPES = ("application/json", "text/json", "text/plain")


@dataclass(frozen=True)
class FetchPolicy:
    timeout_s: float = 5.0
    max_bytes: int = 512_000
    max_redirects: int = 3
    allow_private: bool = False
    allowed_hosts: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Fetched:
    status: Literal["ok", "not_modified", "error"]
    url: str
    document: Any = None
    etag: str | None = None
    last_modified: str | None = None
    error: str | None = None


class FetchRefused(Exception):
    """The request must not be made, or its answer cannot be used; the message says why."""


def public_address(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    # is_global leaves out private, loopback, link-local, shared (100.64/10), reserved and
    # unspecified addresses; multicast is refused too.
    return ip.is_global and not ip.is_multicast


async def fetch_json(
    client: httpx.AsyncClient,
    url: str,
    policy: FetchPolicy,
    etag: str | None = None,
    last_modified: str | None = None,
) -> Fetched:
    """GET a JSON document under the policy; never raises for what the remote side does."""
    try:
        async with asyncio.timeout(policy.timeout_s):
            return await _fetch(client, url, policy, etag, last_modified)
    except TimeoutError:
        return Fetched("error", url, error=f"timed out after {policy.timeout_s:g} s")
    except FetchRefused as exc:
        return Fetched("error", url, error=str(exc))
    except httpx.HTTPError as exc:
        return Fetched("error", url, error=f"{type(exc).__name__}: {exc}"[:300])


async def _fetch(
    client: httpx.AsyncClient,
    url: str,
    policy: FetchPolicy,
    etag: str | None,
    last_modified: str | None,
) -> Fetched:
    headers = {"Accept": "application/json"}
    if etag:
        headers["If-None-Match"] = etag
    if last_modified:
        headers["If-Modified-Since"] = last_modified
    for _ in range(policy.max_redirects + 1):
        host = await _check_url(url, policy)
        async with client.stream("GET", url, headers=headers) as response:
            if host is not None:  # the address connected to, not only the one resolved
                _check_peer(response, host, policy)
            if response.status_code in REDIRECTS and "location" in response.headers:
                url = urljoin(url, response.headers["location"])
                continue
            if response.status_code == 304:
                return Fetched("not_modified", url, etag=etag, last_modified=last_modified)
            if response.status_code != 200:
                raise FetchRefused(f"HTTP {response.status_code}")
            document = await _read_json(response, policy)
            return Fetched(
                "ok",
                url,
                document,
                etag=response.headers.get("etag"),
                last_modified=response.headers.get("last-modified"),
            )
    raise FetchRefused(f"more than {policy.max_redirects} redirects")


async def _check_url(url: str, policy: FetchPolicy) -> str | None:
    """Refuse a URL whose scheme or addresses the policy does not allow. Returns the host to
    check the connected address against (None: the policy trusts this host)."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise FetchRefused(f"not an http(s) URL: {url[:200]}")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    if policy.allow_private or f"{parts.hostname}:{port}".lower() in policy.allowed_hosts:
        return None
    try:
        infos = await asyncio.get_running_loop().getaddrinfo(
            parts.hostname, port, type=socket.SOCK_STREAM
        )
    except OSError as exc:
        raise FetchRefused(f"cannot resolve {parts.hostname}: {exc}") from None
    for info in infos:
        address = str(info[4][0])
        if not public_address(address):
            raise FetchRefused(f"refused: {parts.hostname} resolves to a non-public address")
    return parts.hostname


def _check_peer(response: httpx.Response, host: str, policy: FetchPolicy) -> None:
    stream = response.extensions.get("network_stream")
    peer = stream.get_extra_info("server_addr") if stream is not None else None
    if peer and not public_address(str(peer[0])):
        raise FetchRefused(f"refused: {host} connected to a non-public address")


async def _read_json(response: httpx.Response, policy: FetchPolicy) -> Any:
    kind = response.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if kind not in JSON_TYPES and not kind.endswith("+json"):
        raise FetchRefused(f"unexpected content type {kind or '(none)'!r}, expected JSON")
    declared = response.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > policy.max_bytes:
        raise FetchRefused(f"too large: {declared} bytes (limit {policy.max_bytes})")
    body = bytearray()
    async for chunk in response.aiter_bytes():
        body += chunk
        if len(body) > policy.max_bytes:
            raise FetchRefused(f"too large: over {policy.max_bytes} bytes")
    try:
        return json.loads(body.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise FetchRefused(f"not valid JSON: {exc}") from None
