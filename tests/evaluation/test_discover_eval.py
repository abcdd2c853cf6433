"""discover's evaluation: the fixed split, the generated capability set and its histories, the
recall that counts tools reached through capabilities, and one small run on the fixture
catalog (real embedded PostgreSQL and local model)."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace

import pytest
from tests.capability_catalog import tools_rt, tools_template, tools_url  # noqa: F401

from discovery.catalog.capabilities.importer import ImportRow, import_capabilities
from discovery.evaluation.discover_data import (
    Task,
    history,
    load_tasks,
    split_of,
    synthetic_capabilities,
    task_capabilities,
    write_jsonl,
)
from discovery.evaluation.discover_eval import LIVEMCPBENCH, evaluate_split, reached, recall
from discovery.runtime import Runtime

pytestmark = pytest.mark.integration
needs_data = pytest.mark.skipif(
    not (LIVEMCPBENCH / "tasks.jsonl").exists(), reason="LiveMCPBench is not in ../shared/data"
)


def test_the_split_is_a_fixed_hash_of_the_task_id() -> None:
    ids = [f"task-{n}" for n in range(2000)]
    shares = Counter(split_of(i) for i in ids)
    assert shares["capabilities"] / 2000 == pytest.approx(0.5, abs=0.04)
    assert shares["tune"] / 2000 == pytest.approx(0.2, abs=0.03)
    assert [split_of(i) for i in ids[:5]] == [split_of(i) for i in ids[:5]]  # stable


def test_histories_are_deterministic_and_start_with_a_success() -> None:
    for key in ("a", "b", "c", "d"):
        cls, runs = history(key)
        assert (cls, runs) == history(key)
        assert runs[0]["success"] and 3 <= len(runs) <= 20
        times = [datetime.fromisoformat(r["at"]) for r in runs]
        assert times == sorted(times)
    classes = Counter(history(f"k{n}")[0] for n in range(3000))
    assert classes["reliable"] / 3000 == pytest.approx(0.7, abs=0.03)
    assert classes["failing"] / 3000 == pytest.approx(0.1, abs=0.02)


def test_recall_counts_tools_reached_through_capabilities() -> None:
    steps = [["tool:a", "tool:a2"], ["tool:b"], ["tool:c"]]
    results = [
        SimpleNamespace(type="tool", id="tool:x"),
        SimpleNamespace(type="capability", id="capability:1", tools_used=["tool:a2", "tool:b"]),
    ]
    assert reached(results) == {"tool:x", "tool:a2", "tool:b"}
    assert recall(reached(results), steps) == pytest.approx(2 / 3)


@needs_data
def test_the_livemcpbench_capability_set_is_importable_and_held_apart() -> None:
    tasks = load_tasks(LIVEMCPBENCH / "tasks.jsonl")
    rows = task_capabilities(tasks)
    held_out = {t.id for t in tasks if split_of(t.id) != "capabilities"}
    assert rows and not {r["task_id"] for r in rows} & held_out
    for row in rows:
        parsed = ImportRow.model_validate(row)  # every row passes the importer's checks
        assert parsed.tools_used and parsed.history()[0][0].success


async def test_a_small_run_on_the_fixture_catalog(tools_rt: Runtime, tmp_path: Path) -> None:  # noqa: F811
    forecast, chart = "tool:Weather Now::get_forecast", "tool:Charts::generate_bar_chart"
    rows = [{"description": "Chart the weather forecast of a city", "tools_used": [forecast, chart],
             "code_snippet": "chart(forecast())", "executions": history("fixture")[1]}]  # fmt: skip
    await import_capabilities(
        tools_rt.db, tools_rt.embedder, write_jsonl(rows, tmp_path / "c.jsonl")
    )
    tasks = [Task("q1", "draw a chart of the weather forecast for Paris", [[forecast], [chart]])]
    figures = await evaluate_split(tools_rt, tasks)
    assert figures["queries"] == 1
    assert figures["discover"]["recall@5"] == 1.0 and figures["discover"]["hit@5"] == 1.0
    assert figures["discover"]["capabilities_per_top5"] == 1.0
    assert set(figures) == {"queries", "discover", "discover_without_reliability",
                            "discover_tools_only", "plain_tool_search"}  # fmt: skip


@needs_data
def test_synthetic_capabilities_are_distinct_chains_of_one_server() -> None:
    from discovery.evaluation.discover_data import load_tools

    tools = load_tools(LIVEMCPBENCH / "tools.jsonl")
    rows = synthetic_capabilities(tools, 50)
    assert len({r["code_snippet"] for r in rows}) == 50
    server_of = {f"tool:{t['tool_id']}": t["server"] for t in tools}
    for row in rows:
        assert 2 <= len(row["tools_used"]) <= 4
        assert len({server_of[t] for t in row["tools_used"]}) == 1
    assert rows == synthetic_capabilities(tools, 50)  # deterministic


async def test_the_latency_bench_measures_both_transports_against_a_served_app(
    pg_uri: str,
    tools_template: str,  # noqa: F811
    agent_data_dir: Path,
) -> None:
    """The plumbing of `bench-discover` (no figures asserted: wall time is not tested)."""
    from tests.api.conftest import running_app, serve
    from tests.conftest import create_database, settings_for

    from discovery.evaluation.discover_bench import measure, verdict

    settings = settings_for(create_database(pg_uri, template=tools_template), agent_data_dir,
                            discovery_agent_planner="local")  # fmt: skip
    queries = [f"find a tool number {n} for the weather" for n in range(20)]
    async with running_app(settings) as app:
        async for url in serve(app):
            figures = await measure(url, queries, n=2, warm_up=1)
    assert len(queries) == 20 - 2 - 8  # every request its own intent
    for key in ("without_related", "with_related"):
        assert figures[key]["rest_ms"]["n"] == figures[key]["mcp_ms"]["n"] == 2
        assert figures[key]["server_side_ms"]["p50"] > 0
    summary = verdict(figures)
    assert set(summary["with_related"]) >= {"rest_p95_ms", "mcp_p95_ms", "rest_target_met"}
