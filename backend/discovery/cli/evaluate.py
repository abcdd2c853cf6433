"""`discovery eval intents`, `discovery eval agent` and `discovery eval conversations`: print
the agent's figures."""

from __future__ import annotations

import asyncio
import json
import statistics
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from discovery.cli.evaluate_conversations import conversations_cmd
from discovery.cli.terminal import console, load_settings
from discovery.settings import Settings

eval_app = typer.Typer(help="Measure the agent: intent routing and search relevance.")
eval_app.command("conversations")(conversations_cmd)


@eval_app.command("intents")
def intents_cmd(
    errors: Annotated[bool, typer.Option(help="List every misclassified line.")] = False,
    set_: Annotated[
        str, typer.Option("--set", help="heldout, fresh, fresh2 or fresh3 (see data/intents/).")
    ] = "heldout",
    file: Annotated[
        Path | None, typer.Option(help="Score this JSONL file (text, intent) instead.")
    ] = None,
    cv: Annotated[
        bool, typer.Option(help="Cross-validate on the training lines, grouped by source.")
    ] = False,
) -> None:
    """Recall and precision per class, macro-accuracy and the confusion matrix on held-out lines."""
    from discovery.agent.domain import DomainConfig
    from discovery.embeddings.local import LocalMiniLMEmbedder
    from discovery.evaluation.intents import evaluate_intents, load_eval_set

    if cv:
        _print_cv()
        return
    settings = load_settings()
    try:
        examples = load_eval_set(set_, file)
    except (KeyError, FileNotFoundError) as exc:
        raise typer.BadParameter(str(exc.args[0])) from exc
    report = evaluate_intents(
        LocalMiniLMEmbedder(),
        DomainConfig.load(settings.discovery_domain_file),
        cache_dir=settings.discovery_data_dir / "cache",
        examples=examples,
    )
    names = list(report.per_class)
    table = Table(
        title=f"intents ({file or set_}): {report.total} lines, accuracy {report.accuracy:.3f}, "
        f"macro-accuracy {report.macro_accuracy:.3f}"
    )
    table.add_column("true \\ predicted")
    for name in names:
        table.add_column(name, justify="right")
    table.add_column("recall", justify="right")
    table.add_column("precision", justify="right")
    for true in names:
        ok, n = report.per_class[true]
        counts = [str(report.confusion[true][p]) for p in names]
        recall = f"{ok / n:.3f}" if n else "-"
        table.add_row(f"{true} ({n})", *counts, recall, f"{report.precision(true):.3f}")
    console.print(table)
    if errors:
        for text, true, got in report.errors:
            console.print(f"  {true:>9} -> {got:<9} {text}")


def _print_cv() -> None:
    from discovery.embeddings.local import LocalMiniLMEmbedder
    from discovery.evaluation.intent_cv import cross_validate

    report = cross_validate(LocalMiniLMEmbedder())
    table = Table(title="leave-one-source-out cross-validation (tuning figures)")
    for col in ("held-out source", "lines", "accuracy", "macro-accuracy"):
        table.add_column(col, justify="left" if col == "held-out source" else "right")
    for fold in report.folds:
        r = fold.report
        table.add_row(fold.source, str(r.total), f"{r.accuracy:.3f}", f"{r.macro_accuracy:.3f}")
    console.print(table)
    for name, r in (
        ("argmax, T=1", report.raw),
        ("calibrated + UNCLEAR threshold", report.overall),
    ):
        per = ", ".join(f"{t} {r.class_accuracy(t):.3f}/{r.precision(t):.3f}" for t in r.per_class)
        console.print(
            f"  pooled ({name}): macro-accuracy {r.macro_accuracy:.3f}, accuracy "
            f"{r.accuracy:.3f}; recall/precision: {per}"
        )
    console.print(
        f"  temperature {report.temperature:.2f} (ECE {report.ece_before:.3f} -> "
        f"{report.ece_after:.3f}), UNCLEAR below {report.threshold:.3f}"
    )


@eval_app.command("agent")
def agent_cmd(
    out: Annotated[Path | None, typer.Option(help="Write per-query results (JSON).")] = None,
    failures: Annotated[
        bool, typer.Option(help="List the queries not answered relevantly.")
    ] = False,
) -> None:
    """Run the evaluation queries through the agent on the demo archive (own database)."""
    from discovery.evaluation.agent import load_queries

    settings = load_settings()
    if settings.uses_embedded_database:  # never touch the user's catalog
        settings = load_settings(discovery_data_dir=settings.discovery_data_dir.with_name(
            settings.discovery_data_dir.name + "-eval"))  # fmt: skip
    report = asyncio.run(_run_agent_eval(settings, load_queries()))
    n = len(report.results)
    console.print(f"{n} queries, planner: {'llm' if settings.uses_llm else 'local'}")
    console.print(f"  relevant on the first attempt: {report.share('first'):.3f}")
    console.print(
        f"  rescued by refinement: {report.share('rescued'):.3f} of all queries, "
        f"{report.rescue_rate:.3f} of the {report.first_failures} first-attempt failures"
    )
    console.print(
        f"  rescued, counted honestly: {report.strict_rescue_rate:.3f} of the first attempts "
        f"whose own records failed the judge ({report.first_relevant_refined} relevant first "
        "attempts refined anyway are not rescues)"
    )
    causes = report.failure_causes()
    refined = sum(n for cause, n in causes.items() if cause.startswith("refined_"))
    console.print(
        f"  first-attempt failures: {causes['accepted_irrelevant']} passed by the relevance "
        f"grader (refinement never ran), {causes['not_searched']} not routed to search, "
        f"{refined} refined, of which {causes['refined_rescued']} rescued"
    )
    console.print(f"  ended in a message: {report.share('message'):.3f}")
    console.print(f"  irrelevant results shown: {report.share('irrelevant'):.3f}")
    latencies = sorted(r.latency_ms for r in report.results)
    if latencies:
        p95 = latencies[min(len(latencies) - 1, round(0.95 * (len(latencies) - 1)))]
        console.print(
            f"  turn latency: median {statistics.median(latencies):.0f} ms, p95 {p95:.0f} ms"
        )
    table = Table(title="outcomes by query style")
    for col in ("style", "first", "rescued", "message", "irrelevant"):
        table.add_column(col, justify="left" if col == "style" else "right")
    for style, counts in sorted(report.by_style().items()):
        table.add_row(
            style, *(str(counts[o]) for o in ("first", "rescued", "message", "irrelevant"))
        )
    console.print(table)
    if failures:
        for r in report.results:
            if r.outcome in ("message", "irrelevant"):
                tried = " | ".join(f"{a['query']} ({a['best_score']})" for a in r.attempts)
                console.print(f"  {r.id} {r.outcome:<10} {r.query}\n      tried: {tried}")
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps([r.__dict__ for r in report.results], indent=1))


async def _run_agent_eval(settings: Settings, queries: list[dict[str, Any]]) -> Any:
    from discovery.agent.service import open_agent
    from discovery.agent.tools import make_search_tool
    from discovery.evaluation.agent import evaluate_agent
    from discovery.evaluation.first_attempt import FirstAttemptSearch
    from discovery.runtime import load_demo_if_empty, open_runtime

    async with open_runtime(settings) as rt:
        await load_demo_if_empty(rt)
        async with open_agent(rt) as agent:
            parts = agent.parts
            first = FirstAttemptSearch(make_search_tool(rt.search, parts.reranker, parts.terms))
            return await evaluate_agent(agent, queries, first)
