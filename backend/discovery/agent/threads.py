"""Threads: their ids, who owns each, their turn cap and idle expiry (the `agent_threads` table).

A thread belongs to whoever started it: the fingerprint of the API key it was started with (a
hash, never the key), or `""` for a client without one. Reading or continuing it needs its id and
the same credential; a thread of another key is reported as unknown, never as forbidden. Ids are
issued by the server (`new_thread_id`), or chosen by a client in a safe format (`ThreadId`: long,
url-safe, not a short or sequential string). The checkpointer's rows of a thread go with it: on
expiry, on delete, and when an expired id is started again."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import itertools
import logging
import secrets
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Annotated, Any

import psycopg
from psycopg import sql
from pydantic import AfterValidator, StringConstraints

from discovery.db import Database
from discovery.logs import log_event
from discovery.settings import Settings

log = logging.getLogger(__name__)

THREAD_ID_PATTERN = r"^[A-Za-z0-9_-]+$"
THREAD_ID_MIN, THREAD_ID_MAX = 16, 128
MIN_DISTINCT_CHARS = 8
CHECKPOINT_TABLES = ("checkpoint_writes", "checkpoint_blobs", "checkpoints")
"""LangGraph's PostgreSQL checkpointer tables (created by its `setup()`), keyed by thread_id."""


def thread_id_problem(value: str) -> str | None:
    """Why `value` is not a safe thread id (one a client may choose), or None when it is."""
    if not THREAD_ID_MIN <= len(value) <= THREAD_ID_MAX:
        return f"a thread id has {THREAD_ID_MIN} to {THREAD_ID_MAX} characters"
    if not all(c.isascii() and (c.isalnum() or c in "_-") for c in value):
        return "a thread id has only the characters A-Z a-z 0-9 _ -"
    if len(set(value)) < MIN_DISTINCT_CHARS:
        return "a thread id must be random (like the ids the server issues), not repetitive"
    steps = sum(abs(ord(b) - ord(a)) <= 1 for a, b in itertools.pairwise(value))
    if steps * 2 > len(value) - 1:
        return "a thread id must be random (like the ids the server issues), not sequential"
    return None


def _check(value: str) -> str:
    if (problem := thread_id_problem(value)) is not None:
        raise ValueError(problem)
    return value


ThreadId = Annotated[
    str,
    StringConstraints(
        min_length=THREAD_ID_MIN, max_length=THREAD_ID_MAX, pattern=THREAD_ID_PATTERN
    ),
    AfterValidator(_check),
]
"""A client-chosen thread id: 16 to 128 url-safe characters, random-looking (a 422 otherwise)."""


def new_thread_id() -> str:
    """An unguessable id (192 random bits, url-safe), which passes `thread_id_problem`."""
    while thread_id_problem(value := secrets.token_urlsafe(24)) is not None:
        continue  # practically never: 31 steps of at most 1 among 32 random characters
    return value


def owner_fingerprint(api_key: str | None) -> str:
    """Who owns a thread: a hash of the API key the client sent (never the key), or "" for a
    client without one."""
    if not api_key:
        return ""
    return hashlib.sha256(b"discovery-thread-owner\0" + api_key.encode()).hexdigest()


class ThreadNotFound(LookupError):
    """No such thread for this client: unknown, expired, or another key's."""

    def __init__(self, thread_id: str) -> None:
        super().__init__(f"no conversation with id {thread_id!r}")


class TurnLimitReached(Exception):
    def __init__(self, limit: int) -> None:
        super().__init__(
            f"this conversation has reached its limit of {limit} turns; start a new one "
            "(leave out the thread id)"
        )


_CLAIM = """
select owner, turns, last_active_at < now() - %(ttl)s as expired
from agent_threads where thread_id = %(id)s for update
"""


