"""Keeps the embedded PostgreSQL up under a running process (`discovery serve`, `discovery mcp`,
any command that opens a Database): nobody has to come and start it again.

A periodic probe reads the postmaster's state from its pid file (no connection; cheap enough to
run every second), and a failed connection of the pool wakes the probe at once. A server found
dead (SIGKILL, a crash) or shutting down (SIGTERM: a smart shutdown refuses every new connection
while the old ones live on) is restarted through `EmbeddedPostgres.restart` (pgserver's own
start, never a `pg_ctl restart` behind its back), with backoff between failed attempts; then
`on_restart(uri)` lets the owner replace its pool's dead connections. Faults and restarts are logged
as `event=db_fault` and `event=db_restart` lines.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

from discovery.db.embedded import EmbeddedPostgres
from discovery.db.postmaster import ServerState
from discovery.logs import log_event

log = logging.getLogger(__name__)

FIRST_RETRY_SECONDS = 0.5


def backoff(attempt: int, ceiling: float) -> float:
    """Seconds before retry number `attempt` (1, 2, ...): 0.5, 1, 2, ... up to `ceiling`."""
    return min(ceiling, FIRST_RETRY_SECONDS * 2 ** (attempt - 1))


class Supervisor:
    def __init__(
        self,
        server: EmbeddedPostgres,
        on_restart: Callable[[str], Awaitable[None]],
        probe_seconds: float = 1.0,
        backoff_max_seconds: float = 30.0,
    ) -> None:
        self.server = server
        self.on_restart = on_restart
        self.probe_seconds = probe_seconds
        self.backoff_max_seconds = backoff_max_seconds
        self.restarts = 0
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._watch(), name="embedded-db-supervisor")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def connection_failed(self) -> None:
        """A connection failed: look at the server now rather than at the next probe."""
        self._wake.set()

    async def _watch(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.probe_seconds)
            self._wake.clear()
            state = await asyncio.to_thread(self.server.state)
            if state is not ServerState.READY:
                await self._recover(state)

    async def _recover(self, state: ServerState) -> None:
        pgdata = str(self.server.pgdata)
        log_event(log, "db_fault", logging.WARNING, state=state.value, pgdata=pgdata)
        started = time.monotonic()
        attempt = 0
        while True:
            attempt += 1
            try:
                uri = await asyncio.to_thread(self.server.restart)
                await self.on_restart(uri)
            except Exception as exc:  # a restart that fails is retried, whatever the cause
                wait = backoff(attempt, self.backoff_max_seconds)
                log_event(
                    log,
                    "db_restart",
                    logging.WARNING,
                    outcome="failed",
                    attempt=attempt,
                    retry_in_s=wait,
                    error=str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__,
                )
                await asyncio.sleep(wait)
                continue
            self.restarts += 1
            log_event(
                log,
                "db_restart",
                logging.WARNING,
                outcome="ok",
                attempt=attempt,
                seconds=time.monotonic() - started,
                pgdata=pgdata,
            )
            return
