"""The engine's search contract over HTTP (POST /api/v1/search, GET /api/v1/search/skills and
/search/tools) and the health endpoints, through the real app on the demo archive."""

from __future__ import annotations

import httpx
import pytest

pytestmark = pytest.mark.integration


async def test_search_returns_items_with_timings(client: httpx.AsyncClient) -> None:
    response = await client.post("/api/v1/search", json={"query": "boxing match", "limit": 3})
    assert response.status_code == 200
    body = response.json()
    assert body["query"] == "boxing match"
    assert 1 <= len(body["tools"]) <= 3
    assert body["tools"][0]["kind"] == "archive"
    for key in (
        "query_embedding_time_ms",
        "skill_search_time_ms",
        "tool_search_time_ms",
        "total_time_ms",
        "stage1_skill_count",
        "stage2_candidate_count",
        "final_count",
        "strategy_used",
        "skill_ids_used",
    ):
        assert key in body["metadata"]


@pytest.mark.parametrize(
    ("payload", "status", "code"),
    [
        ({"query": "  "}, 400, "empty_query"),
        ({"query": "x" * 1001}, 422, "validation_error"),
        ({"query": "jazz", "tool_threshold": 1.5}, 422, "validation_error"),
        ({"query": "jazz", "strategy": "magic"}, 422, "validation_error"),
        ({"query": "jazz", "limit": 0}, 422, "validation_error"),
        ({"query": "jazz", "date_from": 10**9}, 422, "validation_error"),
        ({}, 422, "validation_error"),
    ],
)
async def test_bad_search_requests_get_4xx_with_one_error_shape(
    client: httpx.AsyncClient, payload: dict, status: int, code: str
) -> None:
    response = await client.post("/api/v1/search", json=payload)
    assert response.status_code == status
    assert response.json()["error"]["code"] == code
    assert response.json()["error"]["message"]


async def test_skill_search_ranks_skills_by_similarity(client: httpx.AsyncClient) -> None:
    response = await client.get(
        "/api/v1/search/skills", params={"query": "oil painting of a landscape", "threshold": 0}
    )
    assert response.status_code == 200
    skills = response.json()
    assert isinstance(skills, list) and skills, "a bare array; the demo archive has skills"
    scores = [s["score"] for s in skills]
    assert scores == sorted(scores, reverse=True)
    assert all(s["tool_count"] > 0 for s in skills)
    assert set(skills[0]) == {"id", "name", "description", "parent_domain", "tool_count", "score"}
    timing = response.headers["server-timing"]
    assert "embed;dur=" in timing and "total;dur=" in timing


async def test_tool_search_keeps_to_the_given_skills(client: httpx.AsyncClient) -> None:
    skills = (
        await client.get("/api/v1/search/skills", params={"query": "painting", "threshold": 0})
    ).json()
    chosen = skills[0]["id"]
    response = await client.get(
        "/api/v1/search/tools",
        params={"query": "portrait", "skill_ids": f" {chosen} ,", "limit": 7},
    )
    assert response.status_code == 200
    tools = response.json()
    assert isinstance(tools, list) and 0 < len(tools) <= 7
    assert response.headers["x-search-strategy"] == "direct"
    assert all(chosen in t["skill_ids"] for t in tools)
    unfiltered = (
        await client.get("/api/v1/search/tools", params={"query": "portrait", "limit": 7})
    ).json()
    assert unfiltered and {t["kind"] for t in unfiltered} == {"archive"}


@pytest.mark.parametrize(
    ("path", "params"),
    [
        ("/api/v1/search/skills", {"query": " "}),
        ("/api/v1/search/skills", {"query": "jazz", "threshold": 2}),
        ("/api/v1/search/tools", {"query": "jazz", "limit": 500}),
        ("/api/v1/search/tools", {"query": "jazz", "item_type": "spaceship"}),
        ("/api/v1/search/tools", {}),
    ],
)
async def test_bad_skill_and_tool_searches_get_4xx(
    client: httpx.AsyncClient, path: str, params: dict
) -> None:
    response = await client.get(path, params=params)
    assert response.status_code in (400, 422)
    assert response.json()["error"]["code"] in ("empty_query", "validation_error")


async def test_health_and_readiness(client: httpx.AsyncClient) -> None:
    assert (await client.get("/healthz")).json() == {"status": "ok"}
    ready = await client.get("/readyz")
    assert ready.status_code == 200
    assert ready.json()["database"] is True and ready.json()["embedder"] is True


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/v1/search", '{"query": "\\ud800 jazz"}'),
        ("/api/v1/search", '{"query": "jazz", "media_types": ["photo\\udfff"]}'),
        ("/api/v1/search", '{"query": "jazz", "skill_ids": ["heritage.music\\u0000"]}'),
        ("/api/ai-search", '{"query": "\\ud800 jazz"}'),
        ("/api/v1/discover", '{"intent": "read a \\ud83c file"}'),
        ("/api/agents/semantic-search", '{"text": "\\ud800 members"}'),
    ],
)
async def test_post_bad_unicode_anywhere_gets_422(
    client: httpx.AsyncClient, path: str, body: str
) -> None:
    response = await client.post(path, content=body, headers={"content-type": "application/json"})
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["code"] == "validation_error"
    assert "surrogate" in error["message"] or "NUL" in error["message"]


async def test_search_similar_to_answers_like_the_items_similar_route(
    client: httpx.AsyncClient,
) -> None:
    found = await client.post("/api/v1/search", json={"query": "boxing match", "limit": 1})
    item_id = found.json()["tools"][0]["id"]
    response = await client.post(
        "/api/v1/search", json={"similar_to": item_id, "limit": 5, "tool_threshold": 0}
    )
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["query"].startswith("like: ")
    similar = await client.get(f"/api/v1/items/{item_id}/similar", params={"limit": 5})
    assert [h["id"] for h in body["tools"]] == [h["id"] for h in similar.json()["items"]]
    shown = [h["id"] for h in body["tools"]]
    more = await client.post(
        "/api/v1/search", json={"similar_to": item_id, "exclude_ids": shown, "limit": 5}
    )
    assert more.status_code == 200 and not set(shown) & {h["id"] for h in more.json()["tools"]}


@pytest.mark.parametrize(
    ("payload", "status", "code"),
    [
        ({"limit": 3}, 422, "validation_error"),
        ({"similar_to": "cmoa:nope"}, 404, "not_found"),
        ({"similar_to": "cmoa:x", "exclude_ids": ["a"] * 101}, 422, "validation_error"),
    ],
)
async def test_search_similar_to_refuses_bad_requests(
    client: httpx.AsyncClient, payload: dict[str, object], status: int, code: str
) -> None:
    response = await client.post("/api/v1/search", json=payload)
    assert response.status_code == status, response.text
    assert response.json()["error"]["code"] == code
    if payload == {"limit": 3}:
        assert "give a query, or an item id as similar_to" in response.text
