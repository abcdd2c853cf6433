"""What one long conversation costs: N offline agent turns on one thread (the local planner, the
demo archive, the embedded PostgreSQL in its own data directory), printing at 10, 100, 1000...
turns the thread's stored bytes (its rows in the checkpointer's tables), the bytes written per
turn (PostgreSQL's WAL over those turns), the checkpointer tables' size on disk and the turns'
latency. Storage per turn is constant when the stored bytes stay flat.

    uv run python scripts/thread_storage.py --turns 1000
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from typing import Any

from discovery.agent.service import open_agent
from discovery.agent.threads import CHECKPOINT_TABLES
from discovery.runtime import Runtime, load_demo_if_empty, open_runtime
from discovery.settings import get_settings

TEXTS = [
    "photos of jazz musicians on stage",
    "only from the 1950s",
    "boxing match",
    "more like the second one",
    "church choirs",
    "paintings of landscapes",
    "hello!",
    "portraits of nurses",
]
MILESTONES = (10, 100, 1000, 10_000)
STORED_SQL = " + ".join(
    f"(select coalesce(sum(pg_column_size(t.*)), 0) from {table} t where thread_id = %(id)s)"
    for table in CHECKPOINT_TABLES
)
DISK_SQL = " + ".join(f"pg_total_relation_size('{table}')" for table in CHECKPOINT_TABLES)


async def scalar(rt: Runtime, sql: str, args: Any = None) -> Any:
    async with rt.db.connection() as conn:
        row = await (await conn.execute(sql, args)).fetchone()  # type: ignore[arg-type]
    assert row is not None
    return row[0]


async def forget_threads(rt: Runtime) -> None:
    """Start from empty checkpoint tables (an earlier run's rows would count on disk)."""
    async with rt.db.connection() as conn:
        await conn.execute("delete from agent_threads")
        for table in CHECKPOINT_TABLES:
            await conn.execute(f"delete from {table}")  # type: ignore[arg-type]
            await conn.execute(f"vacuum full {table}")  # type: ignore[arg-type]


async def main(turns: int) -> None:
    base = get_settings()
    work = base.discovery_data_dir.with_name(base.discovery_data_dir.name + "-threads")
    settings = base.model_copy(
        update={
            "discovery_data_dir": work,
            "database_url": None,
            "discovery_agent_planner": "local",
            "discovery_thread_max_turns": turns + 1,
        }
    )
    async with open_runtime(settings) as rt:
        await load_demo_if_empty(rt)
        async with open_agent(rt) as agent:
            await agent.run("hello")  # creates the checkpointer's tables and warms up
            await forget_threads(rt)
            thread_id = None
            latencies: list[float] = []
            wal_start = await scalar(rt, "select pg_current_wal_lsn()")
            last_mark, last_wal = 0, wal_start
            print(
                f"{'turns':>6} {'stored B':>10} {'checkpoints':>11} {'written B/turn':>14} "
                f"{'disk kB':>8} {'p50 ms':>7} {'p95 ms':>7}"
            )
            for turn in range(1, turns + 1):
                started = time.perf_counter()
                response = await agent.run(TEXTS[turn % len(TEXTS)], thread_id)
                latencies.append((time.perf_counter() - started) * 1000)
                thread_id = response.thread_id
                if turn not in MILESTONES and turn != turns:
                    continue
                args = {"id": thread_id}
                stored = await scalar(rt, f"select {STORED_SQL}", args)
                checkpoints = await scalar(
                    rt, "select count(*) from checkpoints where thread_id = %(id)s", args
                )
                wal = await scalar(rt, "select pg_current_wal_lsn()")
                written = await scalar(rt, "select pg_wal_lsn_diff(%s, %s)", (wal, last_wal))
                disk = await scalar(rt, f"select {DISK_SQL}")
                recent = sorted(latencies[last_mark:])
                p95 = recent[min(len(recent) - 1, int(0.95 * len(recent)))]
                print(
                    f"{turn:>6} {stored:>10} {checkpoints:>11} "
                    f"{float(written) / (turn - last_mark):>14.0f} {disk / 1024:>8.0f} "
                    f"{statistics.median(recent):>7.1f} {p95:>7.1f}",
                    flush=True,
                )
                last_mark, last_wal = turn, wal


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=1000)
    asyncio.run(main(parser.parse_args().turns))
