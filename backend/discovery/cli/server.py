"""`discovery serve`, `discovery mcp` and `discovery openapi`: the HTTP server (REST and MCP at
/mcp), the MCP server over stdio, and the API's document."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Annotated

import typer

from discovery.cli.terminal import console, err, load_settings, progress
from discovery.settings import Settings

LOOP, HTTP = "uvloop", "httptools"
"""uvicorn's event loop and HTTP parser (both dependencies): against asyncio's own loop and the
pure-Python h11 parser that uvicorn falls back to without them, every request spends less of
the event loop's time in the transport (docs/benchmarks.md, discover)."""


def serve(
    host: Annotated[str | None, typer.Option(help="Bind address.")] = None,
    port: Annotated[int | None, typer.Option(help="Port.")] = None,
    load_demo: Annotated[
        bool, typer.Option(help="Load the demo archive into an empty catalog.")
    ] = True,
    log_level: Annotated[str, typer.Option(help="uvicorn's log level.")] = "info",
) -> None:
    """Start the HTTP server (loads the demo archive when the catalog is empty)."""
    from discovery.api.main import create_app
    from discovery.logs import configure_logging

    settings = load_settings(logging.WARNING)  # a server logs its warnings
    configure_logging(settings.discovery_log_level, settings.discovery_log_user_text)
    host = host or settings.discovery_host
    port = port or settings.discovery_port
    if load_demo:
        asyncio.run(_load_demo(settings))
    err.print(f"Discovery starting: http://{host}:{port}  (API docs: http://{host}:{port}/docs)")
    import uvicorn

    uvicorn.run(
        create_app(settings), host=host, port=port, log_level=log_level, loop=LOOP, http=HTTP
    )


async def _load_demo(settings: Settings) -> None:
    """Load the demo archive into an empty catalog, with a progress bar."""
    from discovery.catalog.ingest import count_rows
    from discovery.runtime import DEMO_ARCHIVE, load_demo_if_empty, open_runtime

    async with open_runtime(settings) as rt:
        with progress() as bar:
            task = bar.add_task("demo archive", total=count_rows(DEMO_ARCHIVE), rate="")
            report = await load_demo_if_empty(rt, on_rows=lambda n: bar.advance(task, n))
    if report is not None:
        err.print(f"demo archive loaded: {report.added} records")


def graphql_schema(
    out: Annotated[Path | None, typer.Option(help="Write here instead of stdout.")] = None,
) -> None:
    """Print the GraphQL schema's SDL (schema.graphql is this, kept by a test)."""
    from discovery.api.graphql.schema import schema

    sdl = schema.as_str() + "\n"
    if out is None:
        print(sdl, end="")
    else:
        out.write_text(sdl, encoding="utf-8")
        err.print(f"GraphQL schema written to {out}")


def mcp() -> None:
    """Serve the MCP tools (discover, search_archives, ...) over stdio, for MCP clients that
    start a command (Claude Desktop, MCP Inspector). Logs go to stderr; stdout is the protocol."""
    import logging

    from discovery.api.mcp.server import serve_stdio

    settings = load_settings(logging.WARNING)
    asyncio.run(serve_stdio(settings))


def openapi(
    out: Annotated[Path | None, typer.Option(help="Write here instead of stdout.")] = None,
) -> None:
    """Print the HTTP API's OpenAPI document (the web UI generates its types from it)."""
    from discovery.api.main import create_app

    document = json.dumps(create_app(Settings()).openapi(), indent=2, ensure_ascii=False)
    if out is None:
        console.print_json(document)
    else:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(document + "\n", encoding="utf-8")
        err.print(f"OpenAPI document written to {out}")
