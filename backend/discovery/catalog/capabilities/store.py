"""Capabilities in the catalog: created by their first successful run (through the one write
path, `CatalogWriter`: summarized, embedded, upserted idempotently), read back with their
statistics. A later run of the same code is recorded against the capability that exists; a
failed first run creates nothing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import psycopg
from psycopg.rows import dict_row

from discovery.catalog.capabilities.executions import record_execution
from discovery.catalog.capabilities.records import (
    CAPABILITY_PREFIX,
    Capability,
    CapabilityDraft,
    CapabilityRun,
    StatsOut,
    capability_id,
    capability_item,
)
from discovery.catalog.records import CatalogItem, row_problem
from discovery.catalog.summarize import ExtractiveSummarizer
from discovery.catalog.writer import CatalogWriter, IngestReport, InTransaction
from discovery.db import Database, ItemKind
from discovery.db.executions import ExecutionStats, SuccessPrior
from discovery.embeddings import Embedder


class UnknownTools(ValueError):
    """Tools named by a capability that the catalog does not hold."""

    def __init__(self, missing: list[str]) -> None:
        super().__init__("unknown tools (not in the catalog): " + ", ".join(missing))
        self.missing = missing


class CapabilityInvalid(ValueError):
    """A capability the catalog cannot store (`catalog/checks.py`: control characters, a
    non-finite number or too deep a schema, fields too long)."""


class FailedFirstRun(ValueError):
    """A run that failed cannot create a capability."""

    def __init__(self) -> None:
        super().__init__(
            "a capability is created by a successful run; this run failed and created nothing"
        )


async def resolve_tools(conn: psycopg.AsyncConnection, given: Sequence[str]) -> dict[str, str]:
    """Catalog tool id -> name for each tool given, in order: an id as stored
    (`tool:<server>::<name>`) or without its `tool:` prefix. Raises `UnknownTools`."""
    wanted = {g: (g if g.startswith("tool:") else f"tool:{g}") for g in given}
    rows = await (
        await conn.execute(
            "select id, name from items where kind = 'tool' and id = any(%s)",
            (list(set(wanted.values())),),
        )
    ).fetchall()
    names = {r[0]: r[1] for r in rows}
    missing = [g for g, tool_id in wanted.items() if tool_id not in names]
    if missing:
        raise UnknownTools(missing)
    return {wanted[g]: names[wanted[g]] for g in given}


async def write_capabilities(
    db: Database,
    embedder: Embedder,
    items: list[CatalogItem],
    in_transaction: InTransaction | None = None,
) -> IngestReport:
    """Upsert capability items through the write path (no skills, so no centroid refresh);
    `in_transaction(conn)` is written in the items' own transaction."""
    writer = CatalogWriter(db, embedder, ExtractiveSummarizer())
    await writer.prepare()
    report = IngestReport()
    await writer.write(items, report, in_transaction)
    return report


async def draft_item(conn: psycopg.AsyncConnection, draft: CapabilityDraft) -> CatalogItem:
    """The item of a draft whose tools are all in the catalog (ids made canonical)."""
    tools = await resolve_tools(conn, draft.tools_used)
    try:
        return capability_item(draft.model_copy(update={"tools_used": list(tools)}), tools)
    except ValueError as exc:  # the item's checks
        raise CapabilityInvalid(row_problem(exc)) from None


async def create_from_run(
    db: Database, embedder: Embedder, run: CapabilityRun, prior: SuccessPrior
) -> tuple[Capability, bool]:
    """(the capability, whether this run created it). The run is recorded either way."""
    cid = capability_id(run.code_snippet)
    async with db.connection() as conn:
        if await get_capability(conn, cid, prior) is None:
            if not run.outcome.success:
                raise FailedFirstRun()
            item = await draft_item(conn, run)
            created = True
        else:
            created = False
    recorded = False
    if created:  # the item and its first run in one transaction: an error leaves neither

        async def first_run(conn: psycopg.AsyncConnection) -> None:
            nonlocal recorded
            await record_execution(conn, ItemKind.CAPABILITY, cid, run.outcome, prior)
            recorded = True

        await write_capabilities(db, embedder, [item], first_run)
    async with db.connection() as conn:
        if not recorded:  # a later run, or a twin request wrote the same item first
            await record_execution(conn, ItemKind.CAPABILITY, cid, run.outcome, prior)
        capability = await get_capability(conn, cid, prior)
    assert capability is not None
    return capability, created


_SELECT = """
select i.id, i.name, i.description, i.metadata, i.created_at, i.is_active,
       coalesce(s.successes, 0) as successes, coalesce(s.failures, 0) as failures,
       coalesce(s.timed_runs, 0) as timed_runs,
       coalesce(s.duration_ms_total, 0) as duration_ms_total, s.first_used_at, s.last_used_at
from items i left join item_stats s on s.item_id = i.id
where i.kind = 'capability'
"""


def normalize_id(given: str) -> str:
    """A capability id as stored; the bare hash works too."""
    return given if given.startswith(CAPABILITY_PREFIX) else CAPABILITY_PREFIX + given


async def get_capability(
    conn: psycopg.AsyncConnection, given_id: str, prior: SuccessPrior
) -> Capability | None:
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(_SELECT + " and i.id = %s", (normalize_id(given_id),))
        row = await cur.fetchone()
    return _capability(row, prior) if row else None


async def list_capabilities(
    conn: psycopg.AsyncConnection,
    prior: SuccessPrior,
    limit: int = 50,
    offset: int = 0,
    active_only: bool = True,
) -> list[Capability]:
    """Most recently used first (never used last), then by id."""
    sql = (
        _SELECT
        + (" and i.is_active" if active_only else "")
        + " order by s.last_used_at desc nulls last, i.id limit %s offset %s"
    )
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(sql, (limit, offset))
        return [_capability(row, prior) for row in await cur.fetchall()]


def _capability(row: dict[str, Any], prior: SuccessPrior) -> Capability:
    meta = row["metadata"]
    stats = ExecutionStats(
        row["successes"], row["failures"], row["timed_runs"], row["duration_ms_total"],
        row["first_used_at"], row["last_used_at"],
    )  # fmt: skip
    out = StatsOut.of(stats, prior)
    return Capability(
        id=row["id"],
        name=row["name"],
        description=row["description"],
        code_snippet=meta.get("code_snippet", ""),
        tools_used=meta.get("tools_used", []),
        parameters_schema=meta.get("parameters_schema"),
        success_rate=out.success_rate,
        usage_count=out.usage_count,
        created_at=row["created_at"],
        last_used_at=row["last_used_at"],
        is_active=row["is_active"],
        stats=out,
    )
