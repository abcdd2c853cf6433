"""Request sizes: a long list is a 422 (its size is in the schema: test_openapi_docs.py), and a
body over the limit is a 413, whether its Content-Length says so or its bytes do."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from discovery.api.body_limit import BodyLimitMiddleware
from discovery.search.models import MAX_FILTER_VALUES

pytestmark = pytest.mark.integration


async def test_refuse_long_filter_list_with_422(client: httpx.AsyncClient) -> None:
    media_types = ["painting"] * (MAX_FILTER_VALUES + 1)
    answer = await client.post("/api/v1/search", json={"query": "x", "media_types": media_types})
    assert answer.status_code == 422
    assert answer.json()["error"]["details"][0]["field"] == "body.media_types"


async def test_refuse_body_over_the_limit_by_content_length(client: httpx.AsyncClient) -> None:
    big = {"query": "jazz", "media_types": ["x" * 100] * 20_000}  # the reported 10 MB list, 2 MB
    answer = await client.post("/api/v1/search", json=big)
    assert answer.status_code == 413
    assert answer.json()["error"]["code"] == "too_large"
    assert answer.headers["x-content-type-options"] == "nosniff"  # outer middleware still ran


async def test_refuse_streamed_body_over_the_limit(client: httpx.AsyncClient) -> None:
    async def chunks() -> AsyncIterator[bytes]:  # no Content-Length: the bytes are counted
        yield b'{"query": "jazz", "media_types": ['
        for _ in range(20_000):
            yield b'"' + b"x" * 100 + b'",'
        yield b'"x"]}'

    answer = await client.post(
        "/api/v1/search", content=chunks(), headers={"content-type": "application/json"}
    )
    assert answer.status_code == 413
    assert answer.json()["error"]["code"] == "too_large"


async def test_pass_body_under_the_limit(client: httpx.AsyncClient) -> None:
    answer = await client.post("/api/v1/search", json={"query": "jazz", "limit": 2})
    assert answer.status_code == 200


async def test_refuse_streamed_body_even_when_the_app_swallows_the_error() -> None:
    """A mounted app (MCP, GraphQL) may turn the interrupted read into its own answer: the
    client still gets the 413."""

    async def lenient(scope: Any, receive: Any, send: Any) -> None:
        try:
            while (await receive()).get("more_body"):
                pass
        except Exception:
            pass
        await send({"type": "http.response.start", "status": 500, "headers": []})
        await send({"type": "http.response.body", "body": b"oops"})

    app = BodyLimitMiddleware(lenient, limit=1024)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:

        async def chunks() -> AsyncIterator[bytes]:
            for _ in range(10):
                yield b"y" * 200

        assert (await client.post("/mcp", content=chunks())).status_code == 413
        assert (await client.post("/mcp", content=b"y" * 1000)).status_code == 500


def test_limit_uploads_by_their_own_limit(app: FastAPI) -> None:
    middleware = BodyLimitMiddleware(app, limit=1000, larger={"/api/v1/ingest/": 50_000})
    assert middleware.limit_for("/api/v1/ingest/archives") == 50_000
    assert middleware.limit_for("/api/v1/search") == 1000
