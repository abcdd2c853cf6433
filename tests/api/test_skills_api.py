"""/api/v1/skills and /api/v1/skills/suggestions through the real app (lifespan included), on a
database of its own holding the small tool catalog; writes need the API key."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from pydantic import SecretStr
from tests.api.conftest import running_app
from tests.conftest import settings_for
from tests.tool_catalog import tools_db_url  # noqa: F401 (fixture)

from discovery.api.deps import get_runtime
from discovery.embeddings import Embedder, EmbeddingModelError

pytestmark = pytest.mark.integration

KEY = "skills-key-0123456789"
AUTH = {"Authorization": f"Bearer {KEY}"}


@pytest.fixture(scope="module")
async def app(tools_db_url: str, agent_data_dir: Path) -> AsyncIterator[FastAPI]:  # noqa: F811
    settings = settings_for(tools_db_url, agent_data_dir, discovery_api_keys=SecretStr(KEY),
                            discovery_agent_planner="local")  # fmt: skip
    async with running_app(settings) as app:
        yield app


async def test_list_and_get_skills_are_open_reads(client: httpx.AsyncClient) -> None:
    listed = (await client.get("/api/v1/skills", params={"parent_domain": "tools"})).json()
    weather = next(s for s in listed if s["id"] == "tools.weather")
    assert weather["tool_count"] == 2 and weather["vector_source"] == "centroid"
    one = await client.get("/api/v1/skills/tools.weather")
    assert one.status_code == 200 and one.json()["name"] == weather["name"]
    missing = await client.get("/api/v1/skills/tools.nope")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("POST", "/api/v1/skills"),
        ("PUT", "/api/v1/skills/tools.weather"),
        ("PATCH", "/api/v1/skills/tools.weather"),
        ("DELETE", "/api/v1/skills/tools.weather"),
        ("POST", "/api/v1/skills/suggestions/1/approve"),
        ("POST", "/api/v1/skills/suggestions/1/reject"),
    ],
)
async def test_writes_without_a_valid_key_are_refused(
    client: httpx.AsyncClient, method: str, path: str
) -> None:
    for headers in ({}, {"Authorization": "Bearer wrong-key"}):
        response = await client.request(method, path, headers=headers, json={})
        assert response.status_code == 401, (method, path)
    assert (await client.get("/api/v1/skills/tools.weather")).json()["is_active"] is True


async def test_create_update_and_delete_a_skill(client: httpx.AsyncClient) -> None:
    body = {"id": "tools.quantum", "name": "Quantum hardware",
            "description": "Calibrate and control qubits, pulses and cryostats.",
            "keywords": ["qubit", "pulse"]}  # fmt: skip
    created = await client.post("/api/v1/skills", json=body, headers=AUTH)
    assert created.status_code == 201
    assert created.json()["tool_count"] == 0 and created.json()["vector_source"] == "description"
    again = await client.post("/api/v1/skills", json=body, headers=AUTH)
    assert again.status_code == 409
    patched = await client.patch("/api/v1/skills/tools.quantum", json={"is_active": False},
                                 headers=AUTH)  # fmt: skip
    assert patched.json()["is_active"] is False and patched.json()["keywords"] == ["qubit", "pulse"]
    put = await client.put("/api/v1/skills/tools.quantum", headers=AUTH,
                           json={"name": "Qubits", "description": "Qubit control."})  # fmt: skip
    assert put.json()["name"] == "Qubits" and put.json()["keywords"] == []
    assert (await client.delete("/api/v1/skills/tools.quantum", headers=AUTH)).status_code == 204
    assert (await client.get("/api/v1/skills/tools.quantum")).status_code == 404
    bad = await client.post("/api/v1/skills", headers=AUTH, json={"id": "Bad Id!", "name": "x"})
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "validation_error"


async def test_approving_a_suggestion_creates_the_skill_and_places_its_tools(
    client: httpx.AsyncClient,
) -> None:
    pending = (await client.get("/api/v1/skills/suggestions")).json()
    qubit = next(s for s in pending if "tool:Qubit Lab::calibrate_pulse" in s["example_item_ids"])
    assert qubit["status"] == "pending" and qubit["reason"]
    approved = await client.post(
        f"/api/v1/skills/suggestions/{qubit['id']}/approve", headers=AUTH,
        json={"id": "tools.qubits", "name": "Qubit control",
              "description": "Calibrate superconducting qubits: microwave pulses, cryostats.",
              "keywords": ["qubit", "pulse", "cryostat", "superconducting"]},
    )  # fmt: skip
    assert approved.status_code == 200, approved.text
    assert approved.json()["skill"]["id"] == "tools.qubits"
    assert approved.json()["skill"]["tool_count"] == len(qubit["example_item_ids"])
    assert approved.json()["skill"]["vector_source"] == "centroid"
    found = await client.post("/api/v1/search", json={
        "query": "tune the microwave pulse of a superconducting qubit", "item_type": "tool",
        "strategy": "hierarchical", "skill_threshold": 0.2, "include_schemas": True,
    })  # fmt: skip
    body = found.json()
    assert body["metadata"]["strategy_used"] == "hierarchical"
    assert body["tools"][0]["id"] == "tool:Qubit Lab::calibrate_pulse"
    assert body["tools"][0]["primary_skill_id"] == "tools.qubits"
    assert body["tools"][0]["metadata"]["input_schema"]["properties"] == {
        "qubit": {"type": "integer"}
    }
    twice = await client.post(f"/api/v1/skills/suggestions/{qubit['id']}/approve", headers=AUTH)
    assert twice.status_code == 404
    reviewed = (
        await client.get("/api/v1/skills/suggestions", params={"status": "approved"})
    ).json()
    assert [s["skill_id"] for s in reviewed] == ["tools.qubits"]


async def test_search_api_leaves_schemas_out_unless_asked(client: httpx.AsyncClient) -> None:
    query = {"query": "show git working tree status", "limit": 1}
    plain = (await client.post("/api/v1/search", json=query)).json()
    assert "input_schema" not in plain["tools"][0]["metadata"]
    full = (await client.post("/api/v1/search", json=query | {"include_schemas": True})).json()
    assert full["tools"][0]["metadata"]["input_schema"]["required"] == ["repo_path"]


async def test_rejecting_unknown_or_reviewed_suggestions_is_404(client: httpx.AsyncClient) -> None:
    response = await client.post("/api/v1/skills/suggestions/99999/reject", headers=AUTH)
    assert response.status_code == 404


class FailingEmbedder:
    """The embedder as a remote model's outage looks (the edge, faked): every call raises."""

    def __init__(self, real: Embedder) -> None:
        self.model_id, self.dim = real.model_id, real.dim

    def embed_query(self, text: str) -> Any:
        raise EmbeddingModelError("the embedding service is down")

    def embed_documents(self, texts: Any) -> Any:
        raise EmbeddingModelError("the embedding service is down")

    def cache_clear(self) -> None:
        pass


