"""How many agent turns the whole server runs at once, whoever asks.

The per-client limits (`limits.py`) bound what one client gets; many clients, each within its
budget, can still start more turns than the machine can run (the fault report's 32 concurrent
clients: a turn's median 4.4 s, and every running turn holds memory and a database connection).
`TurnGate` admits at most `limit` turns; a turn over it waits in line up to `wait_s` seconds for
a slot, then gets a 503 with `Retry-After` (the server is busy; it is not the client's fault, so
not a 429). Waiting turns are admitted in arrival order."""

from __future__ import annotations

import asyncio
import math


class TurnGate:
    def __init__(self, limit: int, wait_s: float) -> None:
        self.limit, self.wait_s = limit, wait_s
        self.running = 0
        self._line: asyncio.Semaphore | None = None  # made in the serving event loop

    async def enter(self) -> bool:
        """Take a slot, waiting up to `wait_s`; False when none came free in time."""
        if self._line is None:
            self._line = asyncio.Semaphore(self.limit)
        try:
            await asyncio.wait_for(self._line.acquire(), timeout=self.wait_s)
        except TimeoutError:
            return False
        self.running += 1
        return True

    def leave(self) -> None:
        self.running -= 1
        if self._line is not None:
            self._line.release()

    def retry_after(self) -> int:
        """Seconds a refused client should wait: about one wait in line."""
        return max(1, math.ceil(self.wait_s))
