"""`discovery ingest tools` and `discovery sync mcp`: loading tools, prompts and resources."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated

import typer

from discovery.catalog.writer import IngestReport
from discovery.search.queries import MissingEmbeddingsError
from discovery.terminal import console, err, load_settings, print_ingest_report, progress

sync_app = typer.Typer(help="Bring the catalog in line with live sources.", no_args_is_help=True)


def _files(paths: list[Path]) -> list[Path]:
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            out.extend(
                sorted(
                    p for p in path.iterdir()
                    if p.name.removesuffix(".gz").endswith((".jsonl", ".ndjson", ".json"))
                )
            )  # fmt: skip
        elif path.exists():
            out.append(path)
        else:
            err.print(f"[red]error:[/] no such file or directory: {path}")
            raise typer.Exit(2)
    return out


def _print_report(report: IngestReport, suggested: int, unplaced: int, total: int) -> None:
    print_ingest_report(report, f"; new skill suggestions {suggested}")
    if unplaced:
        console.print(
            f"{unplaced} of {total} tools, prompts and resources have no skill yet: only direct "
            "search finds them until a skill takes them (review the queue: `discovery skills "
            "suggestions`, then `discovery skills approve ID`)"
        )


def ingest_tools_cmd(
    paths: Annotated[
        list[Path],
        typer.Argument(help="JSON Lines catalogs or saved MCP list responses (.json), or folders."),
    ],
    server: Annotated[
        str | None, typer.Option(help="Server name for rows (or responses) that have none.")
    ] = None,
    batch_size: Annotated[int | None, typer.Option(help="Items per transaction.")] = None,
) -> None:
    """Ingest tools, prompts and resources: classified into skills, batched, idempotent."""
    from discovery.catalog.ingest import count_rows
    from discovery.catalog.tool_ingest import ingest_tools, placement
    from discovery.runtime import open_runtime

    settings = load_settings()
    files = _files(paths)
    total = sum(count_rows(f) for f in files if not f.name.endswith((".json", ".json.gz")))

    async def run() -> tuple[IngestReport, int, tuple[int, int]]:
        async with open_runtime(settings) as rt:
            with progress() as bar:
                task = bar.add_task("ingest tools", total=total or None, rate="")
                report, suggested = await ingest_tools(
                    rt.db, rt.embedder, settings, files, server=server, batch_size=batch_size,
                    on_rows=lambda n: bar.advance(task, n),
                )  # fmt: skip
            return report, suggested, await placement(rt.db)

    try:
        report, suggested, (unplaced, placed_total) = asyncio.run(run())
    except (MissingEmbeddingsError, ValueError, OSError) as exc:
        err.print(f"[red]error:[/] {exc}")
        raise typer.Exit(1) from None
    _print_report(report, suggested, unplaced, placed_total)


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
    from discovery.catalog.mcp_sync import ServerConfigError, load_servers, sync_servers
    from discovery.runtime import open_runtime

    settings = load_settings()
    path = config or settings.discovery_mcp_servers_file
    try:
        servers = load_servers(path)
    except ServerConfigError as exc:
        err.print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from None
    if only:
        unknown = set(only) - {s.name for s in servers}
        if unknown:
            err.print(f"[red]error:[/] not in {path}: {', '.join(sorted(unknown))}")
            raise typer.Exit(2)
        servers = [s for s in servers if s.name in only]

    async def run() -> list:
        async with open_runtime(settings) as rt:
            return await sync_servers(rt.db, rt.embedder, settings, servers)

    failed = False
    for result in asyncio.run(run()):
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


def register(app: typer.Typer, ingest_app: typer.Typer) -> None:
    from discovery.skills_cli import skills_app

    ingest_app.command("tools")(ingest_tools_cmd)
    app.add_typer(sync_app, name="sync")
    app.add_typer(skills_app, name="skills")
