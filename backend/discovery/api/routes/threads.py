"""A conversation's history, and forgetting it. Both need the thread's id and the credential it
was started with (its owner); another owner's thread is a 404, as an unknown one."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path
from pydantic import BaseModel

from discovery.agent.service import Turn
from discovery.agent.threads import ThreadId
from discovery.api.deps import READ, WRITE, AgentDep, OwnerDep

router = APIRouter(tags=["threads"])

ThreadIdPath = Annotated[ThreadId, Path(description="The thread's id.")]
NOT_FOUND: dict[int | str, dict[str, Any]] = {
    404: {"description": "No such thread for this client (unknown, expired or another key's)."}
}


class ThreadHistory(BaseModel):
    thread_id: str
    turns: list[Turn]


@router.get("/threads/{thread_id}", dependencies=[READ], responses=NOT_FOUND)
async def get_thread(thread_id: ThreadIdPath, agent: AgentDep, owner: OwnerDep) -> ThreadHistory:
    """The thread's last turns (`DISCOVERY_THREAD_WINDOW_TURNS`), oldest first."""
    return ThreadHistory(thread_id=thread_id, turns=await agent.history(thread_id, owner))


@router.delete("/threads/{thread_id}", dependencies=[WRITE], status_code=204, responses=NOT_FOUND)
async def delete_thread(thread_id: ThreadIdPath, agent: AgentDep, owner: OwnerDep) -> None:
    await agent.delete(thread_id, owner)
