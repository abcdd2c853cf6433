"""Related tools: the tools most often used together with a tool, from the co-usage graph of
capabilities' `tools_used` and execution traces (`related_tools` in SQL: weighted Adamic-Adar
over the bipartite graph of tools and the contexts they appear in; see the migration)."""

from __future__ import annotations

from typing import Any

import psycopg
from pydantic import BaseModel, Field

from discovery.db.executions import SuccessPrior


class RelatedTool(BaseModel):
    tool_id: str
    name: str
    relation: str = Field(
        description="Where they were used together: capability, trace or capability+trace."
    )
    score: float = Field(
        description="Weighted Adamic-Adar: the sum over shared contexts of weight / ln(size)."
    )


RELATED_SQL = "select * from related_tools(%s, %s, %s, %s)"


def related_args(tool_ids: list[str], per_tool: int, prior: SuccessPrior) -> tuple[Any, ...]:
    return (tool_ids, per_tool, prior.successes, prior.failures)


def related_of(tool_ids: list[str], rows: list[tuple[Any, ...]]) -> dict[str, list[RelatedTool]]:
    """tool id -> its related tools, from `RELATED_SQL`'s rows (an empty list when none)."""
    out: dict[str, list[RelatedTool]] = {t: [] for t in tool_ids}
    for tool_id, related_id, name, relation, score in rows:
        out[tool_id].append(
            RelatedTool(tool_id=related_id, name=name, relation=relation, score=round(score, 4))
        )
    return out


async def related_tools(
    conn: psycopg.AsyncConnection, tool_ids: list[str], per_tool: int, prior: SuccessPrior
) -> dict[str, list[RelatedTool]]:
    """tool id -> its most related tools, strongest first (an empty list when none)."""
    if not tool_ids:
        return {}
    cur = await conn.execute(RELATED_SQL, related_args(tool_ids, per_tool, prior))
    return related_of(tool_ids, await cur.fetchall())
