"""Learned capabilities: /api/v1/capabilities. Reads follow the READ guard; creating one (from
its first successful run) and recording runs need an API key."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, HTTPException, Path, Query, Response, status
from pydantic import BaseModel

from discovery.api.deps import READ, WRITE, RuntimeDep
from discovery.catalog.capabilities.executions import UnknownItem, record_execution
from discovery.catalog.capabilities.records import (
    Capability,
    CapabilityRun,
    ExecutionRecorded,
    Outcome,
)
from discovery.catalog.capabilities.store import (
    CapabilityInvalid,
    FailedFirstRun,
    UnknownTools,
    create_from_run,
    get_capability,
    list_capabilities,
    normalize_id,
)
from discovery.db import ItemKind
from discovery.db.executions import SuccessPrior

CapabilityId = Annotated[
    str,
    Path(min_length=1, max_length=300, pattern=r"^[^\x00]+$",
         description="The capability's id, e.g. `capability:3f1c2a9b7d4e5f60`."),
]  # fmt: skip

router = APIRouter(prefix="/capabilities", tags=["capabilities"], dependencies=[READ])


class CapabilityCreated(BaseModel):
    created: bool
    capability: Capability


@router.get("")
async def list_all(
    runtime: RuntimeDep,
    limit: Annotated[int, Query(ge=1, le=500)] = 50,
    offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
) -> list[Capability]:
    """Active capabilities, most recently used first."""
    async with runtime.db.connection() as conn:
        return await list_capabilities(conn, SuccessPrior.of(runtime.settings), limit, offset)


@router.get("/{capability_id}")
async def show(capability_id: CapabilityId, runtime: RuntimeDep) -> Capability:
    """One capability with its code and statistics; 404 for an unknown id."""
    async with runtime.db.connection() as conn:
        found = await get_capability(conn, capability_id, SuccessPrior.of(runtime.settings))
    if found is None:
        raise HTTPException(status.HTTP_404_NOT_FOUND, f"no capability {capability_id!r}")
    return found


@router.post(
    "",
    dependencies=[WRITE],
    status_code=status.HTTP_201_CREATED,
    responses={200: {"model": CapabilityCreated, "description": "A run of one that exists."}},
)
async def create(body: CapabilityRun, runtime: RuntimeDep, response: Response) -> CapabilityCreated:
    """A run of code: its first successful run creates the capability (201); a run of code
    that is already a capability is recorded against it (200); a failed first run creates
    nothing (422)."""
    try:
        capability, created = await create_from_run(
            runtime.db, runtime.embedder, body, SuccessPrior.of(runtime.settings)
        )
    except (FailedFirstRun, UnknownTools, CapabilityInvalid) as exc:
        raise HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT, str(exc)) from None
    if not created:
        response.status_code = status.HTTP_200_OK
    return CapabilityCreated(created=created, capability=capability)


@router.post(
    "/{capability_id}/executions", dependencies=[WRITE], status_code=status.HTTP_201_CREATED
)
async def record(
    capability_id: CapabilityId, body: Outcome, runtime: RuntimeDep
) -> ExecutionRecorded:
    """Record a later run; the statistics as they are after it."""
    async with runtime.db.connection() as conn:
        try:
            return await record_execution(conn, ItemKind.CAPABILITY, normalize_id(capability_id),
                                          body, SuccessPrior.of(runtime.settings))  # fmt: skip
        except UnknownItem as exc:
            raise HTTPException(status.HTTP_404_NOT_FOUND, str(exc)) from None
