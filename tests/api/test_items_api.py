"""Items by id and "more like this" over HTTP (GET /api/v1/items/{id}[/similar]), on the demo
archive. Ids hold slashes; they are sent as they are and as %2F."""

from __future__ import annotations

from urllib.parse import quote

import httpx
import pytest

pytestmark = pytest.mark.integration


async def _an_id(client: httpx.AsyncClient, query: str = "jazz musicians") -> str:
    found = await client.post("/api/v1/search", json={"query": query, "limit": 1})
    return str(found.json()["tools"][0]["id"])


async def test_similar_items_are_nearest_first_and_never_the_item(
    client: httpx.AsyncClient,
) -> None:
    item_id = await _an_id(client)
    assert "/" in item_id
    response = await client.get(f"/api/v1/items/{quote(item_id, safe='')}/similar?limit=5")
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["item"]["id"] == item_id
    ids = [hit["id"] for hit in body["items"]]
    assert len(ids) == 5 and item_id not in ids
    scores = [hit["score"] for hit in body["items"]]
    assert scores == sorted(scores, reverse=True)
    assert all(hit["kind"] == "archive" for hit in body["items"])

    page = await client.get(f"/api/v1/items/{item_id}/similar", params={"limit": 5, "exclude": ids})
    assert page.status_code == 200
    assert not set(ids) & {hit["id"] for hit in page.json()["items"]}


async def test_similar_items_take_the_search_filters(client: httpx.AsyncClient) -> None:
    item_id = await _an_id(client)
    response = await client.get(
        f"/api/v1/items/{item_id}/similar",
        params={"media_type": "Painting", "date_from": 1800, "date_to": 1899, "limit": 3},
    )
    assert response.status_code == 200
    assert {hit["metadata"]["media_type"] for hit in response.json()["items"]} == {"painting"}


async def test_an_item_has_all_its_metadata(client: httpx.AsyncClient) -> None:
    item_id = await _an_id(client)
    response = await client.get(f"/api/v1/items/{item_id}")
    assert response.status_code == 200
    body = response.json()
    assert body["id"] == item_id
    assert {"creator", "date", "url", "thumbnail", "source"} <= set(body["metadata"])


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("/api/v1/items/cmoa:nope/similar", 404, "not_found"),
        ("/api/v1/items/cmoa:nope", 404, "not_found"),
        ("/api/v1/items/cmoa:x/similar?limit=0", 422, "validation_error"),
        ("/api/v1/items/cmoa:x/similar?limit=51", 422, "validation_error"),
        ("/api/v1/items/cmoa:x/similar?threshold=2", 422, "validation_error"),
        ("/api/v1/items/cmoa:x/similar?date_from=100000", 422, "validation_error"),
        (f"/api/v1/items/{'x' * 301}", 422, "validation_error"),
    ],
)
async def test_unknown_ids_and_bad_bounds_get_one_error_shape(
    client: httpx.AsyncClient, path: str, status: int, code: str
) -> None:
    response = await client.get(path)
    assert response.status_code == status, response.text
    assert response.json()["error"]["code"] == code
