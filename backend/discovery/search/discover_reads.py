"""What `discover` reads once it has its candidates, in one round trip: the execution
statistics of every candidate (the ranking needs them), and the input schemas and, when asked,
the related tools of every candidate tool (the returned tools are among them). The three
statements go out together in one pipeline (psycopg's pipeline mode), so the request waits for
the database once instead of three times in a row. Schemas and related tools are read for a few
candidate tools that the ranking then drops; `related_tools` ranks each tool's neighbours on
their own (and sums their scores in a fixed order since migration 20261128000300, so a tie
cannot turn on which other tools were asked), so the answer for a returned tool is the same
either way."""

from __future__ import annotations

from dataclasses import dataclass

import psycopg
from psycopg.rows import dict_row

from discovery.db.executions import STATS_SQL, ExecutionStats, SuccessPrior, stats_of
from discovery.search.queries import SCHEMAS_SQL, schemas_of
from discovery.search.related import RELATED_SQL, RelatedTool, related_args, related_of


@dataclass(frozen=True)
class CandidateReads:
    stats: dict[str, ExecutionStats]
    schemas: dict[str, dict | None]
    related: dict[str, list[RelatedTool]] | None  # None: not asked for


async def read_candidates(
    conn: psycopg.AsyncConnection,
    ids: list[str],
    tool_ids: list[str],
    related_per_tool: int | None,
    prior: SuccessPrior,
) -> CandidateReads:
    """Statistics of `ids`, schemas of `tool_ids` and, unless `related_per_tool` is None,
    their related tools: one round trip."""
    asked = related_per_tool is not None and bool(tool_ids)
    async with (
        conn.cursor(row_factory=dict_row) as stats,
        conn.cursor() as schemas,
        conn.cursor() as related,
    ):
        async with conn.pipeline():
            if ids:
                await stats.execute(STATS_SQL, (ids,))
            if tool_ids:
                await schemas.execute(SCHEMAS_SQL, (tool_ids,))
            if asked:
                assert related_per_tool is not None
                await related.execute(RELATED_SQL, related_args(tool_ids, related_per_tool, prior))
        return CandidateReads(
            stats=stats_of(await stats.fetchall()) if ids else {},
            schemas=schemas_of(await schemas.fetchall()) if tool_ids else {},
            related=(
                related_of(tool_ids, await related.fetchall())
                if asked
                else ({} if related_per_tool is not None else None)
            ),
        )