async def test_create_skill_when_embedding_fails_leaves_no_row(
    app: FastAPI, client: httpx.AsyncClient
) -> None:
    runtime = app.state.runtime
    failing = replace(runtime, embedder=FailingEmbedder(runtime.embedder))
    body = {"id": "tools.retry", "name": "Retried", "description": "Created on the second try."}
    app.dependency_overrides[get_runtime] = lambda: failing
    try:
        failed = await client.post("/api/v1/skills", json=body, headers=AUTH)
    finally:
        app.dependency_overrides.clear()
    assert failed.status_code == 503 and failed.headers["Retry-After"]
    assert failed.json()["error"]["code"] == "embedding_unavailable"
    assert (await client.get("/api/v1/skills/tools.retry")).status_code == 404
    retried = await client.post("/api/v1/skills", json=body, headers=AUTH)
    assert retried.status_code == 201 and retried.json()["vector_source"] == "description"
    assert (await client.delete("/api/v1/skills/tools.retry", headers=AUTH)).status_code == 204


async def test_patch_and_delete_skill_concurrently_answer_cleanly(
    client: httpx.AsyncClient,
) -> None:
    ids = [f"tools.race{n}" for n in range(24)]
    for skill_id in ids:
        body = {"id": skill_id, "name": skill_id, "description": "Raced by a PATCH and a DELETE."}
        assert (await client.post("/api/v1/skills", json=body, headers=AUTH)).status_code == 201

    async def pair(skill_id: str) -> tuple[int, int]:
        patch, delete = await asyncio.gather(
            client.patch(f"/api/v1/skills/{skill_id}", headers=AUTH,
                         json={"description": "Changed while it was deleted."}),
            client.delete(f"/api/v1/skills/{skill_id}", headers=AUTH),
        )  # fmt: skip
        return patch.status_code, delete.status_code

    results = await asyncio.gather(*(pair(skill_id) for skill_id in ids))
    assert {delete for _, delete in results} == {204}
    assert {patch for patch, _ in results} <= {200, 404}
    for skill_id in ids:
        assert (await client.get(f"/api/v1/skills/{skill_id}")).status_code == 404
