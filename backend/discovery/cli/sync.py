"""`discovery sync mcp`: bring the catalog in line with live sources (MCP servers)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from discovery.cli.terminal import console, err, fail, load_settings, with_runtime

if TYPE_CHECKING:
    from discovery.catalog.tools.mcp_sync import SyncResult
    from discovery.runtime import Runtime

sync_app = typer.Typer(
    help="Bring the catalog in line with live sources (MCP servers, agent cards).",
    no_args_is_help=True,
)


@sync_app.command("mcp")
def sync_mcp_cmd(
    config: Annotated[
        Path | None,
        typer.Option(help="Servers file (TOML or JSON) [default: DISCOVERY_MCP_SERVERS_FILE]."),
    ] = None,
    only: Annotated[
        list[str] | None, typer.Option("--server", help="Sync only these servers.")
    ] = None,
) -> None:
    """Connect to the configured MCP servers, upsert their tools, prompts and resources, and
    mark the ones that disappeared inactive."""
    from discovery.catalog.tools.mcp_sync import ServerConfigError, load_servers, sync_servers

    settings = load_settings()
    path = config or settings.discovery_mcp_servers_file
    try:
        servers = load_servers(path)
    except ServerConfigError as exc:
        raise fail(str(exc), 2) from None
    if only:
        unknown = set(only) - {s.name for s in servers}
        if unknown:
            raise fail(f"not in {path}: {', '.join(sorted(unknown))}", 2)
        servers = [s for s in servers if s.name in only]

    async def work(rt: Runtime) -> list[SyncResult]:
        return await sync_servers(rt.db, rt.embedder, settings, servers)

    failed = False
    for result in with_runtime(work, settings):
        if result.error:
            failed = True
            err.print(f"[red]{result.server}: failed[/] ({result.error}); its items were kept")
            continue
        r = result.report
        assert r is not None
        console.print(
            f"{result.server}: {result.listed} listed (added {r.added}, updated {r.updated}, "
            f"unchanged {r.unchanged}, skipped {r.skipped}), {result.deactivated} now inactive"
        )
    if failed:
        raise typer.Exit(1)


@sync_app.command("agents")
def sync_agents_cmd(
    allow_private: Annotated[
        bool,
        typer.Option(
            help="Let fetches reach private and loopback addresses (never for a "
            "registry of third-party URLs)."
        ),
    ] = False,
) -> None:
    """Fetch every registered agent's card (conditional requests; private addresses refused);
    record per agent whether it is live; re-embed only the cards that changed."""
    from discovery.catalog.a2a.sync import SyncReport, sync_agents

    settings = load_settings()
    if allow_private:
        settings = settings.model_copy(update={"discovery_a2a_fetch_allow_private": True})

    async def work(rt: Runtime) -> SyncReport:
        return await sync_agents(rt.db, rt.embedder, settings)

    report = with_runtime(work, settings)
    for item_id, why in report.errors[:50]:
        err.print(f"[yellow]{item_id}[/]: {why}")
    s = report.statuses
    console.print(
        f"{report.agents} agents with a card URL: {s['ok']} fetched ({report.updated} changed, "
        f"{report.verified} verified), {s['not_modified']} unchanged, {s['error']} failed"
    )
