"""The agent search over HTTP: the admin console's REST request, the same over GraphQL, the
intent list, keys, and bad input as 4xx / GraphQL errors with a code (never a 500)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI
from pydantic import SecretStr
from tests.api.conftest import API_KEY, asgi_client, running_app
from tests.conftest import settings_for

from discovery.api.graphql.schema import SDL_FILE, schema

pytestmark = pytest.mark.integration
ADD = "governance_and_trust/membership/add_member"
AUTH = {"Authorization": f"Bearer {API_KEY}"}

SEARCH = """query Search($input: SemanticAgentSearchInput!) {
  semanticAgentSearch(input: $input) {
    total byChain requiredSkills queryText intentType notice
    matches { score matchedSkills missingSkills coverage matchReasons live verified
              agent { id chainId agentId name a2aSkills endpoints { name endpoint } } }
  }
}"""


@pytest.fixture(scope="module")
async def app(agents_db_url: str, agent_data_dir: Path) -> AsyncIterator[FastAPI]:
    settings = settings_for(
        agents_db_url,
        agent_data_dir,
        discovery_api_keys=SecretStr(API_KEY),
        discovery_protect_reads=True,
        discovery_agent_planner="local",
    )
    async with running_app(settings) as app:
        yield app


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    async with asgi_client(app) as client:
        client.headers.update(AUTH)
        yield client


async def test_both_console_requests_return_the_holders_of_add_member(
    client: httpx.AsyncClient,
) -> None:
    as_json = json.dumps({"intentType": "governance.membership.add"})
    for body in ({"intentType": "governance.membership.add", "topK": 10}, {"intentJson": as_json}):
        response = await client.post("/api/agents/semantic-search", json=body)
        assert response.status_code == 200, response.text
        found = response.json()
        assert found["requiredSkills"] == [ADD] and found["total"] == 2
        assert {m["agent"]["id"] for m in found["matches"]} == {"agent:8453:101", "agent:1:42"}
        match = found["matches"][0]
        assert match["matchedSkills"] == [ADD] and match["coverage"] == 1.0
        assert {"agentId", "chainId", "cardUrl", "endpoints", "skills"} <= set(match["agent"])
        assert found["byChain"] == {"8453": 1, "1": 1}


async def test_graphql_answers_what_rest_answers(client: httpx.AsyncClient) -> None:
    rest = (
        await client.post(
            "/api/agents/semantic-search", json={"intentType": "governance.membership.add"}
        )
    ).json()
    response = await client.post(
        "/graphql",
        json={"query": SEARCH, "variables": {"input": {"intentType": "governance.membership.add"}}},
    )
    assert response.status_code == 200
    data = response.json()["data"]["semanticAgentSearch"]
    assert [m["agent"]["id"] for m in data["matches"]] == [
        m["agent"]["id"] for m in rest["matches"]
    ]
    assert [m["score"] for m in data["matches"]] == [m["score"] for m in rest["matches"]]
    assert data["total"] == rest["total"] and data["byChain"] == rest["byChain"]
    assert data["matches"][0]["agent"]["a2aSkills"][0] == ADD


async def test_graphql_lists_agents_with_the_where_filters(client: httpx.AsyncClient) -> None:
    where = '{a2aSkills_in: ["' + ADD + '"], chainId: "1"}'
    query = "{ agents(where: " + where + ", first: 5) { total agents { name chainId } } }"
    page = (await client.post("/graphql", json={"query": query})).json()["data"]["agents"]
    assert page == {"total": 1, "agents": [{"name": "Onboarder", "chainId": "1"}]}
    named = """{ agents(where: {name_contains: "veri"}) { total } }"""
    assert (await client.post("/graphql", json={"query": named})).json()["data"]["agents"][
        "total"
    ] == 2


@pytest.mark.parametrize(
    ("variables", "words"),
    [
        ({"intentJson": "{oops"}, "not JSON"),
        ({"intentType": "nope"}, "known intent types"),
        ({}, "give an intentType"),
        ({"text": "x", "topK": 500}, "not valid"),
        ({"text": "x", "minScore": 2}, "not valid"),
    ],
)
async def test_graphql_bad_input_is_an_error_with_a_code(
    client: httpx.AsyncClient, variables: dict, words: str
) -> None:
    response = await client.post(
        "/graphql", json={"query": SEARCH, "variables": {"input": variables}}
    )
    assert response.status_code == 200
    [error] = response.json()["errors"]
    assert error["extensions"]["code"] == "BAD_USER_INPUT" and words in error["message"]


async def test_graphql_queries_are_bounded(client: httpx.AsyncClient) -> None:
    deep = "{ agents { agents { endpoints { name } } } }"
    assert "errors" not in (await client.post("/graphql", json={"query": deep})).json()
    aliases = "{ " + " ".join(f"a{i}: intents {{ id }}" for i in range(12)) + " }"
    for _ in range(2):  # the second time from the validation cache: refused all the same
        errors = (await client.post("/graphql", json={"query": aliases})).json()["errors"]
        assert "aliases" in errors[0]["message"].lower()
    page = "{ agents(first: 1000) { total } }"
    errors = (await client.post("/graphql", json={"query": page})).json()["errors"]
    assert errors[0]["extensions"]["code"] == "BAD_USER_INPUT"


async def test_graphql_validates_a_repeated_document_once(client: httpx.AsyncClient) -> None:
    """A console sends the same document with new variables: it is parsed and validated once
    (the limits are rules made once, so the validation cache can hit)."""
    from strawberry.extensions.validation_cache import _get_validate_cache

    cache = _get_validate_cache(256)
    bodies = [{"query": SEARCH, "variables": {"input": {"text": f"members {i}"}}} for i in range(3)]
    first = await client.post("/graphql", json=bodies[0])
    assert "errors" not in first.json()
    hits = cache.cache_info().hits
    for body in bodies[1:]:
        assert "errors" not in (await client.post("/graphql", json=body)).json()
    assert cache.cache_info().hits == hits + 2


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"intentJson": "not json"}, 422, "validation_error"),
        ({"intentJson": '{"query": "x"}'}, 422, "validation_error"),
        ({"intentType": "governance.membership.invite"}, 422, "validation_error"),
        ({}, 400, "empty_query"),
        ({"text": "add a member", "topK": 0}, 422, "validation_error"),
        ({"text": "add a member", "topK": 201}, 422, "validation_error"),
        ({"text": "add a member", "minScore": 1.5}, 422, "validation_error"),
        ({"text": "x" * 1001}, 422, "validation_error"),
    ],
)
async def test_rest_bad_input_is_a_4xx(
    client: httpx.AsyncClient, body: dict, status: int, code: str
) -> None:
    response = await client.post("/api/agents/semantic-search", json=body)
    assert response.status_code == status
    assert response.json()["error"]["code"] == code


async def test_reads_need_the_bearer_key_when_protected(app: FastAPI) -> None:
    async with asgi_client(app) as anonymous:
        body = {"intentType": "governance.membership.add"}
        assert (await anonymous.post("/api/agents/semantic-search", json=body)).status_code == 401
        assert (
            await anonymous.post("/graphql", json={"query": "{ intents { id } }"})
        ).status_code == 401
        ok = await anonymous.post("/api/agents/semantic-search", json=body, headers=AUTH)
        assert ok.status_code == 200


async def test_the_intent_list_is_the_registry(client: httpx.AsyncClient) -> None:
    intents = (await client.get("/api/v1/intents")).json()
    assert len(intents) == 16
    add = next(i for i in intents if i["id"] == "governance.membership.add")
    assert add["requiredSkills"] == [ADD] and add["executable"] is True
    assert sum(not i["executable"] for i in intents) == 3


async def test_sync_needs_a_key_and_reports_its_progress(app: FastAPI) -> None:
    async with asgi_client(app) as anonymous:
        assert (await anonymous.post("/api/v1/agents/sync")).status_code == 401
        started = await anonymous.post("/api/v1/agents/sync", headers=AUTH)
        assert started.status_code == 202 and started.json()["state"] == "running"
        for _ in range(100):
            status = (await anonymous.get("/api/v1/agents/sync", headers=AUTH)).json()
            if status["state"] != "running":
                break
            await asyncio.sleep(0.1)
        # the fixture's card URLs are public hosts this machine cannot reach: failures recorded
        assert status["state"] == "done" and status["agents"] == 2
        assert status["failed"] == 2 and len(status["errors"]) == 2


def test_the_printed_sdl_is_current() -> None:
    assert SDL_FILE.read_text() == schema.as_str() + "\n", (
        "schema.graphql is stale: uv run discovery graphql-schema --out " + str(SDL_FILE)
    )
