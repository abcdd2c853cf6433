"""`discovery ingest archives|tools` and `discovery reindex`: loading the catalog, and
re-embedding it with another model."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, cast

import typer

from discovery.cli.terminal import (
    console,
    fail,
    load_settings,
    print_ingest_report,
    progress,
    with_runtime,
)
from discovery.db import MissingEmbeddingsError

if TYPE_CHECKING:
    from discovery.catalog.writer import IngestReport
    from discovery.runtime import Runtime

ingest_app = typer.Typer(help="Load items into the catalog.", no_args_is_help=True)


def _parse_map(pairs: list[str]) -> dict[str, str]:
    mapping = {}
    for pair in pairs:
        field, sep, column = pair.partition("=")
        if not sep or not field or not column:
            raise typer.BadParameter(f"expected field=column, got {pair!r}", param_hint="--map")
        mapping[field.strip()] = column.strip()
    return mapping


@ingest_app.command("archives")
def ingest_archives_cmd(
    paths: Annotated[
        list[Path], typer.Argument(help="Files or folders (.jsonl, .csv, .json; .gz too).")
    ],
    format: Annotated[str | None, typer.Option("--format", help="jsonl, csv or json.")] = None,
    map: Annotated[
        list[str] | None, typer.Option("--map", help="field=column, repeatable.")
    ] = None,
    batch_size: Annotated[int | None, typer.Option(help="Items per transaction.")] = None,
) -> None:
    """Ingest heritage archive records: batched, idempotent, resumable."""
    from discovery.catalog.archives.ingest import archive_files, ingest_archives
    from discovery.catalog.archives.read import ArchiveFormat
    from discovery.catalog.ingest import count_rows

    if format not in (None, "jsonl", "csv", "json"):
        raise typer.BadParameter("must be jsonl, csv or json", param_hint="--format")
    settings = load_settings()
    mapping = _parse_map(map or [])
    try:
        files = archive_files(paths)
    except FileNotFoundError as exc:
        raise fail(str(exc), 2) from None
    total = sum(count_rows(f) for f in files)

    async def work(rt: Runtime) -> IngestReport:
        with progress() as bar:
            task = bar.add_task("ingest", total=total, rate="")
            started = asyncio.get_running_loop().time()

            def advance(n: int) -> None:
                bar.advance(task, n)
                done = bar.tasks[0].completed
                elapsed = asyncio.get_running_loop().time() - started
                bar.update(task, rate=f"{done / max(elapsed, 1e-9):.0f} rows/s")

            return await ingest_archives(
                rt.db,
                rt.embedder,
                files,
                fmt=cast("ArchiveFormat | None", format),
                mapping=mapping,
                batch_size=batch_size or settings.discovery_ingest_batch_size,
                on_rows=advance,
            )

    report = with_runtime(work, settings, errors=(MissingEmbeddingsError, ValueError))
    print_ingest_report(report)


@ingest_app.command("tools")
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
    from discovery.catalog.ingest import count_rows, expand_paths
    from discovery.catalog.tools.ingest import TOOL_SUFFIXES, ingest_tools, placement

    settings = load_settings()
    try:
        files = expand_paths(paths, TOOL_SUFFIXES)
    except FileNotFoundError as exc:
        raise fail(str(exc), 2) from None
    total = sum(count_rows(f) for f in files if not f.name.endswith((".json", ".json.gz")))

    async def work(rt: Runtime) -> tuple[IngestReport, tuple[int, int]]:
        with progress() as bar:
            task = bar.add_task("ingest tools", total=total or None, rate="")
            report = await ingest_tools(
                rt.db, rt.embedder, settings, files, server=server, batch_size=batch_size,
                on_rows=lambda n: bar.advance(task, n),
            )  # fmt: skip
        return report, await placement(rt.db)

    report, (unplaced, placed_total) = with_runtime(
        work, settings, errors=(MissingEmbeddingsError, ValueError, OSError)
    )
    created = f", {report.skills_created} created" if report.skills_created else ""
    print_ingest_report(report, f"; skill suggestions {report.suggested}{created}")
    if unplaced:
        console.print(
            f"{unplaced} of {placed_total} tools, prompts and resources have no confident skill: "
            "each is placed in its best fit, marked tentative, until a skill takes it "
            "(`discovery skills suggestions`, `discovery skills approve ID`, or "
            "`discovery skills propose --accept`)"
        )


@ingest_app.command("agents")
def ingest_agents_cmd(
    paths: Annotated[
        list[Path],
        typer.Argument(help="Registration records and/or agent cards: .jsonl, .json, folders."),
    ],
    batch_size: Annotated[int | None, typer.Option(help="Items per transaction.")] = None,
) -> None:
    """Ingest A2A agents: registration records (ERC-8004 shape) and agent cards, merged."""
    from discovery.catalog.a2a.ingest import agent_files, ingest_agents
    from discovery.catalog.ingest import count_rows

    settings = load_settings()
    try:
        files = agent_files(paths)
    except FileNotFoundError as exc:
        raise fail(str(exc), 2) from None
    total = sum(count_rows(f) for f in files if not f.name.endswith((".json", ".json.gz")))

    async def work(rt: Runtime) -> IngestReport:
        with progress() as bar:
            task = bar.add_task("ingest agents", total=total or None, rate="")
            return await ingest_agents(
                rt.db, rt.embedder, settings, files, batch_size=batch_size,
                on_rows=lambda n: bar.advance(task, n),
            )  # fmt: skip

    report = with_runtime(work, settings, errors=(MissingEmbeddingsError, ValueError, OSError))
    ignored = "".join(f"; {n} {what}" for what, n in report.ignored.items() if n)
    print_ingest_report(report, ignored)


def reindex(
    drop_old: Annotated[
        bool, typer.Option(help="Delete other models' vectors afterwards.")
    ] = False,
) -> None:
    """Re-embed the catalog with the configured model (resumable; switches when complete)."""
    from discovery.catalog.reindex import pending_count
    from discovery.catalog.reindex import reindex as run_reindex

    settings = load_settings()

    async def work(rt: Runtime) -> int:
        total = await pending_count(rt.db, rt.embedder.model_id)
        with progress() as bar:
            task = bar.add_task(f"reindex {rt.embedder.model_id}", total=total, rate="")
            return await run_reindex(
                rt.db,
                rt.embedder,
                batch_size=settings.discovery_ingest_batch_size,
                drop_others=drop_old,
                on_rows=lambda n: bar.advance(task, n),
            )

    done = with_runtime(work, settings)
    console.print(f"re-embedded {done} items; {settings.discovery_embedding_model} is ready")
