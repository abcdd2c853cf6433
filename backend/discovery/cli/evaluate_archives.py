"""`discovery eval archives`: archive search quality on the judged dev sets, per strategy and
per query kind, with a plain BM25 and its fusion with exact k-NN as reference lines."""

from __future__ import annotations

import asyncio
import functools
import importlib.util
import json
import logging
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from discovery.cli.terminal import console, err, load_settings

SETS = ("npg", "cmoa-withheld", "cmoa-places", "demo-agent", "demo-captions")


def archives_cmd(
    dev_set: Annotated[
        list[str] | None,
        typer.Option("--set", help=f"Dev sets to measure (default: all of {', '.join(SETS)})."),
    ] = None,
    out: Annotated[Path, typer.Option(help="Where to write the figures (JSON).")] = Path(
        "bench/archives_eval.json"
    ),
    agent: Annotated[bool, typer.Option(help="Also run the whole agent on every request.")] = True,
    reuse: Annotated[
        bool, typer.Option(help="Reuse each set's catalog from the last run (no ingest).")
    ] = False,
    kinds: Annotated[bool, typer.Option(help="Print the figures per query kind too.")] = False,
) -> None:
    """nDCG@10, recall@10 and MRR@10 per strategy, split (tune, report) and query kind."""
    from discovery.evaluation.archive_sets import DEV_SETS
    from discovery.evaluation.archives_eval import run_dev_set, settings_summary

    names = dev_set or list(SETS)
    unknown = sorted(set(names) - set(DEV_SETS))
    if unknown:
        err.print(f"unknown dev set(s): {', '.join(unknown)}; choose from {', '.join(SETS)}")
        raise typer.Exit(2)
    if importlib.util.find_spec("bm25s") is None or importlib.util.find_spec("Stemmer") is None:
        err.print("the BM25 reference needs the development dependencies: uv sync --group dev")
        raise typer.Exit(2)
    settings = load_settings(logging.ERROR)
    results: dict[str, Any] = json.loads(out.read_text()) if out.exists() else {}
    results["settings"] = settings_summary(settings)
    for name in names:
        dev = DEV_SETS[name]()
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                      MofNCompleteColumn(), console=err) as progress:  # fmt: skip
            task = progress.add_task(name, total=len(dev.queries))
            tick = functools.partial(progress.advance, task)
            result = asyncio.run(run_dev_set(settings, dev, agent=agent, reuse=reuse, tick=tick))
        results[name] = result
        _print(name, result, kinds)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=1) + "\n")


def _print(name: str, result: dict[str, Any], kinds: bool) -> None:
    for split, methods in result["figures"].items():
        n = next(iter(methods.values()))["all"]["n"]
        table = Table(title=f"{name}, {split} split ({n} requests)")
        table.add_column("method")
        for col in ("nDCG@10", "recall@10", "MRR@10"):
            table.add_column(col, justify="right")
        for method, f in methods.items():
            table.add_row(
                method, *(f"{f['all'][m]:.3f}" for m in ("ndcg@10", "recall@10", "mrr@10"))
            )
        console.print(table)
        if kinds:
            by_kind = Table(title=f"{name}, {split}: nDCG@10 per query kind")
            names = list(next(iter(methods.values()))["kinds"])
            by_kind.add_column("method")
            for kind in names:
                by_kind.add_column(kind, justify="right")
            for method, f in methods.items():
                by_kind.add_row(method, *(f"{f['kinds'][k]['ndcg@10']:.3f}" for k in names))
            console.print(by_kind)
    if "agent_refinement" in result:
        r = result["agent_refinement"]
        console.print(
            f"agent: refined {r['refined']} requests, {r['refined_with_relevant_in_top10']} of "
            "them ended with a relevant record in the top 10; "
            f"{r.get('answered_with_a_message', '?')} answered with a message (no records)"
        )