class ThreadStore:
    def __init__(self, db: Database, settings: Settings) -> None:
        self.db = db
        self.max_turns = settings.discovery_thread_max_turns
        self.ttl = timedelta(hours=settings.discovery_thread_ttl_hours)

    async def begin_turn(self, thread_id: str | None, owner: str) -> str:
        """Count one turn of the thread (a new one when `thread_id` is None or unknown) and
        return its id. ThreadNotFound for another owner's thread; TurnLimitReached at the cap.
        An expired thread not yet purged starts over, empty, for this client."""
        thread_id = thread_id or new_thread_id()
        args = {"id": thread_id, "owner": owner, "ttl": self.ttl}
        async with self.db.connection() as conn, conn.transaction():
            await conn.execute(
                "insert into agent_threads (thread_id, owner) values (%(id)s, %(owner)s)"
                " on conflict (thread_id) do nothing",
                args,
            )
            row = await (await conn.execute(_CLAIM, args)).fetchone()
            assert row is not None  # inserted above, or there already; locked until commit
            row_owner, turns, expired = row
            if expired:
                await _delete_checkpoints(conn, [thread_id])
                await conn.execute(
                    "update agent_threads set owner = %(owner)s, turns = 1, created_at = now(),"
                    " last_active_at = now() where thread_id = %(id)s",
                    args,
                )
                return thread_id
            if row_owner not in ("", owner):
                raise ThreadNotFound(thread_id)
            if turns >= self.max_turns:
                raise TurnLimitReached(self.max_turns)
            await conn.execute(
                "update agent_threads set turns = turns + 1, last_active_at = now()"
                " where thread_id = %(id)s",
                args,
            )
        return thread_id

    async def visible(self, thread_id: str, owner: str) -> bool:
        """Whether this client may read the thread (it exists, has not expired, is theirs)."""
        async with self.db.connection() as conn:
            row = await (
                await conn.execute(
                    "select owner from agent_threads where thread_id = %s"
                    " and last_active_at >= now() - %s",
                    (thread_id, self.ttl),
                )
            ).fetchone()
        return row is not None and row[0] in ("", owner)

    async def delete(self, thread_id: str, owner: str) -> bool:
        """Forget the thread and its checkpoints; False when this client cannot see it."""
        async with self.db.connection() as conn, conn.transaction():
            row = await (await conn.execute(_CLAIM, {"id": thread_id, "ttl": self.ttl})).fetchone()
            if row is None or row[2] or row[0] not in ("", owner):
                return False
            await conn.execute("delete from agent_threads where thread_id = %s", (thread_id,))
            await _delete_checkpoints(conn, [thread_id])
        return True

    async def purge_expired(self, batch: int = 500) -> int:
        """Delete the threads idle longer than the TTL, with their checkpoints, and checkpoints
        of no registered thread (threads from before ownership); return the threads purged."""
        purged = 0
        while True:
            async with self.db.connection() as conn, conn.transaction():
                rows = await (
                    await conn.execute(
                        "delete from agent_threads where thread_id in (select thread_id"
                        " from agent_threads where last_active_at < now() - %s"
                        " order by last_active_at limit %s for update skip locked)"
                        " returning thread_id",
                        (self.ttl, batch),
                    )
                ).fetchall()
                await _delete_checkpoints(conn, [r[0] for r in rows])
            purged += len(rows)
            if len(rows) < batch:
                break
        async with self.db.connection() as conn, conn.transaction():
            for table in await _checkpoint_tables(conn):
                await conn.execute(
                    sql.SQL(
                        "delete from {} c where not exists"
                        " (select 1 from agent_threads t where t.thread_id = c.thread_id)"
                    ).format(sql.Identifier(table))
                )
        if purged:
            log_event(log, "threads_purged", count=purged)
        return purged


@contextlib.asynccontextmanager
async def purging(store: ThreadStore, every_seconds: float) -> AsyncIterator[None]:
    """Purge expired threads now and every `every_seconds` while the block runs (the server's
    lifespan); a failed purge (the database down) is logged and tried again next time."""

    async def loop() -> None:
        while True:
            try:
                await store.purge_expired()
            except Exception as exc:
                log_event(log, "threads_purge_failed", error=type(exc).__name__)
            await asyncio.sleep(every_seconds)

    task = asyncio.create_task(loop(), name="threads-purge")
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def _delete_checkpoints(conn: psycopg.AsyncConnection[Any], thread_ids: list[str]) -> None:
    if not thread_ids:
        return
    for table in await _checkpoint_tables(conn):
        await conn.execute(
            sql.SQL("delete from {} where thread_id = any(%s)").format(sql.Identifier(table)),
            (thread_ids,),
        )


async def _checkpoint_tables(conn: psycopg.AsyncConnection[Any]) -> list[str]:
    """The checkpointer's tables that exist (none before its first `setup()`)."""
    row = await (
        await conn.execute(
            "select array_agg(t) from unnest(%s::text[]) t where to_regclass(t) is not null",
            (list(CHECKPOINT_TABLES),),
        )
    ).fetchone()
    return list(row[0] or []) if row else []
