"""One Database handle: the embedded server (or DATABASE_URL), a psycopg pool, migrations; the
embedded server supervised (db/supervisor.py) while the handle is open."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import psycopg
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from discovery.db.embedded import EmbeddedPostgres
from discovery.db.json_codec import configure
from discovery.db.migrate import apply_migrations
from discovery.db.supervisor import Supervisor
from discovery.settings import Settings

log = logging.getLogger(__name__)


class DatabaseUnavailable(RuntimeError):
    """The database cannot be reached right now."""


class Database:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._embedded: EmbeddedPostgres | None = None
        self._pool: AsyncConnectionPool | None = None
        self._supervisor: Supervisor | None = None
        self._retired: set[asyncio.Task[None]] = set()  # old pools closing
        self.conninfo = ""

    async def open(self, migrate: bool = True) -> None:
        if self.settings.database_url is not None:
            self.conninfo = self.settings.database_url.get_secret_value()
        else:
            self._embedded = EmbeddedPostgres(self.settings.pgdata)
            self.conninfo = self._embedded.start()
        if migrate:
            async with await psycopg.AsyncConnection.connect(self.conninfo) as conn:
                applied = await apply_migrations(conn)
                if applied:
                    log.info("applied migrations: %s", ", ".join(applied))
        self._pool = await self._open_pool()
        if self._embedded is not None and self.settings.discovery_db_supervise:
            self._supervisor = Supervisor(
                self._embedded,
                on_restart=self._replace_pool,
                probe_seconds=self.settings.discovery_db_probe_seconds,
                backoff_max_seconds=self.settings.discovery_db_restart_backoff_max_seconds,
            )
            self._supervisor.start()

    async def _open_pool(self) -> AsyncConnectionPool:
        # Poolers in transaction mode (Supabase port 6543) cannot keep prepared statements.
        kwargs = {"prepare_threshold": None} if ":6543" in self.conninfo else {}
        pool = AsyncConnectionPool(
            self.conninfo,
            # Two kept open: a hybrid search runs its legs on two connections when one is
            # idle (`spare_connection`), and a pool never grows while nobody waits.
            min_size=min(2, self.settings.discovery_pool_max_size),
            max_size=self.settings.discovery_pool_max_size,
            kwargs={"autocommit": True, **kwargs},
            configure=configure,
            # No check on checkout (a round trip, about 12% of a search's event-loop time under
            # load): after a database restart a stale connection fails one request with a 503,
            # and the pool replaces it. After a restart by the supervisor the whole pool is new.
            timeout=self.settings.discovery_pool_timeout_seconds,
            open=False,
        )
        await pool.open(wait=True, timeout=30)
        return pool

    async def _replace_pool(self, conninfo: str) -> None:
        """After a restart of the embedded server: a fresh pool at once (the old one's idle
        connections are dead, and its reconnection attempts back off up to minutes)."""
        self.conninfo = conninfo
        old, self._pool = self._pool, await self._open_pool()
        if old is not None:  # requests still holding its connections finish on them
            task = asyncio.get_running_loop().create_task(old.close(timeout=5))
            self._retired.add(task)
            task.add_done_callback(self._retired.discard)

    async def close(self) -> None:
        if self._supervisor is not None:
            await self._supervisor.stop()
            self._supervisor = None
        await asyncio.gather(*self._retired, return_exceptions=True)
        if self._pool is not None:
            await self._pool.close()
            self._pool = None
        if self._embedded is not None:
            self._embedded.stop()
            self._embedded = None

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[psycopg.AsyncConnection]:
        if self._pool is None:
            raise DatabaseUnavailable("the database is not open")
        try:
            async with self._pool.connection() as conn:
                yield conn
        except (psycopg.OperationalError, PoolTimeout) as exc:
            if self._supervisor is not None:
                self._supervisor.connection_failed()
            raise DatabaseUnavailable(str(exc)) from exc

    @asynccontextmanager
    async def spare_connection(self) -> AsyncIterator[psycopg.AsyncConnection | None]:
        """A second connection for a caller that already holds one, only if one is idle and
        nobody waits for it; otherwise None at once. Never waits: a caller holding a connection
        while waiting for another could starve the pool (every connection held by a request
        waiting for one more)."""
        pool = self._pool
        stats = pool.get_stats() if pool is not None else {}
        if pool is None or not stats.get("pool_available") or stats.get("requests_waiting"):
            yield None
            return
        try:  # an idle connection is handed over at once; the timeout only bounds a race
            conn = await pool.getconn(timeout=0.005)
        except PoolTimeout:
            yield None
            return
        try:
            yield conn
        except psycopg.OperationalError as exc:
            if self._supervisor is not None:
                self._supervisor.connection_failed()
            raise DatabaseUnavailable(str(exc)) from exc
        finally:
            await pool.putconn(conn)

    async def ping(self) -> None:
        """Open a new connection (not a pooled one) and run a query: a server that refuses new
        connections (one in shutdown keeps its old ones) is unavailable. Raises
        DatabaseUnavailable."""
        try:
            async with asyncio.timeout(self.settings.discovery_pool_timeout_seconds):
                conn = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
                async with conn:
                    await conn.execute("select 1")
        except (psycopg.OperationalError, TimeoutError) as exc:
            if self._supervisor is not None:
                self._supervisor.connection_failed()
            raise DatabaseUnavailable(str(exc) or "the database did not answer in time") from exc

    async def __aenter__(self) -> Database:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
