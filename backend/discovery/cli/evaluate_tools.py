"""`discovery eval tools`, `eval tools-latency` and `eval skills`: tool search quality and
speed, and the skill classifier's calibration."""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from discovery.cli.terminal import console, err, load_settings


class Split(StrEnum):
    TUNE = "tune"  # settings may be chosen on it
    REPORT = "report"  # the figures to quote: never tuned on


def tools_cmd(
    out: Annotated[
        Path | None,
        typer.Option(help="Where to write the figures (default bench/tools_eval[_tune].json)."),
    ] = None,
    max_single: Annotated[
        int, typer.Option(help="MetaTool single-tool queries to sample (0: all 20,614).")
    ] = 2000,
    split: Annotated[
        Split,
        typer.Option(
            help="report: the reported queries of MetaTool and LiveMCPBench, and the held-out "
            "catalogs. tune: the other half of each, for choosing settings."
        ),
    ] = Split.REPORT,
    unseen: Annotated[
        bool,
        typer.Option(help="Also the held-out catalogs (report only; data/eval/tools-unseen.md)."),
    ] = True,
    only: Annotated[
        list[str] | None, typer.Option("--set", help="Only these sets (repeatable).")
    ] = None,
) -> None:
    """Recall@5/10, nDCG@10, MRR, candidates and empty answers per strategy, as ingested and at
    the defaults, then after the review queue is approved."""
    from discovery.evaluation.tool_sets import benchmarks
    from discovery.evaluation.tools_eval import eval_settings, run_benchmark, settings_summary

    tune = split is Split.TUNE
    out = out or Path("bench/tools_eval_tune.json" if tune else "bench/tools_eval.json")
    settings = load_settings(logging.ERROR)
    results: dict[str, Any] = {"split": split.value, "settings": settings_summary(settings)}
    work = eval_settings(settings, "sets").discovery_data_dir
    for bench in benchmarks(split.value, work, max_single, unseen):
        if only and bench.name not in only:
            continue
        run_settings = eval_settings(settings, bench.name)
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                      MofNCompleteColumn(), console=err) as progress:  # fmt: skip
            task = progress.add_task(bench.name, total=6 * len(bench.queries))
            figures = asyncio.run(
                run_benchmark(run_settings, bench, functools.partial(progress.advance, task))
            )
        results[bench.name] = figures
        _print(bench.name, figures)
        _print(
            f"{bench.name}, after review",
            figures["after_review"] | {"queries": figures["queries"]},
        )
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2) + "\n")
    err.print(f"figures written to {out}")


def _print(name: str, figures: dict[str, Any]) -> None:
    table = Table(title=f"{name}: {figures['queries']} queries, catalog {figures['catalog']}")
    columns = ("strategy", "recall@5", "recall@10", "nDCG@10", "MRR", "candidates", "fallbacks",
               "empty")  # fmt: skip
    for col in columns:
        table.add_column(col, justify="left" if col == "strategy" else "right")
    for strategy, f in figures["strategies"].items():
        table.add_row(strategy, f"{f['recall@5']:.3f}", f"{f['recall@10']:.3f}",
                      f"{f['ndcg@10']:.3f}", f"{f['mrr']:.3f}", f"{f['avg_candidates']:.1f}",
                      f"{f['fallback_share']:.1%}", f"{f['empty_share']:.1%}")  # fmt: skip
    console.print(table)
    console.print(f"targets: {figures['targets']}")


def latency_cmd(
    n: Annotated[int, typer.Option(help="Searches measured (after 30 warm-up ones).")] = 500,
    out: Annotated[Path | None, typer.Option(help="Write the figures here (JSON).")] = Path(
        "bench/tools_latency.json"
    ),
) -> None:
    """Tool search with schemas for 5 tools, hierarchical and the default strategy: median and
    p95 in process."""
    from discovery.evaluation.tools_bench import run_tools_latency

    figures = asyncio.run(run_tools_latency(load_settings(logging.ERROR), n, out))
    console.print(
        f"hierarchical search with schemas, 5 tools, {figures['catalog']}: "
        f"median {figures['median_ms']:.2f} ms, p95 {figures['p95_ms']:.2f} ms "
        f"(embedding median {figures['embedding_median_ms']:.2f} ms; target p95 <= 15 ms: "
        f"{'met' if figures['meets_target'] else 'MISSED'}); the default strategy "
        f"({figures['default_strategy']}): median {figures['default_median_ms']:.2f} ms, "
        f"p95 {figures['default_p95_ms']:.2f} ms"
    )


def skills_cmd(
    write: Annotated[
        bool, typer.Option("--write", help="Save the fitted weights to config/.")
    ] = False,
) -> None:
    """Fit the skill classifier's confidences; print their calibration (out of fold)."""
    from discovery.embeddings.local import LocalMiniLMEmbedder
    from discovery.evaluation.tools_skills import fit_and_measure

    settings = load_settings(logging.ERROR)
    calibration = fit_and_measure(
        LocalMiniLMEmbedder(), settings.discovery_skills_file,
        settings.discovery_skill_min_confidence,
    )  # fmt: skip
    metrics = dict(calibration.metrics)
    table = Table("confidence bin", "pairs", "mean confidence", "share correct")
    for row in metrics.pop("reliability"):
        table.add_row(row["bin"], str(row["n"]), f"{row['mean_confidence']:.3f}",
                      f"{row['accuracy']:.3f}")  # fmt: skip
    console.print(table)
    console.print_json(json.dumps(metrics | {"weights": calibration.weights,
                                             "bias": calibration.bias}))  # fmt: skip
    if write:
        calibration.save()
        err.print("weights written to config/skill_calibration.json")
