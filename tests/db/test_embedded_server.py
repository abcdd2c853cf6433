"""The embedded server's lifecycle: shared by several processes, stopped by the last one, and
never left orphaned, even when a holder is killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import psycopg
import pytest

from discovery.db.embedded import EmbeddedPostgres

pytestmark = pytest.mark.integration

HOLDER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from discovery.db.embedded import EmbeddedPostgres
    server = EmbeddedPostgres(Path(sys.argv[1]))
    print(server.start(), flush=True)
    time.sleep(600)
    """
)


def _postmaster_pid(pgdata: Path) -> int | None:
    pid_file = pgdata / "postmaster.pid"
    if not pid_file.exists():
        return None
    return int(pid_file.read_text().splitlines()[0])


def _running(pid: int | None) -> bool:
    if pid is None:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _wait_until(predicate, seconds: float = 20.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return predicate()


def _spawn_holder(pgdata: Path) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(pgdata)], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    return proc, proc.stdout.readline().strip()


def test_start_and_stop_leave_no_server_running(tmp_path: Path) -> None:
    server = EmbeddedPostgres(tmp_path / "pgdata")
    uri = server.start()
    pid = _postmaster_pid(tmp_path / "pgdata")
    with psycopg.connect(uri) as conn:
        assert conn.execute("select 1").fetchone() == (1,)
    server.stop()
    assert _wait_until(lambda: not _running(pid))


def test_data_survives_a_restart(tmp_path: Path) -> None:
    server = EmbeddedPostgres(tmp_path / "pgdata")
    with psycopg.connect(server.start(), autocommit=True) as conn:
        conn.execute("create table kept (v text); insert into kept values ('still here')")
    server.stop()
    again = EmbeddedPostgres(tmp_path / "pgdata")
    with psycopg.connect(again.start()) as conn:
        assert conn.execute("select v from kept").fetchone() == ("still here",)
    again.stop()


def test_two_processes_share_one_server_and_the_last_stops_it(tmp_path: Path) -> None:
    pgdata = tmp_path / "pgdata"
    holder, uri = _spawn_holder(pgdata)
    ours = EmbeddedPostgres(pgdata)
    assert ours.start() == uri
    pid = _postmaster_pid(pgdata)
    ours.stop()
    assert _running(pid)  # the other process still holds it
    holder.send_signal(signal.SIGTERM)
    holder.wait(timeout=30)
    assert _wait_until(lambda: not _running(pid))


def test_a_killed_holder_does_not_leave_an_orphaned_server(tmp_path: Path) -> None:
    pgdata = tmp_path / "pgdata"
    holder, _ = _spawn_holder(pgdata)
    pid = _postmaster_pid(pgdata)
    assert _running(pid)
    holder.kill()  # SIGKILL: no atexit, no cleanup of our own
    holder.wait(timeout=10)
    assert _wait_until(lambda: not _running(pid), seconds=30)
