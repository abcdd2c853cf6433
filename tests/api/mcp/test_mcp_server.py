"""The MCP server driven by the `mcp` SDK's own client: in memory (the SDK's in-memory
streams), and over streamable HTTP against the real app served by uvicorn on a loopback port
(API keys configured, so the transport needs one). Real embedded PostgreSQL and local model."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import httpx2
import pytest
from fastapi import FastAPI
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from pydantic import SecretStr
from tests.api.conftest import running_app, serve
from tests.api.mcp.mcp_checks import NAMES, READ, add_capability, check_read_a_file
from tests.capability_catalog import tools_rt, tools_template, tools_url  # noqa: F401
from tests.conftest import create_database, settings_for

from discovery.api.mcp.output_schema import flat_schema
from discovery.api.mcp.registry import TOOLS
from discovery.api.mcp.server import build_mcp_server
from discovery.runtime import Runtime
from discovery.search.discover_models import DiscoverResponse

pytestmark = pytest.mark.integration

KEY = "mcp-key-0123456789"


@asynccontextmanager
async def in_memory(rt: Runtime) -> AsyncIterator[Client]:
    @asynccontextmanager
    async def lifespan(_: object) -> AsyncIterator[Runtime]:
        yield rt

    async with Client(build_mcp_server(lifespan), mode="legacy") as client:
        yield client


async def test_the_tools_are_listed_with_their_schemas(tools_rt: Runtime) -> None:  # noqa: F811
    async with in_memory(tools_rt) as client:
        listed = {t.name: t for t in (await client.list_tools()).tools}
    assert set(listed) == NAMES == {t.name for t in TOOLS}
    for name in ("search_tools", "search_capabilities"):
        assert (listed[name].description or "").startswith("[DEPRECATED] use discover")
    schema = listed["discover"].input_schema
    assert schema["required"] == ["intent"]
    limit = schema["properties"]["limit"]
    assert (limit["minimum"], limit["maximum"], limit["default"]) == (1, 50, 10)
    assert schema["$defs"]["DiscoverFilter"]["properties"]["minScore"]["maximum"] == 1
    assert listed["discover"].output_schema == flat_schema(DiscoverResponse)  # no $refs
    agents = listed["find_agents"].input_schema["properties"]
    assert agents["limit"]["maximum"] == 50 and "intent_type" in agents


async def test_discover_over_memory_streams_ranks_tools_and_capabilities(tools_rt: Runtime) -> None:  # noqa: F811
    capability_id = await add_capability(tools_rt)
    async with in_memory(tools_rt) as client:
        result = await client.call_tool("discover", {"intent": "read a file"})
        check_read_a_file(result, capability_id)
        related = await client.call_tool(
            "discover",
            {
                "intent": "read_file",
                "limit": 1,
                "include_related": True,
                "filter": {"type": "tool", "minScore": 0.1},
            },
        )
    first = related.structured_content["results"][0]
    assert first["id"] == READ and first["exact_match"] and first["related_tools"] == []


async def test_bad_arguments_are_tool_errors_and_the_session_goes_on(tools_rt: Runtime) -> None:  # noqa: F811
    bad = [
        ({"intent": "   "}, "intent: the query is empty"),
        ({"intent": "x", "limit": 51}, "less than or equal to 50"),
        ({"intent": "x", "limit": 0}, "greater than or equal to 1"),
        ({"intent": "x", "filter": {"type": "agent"}}, "'tool', 'capability' or 'all'"),
        ({"intent": "x", "filter": {"minScore": 1.5}}, "less than or equal to 1"),
        ({"limit": 3}, "intent"),
    ]
    async with in_memory(tools_rt) as client:
        for arguments, message in bad:
            result = await client.call_tool("discover", arguments)
            assert result.is_error, arguments
            assert message in result.content[0].text, result.content[0].text
        fine = await client.call_tool("discover", {"intent": "git status"})
    assert not fine.is_error and fine.structured_content["results"]


async def test_the_deprecated_tools_still_answer_and_log_a_warning(
    tools_rt: Runtime,  # noqa: F811
    caplog: pytest.LogCaptureFixture,
) -> None:
    capability_id = await add_capability(tools_rt)
    async with in_memory(tools_rt) as client:
        with caplog.at_level(logging.WARNING, logger="discovery.api.mcp.tools"):
            tools = await client.call_tool("search_tools", {"query": "read a text file"})
            caps = await client.call_tool("search_capabilities", {"query": "read a text file"})
    assert READ in [hit["id"] for hit in tools.structured_content["items"]]
    assert tools.structured_content["items"][0]["metadata"]["input_schema"] is not None
    assert [c["id"] for c in caps.structured_content["capabilities"]] == [capability_id]
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert warnings == [
        "event=mcp_tool_deprecated tool=search_tools use=discover",
        "event=mcp_tool_deprecated tool=search_capabilities use=discover",
    ]


@pytest.fixture(scope="module")
async def served(
    pg_uri: str,
    tools_template: str,  # noqa: F811
    agent_data_dir: Path,
) -> AsyncIterator[tuple[str, str]]:
    """The real app (REST, MCP at /mcp) on a loopback port, with a capability in its catalog."""
    settings = settings_for(
        create_database(pg_uri, template=tools_template),
        agent_data_dir,
        discovery_api_keys=SecretStr(KEY),
        discovery_agent_planner="local",
    )
    app: FastAPI
    async with running_app(settings) as app:
        capability_id = await add_capability(app.state.runtime)
        async for url in serve(app):
            yield url, capability_id


async def test_discover_over_streamable_http_with_an_api_key(served: tuple[str, str]) -> None:
    url, capability_id = served
    headers = {"Authorization": f"Bearer {KEY}"}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(30, read=300)) as http,
        Client(streamable_http_client(f"{url}/mcp", http_client=http)) as client,
    ):
        assert {t.name for t in (await client.list_tools()).tools} == NAMES
        check_read_a_file(
            await client.call_tool("discover", {"intent": "read a file"}), capability_id
        )
        refused = await client.call_tool("discover", {"intent": ""})
        assert refused.is_error
        again = await client.call_tool("discover", {"intent": "commit my changes"})
        assert not again.is_error


async def test_the_http_transport_needs_a_key_when_keys_are_configured(
    served: tuple[str, str],
) -> None:
    url, _ = served
    body = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}
    async with httpx.AsyncClient(base_url=url) as http:
        answers = [
            await http.post("/mcp", json=body, headers=headers)
            for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": KEY})
        ]
    for answer in answers:
        assert answer.status_code == 401
        assert answer.json()["error"]["code"] == "unauthorized"
        assert answer.headers["www-authenticate"] == "Bearer"
    with pytest.raises(Exception):  # noqa: B017 (the SDK's own error for a refused connection)
        async with Client(f"{url}/mcp") as client:
            await client.list_tools()


async def test_the_http_transport_answers_a_request_with_one_json_body(
    served: tuple[str, str],
) -> None:
    """The spec's JSON response mode: no tool streams progress, so a call is answered with one
    JSON body rather than an SSE stream (less framing on every call)."""
    url, _ = served
    body = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                       "clientInfo": {"name": "test", "version": "1"}}}  # fmt: skip
    headers = {"Authorization": f"Bearer {KEY}", "Accept": "application/json, text/event-stream"}
    async with httpx.AsyncClient(base_url=url) as http:
        answer = await http.post("/mcp", json=body, headers=headers)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/json")
    assert answer.json()["result"]["serverInfo"]["name"] == "discovery"


async def test_search_archives_answers_from_the_archive(demo_runtime: Runtime) -> None:
    async with in_memory(demo_runtime) as client:
        result = await client.call_tool(
            "search_archives", {"query": "jazz musicians on stage", "limit": 3}
        )
        filtered = await client.call_tool(
            "search_archives",
            {"query": "portrait", "media_types": ["painting"], "date_from": 1800, "date_to": 1899},
        )
    assert not result.is_error
    items = result.structured_content["items"]
    assert 1 <= len(items) <= 3 and all(hit["kind"] == "archive" for hit in items)
    assert result.content[0].text.startswith(f"{len(items)} results for 'jazz musicians on stage'")
    paintings = filtered.structured_content["items"]
    assert paintings and all(hit["metadata"]["media_type"] == "painting" for hit in paintings)


async def test_find_agents_answers_an_intent_from_the_registry(agents_runtime: Runtime) -> None:
    async with in_memory(agents_runtime) as client:
        result = await client.call_tool("find_agents", {"intent_type": "governance.membership.add"})
        both = await client.call_tool("find_agents", {
            "text": "check who belongs to our DAO", "require_all_skills": True,
            "required_skills": ["governance_and_trust/membership/add_member",
                                "governance_and_trust/membership/verify_membership"]})  # fmt: skip
        unknown = await client.call_tool("find_agents", {"intent_type": "no.such.intent"})
        empty = await client.call_tool("find_agents", {})
    assert not result.is_error
    ids = {m["agent"]["id"] for m in result.structured_content["matches"]}
    assert ids == {"agent:8453:101", "agent:1:42"}
    assert result.structured_content["requiredSkills"] == [
        "governance_and_trust/membership/add_member"
    ]
    assert result.content[0].text.startswith("2 of 2 agents for ")
    assert [m["agent"]["id"] for m in both.structured_content["matches"]] == ["agent:1:42"]
    assert unknown.is_error and "invalid arguments" in unknown.content[0].text
    assert empty.is_error
