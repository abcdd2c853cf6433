"""`discovery eval discover` and `discovery bench-discover`: the quality and the speed of
`discover` on LiveMCPBench's tools and capabilities made from its tasks."""

from __future__ import annotations

import asyncio
import json
import logging
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from discovery.cli.terminal import console, err, load_settings


class Splits(StrEnum):
    TUNE = "tune"  # for choosing settings
    REPORT = "report"  # held out: the reported figures
    BOTH = "both"


def discover_cmd(
    out: Annotated[Path | None, typer.Option(help="Where to write the figures (JSON).")] = None,
    split: Annotated[
        Splits, typer.Option(help="tune (for choosing settings), report (held out) or both.")
    ] = Splits.BOTH,
) -> None:
    """Recall@5 of the gold tools, discover against plain tool search, on held-out tasks."""
    from discovery.evaluation.discover_eval import run_discover_eval, settings_summary, write

    settings = load_settings(logging.ERROR)
    splits = ("tune", "report") if split is Splits.BOTH else (split.value,)
    out = out or Path("bench/discover_eval.json" if split is not Splits.TUNE
                      else "bench/discover_eval_tune.json")  # fmt: skip
    figures = asyncio.run(
        run_discover_eval(settings, splits, lambda s: err.print(f"evaluating the {s} split"))
    )
    figures = {"settings": settings_summary(settings)} | figures
    for name in splits:
        _print(name, figures[name])
    write(figures, out)
    err.print(f"figures written to {out}")


def _print(split: str, figures: dict[str, Any]) -> None:
    table = Table(title=f"{split} split: {figures['queries']} held-out tasks, top 5")
    for column in ("ranking", "recall@5", "hit@5", "capabilities", "failing capabilities"):
        table.add_column(column, justify="left" if column == "ranking" else "right")
    for name, f in figures.items():
        if isinstance(f, dict):
            table.add_row(name, f"{f['recall@5']:.3f}", f"{f['hit@5']:.3f}",
                          str(f.get("capabilities_per_top5", "-")),
                          str(f.get("failing_capabilities_per_top5", "-")))  # fmt: skip
    console.print(table)


def bench_cmd(
    n: Annotated[int, typer.Option(help="Requests measured per transport and setting.")] = 300,
    capabilities: Annotated[int, typer.Option(help="Synthetic capabilities.")] = 1000,
    out: Annotated[Path, typer.Option(help="Where to write the figures (JSON).")] = Path(
        "bench/discover_latency.json"
    ),
) -> None:
    """discover p50/p95 over REST and over MCP streamable HTTP against `discovery serve`, on
    LiveMCPBench's tools plus synthetic capabilities, with and without include_related."""
    from discovery.evaluation.discover_bench import run_discover_bench

    figures = asyncio.run(run_discover_bench(load_settings(logging.ERROR), n, capabilities))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(figures, indent=2) + "\n")
    console.print_json(json.dumps(figures["summary"]))
    err.print(f"figures written to {out}")
