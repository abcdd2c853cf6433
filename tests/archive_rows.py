"""Archive records for the tests: title-only rows inserted straight into `items` for the
spelling vocabulary's rules (its triggers keep `spelling_terms`), and records ingested through
the archive pipeline from a JSON lines file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import psycopg
from psycopg.types.json import Jsonb

from discovery.catalog.archives.ingest import ingest_archives
from discovery.runtime import Runtime

INSERT_TITLED = (
    "insert into items (id, kind, name, title, description, metadata, content_hash)"
    " select id, 'archive', id, %s, '', %s, 'h' from unnest(%s::text[]) id"
)


async def add_titled(conn: psycopg.AsyncConnection, prefix: str, n: int, title: str) -> None:
    """`n` records titled `title`, with ids `prefix0`, `prefix1`, ..."""
    await conn.execute(INSERT_TITLED, (title, Jsonb({}), [f"{prefix}{i}" for i in range(n)]))


async def ingest_records(rt: Runtime, path: Path, records: list[dict[str, Any]]) -> Runtime:
    """`records` written to `path` (JSON lines) and ingested as archives into `rt`."""
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    await ingest_archives(rt.db, rt.embedder, [path])
    return rt
