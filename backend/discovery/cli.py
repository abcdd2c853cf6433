"""The `discovery` command: ingest, search, ask, reindex, serve, bench, eval. Each command
parses, calls one service, and formats."""

from __future__ import annotations

import asyncio
import warnings
from pathlib import Path
from typing import Annotated, cast

import typer
from rich.table import Table

from discovery.agent.responses import MessageResponse, ResultsResponse
from discovery.evaluation.cli import eval_app
from discovery.search.models import ItemKind, SearchValidationError, Strategy
from discovery.search.queries import MissingEmbeddingsError
from discovery.search.service import search_request
from discovery.server_cli import register as register_server_commands
from discovery.terminal import console, err, load_settings, print_ingest_report, progress
from discovery.tools_cli import register as register_tool_commands

warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")

app = typer.Typer(
    help="Discovery: conversational search and discovery engine.", no_args_is_help=True
)
ingest_app = typer.Typer(help="Load items into the catalog.", no_args_is_help=True)
app.add_typer(ingest_app, name="ingest")
app.add_typer(eval_app, name="eval", no_args_is_help=True)
register_tool_commands(app, ingest_app)  # ingest tools, sync mcp, skills


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
    from discovery.catalog.ingest import (
        ArchiveFormat,
        count_rows,
        expand_paths,
        ingest_archives,
    )
    from discovery.runtime import open_runtime

    if format not in (None, "jsonl", "csv", "json"):
        raise typer.BadParameter("must be jsonl, csv or json", param_hint="--format")
    settings = load_settings()
    mapping = _parse_map(map or [])
    try:
        files = expand_paths(paths)
    except FileNotFoundError as exc:
        err.print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from None
    total = sum(count_rows(f) for f in files)

    async def run() -> None:
        async with open_runtime(settings) as rt:
            with progress() as bar:
                task = bar.add_task("ingest", total=total, rate="")
                started = asyncio.get_running_loop().time()

                def advance(n: int) -> None:
                    bar.advance(task, n)
                    done = bar.tasks[0].completed
                    elapsed = asyncio.get_running_loop().time() - started
                    bar.update(task, rate=f"{done / max(elapsed, 1e-9):.0f} rows/s")

                report = await ingest_archives(
                    rt.db,
                    rt.embedder,
                    files,
                    fmt=cast("ArchiveFormat | None", format),
                    mapping=mapping,
                    batch_size=batch_size or settings.discovery_ingest_batch_size,
                    on_rows=advance,
                )
        print_ingest_report(report)

    try:
        asyncio.run(run())
    except (MissingEmbeddingsError, ValueError) as exc:
        err.print(f"[red]error:[/] {exc}")
        raise typer.Exit(1) from None


@app.command()
def search(
    query: Annotated[str, typer.Argument(help="What to find, in plain words.")],
    strategy: Annotated[
        Strategy, typer.Option(help="direct, hierarchical or hybrid.")
    ] = Strategy.HIERARCHICAL,
    kind: Annotated[
        list[ItemKind] | None, typer.Option("--kind", help="Item kinds, repeatable.")
    ] = None,
    limit: Annotated[int, typer.Option(help="How many results.")] = 10,
    threshold: Annotated[
        float | None, typer.Option(help="Minimum similarity, 0 to 1 [default: setting, 0.3].")
    ] = None,
    media_type: Annotated[list[str] | None, typer.Option(help="Archive media types.")] = None,
    date_from: Annotated[int | None, typer.Option(help="From year.")] = None,
    date_to: Annotated[int | None, typer.Option(help="To year.")] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the full response as JSON.")
    ] = False,
) -> None:
    """Search the catalog and print a table."""
    from discovery.runtime import open_runtime

    settings = load_settings()
    try:
        request = search_request(
            settings,
            query=query,
            strategy=strategy,
            limit=limit,
            tool_threshold=threshold,
            filters={
                "kinds": kind,
                "media_types": media_type,
                "date_from": date_from,
                "date_to": date_to,
            },
        )
    except SearchValidationError as exc:
        err.print(f"[red]invalid search:[/] {exc}")
        raise typer.Exit(2) from None

    async def run() -> None:
        async with open_runtime(settings) as rt:
            response = await rt.search.search(request)
        if as_json:
            print(response.model_dump_json(indent=2))
            return
        table = Table(title=f"{response.query!r}: {len(response.items)} results")
        for column in ("score", "kind", "title", "date", "media type", "id"):
            table.add_column(column, overflow="fold")
        for hit in response.items:
            table.add_row(
                f"{hit.score:.3f}",
                hit.kind,
                hit.title[:90],
                str(hit.metadata.get("date") or ""),
                str(hit.metadata.get("media_type") or ""),
                hit.id,
            )
        console.print(table)
        m = response.metadata
        console.print(
            f"strategy {m.strategy_used} (skills {m.skill_ids_used or '-'}"
            f"{', fallback: ' + m.fallback_reason if m.fallback_reason else ''}); "
            f"embedding {m.query_embedding_time_ms:.1f} ms, "
            f"skills {m.skill_search_time_ms:.1f} ms, items {m.tool_search_time_ms:.1f} ms, "
            f"total {m.total_time_ms:.1f} ms"
        )

    try:
        asyncio.run(run())
    except MissingEmbeddingsError as exc:
        err.print(f"[red]error:[/] {exc}")
        raise typer.Exit(1) from None


