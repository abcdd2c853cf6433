"""Archive records with a title only, inserted straight into `items` for the tests of the
spelling vocabulary's rules (its triggers keep `spelling_terms`)."""

from __future__ import annotations

import psycopg
from psycopg.types.json import Jsonb

INSERT_TITLED = (
    "insert into items (id, kind, name, title, description, metadata, content_hash)"
    " select id, 'archive', id, %s, '', %s, 'h' from unnest(%s::text[]) id"
)


async def add_titled(conn: psycopg.AsyncConnection, prefix: str, n: int, title: str) -> None:
    """`n` records titled `title`, with ids `prefix0`, `prefix1`, ..."""
    await conn.execute(INSERT_TITLED, (title, Jsonb({}), [f"{prefix}{i}" for i in range(n)]))
