"""The MCP server: the registry's tools on the `mcp` SDK's `MCPServer`, served over streamable
HTTP at /mcp by the API app (`discovery serve`; its session manager runs in the app's
lifespan) and over stdio by `discovery mcp`. The tools read the runtime from the server's
lifespan value: the app's own runtime over HTTP, one opened for the process over stdio.

When API keys are configured (DISCOVERY_API_KEYS), the HTTP transport requires one
(`Authorization: Bearer <key>`, checked in constant time like the REST API). On a loopback
address the SDK's DNS-rebinding protection is on (Host and Origin checked)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import TYPE_CHECKING

from mcp.server.mcpserver import MCPServer
from mcp.server.transport_security import TransportSecuritySettings
from mcp.types import ToolAnnotations
from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from discovery.api.errors import error_body
from discovery.api.mcp.registry import TOOLS
from discovery.api.security import key_is_valid
from discovery.runtime import Runtime, open_runtime, settled_heap
from discovery.settings import Settings

if TYPE_CHECKING:
    from fastapi import FastAPI

MCP_PATH = "/mcp"
LOOPBACK = ("127.0.0.1", "localhost", "::1")
INSTRUCTIONS = (
    "Discovery finds what to use for an intent. Call `discover` with what you want to do: it "
    "returns catalog tools (with input schemas) and learned capabilities (code that worked, "
    "with success rates) in one ranking. `search_archives` searches the heritage archive."
)

Lifespan = Callable[[MCPServer], AbstractAsyncContextManager[Runtime]]


def build_mcp_server(lifespan: Lifespan) -> MCPServer:
    server = MCPServer("discovery", title="Discovery", instructions=INSTRUCTIONS,
                       lifespan=lifespan, log_level="WARNING")  # fmt: skip
    for tool in TOOLS:
        server.add_tool(
            tool.handler,
            name=tool.name,
            description=tool.description,
            annotations=ToolAnnotations(read_only_hint=True, open_world_hint=False),
        )
    return server


class McpEndpoint:
    """/mcp: the API key check, then the SDK's streamable HTTP session manager."""

    def __init__(self, server: MCPServer, settings: Settings) -> None:
        server.streamable_http_app(
            streamable_http_path=MCP_PATH,
            json_response=True,  # one JSON body per request: no tool streams progress
            transport_security=transport_security(settings),
            host=settings.discovery_host,
        )  # builds the session manager this endpoint hands requests to
        self.manager = server.session_manager
        self.keys = settings.api_keys

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.keys and not self._authorized(Headers(scope=scope)):
            refused = JSONResponse(
                error_body("unauthorized", "the MCP endpoint needs an API key: send "
                           "`Authorization: Bearer <key>`"),
                status_code=401,
                headers={"WWW-Authenticate": "Bearer"},
            )  # fmt: skip
            await refused(scope, receive, send)
            return
        await self.manager.handle_request(scope, receive, send)

    def _authorized(self, headers: Headers) -> bool:
        scheme, _, token = headers.get("authorization", "").partition(" ")
        return scheme.lower() == "bearer" and key_is_valid(token.strip(), self.keys)


def transport_security(settings: Settings) -> TransportSecuritySettings:
    """DNS-rebinding protection on a loopback address (where a browser page could otherwise
    reach a local server through a hostile DNS name); elsewhere the API key is the guard."""
    if settings.discovery_host not in LOOPBACK:
        return TransportSecuritySettings(enable_dns_rebinding_protection=False)
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=["127.0.0.1:*", "localhost:*", "[::1]:*", "127.0.0.1", "localhost"],
        allowed_origins=[
            "http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*", *settings.cors_origins
        ],
    )  # fmt: skip


def mount_mcp(app: FastAPI, settings: Settings) -> MCPServer:
    """Serve the MCP server at /mcp; the app's lifespan runs its sessions
    (`sessions_running`) once the runtime is open."""

    @asynccontextmanager
    async def app_runtime(_: MCPServer) -> AsyncIterator[Runtime]:
        yield app.state.runtime

    server = build_mcp_server(app_runtime)
    # First in the router: a request is matched against the routes in order, and /mcp behind
    # the API's twenty-odd routes cost every MCP request 0.1 to 0.2 ms of matching.
    app.router.routes.insert(
        0, Route(MCP_PATH, endpoint=McpEndpoint(server, settings), include_in_schema=False)
    )
    return server


@asynccontextmanager
async def sessions_running(server: MCPServer) -> AsyncIterator[None]:
    """Run the HTTP session manager for as long as the app's lifespan lasts. It runs in a task
    of its own: its anyio task group must be left by the task that entered it, and an ASGI
    lifespan may be entered and left by different tasks (test fixtures do exactly that)."""
    started, stop = asyncio.Event(), asyncio.Event()

    async def hold() -> None:
        async with server.session_manager.run():
            started.set()
            await stop.wait()

    task = asyncio.create_task(hold(), name="mcp-sessions")
    waiter = asyncio.create_task(started.wait())
    await asyncio.wait({task, waiter}, return_when=asyncio.FIRST_COMPLETED)
    waiter.cancel()
    if task.done():
        task.result()  # it failed to start: raise its error
    try:
        yield
    finally:
        stop.set()
        await task


async def serve_stdio(settings: Settings) -> None:
    """`discovery mcp`: the MCP server on stdin/stdout, with a runtime of its own."""
    server = build_mcp_server(lambda _: _settled_runtime(settings))
    await server.run_stdio_async()


@asynccontextmanager
async def _settled_runtime(settings: Settings) -> AsyncIterator[Runtime]:
    async with open_runtime(settings) as runtime:
        with settled_heap(settings):
            yield runtime
