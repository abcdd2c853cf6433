"""Background jobs that admin endpoints start (a reindex, an agent-card sync): at most one of a
kind at a time, its status readable while it runs and after."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Generic, Literal, TypeVar

from fastapi import HTTPException, Request, status
from pydantic import BaseModel

log = logging.getLogger(__name__)


class JobStatus(BaseModel):
    state: Literal["idle", "running", "done", "failed"]
    message: str | None = None


S = TypeVar("S", bound=JobStatus)


class Job(Generic[S]):
    """One background task of a kind; `status` is the caller's model, updated as it runs."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.status: S | None = None
        self.task: asyncio.Task[None] | None = None

    def start(self, initial: S, work: Callable[[S], Awaitable[None]]) -> S:
        if self.task is not None and not self.task.done():
            raise HTTPException(status.HTTP_409_CONFLICT, f"a {self.name} is already running")
        self.status = initial
        self.task = asyncio.create_task(self._run(initial, work))
        return initial

    async def _run(self, current: S, work: Callable[[S], Awaitable[None]]) -> None:
        try:
            await work(current)
            current.state = "done"
        except Exception as exc:
            log.exception("%s failed", self.name)
            current.state, current.message = "failed", f"{type(exc).__name__}: {exc}"


def job(request: Request, name: str, kind: type[S]) -> Job[S]:
    """The app's job of this name, whose status is a `kind` (created on first use)."""
    jobs: dict[str, Job[S]] = request.app.state.__dict__.setdefault("jobs", {})
    return jobs.setdefault(name, Job(name))
