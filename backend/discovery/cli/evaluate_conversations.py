"""`discovery eval conversations`: the fresh conversation set through the agent, per split."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from discovery.cli.terminal import console, load_settings
from discovery.settings import Settings


def conversations_cmd(
    split: Annotated[
        str, typer.Option(help="Which conversations: tune, report or all (both, apart).")
    ] = "tune",
    out: Annotated[
        Path | None, typer.Option(help="Write the figures and every turn (JSON).")
    ] = None,
    failures: Annotated[bool, typer.Option(help="List every turn that failed.")] = False,
    set_name: Annotated[
        str | None,
        typer.Option("--set", help="Which judged set: v2 (the default), v3 to v32."),
    ] = None,
    file: Annotated[
        Path | None, typer.Option(help="A conversation file of the same format instead.")
    ] = None,
) -> None:
    """Run a judged conversation set (default: the second set,
    data/eval/agent_conversations.jsonl; --set v3 the third, --set v4 the fourth, --set v5 the
    fifth, --set v6 the sixth, --set v7 the seventh, --set v8 the eighth, --set v9
    the ninth, --set v10 the tenth, --set v11 the eleventh, --set v12 the twelfth, --set v13
    the thirteenth, --set v14 the fourteenth, --set v15 the fifteenth, --set v16 the sixteenth,
    --set v17 the seventeenth, --set v18 the eighteenth, --set v19 the nineteenth, --set v20 the
    twentieth, --set v21 the twenty-first, --set v22 the twenty-second, --set v23 the
    twenty-third, --set v24 the twenty-fourth, --set v25 the twenty-fifth, --set v26 the
    twenty-sixth, --set v27 the twenty-seventh, --set v28 the twenty-eighth, --set v29 the
    twenty-ninth, --set v30 the thirtieth, --set v31 the thirty-first, --set v32 the
    thirty-second) through the agent on the demo archive (own database) and judge every turn."""
    from discovery.evaluation.conversation_report import dumps, report
    from discovery.evaluation.conversation_sets import choose_set
    from discovery.evaluation.conversations import SPLITS, load_conversations, select, split_of

    if split not in (*SPLITS, "all"):
        raise typer.BadParameter("tune, report or all", param_hint="--split")
    try:
        the_set = choose_set(set_name, file)
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="--set/--file") from error
    settings = load_settings()
    if settings.uses_embedded_database:  # never touch the user's catalog
        settings = load_settings(discovery_data_dir=settings.discovery_data_dir.with_name(
            settings.discovery_data_dir.name + "-eval"))  # fmt: skip
    everything = load_conversations(the_set.path)
    chosen = select(everything, split)
    turns = asyncio.run(_run(settings, chosen, split_of(everything)))
    figures = report(turns, SPLITS)
    planner = "llm" if settings.uses_llm else "local"
    console.print(
        f"set {the_set.name} ({the_set.path.name}): {len(chosen)} conversations, "
        f"{len(turns)} turns, planner: {planner}"
    )
    for name, summary in figures["splits"].items():
        _print_summary(name, summary)
    if failures:
        _print_failures(figures["turns"])
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(dumps(figures), encoding="utf-8")


def _share(rate: dict[str, Any]) -> str:
    if not rate["turns"]:
        return "-"
    return f"{rate['rate']:.3f} ({rate['passed']}/{rate['turns']})"


def _print_summary(name: str, s: dict[str, Any]) -> None:
    console.print(f"\n[bold]{name}[/bold]: {s['conversations']} conversations, {s['turns']} turns")
    console.print(f"  intent accuracy: {s['intent_accuracy']:.3f}")
    console.print(f"  turns passed: {_share(s['passed'])}")
    console.print(
        f"  conversations with every turn passed: {s['conversations_all_passed']}"
        f"/{s['conversations']}"
    )
    console.print(
        f"  relevant on the first attempt: {_share(s['relevant_first_attempt'])} "
        f"of {s['results_turns']} results turns"
    )
    console.print(
        f"  rescued by refinement: {_share(s['rescued_by_refinement'])} of the first attempts "
        f"whose own records failed the judge ({s['first_relevant_but_refined']} relevant first "
        "attempts refined anyway)"
    )
    console.print(
        "  ended relevant after a first-attempt failure (the older, looser figure): "
        f"{_share(s['ended_relevant_after_first_failure'])}"
    )
    console.print(
        f"  reference turns: {_share(s['reference'])} "
        f"(judged on anchoring alone: {_share(s['reference_anchoring_only'])})"
    )
    for judge in ("count", "creator", "period"):
        console.print(f"  {judge} answers: {_share(s[judge])}")
    if s["tolerated"]:
        console.print(f"  tolerated (records shown for a mixed injection): {s['tolerated']}")
    if s["latency_ms"]:
        lat = s["latency_ms"]
        console.print(f"  turn latency: median {lat['p50']:.0f} ms, p95 {lat['p95']:.0f} ms")
    for key, title in (("by_kind", "turn kind"), ("by_category", "conversation category")):
        table = Table(title=f"{name}: passed by {title}")
        for col in (title, "passed", "turns", "rate"):
            table.add_column(col, justify="left" if col == title else "right")
        for label, rate in s[key].items():
            table.add_row(label, str(rate["passed"]), str(rate["turns"]), f"{rate['rate']:.3f}")
        console.print(table)


def _print_failures(turns: list[dict[str, Any]]) -> None:
    console.print("\n[bold]failures[/bold]")
    for t in turns:
        v = t["verdict"]
        if v["passed"]:
            continue
        why = [w for w, ok in (("intent", v["intent_ok"]), ("outcome", v["outcome_ok"])) if not ok]
        if not v["judge_ok"]:
            why.append(t["judge"])
        tried = " | ".join(
            f"{a['query']} {a['filters'] or ''} ({a['best_score']})" for a in t["attempts"]
        )
        console.print(
            f"  {t['conversation']}:{t['turn']} [{t['split']}/{t['kind']}] {t['text']!r}\n"
            f"      failed: {', '.join(why)}; {v['detail']}\n"
            f"      expected: {json.dumps(t['expected'], ensure_ascii=False)[:300]}\n"
            f"      got: {t['intent']} {t['response_type']}: {t['message'][:200]!r}"
            f" shown {t['shown'][:3]}\n"
            f"      tried: {tried or '-'}",
            markup=False,
            highlight=False,
        )


async def _run(settings: Settings, conversations: list[Any], split: dict[str, str]) -> Any:
    from discovery.agent.domain import DomainConfig
    from discovery.agent.service import open_agent
    from discovery.agent.tools import make_search_tool
    from discovery.evaluation.conversations import evaluate_conversations
    from discovery.evaluation.first_attempt import FirstAttemptSearch
    from discovery.runtime import load_demo_if_empty, open_runtime

    async with open_runtime(settings) as rt:
        await load_demo_if_empty(rt)
        async with open_agent(rt) as agent:
            domain = DomainConfig.load(settings.discovery_domain_file)
            parts = agent.parts
            first = FirstAttemptSearch(make_search_tool(rt.search, parts.reranker, parts.terms))
            return await evaluate_conversations(agent, conversations, split, domain, first)
