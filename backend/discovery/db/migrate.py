"""The migration runner: applies each `supabase/migrations/*.sql` file once, in order, each in a
transaction, and records it; then the seed (`supabase/seed.sql`), re-applied when it changes."""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from pathlib import Path

import psycopg
from psycopg.rows import tuple_row

from discovery.settings import resource

log = logging.getLogger(__name__)

MIGRATIONS_DIR = resource("supabase/migrations")
SEED_FILE = resource("supabase/seed.sql")
_LOCK_KEY = 727_001  # pg_advisory_lock key: one runner at a time per database


class MigrationError(RuntimeError):
    """A migration failed, or an applied migration was edited afterwards."""


@dataclass(frozen=True)
class Migration:
    version: str
    path: Path

    @property
    def sql(self) -> str:
        return self.path.read_text(encoding="utf-8")

    @property
    def checksum(self) -> str:
        return hashlib.sha256(self.path.read_bytes()).hexdigest()


def discover(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    """Migration files sorted by version prefix (Supabase CLI names: `<version>_<name>.sql`)."""
    return [Migration(p.name.split("_", 1)[0], p) for p in sorted(directory.glob("*.sql"))]


async def apply_migrations(
    conn: psycopg.AsyncConnection, directory: Path = MIGRATIONS_DIR, seed: Path | None = SEED_FILE
) -> list[str]:
    """Apply what is pending; return the versions applied now."""
    await conn.set_autocommit(True)
    await conn.execute(
        "create table if not exists schema_migrations ("
        " version text primary key, name text not null, checksum text not null,"
        " applied_at timestamptz not null default now())"
    )
    await conn.execute("select pg_advisory_lock(%s)", (_LOCK_KEY,))
    try:
        applied = {
            row[0]: row[1]
            for row in await (
                await conn.execute("select version, checksum from schema_migrations")
            ).fetchall()
        }
        done = []
        for migration in discover(directory):
            if migration.version in applied:
                if applied[migration.version] != migration.checksum:
                    raise MigrationError(
                        f"{migration.path.name} changed after it was applied; "
                        "add a new migration instead of editing an applied one"
                    )
                continue
            await _apply(conn, migration.version, migration.path, migration.checksum)
            done.append(migration.version)
        if seed is not None and seed.exists():
            checksum = hashlib.sha256(seed.read_bytes()).hexdigest()
            if applied.get("seed") != checksum:
                await _apply(conn, "seed", seed, checksum, replace=True)
                done.append("seed")
        await secure_new_tables(conn)
        return done
    finally:
        await conn.execute("select pg_advisory_unlock(%s)", (_LOCK_KEY,))


async def _apply(
    conn: psycopg.AsyncConnection, version: str, path: Path, checksum: str, replace: bool = False
) -> None:
    log.info("applying migration %s", path.name)
    try:
        async with conn.transaction():
            await conn.execute(path.read_text(encoding="utf-8"))
            await conn.execute(
                "insert into schema_migrations (version, name, checksum) values (%s, %s, %s)"
                + (
                    " on conflict (version) do update set checksum = excluded.checksum,"
                    " applied_at = now()"
                    if replace
                    else ""
                ),
                (version, path.name, checksum),
            )
    except psycopg.Error as exc:
        raise MigrationError(f"{path.name} failed: {exc}") from exc


async def secure_new_tables(conn: psycopg.AsyncConnection) -> int:
    """Row level security and revoked default privileges on the tables and functions in `public`
    that do not have them yet (tables of later migrations, LangGraph's checkpoint tables): the
    `secure_public_schema()` function of the row level security migration, when it is there."""
    async with conn.cursor(row_factory=tuple_row) as cur:
        await cur.execute("select to_regprocedure('secure_public_schema()') is not null")
        row = await cur.fetchone()
        if row is None or not row[0]:
            return 0
        await cur.execute("select secure_public_schema()")
        secured = await cur.fetchone()
    return int(secured[0]) if secured else 0
