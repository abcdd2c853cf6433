"""Runs of tools: POST /api/v1/tools/{tool_id}/executions (API key). A tool that keeps failing
sinks in `discover`; runs that share a `trace_id` relate their tools."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, HTTPException, Path, status

from discovery.api.deps import READ, WRITE, RuntimeDep
from discovery.catalog.capabilities.executions import UnknownItem, record_execution
from discovery.catalog.capabilities.records import ExecutionRecorded, Outcome
from discovery.db import ItemKind
from discovery.db.executions import SuccessPrior

ToolId = Annotated[
    str,
    Path(min_length=1, max_length=300, pattern=r"^[^\x00]+$",
         description="The tool's id, e.g. `tool:Files::read_file` (URL-encoded)."),
]  # fmt: skip

router = APIRouter(prefix="/tools", tags=["tools"], dependencies=[READ])


@router.post("/{tool_id:path}/executions", dependencies=[WRITE], status_code=201)
async def record(tool_id: ToolId, body: Outcome, runtime: RuntimeDep) -> ExecutionRecorded:
    """Record a run of a catalog tool (`tool:<server>::<name>`, URL-encoded; the `tool:` prefix
    may be left out); the statistics as they are after it."""
    item_id = tool_id if tool_id.startswith("tool:") else f"tool:{tool_id}"
    async with runtime.db.connection() as conn:
        try:
            return await record_execution(conn, ItemKind.TOOL, item_id, body,
                                          SuccessPrior.of(runtime.settings))  # fmt: skip
        except UnknownItem as exc:
            raise HTTPException(status.HTTP_404_NOT_FOUND, str(exc)) from None
