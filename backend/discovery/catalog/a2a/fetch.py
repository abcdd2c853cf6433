"""Fetching JSON documents (agent cards, key sets) from URLs that third parties wrote.

A registry must not become a way into the operator's own network, so every request is checked
by the policy of `discovery.fetching` (http(s) only; public addresses only, after DNS and on
the connected socket; every redirect checked the same way, at most `max_redirects`; loopback,
link-local and private addresses only when allowed). Responses are bounded: a timeout for the
whole fetch, a size limit (read as a stream, never trusted from Content-Length alone), a JSON
content type (or text/plain that parses), and `If-None-Match` / `If-Modified-Since` so an
unchanged document is a 304.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urljoin

import httpx

from discovery.fetching import (
    REDIRECTS,
    FetchPolicy,
    FetchRefused,
    check_peer,
    check_url,
    public_address,
)

__all__ = ["FetchPolicy", "FetchRefused", "Fetched", "fetch_json", "public_address"]

JSON_TYPES = ("application/json", "text/json", "text/plain")


@dataclass(frozen=True)
class Fetched:
    status: Literal["ok", "not_modified", "error"]
    url: str
    document: Any = None
    etag: str | None = None
    last_modified: str | None = None
    error: str | None = None


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
        host = await check_url(url, policy)
        async with client.stream("GET", url, headers=headers) as response:
            if host is not None:  # the address connected to, not only the one resolved
                check_peer(response, host)
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
