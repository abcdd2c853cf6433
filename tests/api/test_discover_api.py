"""POST /api/v1/discover, /api/v1/capabilities and tool executions through the real app
(lifespan included), on a database of its own holding the small tool catalog; writes need the
API key, bad input is a 4xx with the one error body."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest
from fastapi import FastAPI
from pydantic import SecretStr
from tests.api.conftest import running_app
from tests.capability_catalog import tools_template  # noqa: F401
from tests.conftest import create_database, settings_for

pytestmark = pytest.mark.integration

KEY = "capabilities-key-0123456789"
AUTH = {"Authorization": f"Bearer {KEY}"}
READ = "tool:Files::read_file"


@pytest.fixture(scope="module")
async def app(pg_uri: str, tools_template: str, agent_data_dir: Path) -> AsyncIterator[FastAPI]:  # noqa: F811
    url = create_database(pg_uri, template=tools_template)
    settings = settings_for(
        url, agent_data_dir, discovery_api_keys=SecretStr(KEY), discovery_agent_planner="local"
    )
    async with running_app(settings) as app:
        yield app


def _run(code: str, success: bool = True, **fields: object) -> dict:
    return {
        "intent": "Print the contents of a text file",
        "code_snippet": code,
        "tools_used": ["Files::read_file"],
        "outcome": {"success": success, "duration_ms": 15.0},
    } | fields


async def test_a_first_successful_run_creates_a_capability_and_discover_finds_it(
    client: httpx.AsyncClient,
) -> None:
    created = await client.post("/api/v1/capabilities", json=_run("cat('a.txt')"), headers=AUTH)
    assert created.status_code == 201, created.text
    body = created.json()
    assert body["created"] is True
    capability = body["capability"]
    assert capability["tools_used"] == [READ] and capability["usage_count"] == 1
    again = await client.post(
        "/api/v1/capabilities", json=_run("cat('a.txt')", success=False), headers=AUTH
    )
    assert again.status_code == 200 and again.json()["created"] is False
    assert again.json()["capability"]["stats"]["failures"] == 1

    found = await client.post("/api/v1/discover", json={"intent": "read a file"})
    assert found.status_code == 200
    results = found.json()["results"]
    by_id = {r["id"]: r for r in results}
    assert by_id[capability["id"]]["type"] == "capability"
    assert by_id[capability["id"]]["code_snippet"] == "cat('a.txt')"
    assert by_id[READ]["type"] == "tool" and by_id[READ]["input_schema"]["type"] == "object"
    meta = found.json()["meta"]
    assert meta["returned_count"] == len(results) and meta["filter_type"] == "all"

    shown = await client.get(f"/api/v1/capabilities/{capability['id']}")
    assert shown.status_code == 200 and shown.json()["usage_count"] == 2
    listed = await client.get("/api/v1/capabilities")
    assert capability["id"] in [c["id"] for c in listed.json()]


async def test_a_failed_first_run_or_unknown_tools_create_nothing(
    client: httpx.AsyncClient,
) -> None:
    failed = await client.post(
        "/api/v1/capabilities", json=_run("nope()", success=False), headers=AUTH
    )
    assert failed.status_code == 422
    assert "created nothing" in failed.json()["error"]["message"]
    unknown = await client.post(
        "/api/v1/capabilities", json=_run("x()", tools_used=["Nowhere::x"]), headers=AUTH
    )
    assert unknown.status_code == 422 and "Nowhere::x" in unknown.json()["error"]["message"]


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"code_snippet": "print('\x07 bell')"}, "control character"),
        ({"parameters_schema": {"default": float("nan")}}, "not a finite number"),
    ],
)
async def test_a_capability_the_catalog_cannot_store_is_a_422(
    client: httpx.AsyncClient, fields: dict, problem: str
) -> None:
    body = json.dumps(_run("x()") | fields)  # NaN is sent as Python's json writes it
    headers = AUTH | {"content-type": "application/json"}
    response = await client.post("/api/v1/capabilities", content=body, headers=headers)
    assert response.status_code == 422, response.text
    assert problem in response.json()["error"]["message"]


async def test_runs_are_recorded_for_capabilities_and_tools(client: httpx.AsyncClient) -> None:
    created = (await client.post("/api/v1/capabilities", json=_run("head()"), headers=AUTH)).json()
    cid = created["capability"]["id"]
    run = {"success": False, "duration_ms": 3.5, "error": "file not found"}
    recorded = await client.post(f"/api/v1/capabilities/{cid}/executions", json=run, headers=AUTH)
    assert recorded.status_code == 201
    assert recorded.json()["stats"] | {"last_used_at": None} == {
        "executions": 2,
        "successes": 1,
        "failures": 1,
        "success_rate": 0.74,
        "usage_count": 2,
        "mean_duration_ms": 9.25,
        "last_used_at": None,
    }
    path = f"/api/v1/tools/{quote('tool:Files::write_file')}/executions"
    tool = await client.post(path, json={"success": True, "duration_ms": 2}, headers=AUTH)
    assert tool.status_code == 201 and tool.json()["item_id"] == "tool:Files::write_file"
    bare = await client.post(
        f"/api/v1/tools/{quote('Files::write_file')}/executions",
        json={"success": True, "duration_ms": 2},
        headers=AUTH,
    )
    assert bare.json()["stats"]["executions"] == 2
    missing = await client.post(
        "/api/v1/tools/tool%3ANope%3A%3Ax/executions",
        json={"success": True, "duration_ms": 1},
        headers=AUTH,
    )
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"
    not_a_capability = await client.post(
        f"/api/v1/capabilities/{quote(READ)}/executions", json=run, headers=AUTH
    )
    assert not_a_capability.status_code == 404


async def test_concurrent_runs_over_http_lose_no_update(client: httpx.AsyncClient) -> None:
    path = f"/api/v1/tools/{quote('tool:Git Tools::git_diff')}/executions"
    answers = await asyncio.gather(
        *(
            client.post(path, json={"success": i % 2 == 0, "duration_ms": 1}, headers=AUTH)
            for i in range(30)
        )
    )
    assert [a.status_code for a in answers] == [201] * 30
    final = await client.post(path, json={"success": True, "duration_ms": 1}, headers=AUTH)
    stats = final.json()["stats"]
    assert (stats["successes"], stats["failures"]) == (16, 15)


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("POST", "/api/v1/capabilities"),
        ("POST", "/api/v1/capabilities/capability:0/executions"),
        ("POST", "/api/v1/tools/tool:Files::read_file/executions"),
    ],
)
async def test_writes_need_a_key(client: httpx.AsyncClient, method: str, path: str) -> None:
    answer = await client.request(method, path, json={}, headers={"Authorization": "Bearer no"})
    assert answer.status_code == 401 and answer.json()["error"]["code"] == "unauthorized"


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"intent": "  "}, 400, "empty_query"),
        ({"intent": "x", "limit": 0}, 422, "validation_error"),
        ({"intent": "x", "limit": 51}, 422, "validation_error"),
        ({"intent": "x", "filter": {"type": "agent"}}, 422, "validation_error"),
        ({"intent": "x", "filter": {"minScore": 2}}, 422, "validation_error"),
        ({"limit": 3}, 422, "validation_error"),
    ],
)
async def test_bad_discover_requests_are_4xx_with_the_one_error_body(
    client: httpx.AsyncClient, body: dict, status: int, code: str
) -> None:
    answer = await client.post("/api/v1/discover", json=body)
    assert answer.status_code == status
    assert answer.json()["error"]["code"] == code
