"""Catalog statistics a search reads on its way (how many items a strategy ranks, whether any
skill has a vector, which media types the archive carries): cached for a few seconds, since
none of them belongs on every request's path (an estimate, not a lock)."""

from __future__ import annotations

import time
from typing import Any

import psycopg

from discovery.db import Database

_STATS_TTL_S = 30.0


class CatalogStats:
    def __init__(self, db: Database, model_id: str) -> None:
        self.db, self.model_id = db, model_id
        self._stats: dict[tuple[str, str], tuple[float, Any]] = {}

    async def archive_media_types(self) -> set[str]:
        """The media types the active archive records carry (cached for a few seconds)."""
        sql = (
            "select coalesce(array_agg(distinct media_type), '{}') from item_embeddings"
            " where model = %(m)s and kind = 'archive' and is_active and media_type <> ''"
        )
        return set(await self._stat(sql, {"m": self.model_id}, None) or [])

    async def has_skills(self, conn: psycopg.AsyncConnection | None = None) -> bool:
        """Whether any skill has a vector for this model (only asked when stage 1 is empty)."""
        sql = "select exists (select 1 from skill_embeddings where model = %(m)s)"
        return bool(await self._stat(sql, {"m": self.model_id}, conn))

    async def catalog_size(
        self, kinds: list[str] | None, conn: psycopg.AsyncConnection | None = None
    ) -> int:
        """Active items the strategy ranks."""
        sql = (
            "select count(*) from items where is_active"
            " and (%(k)s::text[] is null or kind = any(%(k)s::text[]))"
        )
        return int(await self._stat(sql, {"k": sorted(kinds) if kinds else None}, conn))

    async def _stat(
        self, sql: str, params: dict[str, Any], conn: psycopg.AsyncConnection | None
    ) -> Any:
        """A catalog statistic, cached for a few seconds (an estimate, not a lock): neither
        belongs on every request's path. Asked on the caller's connection when it holds one:
        a second checkout per request can starve the pool (every connection held by a request
        waiting for another)."""
        key = (sql, repr(params))
        cached = self._stats.get(key)
        if cached and time.monotonic() - cached[0] < _STATS_TTL_S:
            return cached[1]
        if conn is not None:
            row = await (await conn.execute(sql, params)).fetchone()
        else:
            async with self.db.connection() as own:
                row = await (await own.execute(sql, params)).fetchone()
        value = row[0] if row else None
        self._stats[key] = (time.monotonic(), value)
        return value
