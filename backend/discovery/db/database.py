"""One Database handle: the embedded server (or DATABASE_URL), a psycopg pool, migrations."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import psycopg
from pgvector.psycopg import register_vector_async
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from discovery.db.embedded import EmbeddedPostgres
from discovery.db.migrate import apply_migrations
from discovery.settings import Settings

log = logging.getLogger(__name__)


class DatabaseUnavailable(RuntimeError):
    """The database cannot be reached right now."""


class Database:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._embedded: EmbeddedPostgres | None = None
        self._pool: AsyncConnectionPool | None = None
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
        # Poolers in transaction mode (Supabase port 6543) cannot keep prepared statements.
        kwargs = {"prepare_threshold": None} if ":6543" in self.conninfo else {}
        self._pool = AsyncConnectionPool(
            self.conninfo,
            min_size=1,
            max_size=self.settings.discovery_pool_max_size,
            kwargs={"autocommit": True, **kwargs},
            configure=register_vector_async,
            # No check on checkout (a round trip, about 12% of a search's event-loop time under
            # load): after a database restart a stale connection fails one request with a 503,
            # and the pool replaces it.
            timeout=self.settings.discovery_pool_timeout_seconds,
            open=False,
        )
        await self._pool.open(wait=True, timeout=30)

    async def close(self) -> None:
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
            raise DatabaseUnavailable(str(exc)) from exc

    async def __aenter__(self) -> Database:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
