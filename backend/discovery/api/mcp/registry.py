"""The MCP tools as data: name, description, adapter (its signature is the input schema, its
return annotation the output schema). The server, the docs and the tests read this list."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from discovery.api.mcp import tools

DEPRECATED = "[DEPRECATED] use discover. "


@dataclass(frozen=True)
class McpTool:
    name: str
    description: str
    handler: Callable[..., Any]
    deprecated: bool = False


DISCOVER = McpTool(
    "discover",
    "Find what to use for an intent: catalog tools and learned capabilities (code that worked "
    "before) in one ranking. Each result has its score (similarity x reliability of its "
    "success rate, capped at 0.95) and its parts; a tool comes with its server and input "
    "schema, a capability with its code, success rate, usage count and the tools it uses. "
    "An exact tool or capability name (or server:name) comes first.",
    tools.discover,
)
SEARCH_TOOLS = McpTool(
    "search_tools",
    DEPRECATED + "Search the catalog's MCP tools by meaning; returns tools with input schemas.",
    tools.search_tools,
    deprecated=True,
)
SEARCH_CAPABILITIES = McpTool(
    "search_capabilities",
    DEPRECATED + "Search learned capabilities by similarity; returns their code and success rates.",
    tools.search_capabilities,
    deprecated=True,
)
SEARCH_ARCHIVES = McpTool(
    "search_archives",
    "Search the heritage archive (photographs, paintings, records) by meaning, with optional "
    "media types and a period in years.",
    tools.search_archives,
)

FIND_AGENTS = McpTool(
    "find_agents",
    "Find the registered A2A agents that can carry out an intent: give an intent type "
    "(governance.membership.add), words, or both; agents are filtered by the intent's required "
    "skills and ranked by meaning, each with the skills it holds and lacks and its endpoints.",
    tools.find_agents,
)

TOOLS: tuple[McpTool, ...] = (
    DISCOVER,
    SEARCH_TOOLS,
    SEARCH_CAPABILITIES,
    SEARCH_ARCHIVES,
    FIND_AGENTS,
)
