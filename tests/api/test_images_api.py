"""The image proxy over HTTP: a record's thumbnail from a real image host on loopback, served
from the app's origin with caching headers; only the thumbnail a record names is fetched."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI
from tests.api.conftest import asgi_client, running_app
from tests.conftest import create_database, settings_for
from tests.image_host import PNG, ImageHost, image_host

from discovery.catalog.archives.ingest import ingest_archives

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def host() -> Iterator[ImageHost]:
    with image_host() as running:
        yield running


def _record(item_id: str, thumbnail: str) -> dict:
    return {
        "id": item_id,
        "title": f"Streetcar on a snowy avenue ({item_id})",
        "creators": ["Charles Harris"],
        "creation_date": "c. 1950",
        "classification": "Photographic Negative",
        "web_url": "http://collection.example/1",
        "image_urls": [thumbnail] if thumbnail else [],
    }


@pytest.fixture(scope="module")
async def app(
    pg_uri: str, template_url: str, agent_data_dir: Path, host: ImageHost, tmp_path_factory
) -> AsyncIterator:
    """One app for the module (its agent reuses the session's trained intent model)."""
    tmp_path = tmp_path_factory.mktemp("images")
    settings = settings_for(
        create_database(pg_uri),
        agent_data_dir,
        discovery_image_fetch_allowed_hosts=host.allowed,
        discovery_agent_planner="local",
    )
    rows = [
        _record("t:photo", host.url("/photo.png")),
        _record("t:dead", host.url("/missing.png")),
        _record("t:page", host.url("/page.html")),
        _record("t:none", ""),
        _record("t:private", host.url("/photo.png", host="localhost")),
    ]
    source = tmp_path / "records.jsonl"
    source.write_text("\n".join(json.dumps(r) for r in rows))
    async with running_app(settings) as app:
        runtime = app.state.runtime
        await ingest_archives(runtime.db, runtime.embedder, [source], batch_size=10)
        yield app


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    async with asgi_client(app) as client:
        yield client


async def test_a_thumbnail_is_served_from_the_apps_origin_and_cached(
    client: httpx.AsyncClient, host: ImageHost
) -> None:
    response = await client.get("/api/images/t:photo")
    assert response.status_code == 200, response.text
    assert response.content == PNG
    assert response.headers["content-type"] == "image/png"
    assert "max-age=" in response.headers["cache-control"]
    assert response.headers["x-content-type-options"] == "nosniff"
    etag = response.headers["etag"]

    again = await client.get("/api/images/t:photo")
    assert again.content == PNG
    revalidated = await client.get("/api/images/t:photo", headers={"If-None-Match": etag})
    assert revalidated.status_code == 304
    assert host.hits.count("/photo.png") == 1


@pytest.mark.parametrize(
    ("item_id", "status", "code"),
    [
        ("t:dead", 502, "image_unavailable"),
        ("t:page", 502, "image_unavailable"),
        ("t:private", 502, "image_unavailable"),
        ("t:none", 404, "not_found"),
        ("t:unknown", 404, "not_found"),
    ],
)
async def test_what_cannot_be_served_gets_one_error_shape(
    client: httpx.AsyncClient, item_id: str, status: int, code: str
) -> None:
    response = await client.get(f"/api/images/{item_id}")
    assert response.status_code == status, response.text
    assert response.json()["error"]["code"] == code


async def test_the_proxy_takes_ids_not_urls(client: httpx.AsyncClient, host: ImageHost) -> None:
    before = len(host.hits)
    response = await client.get("/api/images/" + host.url("/photo.png"))
    assert response.status_code == 404
    assert len(host.hits) == before
