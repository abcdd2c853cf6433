"""`discovery discover "INTENT"`: tools and learned capabilities in one ranking."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from discovery.cli.terminal import console, fail, load_settings, with_runtime
from discovery.db import MissingEmbeddingsError
from discovery.search.discover_models import DiscoverRequest, DiscoverResponse, DiscoverType
from discovery.search.models import InvalidRequest

if TYPE_CHECKING:
    from discovery.runtime import Runtime


def discover(
    intent: Annotated[str, typer.Argument(help="What you want to do, in plain words.")],
    kind: Annotated[
        DiscoverType, typer.Option("--type", help="tool, capability or all.")
    ] = DiscoverType.ALL,
    related: Annotated[
        bool, typer.Option("--related", help="Add each tool's most used-together tools.")
    ] = False,
    limit: Annotated[int, typer.Option(help="Results at most (1 to 50).")] = 10,
    min_score: Annotated[float, typer.Option(help="Only scores at least this (0 to 1).")] = 0.0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the response as JSON.")] = False,
) -> None:
    """Find tools and capabilities for an intent: one ranking by similarity x reliability."""
    settings = load_settings()
    try:
        request = DiscoverRequest.build(intent=intent, limit=limit, include_related=related,
                                        filter={"type": kind, "minScore": min_score})  # fmt: skip
    except InvalidRequest as exc:
        raise fail(f"invalid request: {exc}", 2) from None

    async def work(rt: Runtime) -> DiscoverResponse:
        return await rt.discover.discover(request)

    response = with_runtime(work, settings, errors=(MissingEmbeddingsError,))
    if as_json:
        print(response.model_dump_json(indent=2))
        return
    table = Table(title=f"{response.meta.query!r}: {response.meta.returned_count} results")
    for column in ("score", "type", "name", "similarity", "reliability", "runs", "id"):
        table.add_column(column, overflow="fold")
    for r in response.results:
        runs = f"{r.executions} ({r.success_rate:.2f})" if r.executions else "untried"
        table.add_row(f"{r.score:.3f}", r.type, r.name + (" *" if r.exact_match else ""),
                      f"{r.semantic_score:.3f}", f"x{r.reliability:g}", runs, r.id)  # fmt: skip
        if r.type == "tool" and r.related_tools:
            names = ", ".join(f"{t.name} ({t.relation})" for t in r.related_tools)
            table.add_row("", "", f"  related: {names}", "", "", "", "")
    console.print(table)
    meta = response.meta
    mode = f", {meta.search_mode} ({meta.fallback_reason})" if meta.fallback_reason else ""
    console.print(f"{meta.tools_count} tools, {meta.capabilities_count} capabilities of "
                  f"{meta.total_found} found{mode}; {meta.total_time_ms:.1f} ms")  # fmt: skip
