"""`discovery serve`, `discovery bench` and `discovery openapi`: the HTTP server, the
figures, and the API's document."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Annotated

import typer

from discovery.settings import Settings
from discovery.terminal import console, err, load_settings, progress


def register(app: typer.Typer) -> None:
    app.command()(serve)
    app.command()(bench)
    app.command()(openapi)


def serve(
    host: Annotated[str | None, typer.Option(help="Bind address.")] = None,
    port: Annotated[int | None, typer.Option(help="Port.")] = None,
    load_demo: Annotated[
        bool, typer.Option(help="Load the demo archive into an empty catalog.")
    ] = True,
    log_level: Annotated[str, typer.Option(help="uvicorn's log level.")] = "info",
) -> None:
    """Start the HTTP server (loads the demo archive when the catalog is empty)."""
    import uvicorn

    from discovery.api.main import create_app

    settings = load_settings()
    host = host or settings.discovery_host
    port = port or settings.discovery_port
    if load_demo:
        asyncio.run(_load_demo(settings))
    err.print(f"Discovery starting: http://{host}:{port}  (API docs: http://{host}:{port}/docs)")
    uvicorn.run(create_app(settings), host=host, port=port, log_level=log_level)


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


def bench(
    out: Annotated[Path, typer.Option(help="Where to write the figures (JSON).")] = Path(
        "bench/results.json"
    ),
    limit_rows: Annotated[int | None, typer.Option(help="Ingest only this many records.")] = None,
    http_only: Annotated[
        bool, typer.Option(help="Only the HTTP figures, on the catalog of the last full run.")
    ] = False,
    search_only: Annotated[
        bool,
        typer.Option(help="Search and recall figures on the catalog of the last run (no ingest)."),
    ] = False,
    http_seconds: Annotated[float, typer.Option(help="Length of the HTTP load run.")] = 30.0,
    http_clients: Annotated[int, typer.Option(help="Concurrent HTTP clients.")] = 16,
) -> None:
    """Load the full CMOA set into its own database; print the engine's and the HTTP figures.

    The HTTP part serves that catalog on loopback: search under load, one client at a time,
    and the time to the first SSE event of an agent turn."""
    from discovery.bench import bench_dir, run_bench
    from discovery.bench_http import run_http_bench

    settings = load_settings()
    previous = json.loads(out.read_text()) if out.exists() else {}
    if (http_only or search_only) and not bench_dir(settings).exists():
        err.print(f"no bench catalog at {bench_dir(settings)}: run `discovery bench` first")
        raise typer.Exit(2)
    if http_only:
        figures = previous
    else:
        reuse = previous if search_only else None
        figures = asyncio.run(run_bench(settings, out, limit_rows, previous=reuse))
        if search_only:  # the HTTP figures of the last run stay
            if previous.get("http"):
                figures["http"] = previous["http"]
                out.write_text(json.dumps(figures, indent=2) + "\n")
            console.print_json(json.dumps(figures))
            return
    figures["http"] = asyncio.run(
        run_http_bench(bench_dir(settings), clients=http_clients, duration=http_seconds)
    )
    out.write_text(json.dumps(figures, indent=2) + "\n")
    console.print_json(json.dumps(figures))


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
