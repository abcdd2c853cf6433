"""Recording runs of tools and capabilities: one append-only row each (`item_executions`); the
schema's trigger updates the item's counters in the same statement, so concurrent runs of one
item lose no update, and `recompute_item_stats` can rebuild every counter from the rows."""

from __future__ import annotations

from datetime import datetime

import psycopg

from discovery.catalog.capabilities.records import ExecutionRecorded, Outcome, StatsOut
from discovery.db.executions import ExecutionStats, SuccessPrior, load_stats
from discovery.db.schema import ItemKind


class UnknownItem(LookupError):
    """No item of that kind with that id."""

    def __init__(self, kind: ItemKind, item_id: str) -> None:
        super().__init__(f"no {kind.value} with id {item_id!r}")


_INSERT = (
    "insert into item_executions (item_id, success, duration_ms, error, trace_id, created_at)"
    " select i.id, %s, %s, %s, %s, coalesce(%s, now()) from items i"
    " where i.id = %s and i.kind = %s"
    " returning id"
)


async def record_execution(
    conn: psycopg.AsyncConnection,
    kind: ItemKind,
    item_id: str,
    outcome: Outcome,
    prior: SuccessPrior,
    at: datetime | None = None,
) -> ExecutionRecorded:
    """Append one run of the item (`at`: when it ran, default now) and return its statistics
    as they are after it. Raises `UnknownItem` when no item of `kind` has that id."""
    async with conn.transaction():
        args = (outcome.success, outcome.duration_ms, outcome.error, outcome.trace_id, at,
                item_id, kind.value)  # fmt: skip
        row = await (await conn.execute(_INSERT, args)).fetchone()
        if row is None:
            raise UnknownItem(kind, item_id)
        stats = (await load_stats(conn, [item_id])).get(item_id, ExecutionStats())
    return ExecutionRecorded(item_id=item_id, execution_id=row[0], stats=StatsOut.of(stats, prior))


async def record_history(
    conn: psycopg.AsyncConnection, item_id: str, runs: list[tuple[Outcome, datetime | None]]
) -> int:
    """Append several runs of one item at once (an import's history); returns how many."""
    async with conn.cursor() as cur:
        await cur.executemany(
            "insert into item_executions (item_id, success, duration_ms, error, trace_id,"
            " created_at) values (%s, %s, %s, %s, %s, coalesce(%s, now()))",
            [(item_id, o.success, o.duration_ms, o.error, o.trace_id, at) for o, at in runs],
        )
    return len(runs)


async def recompute_stats(conn: psycopg.AsyncConnection, ids: list[str] | None = None) -> int:
    """Rebuild the counters from the executions; returns how many items' counters were wrong."""
    row = await (await conn.execute("select recompute_item_stats(%s)", (ids,))).fetchone()
    return int(row[0]) if row else 0
