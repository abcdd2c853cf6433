"""Fetching cards from third-party URLs against a real HTTP server on loopback: the checks
(private addresses, redirects, size, type, time) and conditional requests."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import httpx
import pytest
from tests.catalog.a2a.card_server import CardServer, card, card_server

from discovery.catalog.a2a.fetch import FetchPolicy, fetch_json, public_address


@pytest.fixture
def server() -> Iterator[CardServer]:
    with card_server() as running:
        running.documents["/card.json"] = card()
        running.etags["/card.json"] = '"v1"'
        yield running


@pytest.fixture
async def client() -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(follow_redirects=False) as c:
        yield c


def trusting(server: CardServer, **overrides: object) -> FetchPolicy:
    """The policy of an operator who allowed this one host (`localhost:<port>`) by name."""
    fields = {"allowed_hosts": frozenset({f"localhost:{server.port}"}), "timeout_s": 1.0,
              "max_bytes": 100_000} | overrides  # fmt: skip
    return FetchPolicy(**fields)  # type: ignore[arg-type]


async def test_a_card_is_fetched_then_not_modified_on_its_etag(
    server: CardServer, client: httpx.AsyncClient
) -> None:
    first = await fetch_json(client, server.url("/card.json"), trusting(server))
    assert first.status == "ok" and first.document["name"] == "DelegateDesk"
    assert first.etag == '"v1"'
    again = await fetch_json(client, server.url("/card.json"), trusting(server), etag=first.etag)
    assert again.status == "not_modified" and again.document is None


async def test_loopback_is_refused_by_default(
    server: CardServer, client: httpx.AsyncClient
) -> None:
    got = await fetch_json(client, server.url("/card.json", "127.0.0.1"), FetchPolicy())
    assert got.status == "error" and "non-public" in (got.error or "")
    by_name = await fetch_json(client, server.url("/card.json"), FetchPolicy())
    assert by_name.status == "error" and "non-public" in (by_name.error or "")
    assert server.hits == []  # refused before any request was made


async def test_a_redirect_to_127_0_0_1_is_refused_even_from_an_allowed_host(
    server: CardServer, client: httpx.AsyncClient
) -> None:
    got = await fetch_json(client, server.url("/to-loopback"), trusting(server))
    assert got.status == "error" and "127.0.0.1" in (got.error or "")
    assert server.hits == ["/to-loopback"]


async def test_a_redirect_within_the_allowed_host_is_followed(
    server: CardServer, client: httpx.AsyncClient
) -> None:
    got = await fetch_json(client, server.url("/moved"), trusting(server))
    assert got.status == "ok" and got.url.endswith("/card.json")


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("/loop", "more than 3 redirects"),
        ("/invalid.json", "not valid JSON"),
        ("/page.html", "unexpected content type 'text/html'"),
        ("/huge.json", "too large"),
        ("/slow.json", "timed out"),
        ("/missing.json", "HTTP 404"),
    ],
)
async def test_what_goes_wrong_is_an_error_with_a_reason(
    server: CardServer, client: httpx.AsyncClient, path: str, message: str
) -> None:
    got = await fetch_json(client, server.url(path), trusting(server))
    assert got.status == "error"
    assert message in (got.error or "")


async def test_only_http_urls_are_fetched(client: httpx.AsyncClient) -> None:
    for url in ("file:///etc/passwd", "ftp://x.example/card.json", "/relative/card.json"):
        got = await fetch_json(client, url, FetchPolicy())
        assert got.status == "error" and "not an http(s) URL" in (got.error or "")


@pytest.mark.parametrize(
    ("address", "public"),
    [("8.8.8.8", True), ("2606:4700::1111", True), ("127.0.0.1", False), ("10.1.2.3", False),
     ("192.168.0.1", False), ("169.254.169.254", False), ("::1", False), ("fe80::1%eth0", False),
     ("::ffff:127.0.0.1", False), ("0.0.0.0", False), ("100.64.0.1", False)],
)  # fmt: skip
def test_public_addresses(address: str, public: bool) -> None:
    assert public_address(address) is public
