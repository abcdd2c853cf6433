"""The CPU time a database connection's server process has spent, as a clock the benchmarks
read before and after a statement: the work the statement costs, which a loaded machine does
not inflate as it does wall-clock time. Linux `/proc/<pid>/schedstat`; an embedded or local
server only."""

from __future__ import annotations

from collections.abc import Callable

import psycopg


async def server_cpu_clock(conn: psycopg.AsyncConnection) -> Callable[[], float]:
    """A clock (milliseconds of CPU so far) of the server process behind `conn`."""
    row = await (await conn.execute("select pg_backend_pid()")).fetchone()
    path = f"/proc/{row[0] if row else 0}/schedstat"

    def cpu_ms() -> float:
        with open(path) as f:
            return int(f.read().split()[0]) / 1e6

    return cpu_ms
