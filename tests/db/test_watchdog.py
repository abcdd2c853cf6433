"""The watchdog never leaves an orphan: a holder killed (SIGKILL) at random moments of its start,
from before its watchdog runs to after the server is up, leaves no PostgreSQL process behind, in
a loop of kills rather than one. `scripts/db_faults.py ingest-kills` runs the same against
`discovery ingest`, 50 times."""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import psutil
import pytest
from scripts.db_faults import orphans_after_watchdogs

from discovery.db.embedded import EmbeddedPostgres
from discovery.db.postmaster import live_holders, server_lock

pytestmark = pytest.mark.integration

HOLDER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from discovery.db.embedded import EmbeddedPostgres
    server = EmbeddedPostgres(Path(sys.argv[1]))
    print("starting", flush=True)
    server.start()
    print("started", flush=True)
    time.sleep(600)
    """
)


def kill_holder_at(pgdata: Path, delay: float) -> None:
    """Start a holder, SIGKILL it `delay` seconds after it begins starting the server."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(pgdata)], stdout=subprocess.PIPE, text=True
    )
    assert holder.stdout is not None and holder.stdout.readline() == "starting\n"
    time.sleep(delay)
    holder.kill()
    holder.wait(timeout=10)


def test_kill_holder_at_random_moments_leaves_no_orphan(tmp_path: Path) -> None:
    pgdata = (tmp_path / "pgdata").resolve()
    first = EmbeddedPostgres(pgdata)  # initdb once; time one start to spread the kills over
    first.start()
    first.stop()
    began = time.monotonic()
    first.start()
    start_seconds = time.monotonic() - began
    first.stop()

    rng = random.Random(19)
    delays = [rng.uniform(0, 1.5 * start_seconds) for _ in range(8)]
    found = {}
    for delay in delays:
        kill_holder_at(pgdata, delay)
        left = orphans_after_watchdogs(pgdata)
        if left:
            found[round(delay, 3)] = [p.pid for p in left]
            for proc in left:  # clean up for the next round
                proc.kill()
            psutil.wait_procs(left, timeout=10)
    with server_lock():
        holders = live_holders(pgdata)
    assert found == {}, f"orphans left by kills at these delays (s): {found}"
    assert holders == []
