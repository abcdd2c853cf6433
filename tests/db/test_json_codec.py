"""json and jsonb read through the pool with orjson (`db/json_codec.py`): the same values as the
standard library's reader, integers past 64 bits included (orjson refuses them; `json` reads
them), and the pool's connections really use it."""

from __future__ import annotations

import json

import pytest
from psycopg.pq import Format

from discovery.db import Database
from discovery.db.json_codec import loads
from discovery.settings import Settings

DOCS = [
    {"type": "object", "properties": {"path": {"type": "string", "description": "café ☕ \u00e9"}}},
    {"n": 123456789012345678901234567890, "m": -(2**70)},
    {"f": 0.1, "g": 1e300, "h": -2.5e-308, "i": 2**63 - 1, "j": [1, 2.0, None, True, "x"]},
    [],
    "text",
    17,
]


@pytest.mark.parametrize("doc", DOCS)
def test_loads_reads_what_json_reads(doc: object) -> None:
    text = json.dumps(doc)
    assert loads(text.encode()) == json.loads(text)
    assert loads(memoryview(text.encode())) == json.loads(text)


async def test_pool_connections_read_json_and_jsonb_with_the_codec(
    empty_db_settings: Settings,
) -> None:
    db = Database(empty_db_settings)
    await db.open()
    try:
        async with db.connection() as conn:
            for name in ("json", "jsonb"):
                oid = conn.adapters.types[name].oid
                for fmt in (Format.TEXT, Format.BINARY):
                    loader = conn.adapters.get_loader(oid, fmt)
                    assert loader is not None and loader._loads is loads, (name, fmt)
            for doc in DOCS:
                for cast in ("json", "jsonb"):  # against json.loads of the server's own text
                    cur = await conn.execute(
                        f"select %s::{cast}, %s::{cast}::text", [json.dumps(doc)] * 2
                    )
                    row = await cur.fetchone()
                    assert row is not None and row[0] == json.loads(row[1]), (cast, doc)
                    assert type(row[0]) is type(json.loads(row[1]))
            # jsonb writes 1e400 out as a 401-digit integer: orjson refuses it, json reads it
            cur = await conn.execute("""select '{"n": 1e400}'::jsonb""")
            row = await cur.fetchone()
            assert row is not None and row[0] == {"n": 10**400}
    finally:
        await db.close()
