"""`discovery bench`: the engine's figures on the full CMOA set, then the HTTP figures."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Annotated

import typer

from discovery.cli.terminal import console, err, load_settings


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
    from discovery.evaluation.bench import bench_dir, run_bench
    from discovery.evaluation.bench_http import run_http_bench

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
