"""`discovery eval agents` and `eval agents-latency`: the agent search's quality on the judged
requests and its speed over REST and GraphQL."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from discovery.cli.terminal import console, err, load_settings


def agents_cmd(
    out: Annotated[Path, typer.Option(help="Where to write the figures (JSON).")] = Path(
        "bench/agents_eval.json"
    ),
) -> None:
    """Skill-filter precision, nDCG@10 and top-3 hits on the synthetic registry's requests."""
    from discovery.evaluation.agents_eval import load_requests, run_agents_eval

    settings = load_settings(logging.ERROR)
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  console=err) as progress:  # fmt: skip
        task = progress.add_task("agent requests", total=len(load_requests()))
        figures = asyncio.run(run_agents_eval(settings, lambda: progress.advance(task)))
    table = Table(title=f"agent search, {figures['registry']['agents']} agents")
    for column in ("part", "requests", "refused", "filter precision", "nDCG@10", "top-3 hit"):
        table.add_column(column, justify="left" if column == "part" else "right")
    parts: dict[str, Any] = figures["by_split"] | {"all": figures["all"]} | figures["by_kind"]
    for name, f in parts.items():
        table.add_row(name, str(f["requests"]), str(f["refused"]),
                      f"{f.get('filter_precision', 1):.3f}", f"{f.get('ndcg10', 0):.3f}",
                      f"{f.get('top3_hit', 0):.3f}")  # fmt: skip
    console.print(table)
    console.print("tune: the split settings may be chosen on; report: the figures to quote")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(figures, indent=1) + "\n")
    err.print(f"figures written to {out}")


def latency_cmd(
    n: Annotated[int, typer.Option(help="Requests per variant (after 30 warm-up rounds).")] = 300,
    out: Annotated[Path, typer.Option(help="Write the figures here (JSON).")] = Path(
        "bench/agents_latency.json"
    ),
) -> None:
    """Agent search p50/p95 over REST and GraphQL at 10,000 agents, with and without skills."""
    from discovery.evaluation.agents_bench import run_agents_latency

    figures = asyncio.run(run_agents_latency(load_settings(logging.ERROR), n, out=out))
    for name in ("rest_skill", "gql_skill", "rest_text", "gql_text"):
        f = figures[name]
        console.print(f"{name:>10}: p50 {f['p50']:.2f} ms, p95 {f['p95']:.2f} ms (n {f['n']})")
    console.print(
        f"GraphQL minus REST at p95: {figures['graphql_minus_rest_p95_ms']} ms; "
        f"REST p95 <= 15 ms: {'met' if figures['meets_rest_target'] else 'MISSED'}; "
        f"GraphQL within 2 ms: {'met' if figures['meets_graphql_target'] else 'MISSED'}"
    )
