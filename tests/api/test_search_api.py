"""POST /api/v1/search and the health endpoints through the real app (lifespan included)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from tests.conftest import settings_for

from discovery.api.main import create_app

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def client(demo_db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    app = create_app(settings_for(demo_db_url, tmp_path_factory.mktemp("api")))
    with TestClient(app) as client:
        yield client


def test_search_returns_items_with_timings(client: TestClient) -> None:
    response = client.post("/api/v1/search", json={"query": "boxing match", "limit": 3})
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
def test_bad_search_requests_get_4xx_with_one_error_shape(
    client: TestClient, payload: dict, status: int, code: str
) -> None:
    response = client.post("/api/v1/search", json=payload)
    assert response.status_code == status
    assert response.json()["error"]["code"] == code
    assert response.json()["error"]["message"]


def test_health_and_readiness(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
    ready = client.get("/readyz")
    assert ready.status_code == 200 and ready.json()["database"] is True