@app.command()
def ask(
    message: Annotated[str, typer.Argument(help="What you are looking for, in plain words.")],
    thread: Annotated[str | None, typer.Option(help="Continue this conversation.")] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the final answer as JSON.")
    ] = False,
) -> None:
    """Ask the conversational agent one turn; prints its steps, then the answer."""
    from discovery.agent.events import (
        AttemptEvent,
        ErrorEvent,
        IntentEvent,
        MessageEvent,
        QueryEvent,
        ResultsEvent,
    )

    async def run() -> None:
        from discovery.agent.service import open_agent
        from discovery.runtime import open_runtime

        async with open_runtime(load_settings()) as rt, open_agent(rt) as agent:
            async for event in agent.stream(message, thread):
                if isinstance(event, IntentEvent):
                    err.print(f"intent: {event.intent.value} ({event.confidence:.2f})")
                elif isinstance(event, QueryEvent):
                    err.print(f"query: {event.query} {event.filters or ''}")
                elif isinstance(event, AttemptEvent):
                    err.print(
                        f"attempt {event.attempt}: {event.query!r} -> {event.count} records, "
                        f"best {event.best_score}, {event.reason} ({event.strategy})"
                    )
                elif isinstance(event, ResultsEvent | MessageEvent):
                    _print_answer(event.response, as_json)
                elif isinstance(event, ErrorEvent):
                    err.print(f"[red]{event.message}[/red]")
                    raise typer.Exit(1)

    asyncio.run(run())


def _print_answer(response: ResultsResponse | MessageResponse, as_json: bool) -> None:
    if as_json:
        console.print_json(response.model_dump_json())
        return
    console.print(response.message)
    if isinstance(response, ResultsResponse):
        table = Table("score", "title", "date", "type")
        for r in response.archives:
            table.add_row(f"{r.score:.3f}", r.title[:90], r.date, r.media_type)
        console.print(table)
    err.print(f"thread: {response.thread_id}  (continue with --thread)")


@app.command()
def reindex(
    drop_old: Annotated[
        bool, typer.Option(help="Delete other models' vectors afterwards.")
    ] = False,
) -> None:
    """Re-embed the catalog with the configured model (resumable; switches when complete)."""
    from discovery.catalog.reindex import pending_count
    from discovery.catalog.reindex import reindex as run_reindex
    from discovery.runtime import open_runtime

    settings = load_settings()

    async def run() -> None:
        async with open_runtime(settings) as rt:
            total = await pending_count(rt.db, rt.embedder.model_id)
            with progress() as bar:
                task = bar.add_task(f"reindex {rt.embedder.model_id}", total=total, rate="")
                done = await run_reindex(
                    rt.db,
                    rt.embedder,
                    batch_size=settings.discovery_ingest_batch_size,
                    drop_others=drop_old,
                    on_rows=lambda n: bar.advance(task, n),
                )
        console.print(f"re-embedded {done} items; {settings.discovery_embedding_model} is ready")

    asyncio.run(run())


register_server_commands(app)  # serve, bench, openapi

if __name__ == "__main__":
    app()
