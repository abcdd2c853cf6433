"""`server_cpu_clock` reads the CPU time of the server process behind a connection: it grows by
about what a CPU-bound statement takes, and not by what the client does meanwhile."""

from __future__ import annotations

import time

import pytest

from discovery.evaluation.server_cpu import server_cpu_clock
from discovery.runtime import Runtime

pytestmark = pytest.mark.integration


async def test_the_clock_counts_the_server_work_not_the_client_wait(demo_runtime: Runtime) -> None:
    async with demo_runtime.db.connection() as conn:
        cpu = await server_cpu_clock(conn)
        before = cpu()
        time.sleep(0.05)  # the client waits; the server is idle
        idle = cpu() - before
        before = cpu()
        await conn.execute("select count(*) from generate_series(1, 3000000)")
        busy = cpu() - before
    assert idle < 10
    assert busy > 20 and busy > 5 * idle
