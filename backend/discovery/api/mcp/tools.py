"""The MCP tools: each a thin adapter that parses its arguments, calls one service of the
runtime (the MCP server's lifespan value), and formats a short text plus structured content.
Bad arguments and expected failures are tool errors (`is_error`), never a broken session."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, cast

from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, TextContent
from pydantic import BaseModel, Field

from discovery.api.mcp.output_schema import McpDiscoverResponse
from discovery.db import DatabaseUnavailable, ItemKind, MissingEmbeddingsError
from discovery.logs import log_event
from discovery.runtime import Runtime
from discovery.search.agent_models import AgentSearchRequest, AgentSearchResult
from discovery.search.discover_models import (
    CapabilityResult,
    DiscoverFilter,
    DiscoverRequest,
    DiscoverResponse,
)
from discovery.search.models import MAX_QUERY_CHARS, InvalidRequest, SearchRequest
from discovery.search.results import SearchResponse
from discovery.text import RequestModel

log = logging.getLogger(__name__)

Text = Annotated[str, Field(min_length=1, max_length=MAX_QUERY_CHARS)]


class CapabilitySearch(RequestModel):
    query: str
    capabilities: list[CapabilityResult]


@contextmanager
def tool_errors() -> Iterator[None]:
    """What a caller can fix or retry becomes a tool error with a clear message."""
    try:
        yield
    except InvalidRequest as exc:
        raise ToolError(f"invalid arguments: {exc}") from None
    except MissingEmbeddingsError as exc:
        raise ToolError(str(exc)) from None
    except DatabaseUnavailable:
        raise ToolError("the database is unavailable; retry shortly") from None


def _runtime(ctx: Context) -> Runtime:
    return cast(Runtime, ctx.request_context.lifespan_context)


def _result(text: str, structured: BaseModel) -> CallToolResult:
    return CallToolResult(
        content=[TextContent(type="text", text=text)],
        structured_content=structured.model_dump(mode="json", by_alias=True),
    )


def _deprecated(name: str) -> None:
    log_event(log, "mcp_tool_deprecated", logging.WARNING, tool=name, use="discover")


async def discover(
    intent: Annotated[
        str,
        Field(
            min_length=1,
            max_length=MAX_QUERY_CHARS,
            description="What you want to do, in plain words.",
        ),
    ],
    ctx: Context,
    filter: Annotated[
        DiscoverFilter | None,
        Field(description="type: tool, capability or all; minScore: a floor on the score."),
    ] = None,
    limit: Annotated[int, Field(ge=1, le=50, description="Results at most.")] = 10,
    include_related: Annotated[
        bool, Field(description="Add each tool's most used-together tools.")
    ] = False,
) -> Annotated[CallToolResult, McpDiscoverResponse]:
    with tool_errors():
        request = DiscoverRequest.build(
            intent=intent, filter=filter, limit=limit, include_related=include_related
        )
        response = await _runtime(ctx).discover.discover(request)
    return _result(discover_text(response), response)


def discover_text(response: DiscoverResponse) -> str:
    """A few lines for a model to read; everything is in the structured content."""
    meta = response.meta
    head = (
        f"{meta.returned_count} results for {meta.query!r} ({meta.tools_count} tools, "
        f"{meta.capabilities_count} capabilities"
        + (", full-text fallback" if meta.search_mode == "full_text" else "")
        + ")"
    )
    lines = [head]
    for n, r in enumerate(response.results[:5], start=1):
        record = f"{r.executions} runs, success {r.success_rate:.2f}" if r.executions else "untried"
        where = f" ({r.server_id})" if r.type == "tool" and r.server_id else ""
        lines.append(f"{n}. {r.type} {r.name}{where}: score {r.score:.3f}, {record}")
    lines.append("Schemas, code and success rates are in the structured content.")
    return "\n".join(lines)


async def search_tools(
    query: Text,
    ctx: Context,
    limit: Annotated[int, Field(ge=1, le=100)] = 5,
    include_schemas: bool = True,
) -> Annotated[CallToolResult, SearchResponse]:
    _deprecated("search_tools")
    with tool_errors():
        request = SearchRequest.build(query=query, item_type=ItemKind.TOOL, limit=limit,
                                      include_schemas=include_schemas)  # fmt: skip
        response = await _runtime(ctx).search.search(request)
    return _result(_hits_text(response), response)


async def search_capabilities(
    query: Text, ctx: Context, limit: Annotated[int, Field(ge=1, le=50)] = 5
) -> Annotated[CallToolResult, CapabilitySearch]:
    _deprecated("search_capabilities")
    with tool_errors():
        text = SearchRequest.build(query=query).query  # the same checks as every query
        found = await _runtime(ctx).discover.search_capabilities(text, limit)
    lines = [f"{len(found)} capabilities for {text!r}"] + [
        f"{n}. {c.name}: similarity {c.semantic_score:.3f}, success {c.success_rate:.2f}"
        for n, c in enumerate(found, start=1)
    ]
    return _result("\n".join(lines), CapabilitySearch(query=text, capabilities=found))


async def search_archives(
    query: Text,
    ctx: Context,
    limit: Annotated[int, Field(ge=1, le=100)] = 10,
    media_types: list[str] | None = None,
    date_from: Annotated[int | None, Field(ge=-10000, le=10000)] = None,
    date_to: Annotated[int | None, Field(ge=-10000, le=10000)] = None,
) -> Annotated[CallToolResult, SearchResponse]:
    with tool_errors():
        request = SearchRequest.build(query=query, item_type=ItemKind.ARCHIVE, limit=limit,
                                      media_types=media_types, date_from=date_from,
                                      date_to=date_to)  # fmt: skip
        response = await _runtime(ctx).search.search(request)
    return _result(_hits_text(response), response)


async def find_agents(
    ctx: Context,
    intent_type: Annotated[
        str | None,
        Field(max_length=200, description="An intent type, e.g. governance.membership.add."),
    ] = None,
    text: Annotated[
        str | None, Field(max_length=MAX_QUERY_CHARS, description="What is wanted, in words.")
    ] = None,
    required_skills: Annotated[
        list[str] | None,
        Field(max_length=50, description="Overrides the intent's required skills."),
    ] = None,
    require_all_skills: Annotated[
        bool, Field(description="An agent must hold every required skill (default: any).")
    ] = False,
    limit: Annotated[int, Field(ge=1, le=50, description="Agents at most.")] = 10,
) -> Annotated[CallToolResult, AgentSearchResult]:
    with tool_errors():
        request = AgentSearchRequest(
            intent_type=intent_type,
            text=text,
            required_skills=required_skills,
            require_all_skills=require_all_skills,
            top_k=limit,
        )
        result = await _runtime(ctx).agents.search(request)
    lines = [
        f"{len(result.matches)} of {result.total} agents for {result.query_text!r}"
        + (f" (required skills: {', '.join(result.required_skills)})" if result.required_skills
           else "")
    ]  # fmt: skip
    lines += [
        f"{n}. {m.agent.name} [{m.agent.id}] score {m.score:.3f}, coverage {m.coverage:.2f}"
        for n, m in enumerate(result.matches[:10], start=1)
    ]
    if result.notice:
        lines.append(result.notice)
    return _result("\n".join(lines), result)


def _hits_text(response: SearchResponse) -> str:
    lines = [f"{len(response.items)} results for {response.query!r}"]
    lines += [
        f"{n}. {hit.title} [{hit.id}] similarity {hit.score:.3f}"
        for n, hit in enumerate(response.items[:10], start=1)
    ]
    return "\n".join(lines)
