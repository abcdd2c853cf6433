"""Fetching URLs that third parties wrote (agent cards, thumbnails) without letting them reach
into the operator's own network.

Every request is checked: http or https only; the host's addresses (after DNS resolution) must
all be public, and so must the address actually connected to (a DNS answer that changes between
the check and the connection is caught there); a caller follows redirects itself and checks each
one the same way. Loopback, link-local, private, multicast, reserved and unspecified addresses
are refused unless `allow_private` is set, or the exact `host:port` is in `allowed_hosts`.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

import httpx

REDIRECTS = (301, 302, 303, 307, 308)


@dataclass(frozen=True)
class FetchPolicy:
    timeout_s: float = 5.0
    max_bytes: int = 512_000
    max_redirects: int = 3
    allow_private: bool = False
    allowed_hosts: frozenset[str] = frozenset()


class FetchRefused(Exception):
    """The request must not be made, or its answer cannot be used; the message says why."""


def public_address(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    # is_global leaves out private, loopback, link-local, shared (100.64/10), reserved and
    # unspecified addresses; multicast is refused too.
    return ip.is_global and not ip.is_multicast


async def check_url(url: str, policy: FetchPolicy) -> str | None:
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


def check_peer(response: httpx.Response, host: str) -> None:
    """Refuse an answer that came from a non-public address (checked after connecting)."""
    stream = response.extensions.get("network_stream")
    peer = stream.get_extra_info("server_addr") if stream is not None else None
    if peer and not public_address(str(peer[0])):
        raise FetchRefused(f"refused: {host} connected to a non-public address")
