"""`packed.py`: a ranking handed back to PostgreSQL as the text it wrote is the ranking itself:
ids with the characters an array literal quotes, scores to the bit, the order, the best id,
and the empty ranking. (test_hybrid.py and test_discover_legs.py hold the served answers to the
SQL before, hit for hit.)"""

from __future__ import annotations

import pytest

from discovery.runtime import Runtime
from discovery.search.packed import PackedRanking, fetch_packed, ranking_args, top_id, unpack

pytestmark = pytest.mark.integration

IDS = ["archive:plain", "a,b", 'say "cheese"', "{braced}", "back\\slash", "NULL", " spaced ", "é"]
SCORES = [11.537604331970215, 1e-300, 0.1 + 0.2, 2.0 / 3.0, 123456789.123456789, 0.0, -1.5, 5e-324]


async def test_a_ranking_crosses_the_wire_and_back_unchanged(runtime: Runtime) -> None:
    call = "unnest(%(i)s::text[], %(s)s::float8[])"
    async with runtime.db.connection() as conn:
        packed = await fetch_packed(conn, call, {"i": IDS, "s": SCORES})
        assert packed.top == IDS[0] == top_id(packed)
        assert await unpack(conn, packed) == list(zip(IDS, SCORES, strict=True))
        args = ranking_args("i", "s", packed)  # as the fusion gets it
        row = await (await conn.execute("select %(i)s::text[], %(s)s::float8[]", args)).fetchone()
    assert row == (IDS, SCORES)


async def test_an_empty_ranking(runtime: Runtime) -> None:
    call = "unnest('{}'::text[], '{}'::float8[])"
    async with runtime.db.connection() as conn:
        packed = await fetch_packed(conn, call, {})
        assert packed == PackedRanking("{}", "{}", None) and top_id(packed) is None
        assert await unpack(conn, packed) == []


def test_lists_are_still_accepted() -> None:
    pairs = [("a", 1.0), ("b", 0.5)]
    assert ranking_args("ids", "scores", pairs) == {"ids": ["a", "b"], "scores": [1.0, 0.5]}
    assert top_id(pairs) == "a" and top_id([]) is None
