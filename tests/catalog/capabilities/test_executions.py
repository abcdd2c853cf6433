"""Executions are append-only rows with their time; the counters follow them in the same
statement, so concurrent runs of one item lose no update, and can be recomputed from the rows.
Real embedded PostgreSQL."""

from __future__ import annotations

import asyncio

import psycopg
import pytest
from tests.capability_catalog import tools_rt, tools_template, tools_url  # noqa: F401

from discovery.catalog.capabilities.executions import (
    UnknownItem,
    recompute_stats,
    record_execution,
)
from discovery.catalog.capabilities.records import CapabilityRun, Outcome
from discovery.catalog.capabilities.store import create_from_run, get_capability
from discovery.db import ItemKind
from discovery.db.executions import SuccessPrior, load_stats
from discovery.runtime import Runtime

pytestmark = pytest.mark.integration

PRIOR = SuccessPrior()  # the defaults: Beta(2.7, 0.3), untried 1.0
READ = "tool:Files::read_file"
WRITE = "tool:Files::write_file"


async def _record(rt: Runtime, kind: ItemKind, item_id: str, outcome: Outcome) -> None:
    async with rt.db.connection() as conn:
        await record_execution(conn, kind, item_id, outcome, PRIOR)


async def test_concurrent_executions_of_one_capability_lose_no_update(tools_rt: Runtime) -> None:  # noqa: F811
    run = CapabilityRun(
        intent="copy a file",
        code_snippet="copy()",
        tools_used=[READ, WRITE],
        outcome=Outcome(success=True, duration_ms=5),
    )
    capability, _ = await create_from_run(tools_rt.db, tools_rt.embedder, run, PRIOR)
    outcomes = [Outcome(success=i % 3 != 0, duration_ms=float(i)) for i in range(60)]
    await asyncio.gather(
        *(_record(tools_rt, ItemKind.CAPABILITY, capability.id, o) for o in outcomes)
    )  # 60 runs at once over a pool of 8 connections
    async with tools_rt.db.connection() as conn:
        after = await get_capability(conn, capability.id, PRIOR)
        wrong = await recompute_stats(conn)
    assert after is not None
    assert (after.stats.successes, after.stats.failures) == (1 + 40, 20)
    assert after.usage_count == 61
    assert after.stats.mean_duration_ms == pytest.approx((5 + sum(range(60))) / 61, abs=1e-3)
    assert wrong == 0  # the counters agree with the rows


async def test_executions_are_append_only_but_go_with_their_item(tools_rt: Runtime) -> None:  # noqa: F811
    await _record(tools_rt, ItemKind.TOOL, READ, Outcome(success=True, duration_ms=1))
    async with tools_rt.db.connection() as conn:
        with pytest.raises(psycopg.errors.ObjectNotInPrerequisiteState, match="append-only"):
            await conn.execute("update item_executions set success = false")
        with pytest.raises(psycopg.errors.ObjectNotInPrerequisiteState, match="append-only"):
            await conn.execute("delete from item_executions")
        await conn.execute("delete from items where id = %s", (READ,))
        left = await (await conn.execute("select count(*) from item_executions")).fetchone()
        stats = await load_stats(conn, [READ])
    assert left == (0,) and stats == {}


async def test_recompute_repairs_counters_that_disagree_with_the_rows(tools_rt: Runtime) -> None:  # noqa: F811
    for success in (True, False, True):
        await _record(tools_rt, ItemKind.TOOL, READ, Outcome(success=success, duration_ms=2))
    async with tools_rt.db.connection() as conn:
        await conn.execute("update item_stats set successes = 999 where item_id = %s", (READ,))
        assert await recompute_stats(conn, [READ]) == 1
        stats = (await load_stats(conn, [READ]))[READ]
    assert (stats.successes, stats.failures, stats.timed_runs) == (2, 1, 3)
    assert stats.first_used_at is not None and stats.first_used_at <= stats.last_used_at  # type: ignore[operator]


async def test_tool_runs_that_share_a_trace_become_a_context(tools_rt: Runtime) -> None:  # noqa: F811
    for tool in (READ, WRITE):
        outcome = Outcome(success=True, duration_ms=3, trace_id="t-1")
        await _record(tools_rt, ItemKind.TOOL, tool, outcome)
    async with tools_rt.db.connection() as conn:
        rows = await (
            await conn.execute(
                "select context_id, tool_id, source from tool_contexts order by tool_id"
            )
        ).fetchall()
    assert rows == [("trace:t-1", READ, "trace"), ("trace:t-1", WRITE, "trace")]


async def test_runs_of_unknown_items_or_the_wrong_kind_are_refused(tools_rt: Runtime) -> None:  # noqa: F811
    outcome = Outcome(success=True, duration_ms=1)
    with pytest.raises(UnknownItem, match="no tool"):
        await _record(tools_rt, ItemKind.TOOL, "tool:Nowhere::x", outcome)
    with pytest.raises(UnknownItem, match="no capability"):
        await _record(tools_rt, ItemKind.CAPABILITY, READ, outcome)
    async with tools_rt.db.connection() as conn:
        assert await (await conn.execute("select count(*) from item_executions")).fetchone() == (0,)
