"""A conversation's history, and forgetting it."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, HTTPException, Path, status
from pydantic import BaseModel

from discovery.agent.service import Turn
from discovery.api.deps import READ, WRITE, AgentDep

router = APIRouter(tags=["threads"])

ThreadId = Annotated[str, Path(min_length=1, max_length=100, pattern=r"^[A-Za-z0-9_.:-]+$")]


class ThreadHistory(BaseModel):
    thread_id: str
    turns: list[Turn]


def _unknown(thread_id: str) -> HTTPException:
    return HTTPException(status.HTTP_404_NOT_FOUND, f"no conversation with id {thread_id!r}")


@router.get("/threads/{thread_id}", dependencies=[READ], responses={404: {}})
async def get_thread(thread_id: ThreadId, agent: AgentDep) -> ThreadHistory:
    turns = await agent.history(thread_id)
    if turns is None:
        raise _unknown(thread_id)
    return ThreadHistory(thread_id=thread_id, turns=turns)


@router.delete("/threads/{thread_id}", dependencies=[WRITE], status_code=204, responses={404: {}})
async def delete_thread(thread_id: ThreadId, agent: AgentDep) -> None:
    if not await agent.delete(thread_id):
        raise _unknown(thread_id)
