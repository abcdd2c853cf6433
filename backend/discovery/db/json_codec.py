"""json and jsonb values read with orjson: a `discover` request parses about 34 of them (input
schemas, statistics, related tools), and the standard library's `json.loads` is several times
slower on them (docs/benchmarks.md, discover). The values are the same: orjson and `json`
read valid JSON alike except for integers past 64 bits (orjson makes them floats, `json` keeps
them exact) and what orjson refuses; a document with a run of 19 digits or more (any such
integer has one) or that orjson refuses is read by `json`."""

from __future__ import annotations

import json
from typing import Any

import orjson
from pgvector.psycopg import register_vector_async
from psycopg import AsyncConnection
from psycopg.types.json import set_json_loads

# Digits to "0", everything else to " ": a run of 19 digits is then a plain substring search
# (bytes.translate and `in` run in C; a regular expression took longer than json.loads).
_DIGITS = bytes(ord("0") if chr(b).isdigit() and b < 128 else ord(" ") for b in range(256))
_RUN = b"0" * 19


def loads(data: bytes | bytearray | memoryview | str) -> Any:
    raw = data.encode() if isinstance(data, str) else bytes(data)
    if _RUN not in raw.translate(_DIGITS):
        try:
            return orjson.loads(raw)
        except orjson.JSONDecodeError:  # e.g. nesting deeper than orjson's limit
            pass
    return json.loads(raw)


async def configure(conn: AsyncConnection[Any]) -> None:
    """Every pool connection: pgvector's types, and json / jsonb read by `loads`."""
    await register_vector_async(conn)
    set_json_loads(loads, conn)
